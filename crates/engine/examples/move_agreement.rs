//! The engine's moves on labelled positions, for screening a change to the
//! search or the evaluation before the matches against the peers (which need
//! 200 games and a quarter of an hour to see a difference of a few per cent);
//! docs/engine.md, "Screening a change".
//!
//! `cargo run --release -p narabe-engine --example move_agreement -- FILE [--ms MS | --nodes N | --depth D] [--threads T] [--limit N] [--out FILE]`
//!
//! FILE is a `.labels` file (`scripts/label-positions`): each line a position
//! (its moves), the strong engine's winrate and its move. The engine searches
//! each position afresh (a new game: empty tables) at full strength, with T
//! threads (default 1), without the opening book, for `MS` milliseconds
//! (default 200), `N` nodes or `D` plies of the main search, and the move it
//! chooses is compared with the label's. It prints the share of agreement
//! overall and by the side to move, the mean depth, the nodes a second and
//! the time used. `--out` writes one line a position (moves, label, engine's
//! move, depth, milliseconds used, score): `scripts/move-regret` reads it, to
//! value what each move gives away and to compare two builds position by
//! position, a far better measure than agreement (many positions have several
//! good moves). The rule set is the file name's first word
//! (`renju-...labels`).

use std::fmt::Write as _;
use std::time::Duration;

use narabe_engine::{Engine, EngineOptions, SearchLimits};
use narabe_rules::{Color, Move, Point, Position, RuleSet};

mod tuning_files;
use tuning_files::{play, rules_of};

/// The command line.
struct Options {
    file: String,
    limits: SearchLimits,
    threads: usize,
    limit: usize,
    out: Option<String>,
}

/// One labelled position.
struct Labelled {
    moves: String,
    position: Position,
    label: Point,
}

/// What the engine did on the positions, by the side to move.
#[derive(Default)]
struct Tally {
    positions: [u32; 2],
    agreed: [u32; 2],
    depth: u64,
    nodes: u64,
    elapsed: Duration,
}

fn main() {
    let options = parse_options().unwrap_or_else(|error| {
        eprintln!("move_agreement: {error}");
        eprintln!(
            "usage: move_agreement FILE [--ms MS | --nodes N | --depth D] [--threads T] [--limit N] [--out FILE]"
        );
        std::process::exit(2);
    });
    let rules = rules_of(&options.file);
    let text = std::fs::read_to_string(&options.file).unwrap_or_else(|error| {
        eprintln!("move_agreement: {}: {error}", options.file);
        std::process::exit(2);
    });
    let positions: Vec<Labelled> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(options.limit)
        .enumerate()
        .map(|(index, line)| {
            labelled(rules, line).unwrap_or_else(|error| {
                eprintln!(
                    "move_agreement: {} line {}: {error}",
                    options.file,
                    index + 1
                );
                std::process::exit(2);
            })
        })
        .collect();
    Engine::warm_up(rules);
    let mut engine = Engine::new(EngineOptions {
        threads: options.threads,
        ..EngineOptions::default()
    });
    let mut tally = Tally::default();
    let mut report_lines = String::new();
    for labelled in &positions {
        engine.new_game();
        let report = engine.search(&labelled.position, &options.limits);
        let side = usize::from(labelled.position.turn() == Color::White);
        let agreed = report.best_move == Move::Place(labelled.label);
        tally.positions[side] += 1;
        tally.agreed[side] += u32::from(agreed);
        tally.depth += u64::from(report.depth);
        tally.nodes += report.nodes;
        tally.elapsed += report.elapsed;
        let chosen = match report.best_move {
            Move::Place(point) => point.to_string(),
            other => format!("{other:?}"),
        };
        let _ = writeln!(
            report_lines,
            "{}\t{}\t{chosen}\t{}\t{}\t{:?}",
            labelled.moves,
            labelled.label,
            report.depth,
            report.elapsed.as_millis(),
            report.score
        );
    }
    if let Some(out) = &options.out {
        std::fs::write(out, report_lines).unwrap_or_else(|error| {
            eprintln!("move_agreement: {out}: {error}");
            std::process::exit(2);
        });
    }
    print_tally(&tally);
}

