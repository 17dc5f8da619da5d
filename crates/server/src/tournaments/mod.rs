//! Tournaments by link: Swiss, round robin and arena. Each tournament is
//! an actor on this node (`actor.rs`) owning a `narabe_tournament` session,
//! whose log the store keeps like a game's; its games are ordinary narabe
//! games whose seats its players' tokens hold, and which tell it when they
//! end (`live::FinishedGameNotices`).

mod actor;
mod game_outcome;
mod handle;
mod registry;
mod setup;
mod tournament_error;
mod view;

pub(crate) use actor::TournamentContext;
pub(crate) use handle::{TournamentAction, TournamentHandle, Viewer};
pub(crate) use registry::TournamentRegistry;
pub(crate) use setup::{TournamentRequest, TournamentSetup};
pub use tournament_error::TournamentError;
pub(crate) use view::{
    AdjustmentView, AnnouncementView, LineView, PlayerView, RoundView, StandingView, SystemView,
    TournamentView, player_id, result_from_name,
};
