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
//!
//! The crate has a folder per concern, each private to the others but for
//! what its `mod.rs` offers: `http/` (the edge: routes, extractors, the one
//! error type with its statuses, pages), `live/` (the games of this node:
//! registry, handle, actor, deadlines, server time), `store/` (the store, its
//! writer and backends), `computer/` (the engine pool and the computer as
//! a player), `tournaments/` and `bots/` (bots by link: their keys,
//! challenges and streams); `metrics/` counts what happens in all four for `GET
//! /metrics`. `docs/architecture.md` follows one move through them. The files
//! at the top belong to no one concern: `server.rs` assembles the four and
//! stops them in order, `serve_options.rs` configures them all, `game_id.rs`
//! and `secret.rs` are the identifiers every concern passes around, and
//! `wire.rs` (with its TypeScript twin `wire_types.rs`) is the JSON that the
//! live games build and the edge sends.

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

mod bots;
mod computer;
mod game_id;
mod http;
mod live;
mod metrics;
mod secret;
mod serve_options;
mod server;
mod store;
mod tournaments;
pub mod wire;
pub mod wire_types;

pub use bots::{
    AcceptedGame, BotError, BotGameView, BotProfile, BotRecordView, BotRegistered, BotView,
    ChallengeState, ChallengeView, ChallengerView, DeclineReason, Speed,
};
pub use computer::{ComputerOptions, ComputerSeat, EnginePermit, EnginePool, JobClass, JobOwner};
pub use game_id::GameId;
pub use http::rules_pages;
pub use http::{
    AddressRanges, ApiError, DEFAULT_IPV6_PREFIX, ParseAddressRangesError,
    ParseTrustedProxiesError, RateLimit, RateLimiter, TrustedProxies, address_key,
};
pub use live::{DamagedGame, GameError, ServerClock, StorageTrouble, damaged_games};
pub use secret::{Secret, SecretHash};
pub use serve_options::{GameLimits, ServeOptions};
pub use server::{RunningServer, serve, start};
pub use store::{
    ActionRecord, BotGameRecord, BotRecord, ChallengeAcceptance, ChallengeAnswer, ChallengeRecord,
    ChallengeStatus, Challenger, GameRecord, LISTENER_APPLICATION_NAME, NewBot, NewChallenge,
    NewGame, NewTournament, StorageStatus, Store, StoreError, TokenHash, TournamentAppend,
    TournamentEntryRecord, TournamentRecord,
};
pub use tournaments::TournamentError;
