//! Where the lost games of a match became a proven loss: for every game the
//! engine lost in a `narabe match --records` file, the first of its moves
//! after which `find_threat_win` proves that the opponent wins by continuous
//! threats (VCT), and whether another move there would have left no VCT
//! (docs/benchmarks.md, stop 43).
//!
//! `cargo run --release -p narabe-engine --example vct_blunders -- RECORDS [--side first|second] [--ms MS] [--other-ms MS]`
//!
//! The rule set is the file name's first word (`freestyle-rapfi-...tsv`);
//! `--side` names the engine of interest in the records (default `first`,
//! the side `scripts/engine-vs-peers` gives narabe). For each of its moves
//! after the opening's stones (the records' second column, nobody's moves),
//! the position after it is searched for the opponent's
//! VCT (`--ms`, default 300 ms). At the first move where one is found, every
//! other move it could have played there (an empty point within two of a
//! stone; not a foul for Black; not a four, which only delays the opponent's
//! threats, and after which the opponent's threat search would only block
//! and stop) is searched the same way for `--other-ms` (default 60 ms) and
//! counted as safe (the search proved that no VCT of up to seven threats
//! exists), unknown (cut short) or lost. One line a lost game.
//!
//! A game whose first such move has no safe alternative was already lost
//! (as far as VCTs show) before it: a check of the chosen move against the
//! opponent's VCT would not have saved it.

use std::time::{Duration, Instant};

use narabe_engine::engine_board::EngineBoard;
use narabe_engine::{ThreatKind, ThreatLimits, VcfOutcome, find_threat_win};
use narabe_rules::{BlackVerdict, Color, Move, Point, Position, RuleSet};

mod tuning_files;
use tuning_files::{play, rules_of};

/// The command line.
struct Options {
    file: String,
    side: String,
    chosen_time: Duration,
    other_time: Duration,
}

/// What the opponent's threat search found after one move.
enum Verdict {
    /// A VCT of this many threats, found in this time.
    Lost { threats: usize, time: Duration },
    /// None within seven threats.
    Safe,
    /// The search was cut short.
    Unknown,
}

/// The moves other than the chosen one at the first lost move, by verdict.
#[derive(Default)]
struct Alternatives {
    safe: Vec<Point>,
    unknown: usize,
    lost: usize,
}

fn main() {
    let options = parse_options().unwrap_or_else(|error| {
        eprintln!("vct_blunders: {error}");
        eprintln!("usage: vct_blunders RECORDS [--side first|second] [--ms MS] [--other-ms MS]");
        std::process::exit(2);
    });
    let rules = rules_of(&options.file);
    let text = std::fs::read_to_string(&options.file).unwrap_or_else(|error| {
        eprintln!("vct_blunders: {}: {error}", options.file);
        std::process::exit(2);
    });
    let (mut lost_games, mut with_vct, mut avoidable) = (0, 0, 0);
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split('\t').collect();
        let [game, opening, black, _, moves, result, ..] = columns[..] else {
            eprintln!(
                "vct_blunders: {} line {}: not a records line (game, opening, black, white, moves, result)",
                options.file,
                number + 1
            );
            std::process::exit(2);
        };
        let engine = if black == options.side {
            Color::Black
        } else {
            Color::White
        };
        let engine_won = match result {
            "1-0" => engine == Color::Black,
            "0-1" => engine == Color::White,
            _ => continue,
        };
        if engine_won {
            continue;
        }
        lost_games += 1;
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let opening_stones = opening.split_whitespace().count();
        match first_lost_move(rules, &moves, opening_stones, engine, &options) {
            Ok(Some((index, threats, time, alternatives))) => {
                with_vct += 1;
                if !alternatives.safe.is_empty() {
                    avoidable += 1;
                }
                let safe: Vec<String> = alternatives.safe.iter().map(Point::to_string).collect();
                println!(
                    "game {game} ({engine:?}, {} moves): move {} {} lets the opponent win by a VCT of {threats} threats (found in {} ms); of the other moves {} safe [{}], {} unknown, {} lost",
                    moves.len(),
                    index + 1,
                    moves[index],
                    time.as_millis(),
                    safe.len(),
                    safe.join(" "),
                    alternatives.unknown,
                    alternatives.lost,
                );
            }
            Ok(None) => println!(
                "game {game} ({engine:?}, {} moves): no move found into a VCT",
                moves.len()
            ),
            Err(error) => {
                eprintln!("vct_blunders: {} game {game}: {error}", options.file);
                std::process::exit(2);
            }
        }
    }
    println!(
        "{lost_games} lost games; {with_vct} with a move into a VCT, {avoidable} of them with a safe other move there"
    );
}

