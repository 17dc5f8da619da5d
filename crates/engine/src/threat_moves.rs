//! Threat moves read off the line patterns: fives, fours, open threes, the
//! replies that defend against them, and the ordering score of a move.

use std::sync::OnceLock;

use narabe_rules::Color;

use crate::engine_board::{EngineBoard, PATTERN_VALUE};
use crate::evaluation_combinations::{RAW_TUPLES, raw_codes, raw_number};
use crate::line_pattern::Pattern;

/// Whether `color` may put a stone on the empty point `at` (Black never plays a
/// renju foul, whatever the foul policy: under `loses` it would lose at once).
#[must_use]
pub fn legal_for(board: &EngineBoard, at: usize, color: Color) -> bool {
    board.is_empty(at) && !(color == Color::Black && board.black_foul(at))
}

/// Whether a stone of `color` on `at` makes a four or an open four.
#[must_use]
pub fn makes_four(board: &EngineBoard, at: usize, color: Color) -> bool {
    board
        .patterns(at, color)
        .iter()
        .any(|pattern| pattern.is_four())
}

/// Whether a stone of `color` on `at` makes an open three.
#[must_use]
pub fn makes_open_three(board: &EngineBoard, at: usize, color: Color) -> bool {
    board.patterns(at, color).contains(&Pattern::OpenThree)
}

/// Whether `color` has an open three whose open four it may play: in renju a
/// black three whose open-four points are all fouls is no threat. Meant for
/// positions where `color` has no five to play (a five point would count too).
#[must_use]
pub fn has_real_open_three(board: &EngineBoard, color: Color) -> bool {
    if board.level_count(color, Pattern::OpenFour) == 0 {
        return false;
    }
    if color == Color::White || !board.rules().has_forbidden_moves() {
        return true;
    }
    board
        .points_at_least(color, Pattern::OpenFour)
        .any(|at| !board.black_foul(at))
}

/// A double threat one stone makes: a four with an open three, or two fours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DoubleThreat {
    /// A four and an open three.
    FourThree,
    /// Two fours.
    TwoFours,
}

/// The points where one stone of `color` makes a double threat, with which
/// (never a renju foul of Black's). Only points where a four can be made are
/// looked at, so the scan is rare and short.
pub fn double_threat_points(
    board: &EngineBoard,
    color: Color,
) -> impl Iterator<Item = (usize, DoubleThreat)> + '_ {
    board
        .points_at_least(color, Pattern::Four)
        .filter_map(move |at| {
            let patterns = board.patterns(at, color);
            let fours = patterns.iter().filter(|pattern| pattern.is_four()).count();
            let threes = patterns
                .iter()
                .filter(|&&pattern| pattern == Pattern::OpenThree)
                .count();
            if fours == 0 || fours + threes < 2 || (color == Color::Black && board.black_foul(at)) {
                return None;
            }
            let threat = if fours >= 2 {
                DoubleThreat::TwoFours
            } else {
                DoubleThreat::FourThree
            };
            Some((at, threat))
        })
}

/// The points where `color` makes a four and may play, open fours first.
#[must_use]
pub fn four_moves(board: &EngineBoard, color: Color) -> Vec<usize> {
    let mut moves: Vec<(i32, usize)> = Vec::new();
    if board.count_at_least(color, Pattern::Four) == 0 {
        return Vec::new();
    }
    for at in board.points_at_least(color, Pattern::Four) {
        if makes_four(board, at, color) && legal_for(board, at, color) {
            moves.push((-move_score(board, at, color), at));
        }
    }
    moves.sort_unstable();
    moves.into_iter().map(|(_, at)| at).collect()
}

/// The points where `color` makes an open three (and no four) and may play.
#[must_use]
pub fn three_moves(board: &EngineBoard, color: Color) -> Vec<usize> {
    let mut moves: Vec<(i32, usize)> = Vec::new();
    for at in board.points_at_least(color, Pattern::OpenThree) {
        if makes_open_three(board, at, color)
            && !makes_four(board, at, color)
            && legal_for(board, at, color)
        {
            moves.push((-move_score(board, at, color), at));
        }
    }
    moves.sort_unstable();
    moves.into_iter().map(|(_, at)| at).collect()
}

/// Moves of `color` that capture at least one stone (pente).
#[must_use]
pub fn capture_moves(board: &EngineBoard, color: Color) -> Vec<usize> {
    if board.rules().capture_sizes().is_empty() {
        return Vec::new();
    }
    board
        .candidates()
        .filter(|&at| board.capture_count(at, color) > 0)
        .collect()
}

