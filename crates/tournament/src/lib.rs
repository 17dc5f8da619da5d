//! # narabe-tournament
//!
//! Tournaments of the five-in-a-row family without I/O: the pairing systems
//! (Swiss by the FIDE Dutch rules, round robin by the Berger tables, arena),
//! the standings with their tie-breaks, and the FIDE tournament report file
//! (TRF). The server keeps a tournament's [`History`] in its store and asks
//! this crate what comes next; nothing here knows about time, games or
//! networks.

#![forbid(unsafe_code)]

pub mod arena;
mod entrant;
mod game_result;
mod history;
mod pairing;
mod player_id;
mod points;
mod round;
pub mod round_robin;
mod scoring;
pub mod session;
mod side;
mod standings;
pub mod swiss;
mod tiebreak;
pub mod trf;

pub use entrant::Entrant;
pub use game_result::{GameResult, Outcome};
pub use history::History;
pub use pairing::{ByeReason, Pairing};
pub use player_id::PlayerId;
pub use points::Points;
pub use round::Round;
pub use scoring::Scoring;
pub use side::Side;
pub use standings::{Standing, Tally, standings};
pub use tiebreak::{Tiebreak, TiebreakValue};