/// The first of `engine`'s moves (after the `opening_stones` first ones)
/// after which the opponent has a VCT, with its length, the time the search took and the verdicts
/// on the other moves there.
fn first_lost_move(
    rules: RuleSet,
    moves: &[&str],
    opening_stones: usize,
    engine: Color,
    options: &Options,
) -> Result<Option<(usize, usize, Duration, Alternatives)>, String> {
    let mut position = Position::new(rules);
    for (index, text) in moves.iter().enumerate() {
        let before = position.clone();
        play(&mut position, index, text)?;
        if index < opening_stones || before.turn() != engine || position.is_over() {
            continue;
        }
        if let Verdict::Lost { threats, time } = opponent_verdict(&position, options.chosen_time) {
            let chosen: Point = text.parse().map_err(|_| format!("bad move {text:?}"))?;
            let alternatives = alternatives(&before, chosen, options.other_time);
            return Ok(Some((index, threats, time, alternatives)));
        }
    }
    Ok(None)
}

/// The opponent's (the side to move's) VCT in `position`.
fn opponent_verdict(position: &Position, time: Duration) -> Verdict {
    let start = Instant::now();
    let limits = ThreatLimits {
        max_nodes: None,
        time: Some(time),
        stop: None,
    };
    match find_threat_win(position, ThreatKind::Vct, &limits) {
        VcfOutcome::Found(line) => Verdict::Lost {
            threats: line.len().div_ceil(2),
            time: start.elapsed(),
        },
        VcfOutcome::None => Verdict::Safe,
        VcfOutcome::LimitReached => Verdict::Unknown,
    }
}

/// The verdicts on the moves other than `chosen` in `before`.
fn alternatives(before: &Position, chosen: Point, time: Duration) -> Alternatives {
    let mover = before.turn();
    let stones: Vec<Point> = before.board().stones().map(|(point, _)| point).collect();
    let near = |point: Point| {
        stones.iter().any(|stone| {
            stone.col().abs_diff(point.col()) <= 2 && stone.row().abs_diff(point.row()) <= 2
        })
    };
    let mut found = Alternatives::default();
    for legal in before.legal_moves() {
        let Move::Place(point) = legal else { continue };
        if point == chosen || !near(point) {
            continue;
        }
        if mover == Color::Black
            && matches!(before.black_verdict(point), Some(BlackVerdict::Foul(_)))
        {
            continue;
        }
        let Ok(after) = before.clone().play(legal) else {
            continue;
        };
        if after.is_over() || makes_four(&after, mover) {
            continue;
        }
        match opponent_verdict(&after, time) {
            Verdict::Safe => found.safe.push(point),
            Verdict::Unknown => found.unknown += 1,
            Verdict::Lost { .. } => found.lost += 1,
        }
    }
    found
}

/// Whether `mover`, who just played in `after`, has a five to make next.
fn makes_four(after: &Position, mover: Color) -> bool {
    !EngineBoard::from_position(after)
        .winning_points(mover)
        .is_empty()
}

fn parse_options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        file: String::new(),
        side: "first".to_owned(),
        chosen_time: Duration::from_millis(300),
        other_time: Duration::from_millis(60),
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--side" => {
                options.side = value("--side")?;
                if options.side != "first" && options.side != "second" {
                    return Err("--side is first or second".to_owned());
                }
            }
            "--ms" => options.chosen_time = milliseconds(&value("--ms")?)?,
            "--other-ms" => options.other_time = milliseconds(&value("--other-ms")?)?,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ if options.file.is_empty() => options.file = arg,
            _ => return Err(format!("one records file, not also {arg}")),
        }
    }
    if options.file.is_empty() {
        return Err("no records file".to_owned());
    }
    Ok(options)
}

fn milliseconds(text: &str) -> Result<Duration, String> {
    text.parse()
        .map(Duration::from_millis)
        .map_err(|_| format!("{text:?} is not a number of milliseconds"))
}
