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
#![warn(unreachable_pub)]

mod computer;
mod game_id;
mod http;
mod live;
mod secret;
mod serve_options;
mod server;
mod store;
pub mod wire;
pub mod wire_types;

pub use computer::{ComputerSeat, EnginePool};
pub use game_id::GameId;
pub use http::rules_pages;
pub use http::{ApiError, ParseTrustedProxiesError, RateLimit, RateLimiter, TrustedProxies};
pub use live::{GameError, ServerClock, StorageTrouble};
pub use secret::{Secret, SecretHash};
pub use serve_options::ServeOptions;
pub use server::{RunningServer, serve, start};
pub use store::{ActionRecord, GameRecord, NewGame, Store, StoreError, TokenHash};
