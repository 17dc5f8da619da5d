//! The per-address rate limits, checked before a handler does any work.

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::client_address::ClientAddress;
use crate::http::{ApiError, AppState, RateLimiter};
use crate::metrics::{METRICS, RefusalReason};

/// Which of the server's limits a route counts against.
pub(super) trait Limit {
    /// That limiter.
    fn limiter(state: &AppState) -> &RateLimiter;

    /// What its refusals are counted as in `/metrics`.
    const REFUSAL: RefusalReason;
}

/// Creating games.
#[derive(Debug)]
pub(crate) enum Creating {}

impl Limit for Creating {
    const REFUSAL: RefusalReason = RefusalReason::Creating;

    fn limiter(state: &AppState) -> &RateLimiter {
        &state.create_limiter
    }
}

/// Everything else a client sends (HTTP and WebSocket share the limit).
#[derive(Debug)]
pub(crate) enum Acting {}

impl Limit for Acting {
    const REFUSAL: RefusalReason = RefusalReason::Acting;

    fn limiter(state: &AppState) -> &RateLimiter {
        &state.action_limiter
    }
}

/// Drawing QR codes (on top of the budget every request is under).
#[derive(Debug)]
pub(crate) enum DrawingQrCodes {}

impl Limit for DrawingQrCodes {
    const REFUSAL: RefusalReason = RefusalReason::QrCodes;

    fn limiter(state: &AppState) -> &RateLimiter {
        &state.budgets.qr_codes
    }
}

/// A request within its address's limit `L`, which it has taken a token of:
/// `429 rate-limited` beyond it, saying how long to wait.
#[derive(Debug)]
pub(crate) struct WithinLimit<L>(PhantomData<L>);

impl<L: Limit> FromRequestParts<AppState> for WithinLimit<L> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let ClientAddress(client) = ClientAddress::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        L::limiter(state).check(client).map_err(|wait_seconds| {
            METRICS.count_refusal(L::REFUSAL);
            ApiError::RateLimited { wait_seconds }.into_response()
        })?;
        Ok(WithinLimit(PhantomData))
    }
}
