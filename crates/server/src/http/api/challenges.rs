//! Challenges to bots: made by a person or a bot (`POST
//! /api/bot/{name}/challenge`), looked at (`GET /api/challenge/{id}`, with
//! the person's seat token once accepted), taken back (`POST
//! /api/challenge/{id}/cancel`), and answered by the bot (`POST
//! /api/challenge/{id}/accept`, `.../decline`). Documented in
//! `docs/bot-api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use narabe_game::SessionSettings;
use narabe_rules::Player;
use serde::Deserialize;

use crate::bots::{Canceler, ChallengeView, ChallengerIs, DeclineReason, reason_list};
use crate::http::extract::bot_key::BotKey;
use crate::http::extract::json_body::{MAX_BODY_BYTES, body_bytes, invalid_json, parse_json};
use crate::http::extract::seat_token::SeatToken;
use crate::http::extract::unique_keys::UniqueKeys;
use crate::http::extract::within_limit::{Acting, Creating, WithinLimit};
use crate::http::{ApiError, AppState};

/// `POST /api/bot/{name}/challenge`: the game's settings (as `POST
/// /api/games` takes them) and `seat`, the challenger's (`first`, `second`
/// or `random`, the default). With a bot's key, that bot challenges.
pub(crate) async fn challenge_bot(
    State(state): State<AppState>,
    _: WithinLimit<Creating>,
    Path(name): Path<String>,
    key: Option<SeatToken>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let UniqueKeys(mut body) = parse_json(body)?;
    let object = body
        .as_object_mut()
        .ok_or_else(|| ApiError::BadRequest("the body must be a JSON object".to_owned()))?;
    let seat = match object.remove("seat") {
        None => random_seat(),
        Some(serde_json::Value::String(seat)) => match seat.as_str() {
            "first" => Player::First,
            "second" => Player::Second,
            "random" => random_seat(),
            other => {
                return Err(ApiError::BadRequest(format!(
                    "unknown seat {other:?}: expected first, second or random"
                )));
            }
        },
        Some(_) => return Err(ApiError::BadRequest("`seat` is a string".to_owned())),
    };
    let settings: SessionSettings = serde_json::from_value(body).map_err(invalid_json)?;
    let config = settings
        .validate()
        .map_err(|error| ApiError::BadSettings(error.to_string()))?;
    let challenger = match key {
        Some(SeatToken(key)) => ChallengerIs::Bot(state.bots.by_key(&key).await?),
        None => ChallengerIs::Person,
    };
    let (view, _) = state
        .bots
        .challenge(&name, challenger, config, seat)
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

fn random_seat() -> Player {
    if rand::random::<bool>() {
        Player::First
    } else {
        Player::Second
    }
}

/// `GET /api/challenge/{id}`: the challenge; with the secret of the person
/// who made it, also their seat token and private link once the bot has
/// accepted.
pub(crate) async fn challenge_state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    secret: Option<SeatToken>,
) -> Result<Json<ChallengeView>, ApiError> {
    let Some(SeatToken(secret)) = secret else {
        return Ok(Json(state.bots.challenge_view(&id).await?));
    };
    // A bot's key sees what everyone sees.
    if state.bots.by_key(&secret).await.is_ok() {
        return Ok(Json(state.bots.challenge_view(&id).await?));
    }
    Ok(Json(state.bots.challenge_for_person(&id, &secret).await?))
}

/// `POST /api/challenge/{id}/cancel` with the challenger's secret (a
/// person) or key (a bot).
pub(crate) async fn cancel_challenge(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    Path(id): Path<String>,
    secret: Option<SeatToken>,
) -> Result<Json<ChallengeView>, ApiError> {
    let SeatToken(secret) = secret.ok_or(ApiError::TokenMissing(
        "taking a challenge back needs its secret (or the challenging bot's key): \
         `Authorization: Bearer <secret>`",
    ))?;
    let by = match state.bots.by_key(&secret).await {
        Ok(bot) => Canceler::Bot(bot),
        Err(_) => Canceler::Person(secret),
    };
    Ok(Json(state.bots.cancel(&id, &by).await?))
}

/// `POST /api/challenge/{id}/accept` with the challenged bot's key: the
/// game starts (`gameStart` on the event stream).
pub(crate) async fn accept_challenge(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
) -> Result<Json<ChallengeView>, ApiError> {
    Ok(Json(state.bots.accept(&bot, &id).await?))
}

/// The body of a decline: the reason's code, `generic` when left out.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeclineRequest {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/challenge/{id}/decline` with the challenged bot's key and,
/// optionally, `{"reason": "later"}`.
pub(crate) async fn decline_challenge(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    Path(id): Path<String>,
    BotKey(bot): BotKey,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ChallengeView>, ApiError> {
    let bytes = body_bytes(body, MAX_BODY_BYTES)?;
    let request: DeclineRequest = if bytes.iter().all(u8::is_ascii_whitespace) {
        DeclineRequest::default()
    } else {
        serde_json::from_slice(&bytes).map_err(invalid_json)?
    };
    let reason = match request.reason.as_deref() {
        None => DeclineReason::Generic,
        Some(code) => DeclineReason::from_code(code).ok_or_else(|| {
            ApiError::BadRequest(format!(
                "unknown reason {code:?}: expected one of {}",
                reason_list()
            ))
        })?,
    };
    Ok(Json(state.bots.decline(&bot, &id, reason).await?))
}
