//! The bot a Bot API request comes from: its key, sent as `Authorization:
//! Bearer <key>` (never in a URL, so that no log ever holds it).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::seat_token::bearer;
use crate::bots::Bot;
use crate::http::{ApiError, AppState};

/// The sentence of a Bot API request without a key.
const MISSING: &str = "the Bot API needs the bot's key: `Authorization: Bearer <key>`";

/// The bot whose key the request carries: `401 unauthorized` without a key
/// or with one that is no bot's, `403 bot-revoked` with a revoked one.
#[derive(Debug)]
pub(crate) struct BotKey(pub Bot);

impl FromRequestParts<AppState> for BotKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let key = bearer(parts)?.ok_or(ApiError::TokenMissing(MISSING))?;
        Ok(BotKey(state.bots.by_key(&key).await?))
    }
}
