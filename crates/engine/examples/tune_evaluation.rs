//! Fits the evaluation to the results of real games and to a strong engine's
//! winrates (logistic regression on the positions, "Texel tuning").
//!
//! `cargo run --release -p narabe-engine --example tune_evaluation -- [--ridge R] [--exclude LABELS] [--write] FILE...`
//!
//! Each file is a `narabe match --records` file whose name starts with its rule
//! set (`renju-...tsv`, `freestyle-...tsv`). One run fits one family of rule
//! sets: renju (Black's and White's tables, `EVALUATION_WEIGHTS`) or gomoku
//! (freestyle and standard files together: their shared table,
//! `GOMOKU_EVALUATION_WEIGHTS`); the other family's values are left alone.
//! Every position of every game from the sixth move on is a sample, except
//! those where either side has a five to play (the search never evaluates
//! those), labelled with the game's result for the side to move. A file
//! ending in `.labels` (`scripts/label-positions`) holds single positions
//! instead, each labelled with a strong engine's winrate for the side to
//! move, a far less noisy label than one game's result. One game (or labelled position) in ten, chosen by a hash of its
//! moves, is held out for validation. `--exclude LABELS` leaves out every
//! position of a labels file (a game's position too), so that a screen set
//! (docs/engine.md, "Screening a change") judges positions the fit never saw.
//!
//! The model is the engine's evaluation: a value for every combination of
//! four line patterns an empty point has, per colour table and for the side
//! to move or the other side (`evaluation_combinations.rs`), summed over the
//! empty points, plus the weighted threat features of
//! `evaluation_features.rs`. All of it is fitted at once by Newton's method on
//! the cross-entropy of `sigmoid(SCALE * evaluation)`, with a ridge penalty
//! (`--ridge`, per sample, on the values in logits) that keeps the values of
//! rare combinations near 0. `SCALE` is fixed (the scale that best fitted the
//! first tuned weights, rounded), so that the values stay in the evaluation
//! points the search's margins were set in, and so that the same games always
//! give the same values (the fit has one optimum; where it starts does not
//! matter). Two nuisance terms are fitted but not used by the engine: a
//! constant, and Black to move (the colour's advantage is in the labels, not
//! in any pattern).
//!
//! It prints both losses of today's evaluation and of the fit, and the
//! threat weights as a Rust array for `crates/engine/src/evaluation.rs`;
//! `--write` writes the family's combination values to its file,
//! `crates/engine/evaluation/combinations.txt` (renju) or
//! `combinations-gomoku.txt` beside it.

#![allow(
    clippy::needless_range_loop,
    reason = "the Newton step is matrix algebra: indices read as the formulas do"
)]

use std::collections::HashSet;
use std::fmt::Write as _;

use narabe_engine::engine_board::EngineBoard;
use narabe_engine::evaluation::evaluate;
use narabe_engine::evaluation_combinations::{
    COMBINATIONS, GOMOKU_TABLE, OWN, PERSPECTIVES, RENJU_BLACK_TABLE, RENJU_WHITE_TABLE,
    TABLE_NAMES, THEIR, combination_index, combination_name, table_of,
};
use narabe_engine::evaluation_features::{FEATURE_NAMES, FEATURES, evaluation_features};
use narabe_rules::{Color, Position, RuleSet};

mod tuning_files;
use tuning_files::{play, rules_of};

/// The first move (counted from 1) whose position is a sample.
const FIRST_SAMPLE_MOVE: usize = 6;
/// The ridge penalty per sample on the values in logits, unless `--ridge`.
const DEFAULT_RIDGE: f64 = 1e-5;
/// Newton steps.
const STEPS: usize = 12;
/// Logits per evaluation point: 1,000 points is a little under one logit.
const SCALE: f64 = 0.00086;
/// The most tables one family fits.
const SLOTS: usize = 2;
/// Where each group of columns starts: the threat features, the combination
/// values (`[slot][perspective][combination]`, a slot being a table's place
/// in its family), the two nuisance terms.
const THREAT_COLUMNS: usize = 0;
const COMBINATION_COLUMNS: usize = THREAT_COLUMNS + FEATURES;
const NUISANCE_COLUMNS: usize = COMBINATION_COLUMNS + SLOTS * PERSPECTIVES * COMBINATIONS;
const COLUMNS: usize = NUISANCE_COLUMNS + 2;
/// The combination pinned at 0 in every table and perspective: a point with
/// room for a five along every line and no stone on any. Without a pin the
/// values could shift together (Black's own values up, White's "their"
/// values down by as much: every empty point has both) without changing any
/// renju evaluation, and the rule sets that use White's table for both
/// colours would inherit the shift as a bonus for the side to move.
const NEUTRAL: [u8; 4] = [1, 1, 1, 1];
/// The column of one combination's value in one slot and perspective.
const fn combination_column(slot: usize, perspective: usize, combination: usize) -> usize {
    COMBINATION_COLUMNS + (slot * PERSPECTIVES + perspective) * COMBINATIONS + combination
}

