//! `POST /api/analysis`: the engine's view of any position, not only of a game
//! on the server: a game's rules and board, and the stones played in order from
//! the empty board (the analysis board's request). Answered like a game's
//! analysis (`analysis.rs`), through the same cache, per-address limit and
//! share of the engine pool.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use narabe_game::SessionRejection;
use narabe_rules::{GameConfig, Move, Position, Rejection};
use serde::Deserialize;
use ts_rs::TS;

use super::analysis::{Analysis, analyse_position};
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::json_body::parse_json;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::GameError;

/// The body: a position by its rules and its moves.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionAnalysisRequest {
    /// The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
    pub game: String,
    /// The number of lines (the game's default when left out).
    #[serde(default)]
    #[ts(optional)]
    pub size: Option<u8>,
    /// Pente with Keryo's captures.
    #[serde(default)]
    #[ts(optional)]
    pub keryo: Option<bool>,
    /// The moves from the empty board, the first colour first and colours
    /// alternating: points (`h8`) or `pass`.
    pub moves: Vec<String>,
}

/// `POST /api/analysis`.
pub(crate) async fn analyse_any_position(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Analysis>, ApiError> {
    let request: PositionAnalysisRequest = parse_json(body)?;
    let position = position_of(&request)?;
    if position.is_over() {
        return Err(GameError::NothingToAnalyse.into());
    }
    analyse_position(&state, client, position).await.map(Json)
}

/// The position the request describes.
fn position_of(request: &PositionAnalysisRequest) -> Result<Position, ApiError> {
    let config = GameConfig::from_words(
        &request.game,
        request.size,
        None,
        None,
        request.keryo.unwrap_or(false),
    )
    .map_err(|error| ApiError::BadSettings(error.to_string()))?;
    let mut position = Position::from_config(config);
    for (index, text) in request.moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|error| {
            ApiError::BadRequest(format!("move {} ({text:?}): {error}", index + 1))
        })?;
        position.play_mut(mv).map_err(|illegal| {
            GameError::Rejected(SessionRejection::Game(Rejection::Illegal(illegal)))
        })?;
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(game: &str, moves: &[&str]) -> PositionAnalysisRequest {
        PositionAnalysisRequest {
            game: game.to_owned(),
            size: None,
            keryo: None,
            moves: moves.iter().map(|&text| text.to_owned()).collect(),
        }
    }

    #[test]
    fn positions_are_built_move_by_move_and_illegal_ones_refused() {
        let position = position_of(&request("renju", &["h8", "h9", "i8"])).unwrap();
        assert_eq!(position.ply(), 3);
        let code = |result: Result<Position, ApiError>| result.unwrap_err().code();
        assert_eq!(
            code(position_of(&request("renju", &["h8", "h8"]))),
            "occupied"
        );
        assert_eq!(
            code(position_of(&request("renju", &["z99"]))),
            "bad-request"
        );
        assert_eq!(code(position_of(&request("chess", &[]))), "bad-settings");
        let mut big = request("freestyle", &["s19"]);
        big.size = Some(19);
        assert_eq!(position_of(&big).unwrap().ply(), 1);
    }
}
