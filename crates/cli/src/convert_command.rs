//! `narabe convert`: a game record from one format to another, stdin or a file
//! to stdout.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use narabe_records::{Format, ReadOptions, Record, WriteError, guess_format, read, write};
use narabe_rules::{Opening, RuleSet};

/// What to convert, from what and to what.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The file to read; stdin when left out.
    file: Option<PathBuf>,
    /// The input format: txt, sgf, lib, psq, rif, playok, pos or bdt (default:
    /// guessed from the bytes).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// The output format: txt (narabe's game log with its header), sgf, lib or
    /// psq.
    #[arg(long, value_name = "FORMAT", default_value = "sgf", value_parser = parse_writable)]
    to: Format,
    /// The game of a file that names none: freestyle, standard, renju, caro,
    /// pente or keryo-pente (by default each format's own: renju for lib, pos,
    /// bdt, rif and sgf, freestyle for psq and playok).
    #[arg(long, value_name = "GAME", value_parser = parse_rules)]
    game: Option<RuleSet>,
    /// The opening rule of a file that names none (free, rif, yamaguchi,
    /// taraguchi10, soosorv8, pro, long-pro, swap1, swap2, tournament).
    #[arg(long, value_name = "OPENING", value_parser = parse_opening)]
    opening: Option<Opening>,
    /// Converts only this game (from 1) of a file that holds several; a txt or
    /// psq output holds one game.
    #[arg(long, value_name = "N")]
    pick: Option<usize>,
    /// Does not replay the games through the rules (a broken record is then
    /// converted as it is).
    #[arg(long)]
    no_check: bool,
}

fn parse_format(text: &str) -> Result<Format, String> {
    text.parse()
        .map_err(|error: narabe_records::ParseFormatError| error.to_string())
}

fn parse_writable(text: &str) -> Result<Format, String> {
    let format = parse_format(text)?;
    if format.is_writable() {
        Ok(format)
    } else {
        Err(WriteError::NotWritable(format).to_string())
    }
}

fn parse_rules(text: &str) -> Result<RuleSet, String> {
    text.parse()
        .map_err(|error: narabe_rules::ParseRuleSetError| error.to_string())
}

fn parse_opening(text: &str) -> Result<Opening, String> {
    text.parse()
        .map_err(|error: narabe_rules::ParseOpeningError| error.to_string())
}

/// Exit status when the input is not a readable record (its format or its
/// rules).
const UNREADABLE: u8 = 1;
/// Exit status for a bad command line, an input that cannot be opened, or
/// records the output format cannot hold.
const BAD_USAGE: u8 = 2;

/// Why the conversion stopped, with its exit status.
struct Failure {
    message: String,
    status: u8,
}

impl Failure {
    fn usage(message: impl std::fmt::Display) -> Failure {
        Failure {
            message: message.to_string(),
            status: BAD_USAGE,
        }
    }
}

/// Runs the command: reads the input, converts it and writes it to stdout.
pub fn run(args: &ConvertArgs) -> ExitCode {
    match convert(args) {
        Ok(bytes) => {
            let mut stdout = io::stdout().lock();
            match stdout.write_all(&bytes).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("narabe convert: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(failure) => {
            eprintln!("narabe convert: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

fn convert(args: &ConvertArgs) -> Result<Vec<u8>, Failure> {
    let input = match &args.file {
        Some(path) => std::fs::read(path)
            .map_err(|error| Failure::usage(format!("cannot read {}: {error}", path.display())))?,
        None => {
            let mut input = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut input)
                .map_err(|error| Failure::usage(format!("cannot read stdin: {error}")))?;
            input
        }
    };
    let from = match args.from {
        Some(format) => format,
        None => guess_format(&input).ok_or(Failure {
            message: "cannot tell the input's format: name it with --from".to_owned(),
            status: UNREADABLE,
        })?,
    };
    let options = ReadOptions {
        rules: args.game,
        opening: args.opening,
        check: !args.no_check,
    };
    let mut records = read(from, &input, &options).map_err(|error| Failure {
        message: error.to_string(),
        status: UNREADABLE,
    })?;
    if let Some(pick) = args.pick {
        let count = records.len();
        if pick == 0 || pick > count {
            return Err(Failure::usage(format!(
                "--pick {pick}: the input holds {count} game{}",
                if count == 1 { "" } else { "s" }
            )));
        }
        records = vec![records.swap_remove(pick - 1)];
    }
    write_records(args.to, &records)
}

fn write_records(to: Format, records: &[Record]) -> Result<Vec<u8>, Failure> {
    write(to, records).map_err(|error| match error {
        WriteError::ManyGames { .. } => Failure::usage(format!("{error}: choose one with --pick")),
        error => Failure::usage(error),
    })
}
