//! The game a route's path names (`/api/games/{id}/...`).

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use crate::game_id::GameId;
use crate::http::ApiError;
use crate::live::GameError;

/// The `{id}` of the path as a game id: text that cannot name a game is
/// refused with `404 not-found` before any database work. A path axum cannot
/// read at all (invalid percent-encoding) keeps axum's own answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GamePath(pub GameId);

impl<S: Send + Sync> FromRequestParts<S> for GamePath {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GamePath, Response> {
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        GameId::parse(&text)
            .map(GamePath)
            .ok_or_else(|| ApiError::Game(GameError::NotFound).into_response())
    }
}
