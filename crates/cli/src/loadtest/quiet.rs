//! The quiet pattern: moves that never end a game.
//!
//! Black's points are the `(col, row)` with `(col + 2 row) mod 4 < 2`, White's
//! the others. Along every line of the board (row, column, both diagonals) the
//! colouring repeats with period 4 (or 2), so any four consecutive points hold
//! at most two of one colour: no colour can ever make a five, and Black can never
//! make a three or a four, so no renju foul (double three, double four, overline)
//! ever arises whatever the order of the stones.

use narabe_rules::Point;

/// Whether `(col, row)` belongs to Black in the quiet pattern.
#[must_use]
pub const fn is_black_point(col: u8, row: u8) -> bool {
    (col as u32 + 2 * row as u32) % 4 < 2
}

/// The first `limit` moves of a quiet game on a `size` x `size` board: Black's
/// points and White's points, each in row-major order, alternating colours and
/// starting with Black. Stops early when one colour runs out of points.
#[must_use]
pub fn quiet_moves(size: u8, limit: usize) -> Vec<Point> {
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for row in 0..size {
        for col in 0..size {
            let point = Point::new(col, row).expect("the board fits the largest board");
            if is_black_point(col, row) {
                black.push(point);
            } else {
                white.push(point);
            }
        }
    }
    let mut moves = Vec::with_capacity(limit.min(black.len() + white.len()));
    for (b, w) in black.into_iter().zip(white) {
        for point in [b, w] {
            if moves.len() == limit {
                return moves;
            }
            moves.push(point);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use narabe_rules::{Move, Position, RuleSet};

    use super::*;

    #[test]
    fn a_whole_quiet_game_never_ends_nor_forbids_a_black_move() {
        let moves = quiet_moves(15, usize::MAX);
        assert_eq!(moves.len(), 224, "112 points of each colour on 15x15");
        let mut position = Position::new(RuleSet::Renju);
        for (ply, &point) in moves.iter().enumerate() {
            if ply.is_multiple_of(2) {
                assert!(
                    !position.forbidden_points().contains(&point),
                    "black move {ply} at {point} is forbidden"
                );
            }
            position
                .play_mut(Move::Place(point))
                .unwrap_or_else(|error| panic!("move {ply} at {point}: {error:?}"));
            assert_eq!(position.outcome(), None, "the game ended at move {ply}");
        }
    }

    #[test]
    fn no_five_of_one_colour_on_any_line() {
        // Checked on the final colouring directly, independent of the rules crate.
        let colour = |col: i32, row: i32| is_black_point(col as u8, row as u8);
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for row in 0..15i32 {
                for col in 0..15i32 {
                    let cells: Vec<(i32, i32)> =
                        (0..5).map(|k| (col + k * dc, row + k * dr)).collect();
                    if cells
                        .iter()
                        .all(|&(c, r)| (0..15).contains(&c) && (0..15).contains(&r))
                    {
                        let blacks = cells.iter().filter(|&&(c, r)| colour(c, r)).count();
                        assert!(
                            (2..=3).contains(&blacks),
                            "{blacks} of five black at {col},{row} along {dc},{dr}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn moves_alternate_colours_and_stop_at_the_limit() {
        let moves = quiet_moves(15, 100);
        assert_eq!(moves.len(), 100);
        for (ply, point) in moves.iter().enumerate() {
            assert_eq!(
                is_black_point(point.col(), point.row()),
                ply.is_multiple_of(2)
            );
        }
        assert_eq!(moves[0].to_string(), "a1");
    }
}
