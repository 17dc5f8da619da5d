//! Pente captures: flanked groups removed by the stone just placed (RULES.md §8).

use crate::{Board, Point, RuleSet};

/// The eight senses in which a capture can run from the placed stone.
const SENSES: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The enemy stones that the stone on `point` captures under `rules`: in each of
/// the eight senses, a group of exactly one of [`RuleSet::capture_sizes`] enemy
/// stones directly next to `point` and closed by an own stone. Only the mover
/// captures, so a stone placed inside a flanked pair is safe. Sorted by row then
/// column; empty for games without captures.
///
/// ```
/// use narabe_rules::{Board, BoardSize, Color, RuleSet, capture::captured_by};
/// let mut board = Board::new(BoardSize::NINETEEN);
/// board.put("h10".parse()?, Color::White);
/// board.put("i10".parse()?, Color::White);
/// board.put("g10".parse()?, Color::Black);
/// board.put("j10".parse()?, Color::Black);
/// let taken: Vec<String> = captured_by(&board, "j10".parse()?, RuleSet::Pente)
///     .iter().map(ToString::to_string).collect();
/// assert_eq!(taken, ["h10", "i10"]);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[must_use]
pub fn captured_by(board: &Board, point: Point, rules: RuleSet) -> Vec<Point> {
    let mut taken = Vec::new();
    let Some(own) = board.get(point) else {
        return taken;
    };
    let enemy = own.other();
    let size = board.size();
    let at = |k: i32, (dcol, drow): (i32, i32)| {
        point
            .offset(k * dcol, k * drow)
            .filter(|&p| size.contains(p))
    };
    for sense in SENSES {
        for &group in rules.capture_sizes() {
            let group = i32::try_from(group).expect("small group");
            let flanked = (1..=group)
                .all(|k| at(k, sense).and_then(|p| board.get(p)) == Some(enemy))
                && at(group + 1, sense).and_then(|p| board.get(p)) == Some(own);
            if flanked {
                taken.extend((1..=group).filter_map(|k| at(k, sense)));
            }
        }
    }
    taken.sort();
    taken
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    fn board(black: &[&str], white: &[&str]) -> Board {
        crate::board::test_board(BoardSize::NINETEEN, black, white)
    }

    fn names(points: Vec<Point>) -> Vec<String> {
        points.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn rules_minimal_test_1_a_flanked_pair_is_taken() {
        let board = board(&["g10", "j10"], &["h10", "i10"]);
        let taken = captured_by(&board, "j10".parse().unwrap(), RuleSet::Pente);
        assert_eq!(names(taken), ["h10", "i10"]);
    }

    #[test]
    fn rules_minimal_test_2_a_triple_only_in_keryo() {
        let board = board(&["g10", "k10"], &["h10", "i10", "j10"]);
        let k10 = "k10".parse().unwrap();
        assert!(captured_by(&board, k10, RuleSet::Pente).is_empty());
        assert_eq!(
            names(captured_by(&board, k10, RuleSet::KeryoPente)),
            ["h10", "i10", "j10"]
        );
    }

    #[test]
    fn rules_minimal_test_3_moving_into_a_flank_is_safe() {
        let board = board(&["g10", "j10"], &["h10", "i10"]);
        assert!(captured_by(&board, "i10".parse().unwrap(), RuleSet::Pente).is_empty());
    }

    #[test]
    fn rules_minimal_test_4_two_pairs_in_different_lines() {
        let board = board(&["j10", "g10", "j13"], &["h10", "i10", "j11", "j12"]);
        let taken = captured_by(&board, "j10".parse().unwrap(), RuleSet::Pente);
        assert_eq!(names(taken), ["h10", "i10", "j11", "j12"]);
    }

    #[test]
    fn no_captures_outside_pente_and_none_across_the_edge() {
        let flanked = board(&["g10", "j10"], &["h10", "i10"]);
        assert!(captured_by(&flanked, "j10".parse().unwrap(), RuleSet::Freestyle).is_empty());
        let at_edge = board(&["c1"], &["b1", "a1"]);
        assert!(captured_by(&at_edge, "c1".parse().unwrap(), RuleSet::Pente).is_empty());
        let single = board(&["g10", "i10"], &["h10"]);
        assert!(captured_by(&single, "i10".parse().unwrap(), RuleSet::Pente).is_empty());
    }
}
