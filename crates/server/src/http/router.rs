//! All routes of the server and the layers around them.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::{get, post};

use super::api::record_import::MAX_RECORD_BYTES;
use super::api::{
    analysis, bot_game, bot_streams, bots, catalog, challenges, create, game, position_analysis,
    position_facts, record, record_export, record_import, seats, socket, threat_analysis,
    tournament, tournament_create, tournament_export, tournament_socket,
};
use super::diagrams::{diagram_gif, diagram_png, diagram_svg};
use super::pages::{not_found, qr_code, web_assets};
use super::{metrics, readiness, rules_pages};
use crate::http::app_state::AppState;
use crate::http::extract::json_body::MAX_BODY_BYTES;
use crate::http::request_budget::within_request_budget;
use crate::http::security_headers::with_security_headers;

/// The router of the whole server.
pub(crate) fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/catalog", get(catalog::catalog))
        .route("/api/games", post(create::create_game))
        .route(
            "/api/analysis",
            post(position_analysis::analyse_any_position),
        )
        .route(
            "/api/records/import",
            post(record_import::import_record).layer(DefaultBodyLimit::max(MAX_RECORD_BYTES)),
        )
        .route(
            "/api/records/export",
            post(record_export::export_record).layer(DefaultBodyLimit::max(MAX_RECORD_BYTES)),
        )
        .route(
            "/api/analysis/threats",
            post(threat_analysis::search_threats),
        )
        .route("/api/position", post(position_facts::position_facts))
        .route("/api/games/{id}", get(game::game_state))
        .route("/api/games/{id}/join", post(seats::join_game))
        .route("/api/games/{id}/invitation", get(seats::invitation))
        .route("/api/games/{id}/invite", get(seats::invite_link))
        .route(
            "/api/games/{id}/rematch-seat",
            post(seats::take_rematch_seat),
        )
        .route("/api/games/{id}/actions", post(game::act))
        .route("/api/games/{id}/log", get(game::game_log))
        .route("/api/games/{id}/record", get(record::game_record))
        .route("/api/games/{id}/analysis", post(analysis::analyse))
        .route("/api/games/{id}/ws", get(socket::upgrade))
        .route(
            "/api/tournaments",
            post(tournament_create::create_tournament),
        )
        .route("/api/tournaments/{id}", get(tournament::tournament_state))
        .route(
            "/api/tournaments/{id}/join",
            post(tournament::join_tournament),
        )
        .route(
            "/api/tournaments/{id}/actions",
            post(tournament::tournament_action),
        )
        .route(
            "/api/tournaments/{id}/export",
            get(tournament_export::export_tournament),
        )
        .route(
            "/api/tournaments/{id}/ws",
            get(tournament_socket::upgrade_tournament),
        )
        .route("/api/bots", post(bots::register_bot))
        .route(
            "/api/bots/{name}",
            get(bots::bot_page).delete(bots::revoke_bot),
        )
        .route("/api/bot/account", get(bots::account))
        .route("/api/bot/stream/event", get(bot_streams::event_stream))
        .route("/api/bot/game/stream/{id}", get(bot_streams::game_stream))
        .route("/api/bot/game/{id}/action", post(bot_game::bot_action))
        .route("/api/bot/game/{id}/resign", post(bot_game::bot_resign))
        .route("/api/bot/game/{id}/abort", post(bot_game::bot_abort))
        .route("/api/bot/game/{id}/draw/{answer}", post(bot_game::bot_draw))
        .route(
            "/api/bot/game/{id}/takeback/{answer}",
            post(bot_game::bot_takeback),
        )
        .route(
            "/api/bot/game/{id}/claim-victory",
            post(bot_game::bot_claim_victory),
        )
        .route(
            "/api/bot/game/{id}/claim-draw",
            post(bot_game::bot_claim_draw),
        )
        .route("/api/bot/{name}/challenge", post(challenges::challenge_bot))
        .route("/api/challenge/{id}", get(challenges::challenge_state))
        .route(
            "/api/challenge/{id}/accept",
            post(challenges::accept_challenge),
        )
        .route(
            "/api/challenge/{id}/decline",
            post(challenges::decline_challenge),
        )
        .route(
            "/api/challenge/{id}/cancel",
            post(challenges::cancel_challenge),
        )
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readiness::readiness))
        .route("/metrics", get(metrics::metrics))
        .route("/qr.svg", get(qr_code::qr_svg))
        .route("/diagram.svg", get(diagram_svg))
        .route("/diagram.png", get(diagram_png))
        .route("/diagram.gif", get(diagram_gif))
        .route("/", get(web_assets::home_page))
        .route("/g/{id}", get(web_assets::game_page))
        .route("/analysis", get(web_assets::analysis_page))
        .route("/t/{id}", get(web_assets::tournament_page))
        .route("/bot/{name}", get(web_assets::bot_page))
        .route("/tournaments/new", get(web_assets::new_tournament_page))
        .route("/assets/{*path}", get(web_assets::asset))
        .route("/rules", get(rules_pages::rules_index))
        .route("/rules/{page}", get(rules_pages::rules_page))
        .route("/manifest.webmanifest", get(web_assets::manifest))
        .route("/favicon.ico", get(web_assets::favicon))
        .fallback(not_found::fallback)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            within_request_budget,
        ))
        // Outermost, so that the budget's refusals carry the headers too.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            with_security_headers,
        ))
        .with_state(state)
}
