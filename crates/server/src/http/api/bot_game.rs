//! A bot's actions in its games (`POST /api/bot/game/{id}/...`): any action
//! of the game's log (a stone, a swap, a declaration, an offer, a choice,
//! Swap2's options: the opening's decisions are actions like any other), and
//! lichess's named ones (resign, abort, draw and takeback answers, claims).
//! The key authorises; the server maps it to the bot's seat. Each counts
//! against the per-address action limit, like any player's. Documented in
//! `docs/bot-api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use serde::Serialize;
use ts_rs::TS;

use crate::bots::Bot;
use crate::bots::BotError;
use crate::game_id::GameId;
use crate::http::extract::bot_key::BotKey;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::json_body::parse_json;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ActionRequest, ApiError, AppState};

/// The answer to a bot's accepted action.
#[derive(Debug, Serialize, TS)]
pub(crate) struct BotActed {
    /// Always `true`: a refusal is an error.
    pub ok: bool,
    /// The game's version after the action.
    pub version: u64,
}

/// Carries `action` out for `bot` in game `id`.
async fn act(
    state: &AppState,
    bot: &Bot,
    id: &str,
    action: String,
    client: std::net::IpAddr,
) -> Result<Json<BotActed>, ApiError> {
    let id = GameId::parse(id).ok_or(BotError::NotYourGame)?;
    let seat = state.bots.seat_in(bot, &id).await?;
    let version = state
        .registry
        .with_game(&id, |handle| {
            let action = action.clone();
            async move { handle.act_as_seat(seat, action, client).await }
        })
        .await?;
    Ok(Json(BotActed { ok: true, version }))
}

/// `POST /api/bot/game/{id}/action`: `{"action": "place h8"}`, any action of
/// the game log or the platform's (`swap`, `declare 3`, `offer k11`, `draw
/// offer`, ...).
pub(crate) async fn bot_action(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<BotActed>, ApiError> {
    let request: ActionRequest = parse_json(body)?;
    act(&state, &bot, &id, request.action, client).await
}

/// `POST /api/bot/game/{id}/resign`.
pub(crate) async fn bot_resign(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
) -> Result<Json<BotActed>, ApiError> {
    act(&state, &bot, &id, "resign".to_owned(), client).await
}

/// `POST /api/bot/game/{id}/abort`.
pub(crate) async fn bot_abort(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
) -> Result<Json<BotActed>, ApiError> {
    act(&state, &bot, &id, "abort".to_owned(), client).await
}

/// `POST /api/bot/game/{id}/claim-victory` against an opponent gone for
/// 30 s.
pub(crate) async fn bot_claim_victory(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
) -> Result<Json<BotActed>, ApiError> {
    act(&state, &bot, &id, "claim win".to_owned(), client).await
}

/// `POST /api/bot/game/{id}/claim-draw` against an opponent gone for 30 s.
pub(crate) async fn bot_claim_draw(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
) -> Result<Json<BotActed>, ApiError> {
    act(&state, &bot, &id, "claim draw".to_owned(), client).await
}

/// `yes` or `no` of the draw and takeback routes.
fn answer(word: &str) -> Result<bool, ApiError> {
    match word {
        "yes" => Ok(true),
        "no" => Ok(false),
        other => Err(ApiError::BadRequest(format!(
            "expected yes or no, not {other:?}"
        ))),
    }
}

/// `POST /api/bot/game/{id}/draw/{yes|no}`: `yes` offers a draw, or agrees
/// to the opponent's; `no` declines the opponent's.
pub(crate) async fn bot_draw(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path((id, word)): Path<(String, String)>,
    BotKey(bot): BotKey,
) -> Result<Json<BotActed>, ApiError> {
    let action = if answer(&word)? {
        "draw offer"
    } else {
        "draw decline"
    };
    act(&state, &bot, &id, action.to_owned(), client).await
}

/// `POST /api/bot/game/{id}/takeback/{yes|no}`: `yes` grants the opponent's
/// request, or asks for a takeback when there is none; `no` declines it.
pub(crate) async fn bot_takeback(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    Path((id, word)): Path<(String, String)>,
    BotKey(bot): BotKey,
) -> Result<Json<BotActed>, ApiError> {
    let action = if answer(&word)? {
        let game = GameId::parse(&id).ok_or(BotError::NotYourGame)?;
        let seat = state.bots.seat_in(&bot, &game).await?;
        let (view, _) = state
            .registry
            .with_game(&game, |handle| async move { handle.view(None).await })
            .await?;
        if view.session.takeback_request == Some(seat.other()) {
            "takeback accept"
        } else {
            "takeback request"
        }
    } else {
        "takeback decline"
    };
    act(&state, &bot, &id, action.to_owned(), client).await
}
