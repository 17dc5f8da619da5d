//! Whether the stone just placed wins, for each rule set (RULES.md §2).

use crate::grid;
use crate::{Board, Direction, Point, Row, RuleSet};

/// The row that makes the stone on `point` a winner under `rules`, looking only at
/// rows through `point` (a new stone can only complete rows through itself). `None`
/// when the point is empty or nothing wins; captured-stone wins are not rows and
/// are judged by [`crate::Position`].
///
/// ```
/// use narabe_rules::{board_from_moves, win::winning_row, BoardSize, RuleSet};
/// let six = board_from_moves("a1 a2 b1 b2 c1 c2 d1 d2 e1 e2 f1", BoardSize::FIFTEEN)?;
/// let f1 = "f1".parse()?;
/// assert!(winning_row(&six, f1, RuleSet::Freestyle).is_some());
/// assert!(winning_row(&six, f1, RuleSet::Standard).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn winning_row(board: &Board, point: Point, rules: RuleSet) -> Option<Row> {
    let color = board.get(point)?;
    let cells = board.cells();
    let own = grid::stone(color);
    let at = grid::index(point);
    // With an exact five and a longer row through the same stone, report the five:
    // it is the row that wins wherever both would.
    let mut best: Option<Row> = None;
    for direction in Direction::ALL {
        let step = grid::step(direction);
        let high = grid::run_end_forward(cells, at, step, own);
        let low = grid::run_end_backward(cells, at, step, own);
        let length = (high - low) / step - 1;
        let wins = match rules {
            RuleSet::Freestyle | RuleSet::Pente | RuleSet::KeryoPente => length >= 5,
            RuleSet::Standard => length == 5,
            RuleSet::Renju => match color {
                crate::Color::Black => length == 5,
                crate::Color::White => length >= 5,
            },
            RuleSet::Caro => {
                let enemy = grid::stone(color.other());
                length == 5 && !(cells[low] == enemy && cells[high] == enemy)
            }
        };
        if wins && best.is_none_or(|row| row.length != 5) {
            best = Some(Row {
                direction,
                start: grid::point_at(low + step),
                length: u8::try_from(length).expect("a row fits on the board"),
            });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    fn board(black: &[&str], white: &[&str]) -> Board {
        crate::board::test_board(BoardSize::FIFTEEN, black, white)
    }

    fn wins(board: &Board, name: &str, rules: RuleSet) -> bool {
        winning_row(board, name.parse().unwrap(), rules).is_some()
    }

    #[test]
    fn five_six_by_rule_set() {
        let five = board(&["d4", "e5", "f6", "g7", "h8"], &[]);
        let six = board(&["d4", "e5", "f6", "g7", "h8", "i9"], &[]);
        for rules in RuleSet::ALL {
            assert!(wins(&five, "h8", rules), "{rules}: five");
        }
        assert!(wins(&six, "i9", RuleSet::Freestyle));
        assert!(wins(&six, "i9", RuleSet::Pente));
        assert!(!wins(&six, "i9", RuleSet::Standard));
        assert!(
            !wins(&six, "i9", RuleSet::Renju),
            "black overline never wins"
        );
        assert!(!wins(&six, "i9", RuleSet::Caro));
    }

    #[test]
    fn renju_white_wins_with_six() {
        let six = board(&[], &["a8", "b8", "c8", "d8", "e8", "f8"]);
        assert!(wins(&six, "c8", RuleSet::Renju));
        assert!(!wins(&six, "c8", RuleSet::Standard));
    }

    #[test]
    fn the_winning_row_is_reported() {
        let five = board(&["d4", "e5", "f6", "g7", "h8"], &[]);
        let row = winning_row(&five, "f6".parse().unwrap(), RuleSet::Renju).unwrap();
        let names: Vec<String> = row.points().map(|p| p.to_string()).collect();
        assert_eq!(names, ["d4", "e5", "f6", "g7", "h8"]);
        assert_eq!(row.direction, Direction::Diagonal);
    }

    #[test]
    fn anti_diagonal_rows_start_at_their_lower_index_end() {
        let five = board(&["a5", "b4", "c3", "d2", "e1"], &[]);
        let row = winning_row(&five, "c3".parse().unwrap(), RuleSet::Standard).unwrap();
        let mut names: Vec<String> = row.points().map(|p| p.to_string()).collect();
        names.sort();
        assert_eq!(names, ["a5", "b4", "c3", "d2", "e1"]);
    }
}
