//! `narabe`: the one binary of the platform. Until the server lands, running it
//! without a subcommand prints this help.

#![forbid(unsafe_code)]

mod forbidden_command;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// narabe: a place to play renju, gomoku, caro and pente by link.
#[derive(Debug, Parser)]
#[command(name = "narabe", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Lists Black's forbidden points (renju) for each position read from stdin.
    ///
    /// Each input line is a move list in renju notation, Black first, alternating
    /// (`h8 h9 i8`); a tab and anything after it is ignored. Each output line holds
    /// the forbidden points sorted by row then column, separated by spaces, or `-`
    /// when there are none. A line that cannot be read gets `error: <reason>` and
    /// the command goes on; the exit status is then 1.
    Forbidden,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Forbidden) => forbidden_command::run(),
        None => {
            Cli::command().print_help().ok();
            println!();
            ExitCode::SUCCESS
        }
    }
}
