//! `POST /api/analysis`: the engine's view of any position, not only of a game
//! on the server: a position as the analysis board sends it
//! (`position_request.rs`). Answered like a game's analysis (`analysis.rs`),
//! through the same cache, per-address limit and share of the engine pool.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;

use super::analysis::{Analysis, analyse_position};
use super::position_request::PositionRequest;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::json_body::parse_json;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::GameError;

/// `POST /api/analysis`.
pub(crate) async fn analyse_any_position(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Analysis>, ApiError> {
    let request: PositionRequest = parse_json(body)?;
    let position = request.position()?;
    if position.is_over() {
        return Err(GameError::NothingToAnalyse.into());
    }
    analyse_position(&state, client, position).await.map(Json)
}
