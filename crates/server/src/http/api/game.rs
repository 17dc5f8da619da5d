//! One game over HTTP: its state, its actions and its log. Documented in
//! `docs/api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use narabe_rules::Player;
use serde::Deserialize;
use ts_rs::TS;

use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::game_path::GamePath;
use crate::http::extract::json_body::parse_json;
use crate::http::extract::seat_token::{SeatToken, SeatTokenFor, ToAct};
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::GameError;

/// `GET /api/games/{id}`: the state; with a seat token, also `you`.
pub(crate) async fn game_state(
    State(state): State<AppState>,
    GamePath(id): GamePath,
    token: Option<SeatToken>,
) -> Result<Response, ApiError> {
    let token = token.map(|SeatToken(token)| token.hash());
    let (view, seat) = state
        .registry
        .with_game(&id, |handle| async move { handle.view(token).await })
        .await?;
    if token.is_some() && seat.is_none() {
        return Err(GameError::NotSeated.into());
    }
    let mut json = serde_json::to_value(&view).expect("views serialise");
    json["you"] = serde_json::json!(seat.map(Player::name));
    Ok(Json(json).into_response())
}

/// `POST /api/games/{id}/actions` body.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActionRequest {
    /// The action in the game-log text form (`place h8`, `swap`, `draw offer`,
    /// `resign`, ...).
    pub action: String,
}

/// `POST /api/games/{id}/actions`.
pub(crate) async fn act(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    GamePath(id): GamePath,
    SeatTokenFor(token, _): SeatTokenFor<ToAct>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let token = token.hash();
    let request: ActionRequest = parse_json(body)?;
    let accepted = state
        .registry
        .with_game(&id, |handle| {
            let action = request.action.clone();
            async move { handle.act(token, action, client).await }
        })
        .await?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        accepted.state.to_string(),
    )
        .into_response())
}

/// `GET /api/games/{id}/log`: the stored log as text, one action per line.
pub(crate) async fn game_log(
    State(state): State<AppState>,
    GamePath(id): GamePath,
) -> Result<Response, ApiError> {
    let text = state
        .registry
        .with_game(&id, |handle| async move { handle.log_text().await })
        .await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}
