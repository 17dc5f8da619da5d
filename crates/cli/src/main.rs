//! `narabe`: the one binary of the platform. Without a subcommand it runs the
//! server (`narabe serve` with its defaults).

#![forbid(unsafe_code)]

mod bot_command;
mod check_command;
mod convert_command;
mod engine_command;
mod forbidden_command;
mod gomocup;
mod line_answers;
mod loadtest;
mod match_command;
mod node_log_format;
mod replay_command;
mod serve_command;
mod vcf_command;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use narabe_server::ServeOptions;

/// narabe: a place to play renju, gomoku, caro and pente by link.
#[derive(Debug, Parser)]
#[command(name = "narabe", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs the platform: HTTP and WebSocket on 127.0.0.1:8080, data in ./data
    /// (SQLite). This is what `narabe` without a subcommand does.
    Serve(Box<ServeOptions>),
    /// Lists Black's forbidden points (renju) for each position read from stdin.
    ///
    /// Each input line is a move list in renju notation, Black first, alternating
    /// (`h8 h9 i8`); a tab and anything after it is ignored. Each output line holds
    /// the forbidden points sorted by row then column, separated by spaces, or `-`
    /// when there are none. A line that cannot be read gets `error: <reason>` and
    /// the command goes on; the exit status is then 1.
    Forbidden,
    /// Replays a game log read from stdin and prints the final state as JSON.
    ///
    /// The log has one action per line (`place h8`, `pass`, `swap`, `keep`,
    /// `declare 3`, `offer k11`, `choose k11`, `resign first`); blank lines and
    /// lines starting with `#` are ignored. At the first refused or malformed
    /// action it prints `rejected at line N: <code>: <message>` and exits with 1;
    /// a bad configuration exits with 2. See docs/game-log.md.
    Replay(replay_command::ReplayArgs),
    /// Plays many concurrent games against a server on this machine and reports
    /// move latency, throughput, errors and the server's memory.
    ///
    /// Without --url it starts its own server (this binary as `narabe serve` on a
    /// free loopback port, with a temporary data directory and a relaxed game
    /// creation limit; the per-address action limit stays on) and stops it at
    /// the end. Clients are spread over --sources loopback addresses so the
    /// per-address limits see realistic traffic. Only loopback targets are
    /// accepted. Exits with 1 when any error occurred, 2 when the run could not
    /// be set up.
    Loadtest(loadtest::LoadtestArgs),
    /// Runs the engine as a Gomocup brain (pbrain) on stdin and stdout.
    ///
    /// Speaks the Gomocup protocol (START, BEGIN, TURN, BOARD, INFO, TAKEBACK,
    /// RESTART, ABOUT, END) with Yixin's YXBOARD and YXSHOWFORBID, so tournament
    /// managers and renju GUIs can use it. Stdout carries only protocol lines;
    /// logs go to stderr. See docs/engine-protocol.md.
    Engine(engine_command::EngineArgs),
    /// Plays two Gomocup engines against each other and reports the score and an
    /// Elo estimate.
    ///
    /// Each engine is a command line (`"narabe engine --level 3"`, a path to a
    /// pbrain executable). Every opening is played twice with colours swapped;
    /// this command is the referee (fives, renju fouls, illegal answers, time,
    /// crashes). Exits with 2 when the match cannot be set up. See
    /// docs/engine-protocol.md.
    Match(match_command::MatchArgs),
    /// Connects a Gomocup engine to a narabe server as a bot that people
    /// and other bots challenge by link.
    ///
    /// `--register NAME` asks the engine what it plays (its games and
    /// boards, and the Yixin/Rapfi extensions its opening rules need),
    /// registers the bot with that and prints its key once. With `--key` it
    /// plays: it accepts the challenges the engine can play, up to
    /// --max-games at once with one engine process per game, restarts an
    /// engine that crashes or answers nonsense and resigns when it cannot
    /// come back. See docs/bot-api.md.
    Bot(bot_command::BotArgs),
    /// Finds the VCF (victory by continuous fours) of the side to move for each
    /// position read from stdin.
    ///
    /// Each input line is a move list in renju notation on 15x15, Black first,
    /// alternating (`h8 h9 i8`); a tab and anything after it is ignored. The side
    /// to move follows from the number of moves. Each output line is `vcf` and
    /// the winning line (the fours and the forced replies, alternating, ending
    /// in the five or the four that cannot be stopped), `none` when the side to
    /// move has no VCF, or `unknown (limit)` when --nodes or --depth cut the
    /// search short. A line that cannot be read gets `error: <reason>` and the
    /// command goes on; the exit status is then 1.
    Vcf(vcf_command::VcfArgs),
    /// Converts a game record between formats: narabe's game log (txt), SGF,
    /// RenLib's lib and PSQ, and from renju.net's rif, PlayOK's text export,
    /// pos and bdt.
    ///
    /// Reads the file argument, or stdin, and writes the converted record to
    /// stdout. The input format is guessed from the bytes unless --from names
    /// it; every game is replayed through the rules. Exits with 1 when the
    /// input cannot be read (the message names the byte, line or move where it
    /// broke) and with 2 for a bad command line, an input that cannot be
    /// opened, or games the output format cannot hold. See docs/records.md.
    Convert(convert_command::ConvertArgs),
    /// Checks every game of the store (the same --data and --database as
    /// `narabe serve`): each is read and replayed as the server would.
    ///
    /// Prints one line per damaged game, its id, a tab and what is wrong (a
    /// malformed stored value, a configuration that does not read, the ply where
    /// the log stops replaying), and a count on stderr. Such games answer
    /// `500 game-damaged`. Exits with 1 when a game is damaged, 2 when the store
    /// cannot be opened or read. It may run beside a running server.
    Check(check_command::CheckArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Serve(options)) => serve_command::run(&options),
        None => serve_command::run(&ServeOptions::parse_from_env()),
        Some(Command::Forbidden) => forbidden_command::run(),
        Some(Command::Replay(args)) => replay_command::run(&args),
        Some(Command::Loadtest(args)) => loadtest::run(&args),
        Some(Command::Engine(args)) => engine_command::run(&args),
        Some(Command::Match(args)) => match_command::run(&args),
        Some(Command::Bot(args)) => bot_command::run(&args),
        Some(Command::Vcf(args)) => vcf_command::run(&args),
        Some(Command::Convert(args)) => convert_command::run(&args),
        Some(Command::Check(args)) => check_command::run(&args),
    }
}
