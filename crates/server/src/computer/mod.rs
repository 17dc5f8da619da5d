//! The computer on the server: the seat it holds in a game, what it must do at
//! a given moment and how long it may think (`player.rs`, policies in
//! `docs/engine-in-server.md`), and the bounded pool its searches and the
//! analyses run in, so that they never stall the tasks that serve sockets and
//! games.

mod engine_pool;
mod player;
mod seat;

pub use engine_pool::EnginePool;
pub(crate) use player::{Duty, analyse, duty, limits, position_at, seed, think};
pub use seat::ComputerSeat;
