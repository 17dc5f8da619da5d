//! The HTTP JSON API: create, join, look, act, read the log. Documented with
//! curl examples in `docs/api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use narabe_game::SessionSettings;
use narabe_rules::Player;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ComputerSeat;
use crate::game_id::GameId;
use crate::http::api_error::ApiError;
use crate::http::app_state::AppState;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::json_body::{invalid_json, parse_json};
use crate::live::GameError;
use crate::live::{GameSetup, SeatInvites};
use crate::secret::{Secret, SecretHash};
use crate::wire::ComputerView;

/// `POST /api/games`: the session settings ([`SessionSettings`]: `game`,
/// `size`, `opening`, `foul`, `keryo`, `time`, `takebacks`, `hints`) and how the
/// seats are handed out.
#[derive(Debug)]
pub struct CreateRequest {
    /// The settings of the game.
    pub settings: SessionSettings,
    /// The creator's seat: `first`, `second` or `random` (default `first`).
    pub seat: Option<String>,
    /// Organiser mode: the creator takes no seat and gets an invite per seat.
    pub organiser: bool,
    /// The computer's level, 1 to 8, in a game against the computer.
    pub computer: Option<u8>,
}

/// The seating fields of a creation request; everything else is settings.
#[derive(Debug, Default, Deserialize)]
struct Seating {
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    organiser: bool,
    #[serde(default)]
    opponent: Option<Opponent>,
}

/// `"opponent": {"computer": <level>}`: the engine holds the other seat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Opponent {
    computer: u8,
}

impl CreateRequest {
    /// Splits a creation body into seating and settings, so that the settings
    /// keep refusing unknown fields.
    fn from_json(mut body: serde_json::Value) -> Result<CreateRequest, ApiError> {
        let object = body
            .as_object_mut()
            .ok_or_else(|| ApiError::BadRequest("the body must be a JSON object".to_owned()))?;
        let mut seating = serde_json::Map::new();
        for key in ["seat", "organiser", "opponent"] {
            if let Some(value) = object.remove(key) {
                seating.insert(key.to_owned(), value);
            }
        }
        let seating: Seating = serde_json::from_value(seating.into()).map_err(invalid_json)?;
        let settings = serde_json::from_value(body).map_err(invalid_json)?;
        Ok(CreateRequest {
            settings,
            seat: seating.seat,
            organiser: seating.organiser,
            computer: seating.opponent.map(|opponent| opponent.computer),
        })
    }
}

/// The answer to a creation.
#[derive(Debug, Serialize, TS)]
pub struct Created {
    /// The game id.
    pub id: String,
    /// The creator's seat token (not in organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub token: Option<String>,
    /// The creator's seat (not in organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seat: Option<Player>,
    /// The invite link for the open seat (not in organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invite: Option<String>,
    /// One invite link per seat (organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invites: Option<InviteLinks>,
    /// The creator's private link to their seat, for another device.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub play: Option<String>,
    /// The link for spectators.
    pub watch: String,
    /// The computer's seat and level, in a game against the computer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub computer: Option<ComputerView>,
}

/// Invite links per seat.
#[derive(Debug, Serialize, TS)]
pub struct InviteLinks {
    /// Takes the first seat.
    pub first: String,
    /// Takes the second seat.
    pub second: String,
}

