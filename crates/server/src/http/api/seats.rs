//! The seats of a game: joining through an invite, looking at what an invite
//! opens, the creator's invite link again, and a player's seat of a rematch.
//! Documented in `docs/api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use narabe_rules::Player;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::game_id::GameId;
use crate::http::extract::game_path::GamePath;
use crate::http::extract::json_body::parse_json;
use crate::http::extract::seat_token::{SeatTokenFor, ToSeeTheInvite, ToTakeTheRematchSeat};
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::GameError;
use crate::secret::Secret;

/// `POST /api/games/{id}/join` body.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    /// The invite code from the invite link.
    pub invite: String,
}

/// The answer to a join.
#[derive(Debug, Serialize, TS)]
pub(crate) struct Joined {
    /// The new seat token.
    pub token: String,
    /// The seat it holds.
    pub seat: Player,
    /// The private link to the seat, for another device.
    pub play: String,
}

/// `POST /api/games/{id}/join`.
pub(crate) async fn join_game(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    GamePath(id): GamePath,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Joined>, ApiError> {
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

/// `POST /api/games/{id}/rematch-seat` with the seat token of the game
/// before: the player's seat of rematch `id` (the other colour) and a token of
/// its own, derived from the one sent, so every device of the player that
/// asks gets the same. No token is carried into a rematch without this
/// request. `401 unauthorized` when the token held no seat of the game
/// before, or `id` is no rematch.
pub(crate) async fn take_rematch_seat(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    GamePath(id): GamePath,
    SeatTokenFor(previous, _): SeatTokenFor<ToTakeTheRematchSeat>,
) -> Result<Json<Joined>, ApiError> {
    let before = state
        .registry
        .with_game(&id, |handle| async move { handle.rematch_of().await })
        .await?
        .as_deref()
        .and_then(GameId::parse)
        .ok_or(GameError::NotSeated)?;
    let previous_hash = previous.hash();
    let (view, seat_before) = state
        .registry
        .with_game(&before, |handle| async move {
            handle.view(Some(previous_hash)).await
        })
        .await?;
    let seat_before = seat_before
        .filter(|_| view.rematch_id.as_deref() == Some(id.as_str()))
        .ok_or(GameError::NotSeated)?;
    // The seats swap, so the colours do.
    let seat = seat_before.other();
    let token = previous.derived_rematch_token(id.as_str());
    let hash = token.hash();
    state
        .registry
        .with_game(&id, |handle| async move {
            handle.take_rematch_seat(seat, hash).await
        })
        .await?;
    Ok(Json(Joined {
        play: format!("{}/g/{id}#token={}", state.public_url, token.as_str()),
        token: token.as_str().to_owned(),
        seat,
    }))
}

/// The answer to `GET /api/games/{id}/invitation`: what an invite is for.
#[derive(Debug, Serialize, TS)]
pub(crate) struct InvitationView {
    /// The seat the invite takes.
    pub seat: Player,
    /// Whether the seat is still free: `false` once somebody took it.
    pub open: bool,
}

/// The query of `GET /api/games/{id}/invitation`.
#[derive(Debug, Deserialize)]
pub(crate) struct InvitationQuery {
    /// The invite code of the invite link.
    code: String,
}

/// `GET /api/games/{id}/invitation?code=...`: the seat an invite is for and
/// whether it is still open. It never takes the seat: link previews and
/// prefetchers open links, so only `POST .../join` does.
pub(crate) async fn invitation(
    State(state): State<AppState>,
    // Before the limit and the id, as the API has always checked them.
    Query(query): Query<InvitationQuery>,
    _: WithinLimit<Acting>,
    GamePath(id): GamePath,
) -> Result<Json<InvitationView>, ApiError> {
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
pub(crate) struct InviteLink {
    /// The invite link for the opponent's seat.
    pub invite: String,
    /// Whether that seat is still free.
    pub open: bool,
}

/// `GET /api/games/{id}/invite` with the creator's seat token: the invite link
/// for the other seat again, for the creator's page after a reload or on
/// another device. `404 no-invite` when the game has none for it (a game
/// against the computer, a rematch, organiser mode).
pub(crate) async fn invite_link(
    State(state): State<AppState>,
    GamePath(id): GamePath,
    SeatTokenFor(token, _): SeatTokenFor<ToSeeTheInvite>,
) -> Result<Json<InviteLink>, ApiError> {
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
