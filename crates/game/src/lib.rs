//! # narabe-game
//!
//! A sans-IO game session: seats, clocks, draw offers, takebacks, abort,
//! resignation, claims and rematch around a [`narabe_rules`] game. Time is a
//! parameter; there is no tokio and no database here.

#![forbid(unsafe_code)]
