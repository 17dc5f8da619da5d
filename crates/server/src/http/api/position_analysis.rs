//! `POST /api/analysis`: the engine's view of any position, not only of a game
//! on the server: a position as the analysis board sends it
//! (`position_request.rs`) and the number of best moves wanted. Answered like
//! a game's analysis (`analysis.rs`), through the same cache, per-address
//! limit and share of the engine pool.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use serde::Deserialize;
use ts_rs::TS;

use super::analysis::{Analysis, analyse_position, lines_wanted};
use super::position_request::{PositionRequest, read_position_body};
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::GameError;

/// The body: a position and how many of its best moves to answer.
#[derive(Debug, TS)]
pub(crate) struct PositionAnalysisRequest {
    /// The position.
    #[ts(flatten)]
    pub position: PositionRequest,
    /// How many of the best moves to answer, 1 to 5 (1 when left out).
    #[ts(optional)]
    pub lines: Option<u8>,
}

/// The fields of the body besides the position's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisOptions {
    #[serde(default)]
    lines: Option<u8>,
}

/// The names of [`AnalysisOptions`]' fields.
const ANALYSIS_OPTIONS: [&str; 1] = ["lines"];

impl PositionAnalysisRequest {
    /// Reads the body.
    fn read(body: Result<Bytes, BytesRejection>) -> Result<PositionAnalysisRequest, ApiError> {
        let (position, AnalysisOptions { lines }) = read_position_body(body, &ANALYSIS_OPTIONS)?;
        Ok(PositionAnalysisRequest { position, lines })
    }
}

/// `POST /api/analysis`.
pub(crate) async fn analyse_any_position(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Analysis>, ApiError> {
    let request = PositionAnalysisRequest::read(body)?;
    let lines = lines_wanted(request.lines)?;
    let position = request.position.position()?;
    if position.is_over() {
        return Err(GameError::NothingToAnalyse.into());
    }
    analyse_position(&state, client, position, lines)
        .await
        .map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_are_read_beside_the_position() {
        let read = |text: &str| PositionAnalysisRequest::read(Ok(Bytes::from(text.to_owned())));
        let request = read(r#"{"game": "renju", "moves": ["h8"], "lines": 3}"#).unwrap();
        assert_eq!(request.lines, Some(3));
        assert_eq!(request.position.moves, ["h8"]);
        assert_eq!(read(r#"{"game": "renju"}"#).unwrap().lines, None);
        let unknown = read(r#"{"game": "renju", "line": 3}"#).unwrap_err();
        assert_eq!(unknown.code(), "bad-request");
    }
}
