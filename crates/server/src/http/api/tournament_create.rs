//! `POST /api/tournaments`: a new tournament, with its public link and the
//! organiser's private one. Documented in `docs/tournaments.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use ts_rs::TS;

use crate::http::extract::json_body::parse_json;
use crate::http::extract::unique_keys::UniqueKeys;
use crate::http::extract::within_limit::{Creating, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::secret::Secret;
use crate::tournaments::TournamentRequest;

/// The answer to a creation.
#[derive(Debug, Serialize, TS)]
pub(crate) struct TournamentCreated {
    /// The tournament's id.
    pub id: String,
    /// The public link: players join and spectators watch there.
    pub url: String,
    /// The organiser's private link (its fragment holds the token).
    pub organiser: String,
    /// The organiser's token, for `Authorization: Bearer`.
    pub organiser_token: String,
}

/// `POST /api/tournaments`.
pub(crate) async fn create_tournament(
    State(state): State<AppState>,
    _: WithinLimit<Creating>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let UniqueKeys(body) = parse_json(body)?;
    let request = TournamentRequest::from_json(body).map_err(ApiError::BadRequest)?;
    let setup = request
        .into_setup(state.tournaments.now())
        .map_err(ApiError::BadSettings)?;
    let token = Secret::generate();
    let id = state.tournaments.create(&setup, token.hash()).await?;
    let base = &state.public_url;
    let created = TournamentCreated {
        url: format!("{base}/t/{id}"),
        organiser: format!("{base}/t/{id}#organiser={}", token.as_str()),
        organiser_token: token.as_str().to_owned(),
        id,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}