/// The replies of `defender` to an open three (or any threat of a four) of the
/// other colour: every point where the attacker would make a four or a five,
/// the defender's own fours, and captures; everything else loses to the open
/// four. Points the defender may not play are left out.
#[must_use]
pub fn defences_against_three(board: &EngineBoard, defender: Color) -> Vec<usize> {
    let attacker = defender.other();
    let mut replies: Vec<(i32, usize)> = Vec::new();
    for at in board.candidates() {
        let blocks = board.level(at, attacker) >= Pattern::Four;
        let counters = makes_four(board, at, defender);
        let captures = board.capture_count(at, defender) > 0;
        if (blocks || counters || captures) && legal_for(board, at, defender) {
            replies.push((-move_score(board, at, defender), at));
        }
    }
    replies.sort_unstable();
    replies.into_iter().map(|(_, at)| at).collect()
}

/// How strong the shapes of one colour on one point are together: a five, then
/// shapes that win next move (open four, two fours, four and open three), then
/// double threes, single fours and threes, and the sum of the rest.
#[must_use]
pub fn shape_score(patterns: [Pattern; 4]) -> i32 {
    let mut fours = 0;
    let mut open_fours = 0;
    let mut open_threes = 0;
    let mut sum = 0;
    for pattern in patterns {
        match pattern {
            Pattern::Five => return 1_000_000,
            Pattern::OpenFour => open_fours += 1,
            Pattern::Four => fours += 1,
            Pattern::OpenThree => open_threes += 1,
            _ => {}
        }
        sum += PATTERN_VALUE[pattern as usize];
    }
    let combination = if open_fours > 0 || fours >= 2 {
        100_000
    } else if fours == 1 && open_threes > 0 {
        50_000
    } else if open_threes >= 2 {
        20_000
    } else if fours == 1 {
        2_000
    } else if open_threes == 1 {
        1_500
    } else {
        0
    };
    combination + sum
}

/// `shape_score` of every four pattern codes, by their base-10 number: the
/// move ordering scores every candidate at every node, and one read is
/// cheaper than the count.
fn shape_scores() -> &'static [i32] {
    static TABLE: OnceLock<Box<[i32]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..RAW_TUPLES)
            .map(|raw| shape_score(raw_codes(raw).map(Pattern::from_code)))
            .collect()
    })
}

/// `shape_score` of the patterns of `color` on the empty point `at`.
#[inline]
fn shape_score_at(board: &EngineBoard, at: usize, color: Color) -> i32 {
    shape_scores()[raw_number(board.pattern_codes(at, color))]
}

/// Builds the lookup tables of the move ordering ahead of a timed search.
pub fn warm_up() {
    let _ = shape_scores();
}

/// The ordering score of a stone of `color` on `at`: its own shapes, and the
/// shapes it takes away from the other colour, a little less.
#[must_use]
pub fn move_score(board: &EngineBoard, at: usize, color: Color) -> i32 {
    let own = shape_score_at(board, at, color);
    let other = shape_score_at(board, at, color.other());
    let mut score = own + other * 4 / 5;
    if board.rules().capture_goal().is_some() {
        score += 300 * i32::from(board.capture_count(at, color));
        score += 200 * i32::from(board.capture_count(at, color.other()));
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use narabe_rules::{Move, Point, Position, RuleSet};

    /// The table gives every candidate of a position with threes and twos of
    /// both colours, for either colour, the score counted from its patterns.
    #[test]
    fn the_shape_score_table_agrees_with_the_count() {
        let offsets = [
            (0, 0),
            (1, 1),
            (1, 0),
            (-1, 0),
            (2, 0),
            (0, 1),
            (0, -1),
            (3, 0),
            (-1, 1),
            (2, 2),
            (-2, 2),
            (3, 3),
        ];
        for rules in RuleSet::ALL {
            let mut position = Position::new(rules);
            let centre = position.board().size().get() / 2;
            for (dcol, drow) in offsets {
                let point = Point::new(
                    centre.wrapping_add_signed(dcol),
                    centre.wrapping_add_signed(drow),
                )
                .expect("on the board");
                if position.is_over() || position.play_mut(Move::Place(point)).is_err() {
                    break;
                }
            }
            let board = EngineBoard::from_position(&position);
            let mut scored = 0;
            for at in board.candidates() {
                for color in Color::ALL {
                    assert_eq!(
                        shape_score_at(&board, at, color),
                        shape_score(board.patterns(at, color)),
                        "{rules}"
                    );
                    scored += 1;
                }
            }
            assert!(scored > 40, "{rules}: {scored}");
        }
    }
}
