//! The static evaluation: the combination values of every empty point for
//! both colours (`evaluation_combinations`, summed by the board as it
//! changes), the threats that decide the next moves (`evaluation_features`)
//! weighed by tuned weights (renju's, or gomoku's own), and pente's captures.

use narabe_rules::{Color, RuleSet};

use crate::engine_board::EngineBoard;
use crate::evaluation_combinations::{GOMOKU_TABLE, table_of};
use crate::evaluation_features::{FEATURES, evaluation_features};

/// Scores at or beyond this are wins or losses, not heuristics.
pub const WIN_SCORE: i32 = 1_000_000;
/// Scores beyond this in magnitude are forced results.
pub const WIN_THRESHOLD: i32 = WIN_SCORE - 1_000;

/// The weight of each threat feature of `evaluation_features` in renju (and
/// caro and pente), in evaluation points (fitted with the renju combination
/// values by the tuner).
pub const EVALUATION_WEIGHTS: [i32; FEATURES] = [
    4456, // own open three, no four against it
    8063, // own open three, a four against it
    -626, // their open three
    325,  // own double four, unanswered
    4593, // own four-three, unanswered
    2238, // own double four, a four against it
    2972, // own four-three, a four against it
    -233, // their double four
    -193, // their four-three
];

/// The threat weights of freestyle and standard gomoku, fitted with the
/// gomoku table on their own games.
pub const GOMOKU_EVALUATION_WEIGHTS: [i32; FEATURES] = [
    4157,  // own open three, no four against it
    8419,  // own open three, a four against it
    -293,  // their open three
    1958,  // own double four, unanswered
    4148,  // own four-three, unanswered
    4019,  // own double four, a four against it
    4383,  // own four-three, a four against it
    -1479, // their double four
    -34,   // their four-three
];

/// The threat weights of `rules`: gomoku's own where the rules read the
/// gomoku table (`evaluation_combinations::table_of`), renju's otherwise.
#[must_use]
pub fn threat_weights(rules: RuleSet) -> &'static [i32; FEATURES] {
    if table_of(rules, Color::Black) == GOMOKU_TABLE {
        &GOMOKU_EVALUATION_WEIGHTS
    } else {
        &EVALUATION_WEIGHTS
    }
}

/// The value of `board` for the side to move (positive is good for it).
#[must_use]
pub fn evaluate(board: &EngineBoard) -> i32 {
    let features = evaluation_features(board);
    let threats: i32 = features
        .iter()
        .zip(threat_weights(board.rules()))
        .map(|(feature, weight)| feature * weight)
        .sum();
    let mut score = board.combination_value() + threats;
    if let Some(goal) = board.rules().capture_goal() {
        let side = board.side();
        score += capture_value(board.captures(side), goal)
            - capture_value(board.captures(side.other()), goal);
        score += capture_threats(board);
    }
    score
}

/// Pente: the captures on offer. The side to move can take its best capture
/// now; the other side's captures are threats the side to move can answer only
/// one at a time.
fn capture_threats(board: &EngineBoard) -> i32 {
    let side = board.side();
    let mut best_own = 0;
    let mut own_total = 0;
    let mut their_total = 0;
    for at in board.candidates() {
        let own = i32::from(board.capture_count(at, side));
        best_own = best_own.max(own);
        own_total += own;
        their_total += i32::from(board.capture_count(at, side.other()));
    }
    best_own * 70 + own_total * 10 - their_total * 45
}

/// Captured stones grow more valuable as the goal comes near.
fn capture_value(captured: u16, goal: u16) -> i32 {
    let captured = i32::from(captured);
    let goal = i32::from(goal);
    let near = (captured * 8 / goal.max(1)).pow(2);
    captured * 90 + near * 25
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freestyle_and_standard_have_their_own_threat_weights() {
        for rules in RuleSet::ALL {
            let gomoku = matches!(rules, RuleSet::Freestyle | RuleSet::Standard);
            let expected = if gomoku {
                &GOMOKU_EVALUATION_WEIGHTS
            } else {
                &EVALUATION_WEIGHTS
            };
            assert_eq!(threat_weights(rules), expected, "{rules:?}");
        }
        assert_ne!(GOMOKU_EVALUATION_WEIGHTS, EVALUATION_WEIGHTS);
    }
}
