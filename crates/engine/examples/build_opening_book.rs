//! Builds an opening book (`crates/engine/book/<rule>.txt`, read by
//! `narabe_engine::opening_book`) with the engine's own searches.
//!
//! ```text
//! cargo run --release -p narabe-engine --example build_opening_book -- \
//!     --rule renju --openings scripts/ladder-openings.txt \
//!     --plies 3 --replies 3 --nodes 1500000 --out crates/engine/book/renju.txt
//! ```
//!
//! From each opening of the openings file (the 26 canonical renju openings,
//! three stones each), every position up to `--plies` moves further is
//! searched at full strength with `--nodes` nodes and `--replies` lines
//! (multi-PV): its best move is the book's move, and all its lines are
//! expanded, since either side may be the engine's (the best move is what
//! the engine will play, the others are the opponent's likely replies). A
//! position the search finds decided (a forced win either way) is not
//! expanded: the engine's own threat searches play it. Positions that are
//! images of one another under the board's symmetries are searched once.
//!
//! Searches are bounded by nodes, not time, so the book does not depend on
//! how busy the machine was. The output file is read first and its positions
//! are not searched again, so a build can be stopped and resumed, or deepened
//! by running it again with more plies; each new position is appended as it
//! is found, and the file is written back sorted at the end.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;

use narabe_engine::opening_book::{BookEntry, BookKey, OpeningBook, book_line};
use narabe_engine::{Engine, EngineOptions, Score, SearchLimits};
use narabe_rules::{Move, Point, Position, RuleSet};

/// The score written for a forced win (less the plies to it), as the
/// search's own scale has it.
const WIN_VALUE: i32 = 30_000;

struct Settings {
    rules: RuleSet,
    openings: String,
    plies: usize,
    replies: usize,
    nodes: u64,
    out: String,
}

fn settings() -> Settings {
    let mut settings = Settings {
        rules: RuleSet::Renju,
        openings: "scripts/ladder-openings.txt".to_owned(),
        plies: 3,
        replies: 3,
        nodes: 1_500_000,
        out: String::new(),
    };
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!(
            "usage: build_opening_book --rule renju|freestyle|standard [--openings FILE] \
             [--plies N] [--replies N] [--nodes N] [--out FILE]"
        );
        std::process::exit(2);
    };
    let mut words = arguments.iter();
    while let Some(flag) = words.next() {
        let value = words.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--rule" => settings.rules = value.parse().unwrap_or_else(|_| usage()),
            "--openings" => settings.openings.clone_from(value),
            "--plies" => settings.plies = value.parse().unwrap_or_else(|_| usage()),
            "--replies" => settings.replies = value.parse().unwrap_or_else(|_| usage()),
            "--nodes" => settings.nodes = value.parse().unwrap_or_else(|_| usage()),
            "--out" => settings.out.clone_from(value),
            _ => usage(),
        }
    }
    if settings.out.is_empty() {
        settings.out = format!("crates/engine/book/{}.txt", settings.rules.name());
    }
    settings
}

/// The openings of a file like `scripts/ladder-openings.txt`: one opening a
/// line, moves in renju notation; `#` comments.
fn openings(settings: &Settings) -> Vec<Position> {
    let text = std::fs::read_to_string(&settings.openings).unwrap_or_else(|error| {
        eprintln!("{}: {error}", settings.openings);
        std::process::exit(2);
    });
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut position = Position::new(settings.rules);
            for word in line.split_whitespace() {
                let point: Point = word.parse().unwrap_or_else(|_| {
                    eprintln!("{}: not a point: {word}", settings.openings);
                    std::process::exit(2);
                });
                position
                    .play_mut(Move::Place(point))
                    .unwrap_or_else(|error| {
                        eprintln!("{}: {line}: {error}", settings.openings);
                        std::process::exit(2);
                    });
            }
            position
        })
        .collect()
}

