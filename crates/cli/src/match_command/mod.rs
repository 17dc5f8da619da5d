//! `narabe match`: two Gomocup engines play a series of games; narabe is the
//! referee and reports the score and an Elo estimate.
//!
//! The parts: the engines' command lines and processes are the shared ones
//! of `crate::gomocup`, [`openings`] provides the starting positions,
//! [`referee`] plays and judges one game, [`game_record`] writes its result
//! and [`elo`] turns the score into an Elo difference.

mod elo;
mod game_record;
mod openings;
mod random_openings;
mod referee;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use clap::Args;
use narabe_rules::{BoardSize, RuleSet};

use self::elo::{estimate_elo, format_elo};
use self::game_record::{FirstResult, GameRecord, RECORDS_HEADER, Side};
use self::openings::{Opening, built_in_openings, parse_openings};
use self::random_openings::random_openings;
use self::referee::{MatchSettings, play_game};
use crate::gomocup::command_line::split_command_line;
use crate::gomocup::rule_value::rule_value;

/// The options of `narabe match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The first engine's command line, e.g. "narabe engine --level 8" or a path
    /// to a pbrain executable (`narabe` as the first word means this binary).
    #[arg(long, value_name = "CMD")]
    pub first: String,
    /// The second engine's command line.
    #[arg(long, value_name = "CMD")]
    pub second: String,
    /// Games to play; every opening is played twice with colours swapped, so the
    /// default is twice the number of openings.
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// The rules: renju, standard, freestyle or caro.
    #[arg(long, default_value = "renju", value_name = "RULE")]
    pub rule: String,
    /// The board size (default: 15, or 19 for caro).
    #[arg(long, value_name = "LINES")]
    pub size: Option<u8>,
    /// The time of one move in milliseconds (INFO timeout_turn).
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pub move_time: u64,
    /// The time of a whole game for each engine in milliseconds (INFO
    /// timeout_match); none by default.
    #[arg(long, value_name = "MS")]
    pub match_time: Option<u64>,
    /// How many milliseconds late a move may come before it loses on time.
    #[arg(long, default_value_t = 500, value_name = "MS")]
    pub time_tolerance: u64,
    /// A file of openings: one move list in renju notation a line, Black first;
    /// `-` for the empty board; `#` comments. Default: six built-in openings.
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// Plays N random three-stone openings instead: Black's first stone on the
    /// centre, the other two anywhere within three lines of it, no two
    /// openings images of one another (the same `--seed` gives the same ones).
    #[arg(long, value_name = "N")]
    pub random_openings: Option<usize>,
    /// The seed of `--random-openings`.
    #[arg(long, default_value_t = 1, value_name = "SEED")]
    pub seed: u64,
    /// Writes one tab-separated line per game to this file: number, opening,
    /// black engine, white engine, moves, result, reason and detail.
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Writes each game as Piskvork's PSQ file, `game-0001.psq` and on, into
    /// this folder (made if missing): every move with the milliseconds its
    /// engine took, the engines' command lines as the players. A game with a
    /// referee's pass has no PSQ file (the format has no pass).
    #[arg(long, value_name = "DIR")]
    pub psq: Option<PathBuf>,
    /// Games played at the same time (each game has its own two processes).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub concurrency: usize,
}

/// How long an engine may take to answer `START`.
const START_TIMEOUT: Duration = Duration::from_secs(10);

