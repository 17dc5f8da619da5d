//! The limits that keep the engine fair to everyone: how many computer games
//! and engine jobs one address may have, how many takebacks the computer
//! grants, and how analyses wait and are remembered. Documented in
//! `docs/deploy.md` and `docs/engine-in-server.md`.

/// The computer's and the analyses' limits, flags of `narabe serve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct ComputerOptions {
    /// Searches that may run at once (the engine pool's threads); one per core
    /// but one (at least one) when left out.
    #[arg(long, env = "NARABE_ENGINE_THREADS")]
    pub engine_threads: Option<usize>,
    /// Engine jobs one address may have running at once (its other jobs wait
    /// their turn, taken round robin between addresses).
    #[arg(long, env = "NARABE_ENGINE_JOBS_PER_ADDRESS", default_value_t = 1)]
    pub engine_jobs_per_address: usize,
    /// Games against the computer one address may play at once (not yet over,
    /// and played in the last few minutes).
    #[arg(long, env = "NARABE_COMPUTER_GAMES_PER_ADDRESS", default_value_t = 8)]
    pub computer_games_per_address: usize,
    /// Takebacks the computer grants per game; it declines the ones after.
    #[arg(long, env = "NARABE_COMPUTER_TAKEBACKS", default_value_t = 5)]
    pub computer_takebacks: usize,
    /// How long an analysis may wait for a place in the engine pool before it
    /// is answered `busy`, in milliseconds.
    #[arg(long, env = "NARABE_ANALYSIS_WAIT_MS", default_value_t = 5_000)]
    pub analysis_wait_ms: u64,
    /// Finished analyses remembered (per position) and answered again at once.
    #[arg(long, env = "NARABE_ANALYSIS_CACHE", default_value_t = 512)]
    pub analysis_cache: usize,
}

impl Default for ComputerOptions {
    fn default() -> ComputerOptions {
        ComputerOptions {
            engine_threads: None,
            engine_jobs_per_address: 1,
            computer_games_per_address: 8,
            computer_takebacks: 5,
            analysis_wait_ms: 5_000,
            analysis_cache: 512,
        }
    }
}
