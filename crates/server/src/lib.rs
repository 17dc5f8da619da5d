//! # narabe-server
//!
//! The platform server: HTTP and WebSocket on axum, one actor per live game, and
//! the store (SQLite by default, PostgreSQL for several nodes).

#![forbid(unsafe_code)]

mod game_record;
mod seat;
mod store;
mod store_error;
mod store_postgres;
mod store_sql;
mod store_sqlite;
mod store_statements;
mod store_writer;

pub use game_record::{ActionRecord, GameRecord, NewGame, TokenHash};
pub use seat::Seat;
pub use store::Store;
pub use store_error::StoreError;