/// `POST /api/games`.
pub async fn create_game(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    state
        .create_limiter
        .check(client)
        .map_err(|wait_seconds| ApiError::RateLimited { wait_seconds })?;
    let request = CreateRequest::from_json(parse_json(body)?)?;
    let settings = request.settings;
    let config = settings
        .validate()
        .map_err(|error| ApiError::BadSettings(error.to_string()))?;
    let mut setup = GameSetup {
        settings: config.settings(),
        invites: SeatInvites::default(),
        rematch_of: None,
    };
    let base = &state.public_url;
    if let Some(level) = request.computer
        && !(1..=8).contains(&level)
    {
        return Err(ApiError::BadSettings(format!(
            "the computer's level is 1 to 8, not {level}"
        )));
    }
    if request.organiser {
        if request.computer.is_some() {
            return Err(ApiError::BadRequest(
                "organiser mode seats two people: leave out `opponent`".to_owned(),
            ));
        }
        if request.seat.is_some() {
            return Err(ApiError::BadRequest(
                "organiser mode takes no seat: leave out `seat`".to_owned(),
            ));
        }
        let codes = [Secret::generate(), Secret::generate()];
        for (player, code) in Player::ALL.into_iter().zip(&codes) {
            setup.set_invite_hash(player, &code.hash());
        }
        let id = state.registry.create(&setup, [None, None], None).await?;
        let created = Created {
            invites: Some(InviteLinks {
                first: format!("{base}/g/{id}?invite={}", codes[0].as_str()),
                second: format!("{base}/g/{id}?invite={}", codes[1].as_str()),
            }),
            watch: format!("{base}/g/{id}"),
            id: id.to_string(),
            token: None,
            seat: None,
            invite: None,
            play: None,
            computer: None,
        };
        return Ok((StatusCode::CREATED, Json(created)).into_response());
    }
    let seat = match request.seat.as_deref() {
        None | Some("first") => Player::First,
        Some("second") => Player::Second,
        Some("random") => {
            if rand::random::<bool>() {
                Player::First
            } else {
                Player::Second
            }
        }
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "unknown seat {other:?}: expected first, second or random"
            )));
        }
    };
    let token = Secret::generate();
    let mut seats = [None, None];
    seats[seat.index()] = Some(token.hash());
    // Against the computer the other seat gets no invite: nobody can join it.
    let computer = request.computer.map(|level| ComputerSeat {
        seat: seat.other(),
        level,
    });
    // The invite is derived from the creator's token, so that their page can
    // show it again (`GET /api/games/{id}/invite`).
    let invite = computer.is_none().then(|| token.derived_invite());
    if let Some(invite) = &invite {
        setup.set_invite_hash(seat.other(), &invite.hash());
    }
    let id = state.registry.create(&setup, seats, computer).await?;
    let created = Created {
        invite: invite.map(|invite| format!("{base}/g/{id}?invite={}", invite.as_str())),
        play: Some(format!("{base}/g/{id}#token={}", token.as_str())),
        watch: format!("{base}/g/{id}"),
        id: id.to_string(),
        token: Some(token.as_str().to_owned()),
        seat: Some(seat),
        invites: None,
        computer: computer.map(|computer| ComputerView {
            seat: computer.seat,
            level: computer.level,
        }),
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// `POST /api/games/{id}/join` body.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The invite code from the invite link.
    pub invite: String,
}

/// The answer to a join.
#[derive(Debug, Serialize, TS)]
pub struct Joined {
    /// The new seat token.
    pub token: String,
    /// The seat it holds.
    pub seat: Player,
    /// The private link to the seat, for another device.
    pub play: String,
}

