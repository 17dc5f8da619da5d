//! `GET /readyz`: whether this node can serve games now, for load balancers
//! and monitoring. `/healthz` stays a pure liveness check (the process
//! answers); readiness also asks the store.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::app_state::AppState;

/// The answer of `/readyz`: `200` with `ready: true`, or `503` with a reason.
#[derive(Debug, Serialize)]
struct Readiness<'a> {
    ready: bool,
    /// The node's id (`--node-id`), to tell the nodes behind one balancer apart.
    node: &'a str,
    /// Why the node is not ready, for people; absent when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    storage: StorageReport,
    /// Games whose actor runs on this node now.
    live_games: usize,
}

#[derive(Debug, Serialize)]
struct StorageReport {
    ok: bool,
    /// Milliseconds since the Unix epoch since when the writes have been in
    /// this state.
    since: i64,
}

/// Reports the store's health; while the writes are failing, it first tries
/// a probe write, so that a node nobody sends games to (because it is not
/// ready) still notices when the store works again.
pub(super) async fn readiness(State(state): State<AppState>) -> Response {
    let store = state.registry.store();
    let mut health = store.health();
    if !health.ok {
        // The outcome is recorded in the health like any write's.
        let _ = store.probe().await;
        health = store.health();
    }
    let body = Readiness {
        ready: health.ok,
        node: &state.node_id,
        reason: (!health.ok).then_some("storage is failing: the last write did not commit"),
        storage: StorageReport {
            ok: health.ok,
            since: health.since,
        },
        live_games: state.registry.live_games(),
    };
    let status = if health.ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, [("cache-control", "no-store")], Json(body)).into_response()
}
