//! The seat token of a request: `Authorization: Bearer <token>`.

use std::marker::PhantomData;

use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::header;
use axum::http::request::Parts;

use crate::http::ApiError;
use crate::secret::Secret;

/// What a route needs the seat token for: the sentence of its
/// `401 unauthorized` when the request has none.
pub(super) trait TokenPurpose {
    /// The refusal of a request without a token.
    const MISSING: &'static str;
}

/// Acting in the game: `POST /api/games/{id}/actions`.
#[derive(Debug)]
pub(crate) enum ToAct {}

impl TokenPurpose for ToAct {
    const MISSING: &'static str = "actions need a seat token: `Authorization: Bearer <token>`";
}

/// A player's or the organiser's action in a tournament:
/// `POST /api/tournaments/{id}/actions`.
#[derive(Debug)]
pub(crate) enum ToActInTheTournament {}

impl TokenPurpose for ToActInTheTournament {
    const MISSING: &'static str = "tournament actions need your player or organiser token: \
         `Authorization: Bearer <token>`";
}

/// Seeing the invite link again: `GET /api/games/{id}/invite`.
#[derive(Debug)]
pub(crate) enum ToSeeTheInvite {}

impl TokenPurpose for ToSeeTheInvite {
    const MISSING: &'static str =
        "the invite needs the seat token: `Authorization: Bearer <token>`";
}

/// Taking one's seat of a rematch with the token of the game before:
/// `POST /api/games/{id}/rematch-seat`.
#[derive(Debug)]
pub(crate) enum ToTakeTheRematchSeat {}

impl TokenPurpose for ToTakeTheRematchSeat {
    const MISSING: &'static str =
        "the rematch seat needs the seat token of the game before: `Authorization: Bearer <token>`";
}

/// The seat token of a route a spectator may use too, taken as
/// `Option<SeatToken>`: no header is fine, a header that is not a bearer
/// token is `401 unauthorized`. Whether it holds a seat of the game is for
/// the game to say.
#[derive(Debug)]
pub(crate) struct SeatToken(pub Secret);

impl<S: Send + Sync> OptionalFromRequestParts<S> for SeatToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Option<Self>, ApiError> {
        Ok(bearer(parts)?.map(SeatToken))
    }
}

/// The seat token of a route that needs one, for `P`: `401 unauthorized`
/// without it (with `P`'s sentence) or with a header that is not a bearer
/// token.
#[derive(Debug)]
pub(crate) struct SeatTokenFor<P>(pub Secret, pub PhantomData<P>);

impl<S: Send + Sync, P: TokenPurpose> FromRequestParts<S> for SeatTokenFor<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let token = bearer(parts)?.ok_or(ApiError::TokenMissing(P::MISSING))?;
        Ok(SeatTokenFor(token, PhantomData))
    }
}

/// The token of an `Authorization: Bearer` header, if the request has the
/// header.
pub(super) fn bearer(parts: &Parts) -> Result<Option<Secret>, ApiError> {
    let Some(value) = parts.headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|text| text.strip_prefix("Bearer "))
        .ok_or(ApiError::BadAuthorization)?;
    Ok(Some(Secret::from_client(token)))
}