/// Plays the match. Exits with 2 when it cannot be set up, else 0 whatever the
/// score.
pub fn run(args: &MatchArgs) -> ExitCode {
    let (settings, openings) = match set_up(args) {
        Ok(setup) => setup,
        Err(message) => {
            eprintln!("narabe match: {message}");
            return ExitCode::from(2);
        }
    };
    let mut records = match &args.records {
        None => None,
        Some(path) => match File::create(path) {
            Ok(file) => Some(BufWriter::new(file)),
            Err(error) => {
                eprintln!("narabe match: cannot write {}: {error}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    if let Some(folder) = &args.psq
        && let Err(error) = std::fs::create_dir_all(folder)
    {
        eprintln!("narabe match: cannot make {}: {error}", folder.display());
        return ExitCode::from(2);
    }
    let games = args.games.unwrap_or(2 * openings.len());
    println!(
        "match: {} games of {} on {}, {} ms a move{}; first = {:?}, second = {:?}",
        games,
        settings.rules,
        settings.size,
        settings.move_time.as_millis(),
        settings.match_time.map_or_else(String::new, |time| format!(
            ", {} ms a game",
            time.as_millis()
        )),
        settings.first,
        settings.second
    );
    if let Some(records) = records.as_mut()
        && let Err(error) = writeln!(records, "{RECORDS_HEADER}")
    {
        eprintln!("narabe match: cannot write the records: {error}");
        return ExitCode::from(2);
    }
    let mut tally = [0u32; 3];
    let mut write_error = None;
    play_games(&settings, &openings, games, args.concurrency, |record| {
        println!("{}", record.summary_line());
        tally[match record.first_result() {
            FirstResult::Win => 0,
            FirstResult::Draw => 1,
            FirstResult::Loss => 2,
        }] += 1;
        if let Some(records) = records.as_mut()
            && let Err(error) =
                writeln!(records, "{}", record.record_line()).and_then(|()| records.flush())
        {
            write_error.get_or_insert(error);
        }
        if let Some(folder) = &args.psq {
            write_psq(folder, record, &settings, &mut write_error);
        }
    });
    if let Some(error) = write_error {
        eprintln!("narabe match: cannot write the records: {error}");
    }
    let [wins, draws, losses] = tally;
    print_score(wins, draws, losses);
    ExitCode::SUCCESS
}

fn print_score(wins: u32, draws: u32, losses: u32) {
    let games = wins + draws + losses;
    println!(
        "score of first against second: {wins} wins, {draws} draws, {losses} losses in {games} games"
    );
    if let Some(estimate) = estimate_elo(wins, draws, losses) {
        println!(
            "points: {:.1}/{games} ({:.1}%); Elo difference (first - second): {} [95%: {} .. {}]",
            estimate.score * f64::from(games),
            estimate.score * 100.0,
            format_elo(estimate.elo),
            format_elo(estimate.low),
            format_elo(estimate.high)
        );
    }
}

/// Checks the arguments and reads the openings.
fn set_up(args: &MatchArgs) -> Result<(MatchSettings, Vec<Opening>), String> {
    let rules: RuleSet = args
        .rule
        .parse()
        .map_err(|error| format!("--rule: {error}"))?;
    if rule_value(rules).is_none() {
        return Err(format!(
            "--rule: {rules} has no Gomocup rule value; choose renju, standard, freestyle or caro"
        ));
    }
    let lines = args.size.unwrap_or(rules.default_size().get());
    let size = BoardSize::new(lines)
        .ok_or_else(|| format!("--size: {lines} is not a board size from 5 to 22"))?;
    if !rules.allows_size(size) {
        return Err(format!("--size: {rules} is not played on a {size} board"));
    }
    if args.move_time == 0 {
        return Err("--move-time: a move needs at least 1 ms".to_owned());
    }
    if args.match_time == Some(0) {
        return Err("--match-time: a game needs at least 1 ms (leave it out for none)".to_owned());
    }
    if args.concurrency == 0 {
        return Err("--concurrency: at least 1".to_owned());
    }
    if args.games == Some(0) {
        return Err("--games: at least 1".to_owned());
    }
    for (flag, command) in [("--first", &args.first), ("--second", &args.second)] {
        split_command_line(command).map_err(|error| format!("{flag}: {error}"))?;
    }
    let openings = match (&args.openings, args.random_openings) {
        (None, Some(count)) => random_openings(count, args.seed, size)
            .map_err(|error| format!("--random-openings: {error}"))?,
        (None, None) => built_in_openings(size),
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .map_err(|error| format!("--openings {}: {error}", path.display()))?;
            parse_openings(&text, rules, size)
                .map_err(|error| format!("--openings {}: {error}", path.display()))?
        }
    };
    let settings = MatchSettings {
        rules,
        size,
        move_time: Duration::from_millis(args.move_time),
        match_time: args.match_time.map(Duration::from_millis),
        tolerance: Duration::from_millis(args.time_tolerance),
        start_timeout: START_TIMEOUT,
        first: args.first.clone(),
        second: args.second.clone(),
    };
    Ok((settings, openings))
}

/// Game `index` (0-based): openings in turn, each twice, the first engine
/// Black in the first game of the pair.
fn game_plan(openings: &[Opening], index: usize) -> (&Opening, Side) {
    let opening = &openings[(index / 2) % openings.len()];
    let black = if index.is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    };
    (opening, black)
}

/// Writes `record` as `game-<number>.psq` into `folder`; a game PSQ cannot
/// hold is said on stderr, a file that cannot be written kept as the first
/// write error.
fn write_psq(
    folder: &std::path::Path,
    record: &GameRecord,
    settings: &MatchSettings,
    write_error: &mut Option<std::io::Error>,
) {
    let engines = [settings.first.as_str(), settings.second.as_str()];
    match record.psq(settings.rules, settings.size, engines) {
        Ok(text) => {
            let path = folder.join(format!("game-{:04}.psq", record.number));
            if let Err(error) = std::fs::write(path, text) {
                write_error.get_or_insert(error);
            }
        }
        Err(error) => eprintln!("narabe match: game {}: no PSQ file: {error}", record.number),
    }
}

/// Plays `games` games on `concurrency` threads, handing each record to
/// `on_record` on this thread as its game ends.
fn play_games(
    settings: &MatchSettings,
    openings: &[Opening],
    games: usize,
    concurrency: usize,
    mut on_record: impl FnMut(&GameRecord),
) {
    let next_game = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..concurrency.min(games) {
            let sender = sender.clone();
            let next_game = &next_game;
            scope.spawn(move || {
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        return;
                    }
                    let (opening, black) = game_plan(openings, index);
                    let record = play_game(settings, index + 1, opening, black);
                    if sender.send(record).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for record in receiver {
            on_record(&record);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_opening_is_played_twice_with_colours_swapped() {
        let openings = built_in_openings(BoardSize::FIFTEEN);
        let plan: Vec<(String, Side)> = (0..14)
            .map(|index| {
                let (opening, black) = game_plan(&openings, index);
                (opening.notation(), black)
            })
            .collect();
        assert_eq!(plan[0], (openings[0].notation(), Side::First));
        assert_eq!(plan[1], (openings[0].notation(), Side::Second));
        assert_eq!(plan[2], (openings[1].notation(), Side::First));
        assert_eq!(plan[11], (openings[5].notation(), Side::Second));
        // More games than pairs start the openings over.
        assert_eq!(plan[12], (openings[0].notation(), Side::First));
    }
}
