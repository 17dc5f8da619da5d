//! `GET /metrics`: this node's figures in Prometheus's text format, for the
//! addresses in `--metrics-allow` only. Everyone else gets the 404 of an
//! address that names nothing: what a node holds and how busy it is is no
//! business of the public, and there is no reason to tell them it exists.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, Uri, header};
use axum::response::{IntoResponse, Response};

use super::address_ranges::AddressRanges;
use super::app_state::AppState;
use super::connections::AddressCounter;
use super::extract::client_address::ClientAddress;
use super::pages::not_found;
use crate::computer::EnginePool;
use crate::metrics::{self, METRICS, NodeGauges};

/// What the scrape reads besides the live games and the sockets, which the
/// rest of the edge holds anyway.
#[derive(Debug, Clone)]
pub(crate) struct MetricsSources {
    /// Who may read `/metrics` (`--metrics-allow`), by client address.
    pub allow: Arc<AddressRanges>,
    /// The accept loop's counter of open connections.
    pub connections: Arc<AddressCounter>,
    /// The engine pool, for its queue and its busy threads.
    pub engines: EnginePool,
}

/// The exposition for an allowed client, else the router's own 404.
pub(super) async fn metrics(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let sources = &state.metrics;
    if !sources.allow.contains(client) {
        return not_found::fallback(uri, headers).await;
    }
    let gauges = NodeGauges {
        node: &state.node_id,
        version: env!("CARGO_PKG_VERSION"),
        games_live: state.registry.live_games(),
        sockets_open: state.sockets.per_address.open(),
        connections_open: sources.connections.open(),
        engine_queue_jobs: sources.engines.queued(),
        engine_busy_threads: sources.engines.busy(),
    };
    (
        [
            (header::CONTENT_TYPE, metrics::CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        metrics::render(&gauges, &METRICS),
    )
        .into_response()
}