fn book_value(score: Score) -> i32 {
    match score {
        Score::Value(value) => value,
        Score::WinIn(plies) => WIN_VALUE - i32::try_from(plies).unwrap_or(0),
        Score::LossIn(plies) => -WIN_VALUE + i32::try_from(plies).unwrap_or(0),
    }
}

fn main() {
    let settings = settings();
    let mut known: BTreeMap<String, String> = BTreeMap::new();
    if let Ok(text) = std::fs::read_to_string(&settings.out) {
        if let Err(line) = OpeningBook::parse(&text) {
            eprintln!("{}: {line}", settings.out);
            std::process::exit(2);
        }
        for line in text.lines().filter(|line| line.contains(" : ")) {
            let (key, _) = line.split_once(" : ").expect("a book line");
            known.insert(key.to_owned(), line.to_owned());
        }
    }
    let mut appending = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&settings.out)
        .unwrap_or_else(|error| {
            eprintln!("{}: {error}", settings.out);
            std::process::exit(2);
        });
    let mut engine = Engine::new(EngineOptions {
        memory_bytes: 256 << 20,
        ..EngineOptions::default()
    });
    let limits = SearchLimits {
        max_nodes: Some(settings.nodes),
        ..SearchLimits::default()
    };
    let mut visited: HashSet<String> = HashSet::new();
    let mut layer: Vec<Position> = openings(&settings);
    let mut searched = 0usize;
    for ply in 0..settings.plies {
        let mut next = Vec::new();
        for position in layer {
            if position.is_over() {
                continue;
            }
            let key = BookKey::of(position.board(), position.turn());
            if !visited.insert(key.text.clone()) {
                continue;
            }
            let line = match known.get(&key.text) {
                Some(line) => line.clone(),
                None => {
                    engine.new_game();
                    let report = engine.search_lines(&position, &limits, settings.replies);
                    let size = position.board().size();
                    let moves: Vec<Point> = report
                        .lines
                        .iter()
                        .filter_map(|line| match line.first_move {
                            Move::Place(point) => Some(key.to_book(point, size)),
                            _ => None,
                        })
                        .collect();
                    let Some((&best, alternatives)) = moves.split_first() else {
                        continue;
                    };
                    let entry = BookEntry {
                        best,
                        score: book_value(report.score),
                        depth: report.depth,
                        alternatives: alternatives.to_vec(),
                    };
                    let line = book_line(&key, &entry);
                    writeln!(appending, "{line}").expect("the book file is writable");
                    appending.flush().expect("the book file is writable");
                    searched += 1;
                    eprintln!(
                        "ply {} #{searched}: {line} ({} nodes, {:.1} s)",
                        ply + 1,
                        report.nodes,
                        report.elapsed.as_secs_f64()
                    );
                    known.insert(key.text.clone(), line.clone());
                    line
                }
            };
            let book = OpeningBook::parse(&line).expect("a line just written");
            let entry = book.entry(&key).expect("its own key");
            if entry.score.abs() >= WIN_VALUE - 100 {
                continue;
            }
            let size = position.board().size();
            for point in std::iter::once(entry.best).chain(entry.alternatives.iter().copied()) {
                let mut child = position.clone();
                if child
                    .play_mut(Move::Place(key.to_board(point, size)))
                    .is_ok()
                {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    let header = format!(
        "# narabe opening book: {}, 15x15. Built by crates/engine/examples/build_opening_book.rs:\n\
         # full strength, {} nodes and {} lines a position, {} plies from the openings of {}.\n\
         # A line: side to move, stones (the orientation whose text sorts first), `:` the move,\n\
         # the score for the side to move and the depth, `|` the next best moves.\n",
        settings.rules.name(),
        settings.nodes,
        settings.replies,
        settings.plies,
        settings.openings
    );
    let body: String = known.values().map(|line| format!("{line}\n")).collect();
    std::fs::write(&settings.out, header + &body).expect("the book file is writable");
    eprintln!(
        "{}: {} positions ({searched} searched now)",
        settings.out,
        known.len()
    );
}