/// Rule sets whose evaluation is fitted together: the tables they read
/// (`table_of`), by slot, where their values are written, and the name of
/// their threat weights in `crates/engine/src/evaluation.rs`.
struct Family {
    tables: &'static [usize],
    file: &'static str,
    weights: &'static str,
}

/// Renju, and freestyle with standard gomoku.
const FAMILIES: [Family; 2] = [
    Family {
        tables: &[RENJU_BLACK_TABLE, RENJU_WHITE_TABLE],
        file: "crates/engine/evaluation/combinations.txt",
        weights: "EVALUATION_WEIGHTS",
    },
    Family {
        tables: &[GOMOKU_TABLE],
        file: "crates/engine/evaluation/combinations-gomoku.txt",
        weights: "GOMOKU_EVALUATION_WEIGHTS",
    },
];

/// The family whose tables are exactly those `rules` reads.
fn family_of(rules: RuleSet) -> Option<&'static Family> {
    let mut tables: Vec<usize> = Color::ALL
        .iter()
        .map(|&color| table_of(rules, color))
        .collect();
    tables.sort_unstable();
    tables.dedup();
    FAMILIES.iter().find(|family| family.tables == tables)
}

/// One labelled position: its nonzero columns.
struct Sample {
    columns: Vec<(u32, f64)>,
    /// The result for the side to move: 1 a win, 0 a loss, 0.5 a draw.
    label: f64,
    /// Today's evaluation of the position, in evaluation points.
    today: f64,
}

fn main() {
    let mut ridge = DEFAULT_RIDGE;
    let mut write = false;
    let mut excluded = HashSet::new();
    let mut files = Vec::new();
    let mut arguments = std::env::args().skip(1);
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--ridge" => {
                ridge = arguments
                    .next()
                    .and_then(|text| text.parse().ok())
                    .unwrap_or_else(|| usage("--ridge takes a number"));
            }
            "--write" => write = true,
            "--exclude" => {
                let file = arguments
                    .next()
                    .unwrap_or_else(|| usage("--exclude takes a labels file"));
                excluded.extend(positions_of(&file));
            }
            _ if argument.starts_with("--") => usage(&format!("unknown option {argument}")),
            _ => files.push(argument),
        }
    }
    if files.is_empty() {
        usage("no files");
    }
    let family = family_of_files(&files);
    let (training, validation, games) = read_samples(&files, &excluded, family);
    println!(
        "{games} games and labelled positions, {} training and {} validation positions",
        training.len(),
        validation.len()
    );
    println!(
        "today's evaluation: loss {:.5} training, {:.5} validation",
        today_loss(&training),
        today_loss(&validation)
    );
    let fitted = fit_weights(&training, ridge);
    println!(
        "fitted (ridge {ridge}): loss {:.5} training, {:.5} validation",
        loss(&training, &fitted),
        loss(&validation, &fitted)
    );
    println!(
        "nuisance terms (not used): constant {:.0}, black to move {:.0}",
        fitted[NUISANCE_COLUMNS],
        fitted[NUISANCE_COLUMNS + 1]
    );
    println!("pub const {}: [i32; FEATURES] = [", family.weights);
    for (name, weight) in FEATURE_NAMES.iter().zip(&fitted[THREAT_COLUMNS..]) {
        println!("    {:.0}, // {name}", weight.round());
    }
    println!("];");
    if write {
        std::fs::write(family.file, combination_file(&fitted, &files, family)).unwrap_or_else(
            |error| {
                eprintln!("{}: {error}", family.file);
                std::process::exit(2);
            },
        );
        println!("wrote {}", family.file);
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("{problem}\nusage: tune_evaluation [--ridge R] [--exclude LABELS] [--write] FILE...");
    std::process::exit(2);
}