/// `POST /api/games/{id}/join`.
pub async fn join_game(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Joined>, ApiError> {
    state
        .action_limiter
        .check(client)
        .map_err(|wait_seconds| ApiError::RateLimited { wait_seconds })?;
    let id = game_id(&id)?;
    let request: JoinRequest = parse_json(body)?;
    let invite = Secret::from_client(&request.invite).hash();
    let (seat, token) = state
        .registry
        .with_game(&id, |handle| async move { handle.join(invite).await })
        .await
        .map_err(|error| match error {
            GameError::SeatTaken { .. } => GameError::SeatTaken {
                watch: Some(format!("{}/g/{id}", state.public_url)),
            },
            error => error,
        })?;
    Ok(Json(Joined {
        play: format!("{}/g/{id}#token={}", state.public_url, token.as_str()),
        token: token.as_str().to_owned(),
        seat,
    }))
}

/// The answer to `GET /api/games/{id}/invitation`: what an invite is for.
#[derive(Debug, Serialize, TS)]
pub struct InvitationView {
    /// The seat the invite takes.
    pub seat: Player,
    /// Whether the seat is still free: `false` once somebody took it.
    pub open: bool,
}

/// The query of `GET /api/games/{id}/invitation`.
#[derive(Debug, Deserialize)]
pub struct InvitationQuery {
    /// The invite code of the invite link.
    code: String,
}

/// `GET /api/games/{id}/invitation?code=...`: the seat an invite is for and
/// whether it is still open. It never takes the seat: link previews and
/// prefetchers open links, so only `POST .../join` does.
pub async fn invitation(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    Query(query): Query<InvitationQuery>,
) -> Result<Json<InvitationView>, ApiError> {
    state
        .action_limiter
        .check(client)
        .map_err(|wait_seconds| ApiError::RateLimited { wait_seconds })?;
    let id = game_id(&id)?;
    let invite = Secret::from_client(&query.code).hash();
    let invitation = state
        .registry
        .with_game(&id, |handle| async move { handle.invitation(invite).await })
        .await?
        .ok_or(GameError::BadInvite)?;
    Ok(Json(InvitationView {
        seat: invitation.seat,
        open: invitation.open,
    }))
}

/// The answer to `GET /api/games/{id}/invite`.
#[derive(Debug, Serialize, TS)]
pub struct InviteLink {
    /// The invite link for the opponent's seat.
    pub invite: String,
    /// Whether that seat is still free.
    pub open: bool,
}

/// `GET /api/games/{id}/invite` with the creator's seat token: the invite link
/// for the other seat again, for the creator's page after a reload or on
/// another device. `404 no-invite` when the game has none for it (a game
/// against the computer, a rematch, organiser mode).
pub async fn invite_link(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<InviteLink>, ApiError> {
    let id = game_id(&id)?;
    let token = bearer_secret(&headers)?.ok_or(ApiError::TokenMissing(
        "the invite needs the seat token: `Authorization: Bearer <token>`",
    ))?;
    let token_hash = token.hash();
    let invite = token.derived_invite();
    let invite_hash = invite.hash();
    let (seat, invitation) = state
        .registry
        .with_game(&id, |handle| async move {
            let (_, seat) = handle.view(Some(token_hash)).await?;
            let invitation = handle.invitation(invite_hash).await?;
            Ok((seat, invitation))
        })
        .await?;
    let seat = seat.ok_or(GameError::NotSeated)?;
    match invitation {
        Some(invitation) if invitation.seat == seat.other() => Ok(Json(InviteLink {
            invite: format!("{}/g/{id}?invite={}", state.public_url, invite.as_str()),
            open: invitation.open,
        })),
        _ => Err(GameError::NoInvite.into()),
    }
}

/// `GET /api/games/{id}`: the state; with a seat token, also `you`.
pub async fn game_state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let token = bearer(&headers)?;
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
pub struct ActionRequest {
    /// The action in the game-log text form (`place h8`, `swap`, `draw offer`,
    /// `resign`, ...).
    pub action: String,
}

/// `POST /api/games/{id}/actions`.
pub async fn act(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    state
        .action_limiter
        .check(client)
        .map_err(|wait_seconds| ApiError::RateLimited { wait_seconds })?;
    let id = game_id(&id)?;
    let token = bearer(&headers)?.ok_or(ApiError::TokenMissing(
        "actions need a seat token: `Authorization: Bearer <token>`",
    ))?;
    let request: ActionRequest = parse_json(body)?;
    let accepted = state
        .registry
        .with_game(&id, |handle| {
            let action = request.action.clone();
            async move { handle.act(token, action).await }
        })
        .await?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        accepted.state.to_string(),
    )
        .into_response())
}

/// `GET /api/games/{id}/log`: the stored log as text, one action per line.
pub async fn game_log(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let text = state
        .registry
        .with_game(&id, |handle| async move { handle.log_text().await })
        .await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// The game id of a path, or `404`.
pub(crate) fn game_id(text: &str) -> Result<GameId, ApiError> {
    GameId::parse(text).ok_or(ApiError::Game(GameError::NotFound))
}

/// The seat token of an `Authorization: Bearer` header, hashed.
pub(crate) fn bearer(headers: &HeaderMap) -> Result<Option<SecretHash>, ApiError> {
    Ok(bearer_secret(headers)?.map(|token| token.hash()))
}

/// The seat token of an `Authorization: Bearer` header.
fn bearer_secret(headers: &HeaderMap) -> Result<Option<Secret>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|text| text.strip_prefix("Bearer "))
        .ok_or(ApiError::BadAuthorization)?;
    Ok(Some(Secret::from_client(token)))
}
