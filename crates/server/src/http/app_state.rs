//! What every request handler shares.

use std::sync::Arc;

use tokio::sync::watch;

use crate::computer::{Analyses, ComputerGames};
use crate::http::connections::SocketLimits;
use crate::http::extract::client_address::TrustedProxies;
use crate::http::metrics::MetricsSources;
use crate::http::pages::qr_cache::QrCache;
use crate::http::rate_limiter::RateLimiter;
use crate::http::request_budget::RequestBudgets;
use crate::http::security_headers::SecurityHeaders;
use crate::live::GameRegistry;

/// The state of the HTTP and WebSocket handlers. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct AppState {
    /// The live games.
    pub registry: GameRegistry,
    /// The tournaments.
    pub tournaments: crate::tournaments::TournamentRegistry,
    /// The bots, their challenges and their streams' nudges.
    pub bots: crate::bots::BotHub,
    /// The analyses: cached, one per address at a time, in the engine pool's
    /// share for them (half, so the computer players never wait for them).
    pub analyses: Analyses,
    /// The computer games each address plays.
    pub computer_games: ComputerGames,
    /// The per-address limit on creating games.
    pub create_limiter: Arc<RateLimiter>,
    /// The per-address limit on actions (HTTP and WebSocket alike).
    pub action_limiter: Arc<RateLimiter>,
    /// The per-address budgets of every request and socket message.
    pub budgets: Arc<RequestBudgets>,
    /// The QR codes drawn lately.
    pub qr_cache: Arc<QrCache>,
    /// The headers every response carries.
    pub security_headers: Arc<SecurityHeaders>,
    /// Peers whose `X-Forwarded-For` names the client (reverse proxies).
    pub trusted_proxies: Arc<TrustedProxies>,
    /// The public base URL for links (`http://127.0.0.1:8080`), without a
    /// trailing slash.
    pub public_url: Arc<str>,
    /// The cap on WebSockets per address and their pings.
    pub sockets: SocketLimits,
    /// This node's id (`--node-id`), in `/readyz` and `/metrics`.
    pub node_id: Arc<str>,
    /// What `/metrics` reads and who may read it.
    pub metrics: MetricsSources,
    /// Flips to `true` when the server shuts down: sockets close politely.
    pub shutdown: watch::Receiver<bool>,
    /// Whether the listener for other nodes' changes is connected, on a
    /// store that several nodes share (`None` on SQLite).
    pub listener_connected: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}
