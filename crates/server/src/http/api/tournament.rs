//! A tournament's state, joining it, and the actions of its players and
//! organiser: `GET /api/tournaments/{id}`, `POST .../join`,
//! `POST .../actions`. Documented in `docs/tournaments.md`.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::http::extract::json_body::parse_json;
use crate::http::extract::seat_token::{SeatToken, SeatTokenFor, ToActInTheTournament};
use crate::http::extract::within_limit::{Acting, Creating, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::secret::Secret;
use crate::tournaments::{
    TournamentAction, TournamentError, TournamentView, Viewer, player_id, result_from_name,
};

/// A tournament and who the asker is in it.
#[derive(Debug, Serialize, TS)]
pub(crate) struct TournamentState {
    /// The tournament.
    pub tournament: Arc<TournamentView>,
    /// Who the request's token makes the asker.
    pub you: YouView,
}

/// The asker: `spectator`, `player` (with their id) or `organiser`.
#[derive(Debug, Serialize, TS)]
pub(crate) struct YouView {
    /// `spectator`, `player` or `organiser`.
    pub role: &'static str,
    /// The player's id.
    pub player: Option<u32>,
}

impl From<Viewer> for YouView {
    fn from(viewer: Viewer) -> YouView {
        match viewer {
            Viewer::Spectator => YouView {
                role: "spectator",
                player: None,
            },
            Viewer::Player(id) => YouView {
                role: "player",
                player: Some(id.0),
            },
            Viewer::Organiser => YouView {
                role: "organiser",
                player: None,
            },
        }
    }
}

/// `POST /api/tournaments/{id}/join`.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct TournamentJoinRequest {
    /// The nickname, unique within the tournament.
    pub name: String,
    /// A rating for the initial ranking (0 or left out: none).
    #[serde(default)]
    #[ts(optional)]
    pub rating: Option<u32>,
}

/// The answer to a join.
#[derive(Debug, Serialize, TS)]
pub(crate) struct TournamentJoined {
    /// The new player's id.
    pub player: u32,
    /// Their token: it holds their place and their seat in each of their games.
    pub token: String,
    /// Their private link, for this device and others.
    pub link: String,
}

/// `POST /api/tournaments/{id}/actions`: `{"action": ...}` with the fields
/// the action needs.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct TournamentActionRequest {
    /// `withdraw`, `pause`, `resume` (a player's); `start`, `next_round`,
    /// `halt`, `continue`, `end`, `remove`, `readmit`, `adjust`, `announce`
    /// (the organiser's).
    pub action: String,
    /// The player of `remove` and `readmit`.
    #[serde(default)]
    #[ts(optional)]
    pub player: Option<u32>,
    /// The round of `adjust`, from 1.
    #[serde(default)]
    #[ts(optional)]
    pub round: Option<usize>,
    /// The line of `adjust` in its round, from 0.
    #[serde(default)]
    #[ts(optional)]
    pub line: Option<usize>,
    /// The result of `adjust`.
    #[serde(default)]
    #[ts(optional)]
    pub result: Option<String>,
    /// Why, for `adjust`.
    #[serde(default)]
    #[ts(optional)]
    pub reason: Option<String>,
    /// The message of `announce`.
    #[serde(default)]
    #[ts(optional)]
    pub text: Option<String>,
}

impl TournamentActionRequest {
    fn into_action(self) -> Result<TournamentAction, TournamentError> {
        let missing =
            |field: &str| TournamentError::Malformed(format!("`{}` needs `{field}`", self.action));
        let player = || self.player.map(player_id).ok_or_else(|| missing("player"));
        Ok(match self.action.as_str() {
            "withdraw" => TournamentAction::Withdraw,
            "pause" => TournamentAction::Pause,
            "resume" => TournamentAction::Resume,
            "start" => TournamentAction::Start,
            "next_round" => TournamentAction::NextRound,
            "halt" => TournamentAction::Halt,
            "continue" => TournamentAction::Continue,
            "end" => TournamentAction::End,
            "remove" => TournamentAction::Remove(player()?),
            "readmit" => TournamentAction::Readmit(player()?),
            "announce" => {
                TournamentAction::Announce(self.text.clone().ok_or_else(|| missing("text"))?)
            }
            "adjust" => {
                let name = self.result.as_deref().ok_or_else(|| missing("result"))?;
                TournamentAction::Adjust {
                    round: self.round.ok_or_else(|| missing("round"))?,
                    line: self.line.ok_or_else(|| missing("line"))?,
                    result: result_from_name(name).ok_or_else(|| {
                        TournamentError::Malformed(format!(
                            "unknown result {name:?}: first_wins, second_wins, draw, \
                             first_wins_by_forfeit, second_wins_by_forfeit or both_forfeit"
                        ))
                    })?,
                    reason: self.reason.clone().ok_or_else(|| missing("reason"))?,
                }
            }
            other => {
                return Err(TournamentError::Malformed(format!(
                    "unknown action {other:?}"
                )));
            }
        })
    }
}

/// `GET /api/tournaments/{id}`.
pub(crate) async fn tournament_state(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    Path(id): Path<String>,
    token: Option<SeatToken>,
) -> Result<Json<TournamentState>, ApiError> {
    let handle = state.tournaments.get(&id).await?;
    let (tournament, viewer) = handle
        .view(token.map(|SeatToken(token)| token.hash()))
        .await?;
    Ok(Json(TournamentState {
        tournament,
        you: viewer.into(),
    }))
}

/// `POST /api/tournaments/{id}/join`.
pub(crate) async fn join_tournament(
    State(state): State<AppState>,
    _: WithinLimit<Creating>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: TournamentJoinRequest = parse_json(body)?;
    let handle = state.tournaments.get(&id).await?;
    let token = Secret::generate();
    let player = handle
        .join(request.name, request.rating.unwrap_or(0), token.hash())
        .await?;
    let joined = TournamentJoined {
        player: player.0,
        link: format!("{}/t/{id}#token={}", state.public_url, token.as_str()),
        token: token.as_str().to_owned(),
    };
    Ok((StatusCode::CREATED, Json(joined)).into_response())
}

/// `POST /api/tournaments/{id}/actions`.
pub(crate) async fn tournament_action(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    Path(id): Path<String>,
    SeatTokenFor(token, _): SeatTokenFor<ToActInTheTournament>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<TournamentState>, ApiError> {
    let request: TournamentActionRequest = parse_json(body)?;
    let action = request.into_action()?;
    let handle = state.tournaments.get(&id).await?;
    let hash = token.hash();
    handle.act(hash, action).await?;
    let (tournament, viewer) = handle.view(Some(hash)).await?;
    Ok(Json(TournamentState {
        tournament,
        you: viewer.into(),
    }))
}
