//! All routes of the server and the layers around them.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::response::Html;
use axum::routing::{get, post};

use crate::app_state::AppState;
use crate::json_body::MAX_BODY_BYTES;
use crate::{api_routes, game_socket};

/// The router of the whole server.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/games", post(api_routes::create_game))
        .route("/api/games/{id}", get(api_routes::game_state))
        .route("/api/games/{id}/join", post(api_routes::join_game))
        .route("/api/games/{id}/actions", post(api_routes::act))
        .route("/api/games/{id}/log", get(api_routes::game_log))
        .route("/api/games/{id}/ws", get(game_socket::upgrade))
        .route("/healthz", get(|| async { "ok" }))
        .route("/", get(home_page))
        .route("/g/{id}", get(home_page))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

/// The page at `/` and behind every game link until the web client arrives: it
/// says what the server is and where its API is described.
async fn home_page() -> Html<&'static str> {
    Html(concat!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">",
        "<title>narabe</title>",
        "<h1>narabe</h1>",
        "<p>Renju, gomoku, caro and pente by link. The web client is on its way; ",
        "the HTTP and WebSocket API (see docs/api.md) already plays every game.</p>",
        "</html>"
    ))
}
