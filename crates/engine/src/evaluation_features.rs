//! The threat features of a position that the static evaluation weighs, from
//! the side to move's point of view: the threats that decide the next moves
//! (an open three with the four to answer it or not, a double threat one
//! stone makes). The evaluation is their dot product with tuned weights plus
//! the points' combination values (`evaluation.rs`,
//! `evaluation_combinations.rs`); the tuner
//! (`crates/engine/examples/tune_evaluation.rs`) reads the same features off
//! the positions of real games.

use narabe_rules::Color;

use crate::engine_board::EngineBoard;
use crate::line_pattern::Pattern;
use crate::threat_moves::{DoubleThreat, double_threat_points, has_real_open_three};

/// Where the threat features start.
const THREATS: usize = 0;

/// The number of features.
pub const FEATURES: usize = THREATS + 9;

/// The features' names, in order (the tuner prints them with the weights).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "own open three, no four against it",
    "own open three, a four against it",
    "their open three",
    "own double four, unanswered",
    "own four-three, unanswered",
    "own double four, a four against it",
    "own four-three, a four against it",
    "their double four",
    "their four-three",
];

/// The features of `board` for the side to move.
#[must_use]
pub fn evaluation_features(board: &EngineBoard) -> [i32; FEATURES] {
    let side = board.side();
    let other = side.other();
    let mut features = [0; FEATURES];
    let unanswered = board.count_at_least(other, Pattern::Four) == 0;
    if has_real_open_three(board, side) {
        features[THREATS + usize::from(!unanswered)] = 1;
    }
    if has_real_open_three(board, other) {
        features[THREATS + 2] = 1;
    }
    let answered_offset = if unanswered { 0 } else { 2 };
    match double_threat(board, side) {
        None => {}
        Some(DoubleThreat::TwoFours) => features[THREATS + 3 + answered_offset] = 1,
        Some(DoubleThreat::FourThree) => features[THREATS + 4 + answered_offset] = 1,
    }
    match double_threat(board, other) {
        None => {}
        Some(DoubleThreat::TwoFours) => features[THREATS + 7] = 1,
        Some(DoubleThreat::FourThree) => features[THREATS + 8] = 1,
    }
    features
}

/// The strongest double threat `color` can make with one stone. Pente's
/// captures answer fours, so there it counts nothing.
fn double_threat(board: &EngineBoard, color: Color) -> Option<DoubleThreat> {
    if board.rules().capture_goal().is_some() || board.count_at_least(color, Pattern::Four) == 0 {
        return None;
    }
    double_threat_points(board, color)
        .map(|(_, threat)| threat)
        .max()
}

#[cfg(test)]
mod tests {
    use narabe_rules::{BoardSize, FoulPolicy, Position, RuleSet, board_from_moves};

    use super::*;

    fn features(rules: RuleSet, moves: &str, to_move: Color) -> [i32; FEATURES] {
        let board = board_from_moves(moves, BoardSize::FIFTEEN).expect("moves");
        let position =
            Position::from_board(rules, FoulPolicy::Loses, board, to_move).expect("position");
        evaluation_features(&EngineBoard::from_position(&position))
    }

    fn named(features: &[i32; FEATURES], name: &str) -> i32 {
        let index = FEATURE_NAMES
            .iter()
            .position(|&feature| feature == name)
            .expect("a feature of that name");
        features[index]
    }

    #[test]
    fn an_open_three_counts_for_the_side_that_has_it() {
        // Black h8 i8 j8 is an open three; White's stones are in the corners.
        let black_to_move = features(RuleSet::Freestyle, "h8 a1 i8 a15 j8 o1", Color::Black);
        assert_eq!(
            named(&black_to_move, "own open three, no four against it"),
            1
        );
        assert_eq!(named(&black_to_move, "their open three"), 0);
        let white_to_move = features(RuleSet::Freestyle, "h8 a1 i8 a15 j8", Color::White);
        assert_eq!(named(&white_to_move, "their open three"), 1);
        assert_eq!(
            named(&white_to_move, "own open three, no four against it"),
            0
        );
    }

    #[test]
    fn a_four_three_point_is_a_double_threat_for_its_owner() {
        // Black h8 i8 j8 along row 8, closed by White's g8, and k9 k10 along
        // column k: k8 makes a four on the row and an open three on the
        // column. White's other stones are in the corners.
        let moves = "h8 g8 i8 a1 j8 a15 k9 o1 k10 o15";
        let freestyle = features(RuleSet::Freestyle, moves, Color::Black);
        assert_eq!(named(&freestyle, "own four-three, unanswered"), 1);
        assert_eq!(named(&freestyle, "own double four, unanswered"), 0);
        // The same shapes with White to move (one corner stone fewer).
        let white_view = features(
            RuleSet::Freestyle,
            "h8 g8 i8 a1 j8 a15 k9 o1 k10",
            Color::White,
        );
        assert_eq!(named(&white_view, "their four-three"), 1);
        assert_eq!(named(&white_view, "own four-three, unanswered"), 0);
    }

    #[test]
    fn feature_names_are_unique() {
        let mut names = FEATURE_NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FEATURES);
    }
}
