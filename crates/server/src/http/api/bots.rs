//! Bots: registering one (`POST /api/bots`), its public page's data (`GET
//! /api/bots/{name}`), its own account (`GET /api/bot/account`) and
//! revoking its key (`DELETE /api/bots/{name}`). Documented in
//! `docs/bot-api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::bots::{BotError, BotName, BotProfile, BotRegistered, BotView};
use crate::http::extract::bot_key::BotKey;
use crate::http::extract::json_body::{invalid_json, parse_json};
use crate::http::extract::unique_keys::UniqueKeys;
use crate::http::extract::within_limit::{Creating, WithinLimit};
use crate::http::{ApiError, AppState};

/// `POST /api/bots`: `{"name": ..., "description": ..., "games": [...],
/// "speeds": [...], "bots": true}`. Answers `201` with the bot's key, shown
/// once.
pub(crate) async fn register_bot(
    State(state): State<AppState>,
    _: WithinLimit<Creating>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let UniqueKeys(mut body) = parse_json(body)?;
    let object = body
        .as_object_mut()
        .ok_or_else(|| ApiError::BadRequest("the body must be a JSON object".to_owned()))?;
    let name = match object.remove("name") {
        Some(serde_json::Value::String(name)) => BotName::parse(&name)?,
        Some(_) => return Err(ApiError::BadRequest("`name` is a string".to_owned())),
        None => return Err(ApiError::BadRequest("a bot needs a `name`".to_owned())),
    };
    let profile: BotProfile = serde_json::from_value(body).map_err(invalid_json)?;
    let profile = profile.checked()?;
    let (bot, key) = state.bots.register(&name, profile).await?;
    let registered = BotRegistered {
        url: state.bots.page_url(&bot.name),
        name: bot.name,
        key: key.as_str().to_owned(),
        profile: bot.profile,
    };
    Ok((StatusCode::CREATED, Json(registered)).into_response())
}

/// `GET /api/bots/{name}`: what the bot plays, its record and its games.
pub(crate) async fn bot_page(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<BotView>, ApiError> {
    let bot = state.bots.by_name(&name).await?;
    Ok(Json(state.bots.page(&bot).await?))
}

/// `GET /api/bot/account`: the bot of the key, as its page shows it.
pub(crate) async fn account(
    State(state): State<AppState>,
    BotKey(bot): BotKey,
) -> Result<Json<BotView>, ApiError> {
    Ok(Json(state.bots.page(&bot).await?))
}

/// `DELETE /api/bots/{name}` with the bot's key: the key acts no more.
pub(crate) async fn revoke_bot(
    State(state): State<AppState>,
    Path(name): Path<String>,
    BotKey(bot): BotKey,
) -> Result<Response, ApiError> {
    if !bot.name.eq_ignore_ascii_case(&name) {
        return Err(BotError::WrongBot.into());
    }
    state.bots.revoke(&bot).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
