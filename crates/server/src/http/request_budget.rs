//! The per-address budgets every request and every WebSocket message is
//! under, beside the limits on creating games and acting: one client cannot
//! spend the server's CPU for everyone by asking for pages, files, QR codes
//! or game states, or by sending junk down a socket.

use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;

use crate::http::{ApiError, AppState, RateLimit, RateLimiter};
use crate::metrics::{METRICS, RefusalReason};
use crate::serve_options::ServeOptions;

/// The budgets of one server, per address.
#[derive(Debug)]
pub(crate) struct RequestBudgets {
    /// Every HTTP request, whatever the route.
    pub requests: RateLimiter,
    /// `GET /qr.svg`, on top of `requests`: drawing a code costs milliseconds.
    pub qr_codes: RateLimiter,
    /// Every WebSocket message after the upgrade, of players and spectators,
    /// text or not.
    pub socket_messages: RateLimiter,
    /// Refused messages in a row after which a socket is closed.
    pub refusals_before_close: u32,
}

impl RequestBudgets {
    /// The budgets `options` configure.
    pub(crate) fn new(options: &ServeOptions) -> RequestBudgets {
        let keyed = |limit| RateLimiter::new(limit).with_ipv6_prefix(options.ipv6_prefix);
        RequestBudgets {
            requests: keyed(RateLimit {
                per_second: options.requests_per_second,
                burst: options.request_burst.max(1.0),
            }),
            qr_codes: keyed(RateLimit::per_minute(
                options.qr_per_minute,
                options.qr_per_minute.clamp(1.0, 10.0),
            )),
            socket_messages: keyed(RateLimit {
                per_second: options.socket_messages_per_second,
                burst: (options.socket_messages_per_second * 2.0).max(1.0),
            }),
            refusals_before_close: options.socket_refusals_before_close.max(1),
        }
    }
}

/// The layer around every route: a request over its address's budget is
/// `429 rate-limited` with `Retry-After`, before any handler runs.
pub(crate) async fn within_request_budget(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let client = state
        .trusted_proxies
        .client_of(peer.ip(), request.headers());
    if let Err(wait_seconds) = state.budgets.requests.check(client) {
        METRICS.count_refusal(RefusalReason::Requests);
        return ApiError::RateLimited { wait_seconds }.into_response();
    }
    next.run(request).await
}
