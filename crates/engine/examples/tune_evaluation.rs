//! Fits the evaluation's weights to the results of real games (logistic
//! regression on the positions of the games, "Texel tuning").
//!
//! `cargo run --release -p narabe-engine --example tune_evaluation -- crates/engine/tuning/*.tsv`
//!
//! Each file is a `narabe match --records` file whose name starts with its rule
//! set (`renju-...tsv`, `freestyle-...tsv`). Every position of every game from
//! the sixth move on is a sample, except those where either side has a five to
//! play (the search never evaluates those), labelled with the game's result for
//! the side to move. A file ending in `.labels` (`scripts/label-positions`)
//! holds single positions instead, each labelled with a strong engine's
//! winrate for the side to move, a far less noisy label than one game's
//! result. One game (or labelled position) in ten, chosen by a hash of its
//! moves, is held out for validation.
//!
//! The fit: all weights at once by Newton's method on the cross-entropy of
//! `sigmoid(SCALE * evaluation)`, with a small ridge penalty on standardised
//! features. `SCALE` is fixed (the scale that best fitted the first tuned
//! weights on these games, rounded), so that the weights stay in the
//! evaluation points the search's margins were set in, and so that the same
//! games always give the same weights (the fit has one optimum; where it starts
//! does not matter). For comparison it also prints the scale that would fit
//! today's weights best. Two nuisance terms are fitted but not used by the
//! engine: a constant, and Black to move in renju (the colour's advantage is in
//! the labels, not in any pattern). It prints both losses and the new weights
//! as a Rust array for `crates/engine/src/evaluation.rs`.

#![allow(
    clippy::needless_range_loop,
    reason = "the Newton step is matrix algebra: indices read as the formulas do"
)]

use narabe_engine::engine_board::EngineBoard;
use narabe_engine::evaluation::EVALUATION_WEIGHTS;
use narabe_engine::evaluation_features::{FEATURE_NAMES, FEATURES, evaluation_features};
use narabe_rules::{Color, Position, RuleSet};

mod tuning_files;
use tuning_files::{play, rules_of};

/// The first move (counted from 1) whose position is a sample.
const FIRST_SAMPLE_MOVE: usize = 6;
/// The ridge penalty on the standardised weights, per sample.
const RIDGE: f64 = 1e-4;
/// Newton steps.
const STEPS: usize = 30;
/// Logits per evaluation point: 1,000 points is a little under one logit.
const SCALE: f64 = 0.00086;
/// Weights plus the two nuisance terms.
const COLUMNS: usize = FEATURES + 2;