/// The one family the rule sets of all `files` belong to.
fn family_of_files(files: &[String]) -> &'static Family {
    let families: Vec<&'static Family> = files
        .iter()
        .map(|file| {
            family_of(rules_of(file)).unwrap_or_else(|| {
                usage(&format!("{file}: no table of its own to fit for its rules"))
            })
        })
        .collect();
    if families
        .iter()
        .any(|family| !std::ptr::eq(*family, families[0]))
    {
        usage("renju and gomoku files are fitted in separate runs");
    }
    families[0]
}

/// The positions (their moves, one space apart) of a labels file.
fn positions_of(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|error| {
        eprintln!("{file}: {error}");
        std::process::exit(2);
    });
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| moves_key(line.split('\t').next().unwrap_or_default()))
        .collect()
}

/// The moves of a position, one space apart.
fn moves_key(moves: &str) -> String {
    moves.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The training and validation samples of `files` but the `excluded`
/// positions, and how many games and labelled positions they hold.
fn read_samples(
    files: &[String],
    excluded: &HashSet<String>,
    family: &Family,
) -> (Vec<Sample>, Vec<Sample>, usize) {
    let mut training = Vec::new();
    let mut validation = Vec::new();
    let mut games = 0usize;
    for file in files {
        let rules = rules_of(file);
        let text = std::fs::read_to_string(file).unwrap_or_else(|error| {
            eprintln!("{file}: {error}");
            std::process::exit(2);
        });
        for (number, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let samples = if file.ends_with(".labels") {
                labelled_sample(rules, line, excluded, family)
            } else {
                samples_of_game(rules, line, excluded, family)
            };
            match samples {
                Ok(samples) => {
                    games += 1;
                    if held_out(line) {
                        validation.extend(samples);
                    } else {
                        training.extend(samples);
                    }
                }
                Err(reason) => eprintln!("{file}:{}: skipped: {reason}", number + 1),
            }
        }
    }
    (training, validation, games)
}

/// Whether a game is held out for validation: one in ten, chosen by a hash
/// of its moves, so that the split does not depend on the files' order.
fn held_out(line: &str) -> bool {
    let columns: Vec<&str> = line.split('\t').collect();
    // A records line has the moves in its fifth column, a labels line in its first.
    let moves = columns.get(4).unwrap_or(&columns[0]);
    let hash = moves.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    hash % 10 == 0
}

/// The sample of one line of a `scripts/label-positions` file: the moves,
/// a tab, and a strong engine's winrate for the side to move (in newer files
/// then a tab and the engine's move, not used here); none when either side
/// has a five to play.
fn labelled_sample(
    rules: RuleSet,
    line: &str,
    excluded: &HashSet<String>,
    family: &Family,
) -> Result<Vec<Sample>, String> {
    let mut columns = line.split('\t');
    let moves = columns.next().unwrap_or_default();
    if excluded.contains(&moves_key(moves)) {
        return Ok(Vec::new());
    }
    let winrate = columns.next().ok_or("no tab")?;
    let label: f64 = winrate
        .trim()
        .parse()
        .map_err(|_| format!("bad winrate {winrate:?}"))?;
    let mut position = Position::new(rules);
    for (index, text) in moves.split_whitespace().enumerate() {
        play(&mut position, index, text)?;
    }
    if position.is_over() {
        return Ok(Vec::new());
    }
    let board = EngineBoard::from_position(&position);
    if has_five_to_play(&board) {
        return Ok(Vec::new());
    }
    Ok(vec![sample(&board, rules, label.clamp(0.0, 1.0), family)])
}

/// Whether either side has a five to play: the search never evaluates such
/// a position, so it is no sample.
fn has_five_to_play(board: &EngineBoard) -> bool {
    let side = board.side();
    !board.winning_points(side).is_empty() || !board.winning_points(side.other()).is_empty()
}

/// The sample of one position: the threat features, how many empty points
/// have each combination per colour table and perspective, and the two
/// nuisance terms.
fn sample(board: &EngineBoard, rules: RuleSet, label: f64, family: &Family) -> Sample {
    let mut columns: Vec<(u32, f64)> = Vec::with_capacity(128);
    let mut add = |column: usize, value: f64| {
        let column = u32::try_from(column).expect("few columns");
        match columns.iter_mut().find(|(known, _)| *known == column) {
            Some((_, total)) => *total += value,
            None => columns.push((column, value)),
        }
    };
    for (slot, value) in evaluation_features(board).into_iter().enumerate() {
        if value != 0 {
            add(THREAT_COLUMNS + slot, f64::from(value));
        }
    }
    let slots = Color::ALL.map(|color| {
        let table = table_of(rules, color);
        family
            .tables
            .iter()
            .position(|&known| known == table)
            .expect("the family reads every table of its rules")
    });
    for &at in board.board_cells() {
        let at = usize::from(at);
        if !board.is_empty(at) {
            continue;
        }
        for color in Color::ALL {
            let codes = board.patterns(at, color).map(|pattern| pattern as u8);
            if codes == NEUTRAL {
                continue;
            }
            let perspective = if color == board.side() { OWN } else { THEIR };
            let slot = slots[color.index()];
            let column = combination_column(slot, perspective, combination_index(codes));
            add(column, 1.0);
        }
    }
    add(NUISANCE_COLUMNS, 1.0);
    if board.side() == Color::Black {
        add(NUISANCE_COLUMNS + 1, 1.0);
    }
    Sample {
        columns,
        label,
        today: f64::from(evaluate(board)),
    }
}

/// The samples of one records line: `number, opening, black, white, moves,
/// result, ...`, tab-separated.
fn samples_of_game(
    rules: RuleSet,
    line: &str,
    excluded: &HashSet<String>,
    family: &Family,
) -> Result<Vec<Sample>, String> {
    let columns: Vec<&str> = line.split('\t').collect();
    let (Some(moves), Some(result)) = (columns.get(4), columns.get(5)) else {
        return Err("too few columns".into());
    };
    let winner = match *result {
        "1-0" => Some(Color::Black),
        "0-1" => Some(Color::White),
        "1/2-1/2" => None,
        other => return Err(format!("unknown result {other:?}")),
    };
    let mut position = Position::new(rules);
    let mut samples = Vec::new();
    let mut played = String::new();
    for (index, text) in moves.split_whitespace().enumerate() {
        if index + 1 >= FIRST_SAMPLE_MOVE && !position.is_over() && !excluded.contains(&played) {
            let board = EngineBoard::from_position(&position);
            if !has_five_to_play(&board) {
                let label = match winner {
                    None => 0.5,
                    Some(color) if color == board.side() => 1.0,
                    Some(_) => 0.0,
                };
                samples.push(sample(&board, rules, label, family));
            }
        }
        play(&mut position, index, text)?;
        if !played.is_empty() {
            played.push(' ');
        }
        played.push_str(text);
    }
    Ok(samples)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(sample: &Sample, weights: &[f64]) -> f64 {
    sample
        .columns
        .iter()
        .map(|&(column, value)| value * weights[column as usize])
        .sum()
}

fn cross_entropy(label: f64, logit: f64) -> f64 {
    let p = sigmoid(logit).clamp(1e-12, 1.0 - 1e-12);
    -(label * p.ln() + (1.0 - label) * (1.0 - p).ln())
}

/// The mean cross-entropy of `sigmoid(SCALE * weights . columns)`.
fn loss(samples: &[Sample], weights: &[f64]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| cross_entropy(sample.label, SCALE * dot(sample, weights)))
        .sum();
    total / samples.len().max(1) as f64
}

/// The mean cross-entropy of today's evaluation (without the nuisance terms).
fn today_loss(samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| cross_entropy(sample.label, SCALE * sample.today))
        .sum();
    total / samples.len().max(1) as f64
}

