//! # narabe-server
//!
//! The platform server: HTTP and WebSocket on axum, one actor per live game, and
//! the store (SQLite by default, PostgreSQL for several nodes).
//!
//! Data flow for one move: a client sends the action over HTTP or its WebSocket;
//! the game's actor checks it through `narabe-game` and `narabe-rules`, appends it
//! to the store (group commit, the expected ply checked), and only then
//! acknowledges it and broadcasts the versioned event to every connection of the
//! game.

#![forbid(unsafe_code)]

mod analysis_route;
mod api_error;
mod api_routes;
mod app_state;
mod board_diagram;
mod client_address;
mod computer;
mod game_id;
mod game_socket;
mod json_body;
mod live;
mod not_found_page;
mod page_language;
mod page_words;
mod qr_code;
mod rate_limiter;
mod router;
mod rules_diagrams;
mod rules_markdown;
pub mod rules_pages;
mod secret;
mod serve_options;
mod server;
mod site_page;
mod store;
mod web_assets;
pub mod wire;
pub mod wire_types;

pub use api_error::ApiError;
pub use client_address::{ParseTrustedProxiesError, TrustedProxies};
pub use computer::{ComputerSeat, EnginePool};
pub use game_id::GameId;
pub use live::ServerClock;
pub use rate_limiter::{RateLimit, RateLimiter};
pub use secret::{Secret, SecretHash};
pub use serve_options::ServeOptions;
pub use server::{RunningServer, serve, start};
pub use store::{ActionRecord, GameRecord, NewGame, Store, StoreError, TokenHash};