/// One labelled position.
struct Sample {
    features: [f64; COLUMNS],
    /// The result for the side to move: 1 a win, 0 a loss, 0.5 a draw.
    label: f64,
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: tune_evaluation RECORDS.tsv...");
        std::process::exit(2);
    }
    let mut training = Vec::new();
    let mut validation = Vec::new();
    let mut games = 0usize;
    for file in &files {
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
                labelled_sample(rules, line)
            } else {
                samples_of_game(rules, line)
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
    println!(
        "{games} games and labelled positions, {} training and {} validation positions",
        training.len(),
        validation.len()
    );
    let current: Vec<f64> = EVALUATION_WEIGHTS
        .iter()
        .map(|&weight| f64::from(weight))
        .chain([0.0, 0.0])
        .collect();
    println!(
        "today's weights: loss {:.5} training, {:.5} validation (their best scale: {:.6})",
        loss(&training, &current, SCALE),
        loss(&validation, &current, SCALE),
        fit_scale(&training, &current)
    );
    let fitted = fit_weights(&training, &current, SCALE);
    println!(
        "fitted weights: loss {:.5} training, {:.5} validation",
        loss(&training, &fitted, SCALE),
        loss(&validation, &fitted, SCALE)
    );
    println!(
        "nuisance terms (not used): constant {:.0}, black to move in renju {:.0}",
        fitted[FEATURES],
        fitted[FEATURES + 1]
    );
    println!("pub const EVALUATION_WEIGHTS: [i32; FEATURES] = [");
    for (name, weight) in FEATURE_NAMES.iter().zip(&fitted) {
        println!("    {:.0}, // {name}", weight.round());
    }
    println!("];");
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
fn labelled_sample(rules: RuleSet, line: &str) -> Result<Vec<Sample>, String> {
    let mut columns = line.split('\t');
    let moves = columns.next().unwrap_or_default();
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
    Ok(vec![Sample {
        features: sample_features(&board, rules),
        label: label.clamp(0.0, 1.0),
    }])
}

/// Whether either side has a five to play: the search never evaluates such
/// a position, so it is no sample.
fn has_five_to_play(board: &EngineBoard) -> bool {
    let side = board.side();
    !board.winning_points(side).is_empty() || !board.winning_points(side.other()).is_empty()
}

/// The tuner's columns of one position: the evaluation's features and the
/// two nuisance terms.
fn sample_features(board: &EngineBoard, rules: RuleSet) -> [f64; COLUMNS] {
    let mut features = [0.0; COLUMNS];
    for (slot, value) in evaluation_features(board).into_iter().enumerate() {
        features[slot] = f64::from(value);
    }
    features[FEATURES] = 1.0;
    features[FEATURES + 1] = f64::from(u8::from(
        rules == RuleSet::Renju && board.side() == Color::Black,
    ));
    features
}

/// The samples of one records line: `number, opening, black, white, moves,
/// result, ...`, tab-separated.
fn samples_of_game(rules: RuleSet, line: &str) -> Result<Vec<Sample>, String> {
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
    for (index, text) in moves.split_whitespace().enumerate() {
        if index + 1 >= FIRST_SAMPLE_MOVE && !position.is_over() {
            let board = EngineBoard::from_position(&position);
            if !has_five_to_play(&board) {
                let features = sample_features(&board, rules);
                let label = match winner {
                    None => 0.5,
                    Some(color) if color == board.side() => 1.0,
                    Some(_) => 0.0,
                };
                samples.push(Sample { features, label });
            }
        }
        play(&mut position, index, text)?;
    }
    Ok(samples)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(features: &[f64; COLUMNS], weights: &[f64]) -> f64 {
    features.iter().zip(weights).map(|(f, w)| f * w).sum()
}

/// The mean cross-entropy of `sigmoid(scale * weights . features)`.
fn loss(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let p = sigmoid(scale * dot(&sample.features, weights)).clamp(1e-12, 1.0 - 1e-12);
            -(sample.label * p.ln() + (1.0 - sample.label) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale with the least loss for fixed weights (golden-section search on
/// its logarithm).
fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut low, mut high) = (-12.0f64, 0.0f64);
    let ratio = (5.0f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(samples, weights, a.exp()) < loss(samples, weights, b.exp()) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}

/// Newton's method on the penalised cross-entropy, from `start`, in the
/// standardised features (so one penalty suits features of every size).
fn fit_weights(samples: &[Sample], start: &[f64], scale: f64) -> Vec<f64> {
    let count = samples.len() as f64;
    let mut spread = [0.0; COLUMNS];
    for column in 0..COLUMNS {
        let mean: f64 = samples.iter().map(|s| s.features[column]).sum::<f64>() / count;
        let variance: f64 = samples
            .iter()
            .map(|s| (s.features[column] - mean).powi(2))
            .sum::<f64>()
            / count;
        // Constant columns (the intercept) and unused ones keep unit spread.
        spread[column] = if variance > 1e-12 {
            variance.sqrt()
        } else {
            1.0
        };
    }
    // In standardised units the model is sigmoid(theta . (f / spread)).
    let mut theta: Vec<f64> = (0..COLUMNS)
        .map(|column| start[column] * scale * spread[column])
        .collect();
    for _ in 0..STEPS {
        let mut gradient = [0.0; COLUMNS];
        let mut hessian = vec![[0.0; COLUMNS]; COLUMNS];
        for sample in samples {
            let x: [f64; COLUMNS] = std::array::from_fn(|c| sample.features[c] / spread[c]);
            let p = sigmoid(dot(&x, &theta));
            let curvature = p * (1.0 - p);
            for i in 0..COLUMNS {
                gradient[i] += (p - sample.label) * x[i];
                for j in 0..=i {
                    hessian[i][j] += curvature * x[i] * x[j];
                }
            }
        }
        for i in 0..COLUMNS {
            gradient[i] = gradient[i] / count + RIDGE * theta[i];
            for j in 0..=i {
                hessian[i][j] /= count;
                hessian[j][i] = hessian[i][j];
            }
            hessian[i][i] += RIDGE;
        }
        let step = solve(hessian, gradient);
        for i in 0..COLUMNS {
            theta[i] -= step[i];
        }
    }
    (0..COLUMNS)
        .map(|column| theta[column] / (scale * spread[column]))
        .collect()
}

/// Solves `matrix * x = vector` by Gaussian elimination with partial pivoting
/// (the matrix is a small positive definite Hessian).
fn solve(mut matrix: Vec<[f64; COLUMNS]>, mut vector: [f64; COLUMNS]) -> [f64; COLUMNS] {
    for pivot in 0..COLUMNS {
        let best = (pivot..COLUMNS)
            .max_by(|&a, &b| matrix[a][pivot].abs().total_cmp(&matrix[b][pivot].abs()))
            .expect("rows");
        matrix.swap(pivot, best);
        vector.swap(pivot, best);
        let diagonal = matrix[pivot][pivot];
        for row in pivot + 1..COLUMNS {
            let factor = matrix[row][pivot] / diagonal;
            for column in pivot..COLUMNS {
                matrix[row][column] -= factor * matrix[pivot][column];
            }
            vector[row] -= factor * vector[pivot];
        }
    }
    let mut solution = [0.0; COLUMNS];
    for row in (0..COLUMNS).rev() {
        let rest: f64 = (row + 1..COLUMNS)
            .map(|column| matrix[row][column] * solution[column])
            .sum();
        solution[row] = (vector[row] - rest) / matrix[row][row];
    }
    solution
}