/// Newton's method on the penalised cross-entropy, from zero, in logits
/// (`theta = SCALE * weight`). The nuisance terms are not penalised.
fn fit_weights(samples: &[Sample], ridge: f64) -> Vec<f64> {
    let count = samples.len() as f64;
    let mut theta = vec![0.0; COLUMNS];
    let penalty = |column: usize| {
        if column >= NUISANCE_COLUMNS {
            1e-9
        } else {
            ridge
        }
    };
    for step in 0..STEPS {
        let mut gradient = vec![0.0; COLUMNS];
        let mut hessian = vec![0.0; COLUMNS * COLUMNS];
        let mut total_loss = 0.0;
        for sample in samples {
            let logit = dot(sample, &theta);
            total_loss += cross_entropy(sample.label, logit);
            let p = sigmoid(logit);
            let curvature = p * (1.0 - p);
            for (index, &(i, xi)) in sample.columns.iter().enumerate() {
                let i = i as usize;
                gradient[i] += (p - sample.label) * xi;
                for &(j, xj) in &sample.columns[..=index] {
                    let j = j as usize;
                    let (row, column) = if i >= j { (i, j) } else { (j, i) };
                    hessian[row * COLUMNS + column] += curvature * xi * xj;
                }
            }
        }
        for i in 0..COLUMNS {
            gradient[i] = gradient[i] / count + penalty(i) * theta[i];
            for j in 0..=i {
                hessian[i * COLUMNS + j] /= count;
            }
            hessian[i * COLUMNS + i] += penalty(i);
        }
        let change = solve_cholesky(&mut hessian, &gradient);
        let mut largest = 0.0f64;
        for i in 0..COLUMNS {
            theta[i] -= change[i];
            largest = largest.max(change[i].abs());
        }
        eprintln!(
            "step {}: training loss {:.5} before it, largest change {largest:.5} logits",
            step + 1,
            total_loss / count
        );
        if largest < 1e-5 {
            break;
        }
    }
    theta.iter().map(|value| value / SCALE).collect()
}

