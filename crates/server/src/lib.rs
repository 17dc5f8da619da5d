//! # narabe-server
//!
//! The platform server: HTTP and WebSocket on axum, one actor per live game, and
//! the store (SQLite by default, PostgreSQL for several nodes).

#![forbid(unsafe_code)]
