//! `GET /readyz`: whether this node can serve games now, for load balancers
//! and monitoring. `/healthz` stays a pure liveness check (the process
//! answers); readiness also asks the store and, with several nodes on one
//! PostgreSQL database, whether this node hears the others' changes.

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
    /// Whether the listener for the other nodes' changes is connected
    /// (absent on SQLite, where one node is alone).
    #[serde(skip_serializing_if = "Option::is_none")]
    listener: Option<bool>,
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
    let listener = state
        .listener_connected
        .as_ref()
        .map(|connected| connected.load(std::sync::atomic::Ordering::Relaxed));
    let ready = health.ok && listener != Some(false);
    let reason = if !health.ok {
        Some("storage is failing: the last write did not commit")
    } else if !ready {
        Some("not listening for the other nodes' changes: reconnecting to the database")
    } else {
        None
    };
    let body = Readiness {
        ready,
        node: &state.node_id,
        reason,
        storage: StorageReport {
            ok: health.ok,
            since: health.since,
        },
        live_games: state.registry.live_games(),
        listener,
    };
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, [("cache-control", "no-store")], Json(body)).into_response()
}
