//! The live games of this node: one actor per game, started on demand from
//! the store by the registry and reached through its handle, and the one
//! timer that wakes games at their deadlines; with several nodes on one
//! PostgreSQL database, the change listener and the sweep of overdue
//! deadlines; and the integrity check that replays every stored game.

mod actor;
pub(crate) mod change_listener;
pub(crate) mod deadline_scheduler;
pub(crate) mod expiry_sweeper;
mod finished_games;
mod game_error;
mod game_setup;
mod handle;
mod integrity;
pub(crate) mod overdue_deadlines;
mod registry;
mod server_clock;

pub(crate) use actor::{ActorContext, sleep_until_option, stopping};
pub(crate) use finished_games::{FinishedGame, FinishedGameNotices};
pub use game_error::{GameError, StorageTrouble};
pub(crate) use game_setup::{BotSeats, GameSetup, SeatInvites};
pub(crate) use handle::{GameHandle, Role, SharedMessage};
pub use integrity::{DamagedGame, damaged_games};
pub(crate) use registry::GameRegistry;
pub use server_clock::ServerClock;
