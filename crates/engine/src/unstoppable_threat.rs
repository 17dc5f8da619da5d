//! Threats that win by force with nothing left to search: the main search
//! scores a node that has one as a win at once, as Rapfi and PentaZen do.
//!
//! The side to move wins when the other side has no five to make (it cannot
//! win first, and fours do not answer a threat of five) and the side to move
//! can make
//! - an open four, from a real open three: two fives, one of which stays, two
//!   plies on;
//! - two fours with one stone (never Black's in renju: a foul): the same;
//! - a four and a real open three with one stone: the four's block is forced,
//!   and unless that block makes a four for the other side, the three then
//!   becomes an open four: a five four plies on.
//!
//! Caro is left out (a five blocked at both ends does not win there, so a
//! block can spoil an open four), and so is pente (captures answer fours).

use narabe_rules::{Color, RuleSet};

use crate::engine_board::EngineBoard;
use crate::line_pattern::Pattern;
use crate::threat_moves::{DoubleThreat, double_threat_points, has_real_open_three};

/// The plies from now to `side`'s five when `side`, to move, has a threat
/// the other side cannot meet (see the module's description), or `None`.
/// The caller has checked that the other side has no five to make. The board
/// is left as it was.
pub fn unstoppable_threat(board: &mut EngineBoard, side: Color) -> Option<i32> {
    if !matches!(
        board.rules(),
        RuleSet::Renju | RuleSet::Freestyle | RuleSet::Standard
    ) || board.count_at_least(side, Pattern::Four) == 0
    {
        return None;
    }
    if has_real_open_three(board, side) {
        return Some(2);
    }
    let mut four_threes = Vec::new();
    for (at, threat) in double_threat_points(board, side) {
        if threat == DoubleThreat::TwoFours {
            return Some(2);
        }
        four_threes.push(at);
    }
    four_threes
        .into_iter()
        .any(|at| four_three_wins(board, at, side))
        .then_some(4)
}

/// Whether the four and open three `side` makes on `at` win: the four's only
/// block makes no four for the other side, and `side` still has a real open
/// three after it (a white stone can in rare cases make Black's open four
/// point a foul).
fn four_three_wins(board: &mut EngineBoard, at: usize, side: Color) -> bool {
    board.make(at);
    let blocks = board.winning_points(side);
    let wins = match blocks[..] {
        [block] if board.level(block, side.other()) < Pattern::Four => {
            board.make(block);
            let real = has_real_open_three(board, side);
            board.unmake();
            real
        }
        _ => false,
    };
    board.unmake();
    wins
}

#[cfg(test)]
mod tests {
    use narabe_rules::{BoardSize, FoulPolicy, Position, board_from_moves};

    use super::*;

    fn threat_of(rules: RuleSet, moves: &str) -> Option<i32> {
        let stones = board_from_moves(moves, BoardSize::FIFTEEN).expect("moves");
        let position =
            Position::from_board(rules, FoulPolicy::Loses, stones, Color::Black).expect("position");
        let mut board = EngineBoard::from_position(&position);
        let before = board.hash();
        let plies = unstoppable_threat(&mut board, Color::Black);
        assert_eq!(board.hash(), before, "the board is left as it was");
        plies
    }

    #[test]
    fn an_open_three_wins_in_two_more_plies() {
        // Black h8 i8 j8, White's stones in the corners.
        let moves = "h8 a1 i8 a15 j8 o1";
        assert_eq!(threat_of(RuleSet::Freestyle, moves), Some(2));
        assert_eq!(threat_of(RuleSet::Renju, moves), Some(2));
    }

    #[test]
    fn two_fours_win_unless_they_are_a_renju_foul() {
        // k8 makes a four on row 8 (closed by g8) and on column k (closed by
        // k12).
        let moves = "h8 g8 i8 k12 j8 a1 k9 a15 k10 o1 k11 o15";
        assert_eq!(threat_of(RuleSet::Freestyle, moves), Some(2));
        assert_eq!(
            threat_of(RuleSet::Renju, moves),
            None,
            "k8 is a double four"
        );
    }

    #[test]
    fn a_four_three_wins_when_its_block_makes_no_four() {
        // k8: a four on row 8 (blocked on l8) and an open three on column k.
        let moves = "h8 g8 i8 a1 j8 a15 k9 o1 k10 o15";
        assert_eq!(threat_of(RuleSet::Freestyle, moves), Some(4));
        assert_eq!(threat_of(RuleSet::Renju, moves), Some(4));
        // With White on l9 l10 l11, the block on l8 makes White an open four.
        let countered = "h8 g8 i8 l9 j8 l10 k9 l11 k10 o15";
        assert_eq!(threat_of(RuleSet::Freestyle, countered), None);
    }

    #[test]
    fn caro_and_weak_shapes_are_left_to_the_search() {
        assert_eq!(threat_of(RuleSet::Freestyle, "h8 a1 i8 a15"), None);
        let stones = board_from_moves("h8 a1 i8 a15 j8 o1", BoardSize::NINETEEN).expect("moves");
        let position = Position::from_board(RuleSet::Caro, FoulPolicy::Loses, stones, Color::Black)
            .expect("position");
        let mut board = EngineBoard::from_position(&position);
        assert_eq!(unstoppable_threat(&mut board, Color::Black), None);
    }
}