/// Solves `matrix * x = vector` for a symmetric positive definite matrix of
/// which the lower triangle is filled (row-major, `COLUMNS` wide), by
/// Cholesky factorisation in place.
fn solve_cholesky(matrix: &mut [f64], vector: &[f64]) -> Vec<f64> {
    let n = COLUMNS;
    for j in 0..n {
        let mut diagonal = matrix[j * n + j];
        for k in 0..j {
            diagonal -= matrix[j * n + k] * matrix[j * n + k];
        }
        let diagonal = diagonal.max(1e-12).sqrt();
        matrix[j * n + j] = diagonal;
        for i in j + 1..n {
            let (upper, lower) = matrix.split_at_mut(i * n);
            let row_j = &upper[j * n..j * n + j];
            let row_i = &mut lower[..n];
            let mut value = row_i[j];
            for k in 0..j {
                value -= row_i[k] * row_j[k];
            }
            row_i[j] = value / diagonal;
        }
    }
    let mut solution = vector.to_vec();
    for i in 0..n {
        for k in 0..i {
            solution[i] -= matrix[i * n + k] * solution[k];
        }
        solution[i] /= matrix[i * n + i];
    }
    for i in (0..n).rev() {
        for k in i + 1..n {
            solution[i] -= matrix[k * n + i] * solution[k];
        }
        solution[i] /= matrix[i * n + i];
    }
    solution
}

/// The text of `family`'s data file for the fitted values.
fn combination_file(fitted: &[f64], files: &[String], family: &Family) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# The evaluation's value of an empty point by the combination of its four line\n\
         # patterns (crates/engine/src/evaluation_combinations.rs): colour table,\n\
         # perspective (own: the side to move's point; their: the other side's), the\n\
         # four patterns (highest code first), the value in evaluation points.\n\
         # Combinations not listed are worth 0. Written by\n\
         # `cargo run --release -p narabe-engine --example tune_evaluation -- --write` from:"
    );
    for file in files {
        let _ = writeln!(text, "#   {file}");
    }
    for (slot, &table) in family.tables.iter().enumerate() {
        let table_name = TABLE_NAMES[table];
        for (perspective, perspective_name) in [(OWN, "own"), (THEIR, "their")] {
            for combination in 0..COMBINATIONS {
                let value = fitted[combination_column(slot, perspective, combination)].round();
                if value != 0.0 {
                    let _ = writeln!(
                        text,
                        "{table_name} {perspective_name} {} {value:.0}",
                        combination_name(combination)
                    );
                }
            }
        }
    }
    text
}
