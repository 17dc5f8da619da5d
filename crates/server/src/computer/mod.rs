//! The computer on the server: the seat it holds in a game, what it must do at
//! a given moment and how long it may think (`player.rs`, policies in
//! `docs/engine-in-server.md`), the fair pool its searches and the analyses
//! run in, so that they never stall the tasks that serve sockets and games and
//! no address can starve the others (`engine_pool.rs`), the limits that keep
//! it so (`computer_options.rs`, `computer_games.rs`), and the analyses
//! and the analysis board's threat searches (`threat_search.rs`), remembered
//! per question and served fairly (`analysis_cache.rs`, `analyses.rs`).

mod analyses;
mod analysis_cache;
mod computer_games;
mod computer_options;
mod engine_pool;
mod player;
mod seat;
mod threat_search;

pub(crate) use analyses::{Analyses, AnalysisRefusal};
use analysis_cache::AnalysisCache;
pub(crate) use computer_games::{ComputerGames, TooManyComputerGames};
pub use computer_options::ComputerOptions;
pub use engine_pool::{EnginePermit, EnginePool, JobClass, JobOwner};
pub(crate) use player::{Duty, analyse, duty, limits, position_at, seed, think};
pub use seat::ComputerSeat;
pub(crate) use threat_search::ThreatQuestion;