fn print_tally(tally: &Tally) {
    let share =
        |agreed: u32, positions: u32| 100.0 * f64::from(agreed) / f64::from(positions.max(1));
    let positions = tally.positions[0] + tally.positions[1];
    let agreed = tally.agreed[0] + tally.agreed[1];
    // The standard error of a share p over n positions is sqrt(p(1-p)/n).
    let p = f64::from(agreed) / f64::from(positions.max(1));
    let error = 100.0 * (p * (1.0 - p) / f64::from(positions.max(1))).sqrt();
    println!(
        "agreement {agreed}/{positions} = {:.1}% (± {:.1}% standard error); Black to move {:.1}% of {}, White to move {:.1}% of {}",
        share(agreed, positions),
        error,
        share(tally.agreed[0], tally.positions[0]),
        tally.positions[0],
        share(tally.agreed[1], tally.positions[1]),
        tally.positions[1],
    );
    let seconds = tally.elapsed.as_secs_f64().max(1e-9);
    println!(
        "mean depth {:.2}, {:.0} nodes a second, mean time {:.1} ms",
        tally.depth as f64 / f64::from(positions.max(1)),
        tally.nodes as f64 / seconds,
        1000.0 * seconds / f64::from(positions.max(1)),
    );
}

fn parse_options() -> Result<Options, String> {
    let mut arguments = std::env::args().skip(1);
    let mut file = None;
    let mut limits = SearchLimits::time(Duration::from_millis(200));
    let mut threads = 1;
    let mut limit = usize::MAX;
    let mut out = None;
    while let Some(argument) = arguments.next() {
        let mut value = |name: &str| arguments.next().ok_or(format!("{name} needs a value"));
        match argument.as_str() {
            "--ms" => {
                let ms = value("--ms")?.parse().map_err(|_| "--ms needs a number")?;
                limits = SearchLimits::time(Duration::from_millis(ms));
            }
            "--nodes" => {
                let nodes = value("--nodes")?
                    .parse()
                    .map_err(|_| "--nodes needs a number")?;
                limits = SearchLimits {
                    max_nodes: Some(nodes),
                    ..SearchLimits::default()
                };
            }
            "--depth" => {
                let depth = value("--depth")?
                    .parse()
                    .map_err(|_| "--depth needs a number")?;
                limits = SearchLimits::depth(depth);
            }
            "--threads" => {
                threads = value("--threads")?
                    .parse()
                    .map_err(|_| "--threads needs a number")?;
            }
            "--limit" => {
                limit = value("--limit")?
                    .parse()
                    .map_err(|_| "--limit needs a number")?
            }
            "--out" => out = Some(value("--out")?),
            _ if file.is_none() && !argument.starts_with("--") => file = Some(argument),
            _ => return Err(format!("unknown argument {argument:?}")),
        }
    }
    Ok(Options {
        file: file.ok_or("no labels file")?,
        limits,
        threads,
        limit,
        out,
    })
}

/// One line of a labels file: the position, and the strong engine's move.
fn labelled(rules: RuleSet, line: &str) -> Result<Labelled, String> {
    let columns: Vec<&str> = line.split('\t').collect();
    let [moves, _winrate, label, ..] = columns[..] else {
        return Err("not `moves <TAB> winrate <TAB> move`".to_owned());
    };
    let mut position = Position::new(rules);
    for (index, text) in moves.split_whitespace().enumerate() {
        play(&mut position, index, text)?;
    }
    let label = label.parse().map_err(|_| format!("bad move {label:?}"))?;
    Ok(Labelled {
        moves: moves.to_owned(),
        position,
        label,
    })
}
