//! The one error type of the HTTP API: a status, a stable code and a message.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use narabe_game::SessionRejection;
use serde::Serialize;

/// An error answered as `{"code": ..., "message": ...}` with a fitting status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable kebab-case code for programs.
    pub code: String,
    /// A sentence for people.
    pub message: String,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    message: &'a str,
}

impl ApiError {
    /// An error with `status`, `code` and `message`.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code: code.to_owned(),
            message: message.into(),
        }
    }

    /// `404 not-found`: no game with that id.
    #[must_use]
    pub fn game_not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", "no game with that id")
    }

    /// `401 unauthorized`: the request needs a seat token and has none that fits.
    #[must_use]
    pub fn unauthorized(message: &str) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// `400 bad-request`.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// `429 rate-limited`.
    #[must_use]
    pub fn rate_limited(wait_seconds: u64) -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate-limited",
            format!("too many requests from your address: try again in {wait_seconds} s"),
        )
    }

    /// `503 unavailable`: the server cannot serve this now (storage trouble,
    /// shutting down).
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// A refused action: `409` when it conflicts with the state of the game,
    /// `403` when the seat may not take it, `422` for an action that can never
    /// apply (a malformed point, a count out of range).
    #[must_use]
    pub fn rejected(rejection: &SessionRejection) -> ApiError {
        let status = match rejection.code() {
            "not-your-turn" | "server-only" | "seat-only" => StatusCode::FORBIDDEN,
            "off-board" | "count-out-of-range" => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::CONFLICT,
        };
        ApiError::new(status, rejection.code(), rejection.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            code: &self.code,
            message: &self.message,
        };
        (self.status, Json(body)).into_response()
    }
}
