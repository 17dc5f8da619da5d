//! `narabe engine`: the engine as a Gomocup brain on stdin and stdout.

use std::io::{self, BufReader};
use std::process::ExitCode;

use clap::Args;
use narabe_engine::{EngineOptions, Strength, run_gomocup};

/// The options of `narabe engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Playing strength, from 1 (human-like mistakes) to 8 (full strength).
    #[arg(long, default_value_t = Strength::FULL, value_name = "1..8")]
    pub level: Strength,
    /// Seed of the engine's choices among near-equal moves (weaker levels and
    /// openings vary with it).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Search threads at full strength (a manager's `INFO thread_num`
    /// overrides it).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
}

/// Speaks the protocol until `END` or the end of stdin. Stdout carries protocol
/// lines only; this command's own words go to stderr.
pub fn run(args: &EngineArgs) -> ExitCode {
    let defaults = EngineOptions::default();
    let options = EngineOptions {
        strength: args.level,
        seed: args.seed.unwrap_or(defaults.seed),
        threads: usize::from(args.threads),
        ..defaults
    };
    eprintln!(
        "narabe engine {}: level {}, seed {}, {} thread(s); Gomocup protocol on stdin/stdout",
        env!("CARGO_PKG_VERSION"),
        options.strength,
        options.seed,
        options.threads
    );
    let input = BufReader::new(io::stdin());
    match run_gomocup(input, io::stdout().lock(), options) {
        Ok(()) => ExitCode::SUCCESS,
        // The manager closed the pipe: nobody is left to answer.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("narabe engine: {error}");
            ExitCode::FAILURE
        }
    }
}
