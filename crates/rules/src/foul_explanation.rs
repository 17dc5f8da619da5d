//! Why a point is forbidden, in a form a UI can draw: the kind and the lines.

use crate::forbidden::{BlackVerdict, FoulKind, Run, verdict_of_empty, verdict_of_placed};
use crate::grid::{self, BLACK, CELLS, DIRECTION_STEPS, EMPTY};
use crate::{Board, Direction, Point};

/// What a line through a forbidden point contributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum LineShape {
    /// Six or more in a row.
    Overline,
    /// A four: one more stone makes an exact five.
    Four,
    /// A real three: one more stone, itself allowed, makes a straight four.
    Three,
}

/// One line of a foul: the black stones that form it (the new stone included) and
/// the empty points that make it what it is (the five completions of a four, the
/// straight-four points of a three; none for an overline).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FoulLine {
    /// Overline, four or three.
    pub shape: LineShape,
    /// The line's direction.
    pub direction: Direction,
    /// The black stones of the shape, with the forbidden point, sorted.
    pub stones: Vec<Point>,
    /// The empty points that complete the shape, sorted.
    pub key_points: Vec<Point>,
}

/// A forbidden point explained.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FoulExplanation {
    /// The forbidden point.
    pub point: Point,
    /// Why it is forbidden.
    pub kind: FoulKind,
    /// The lines that make it so: every overline, every four of a double-four
    /// (two on one line count twice), every real three of a double-three.
    pub lines: Vec<FoulLine>,
}

/// Explains why Black may not play `point`, or `None` when the point is not
/// forbidden (legal, a five, occupied or off the board).
///
/// ```
/// use narabe_rules::{board_from_moves, foul_explanation::explain, BoardSize, FoulKind};
/// // Black: g8 h7 h9 i8 around an empty h8 (a double-three).
/// let board = board_from_moves("g8 a1 h7 a3 h9 a5 i8 a7", BoardSize::FIFTEEN)?;
/// let foul = explain(&board, "h8".parse()?).unwrap();
/// assert_eq!(foul.kind, FoulKind::DoubleThree);
/// assert_eq!(foul.lines.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn explain(board: &Board, point: Point) -> Option<FoulExplanation> {
    if !board.is_empty_at(point) {
        return None;
    }
    let mut cells = *board.cells();
    let at = grid::index(point);
    cells[at] = BLACK;
    let verdict = verdict_of_placed(&mut cells, at);
    let BlackVerdict::Foul(kind) = verdict else {
        return None;
    };
    let mut lines = Vec::new();
    for (direction, step) in Direction::ALL.into_iter().zip(DIRECTION_STEPS) {
        let run = Run::through(&cells, at, step);
        match kind {
            FoulKind::Overline if run.len > 5 => lines.push(overline(&run, direction)),
            FoulKind::Overline => {}
            FoulKind::DoubleFour => fours(&cells, &run, direction, &mut lines),
            FoulKind::DoubleThree => {
                if let Some(line) = real_three(&mut cells, &run, direction) {
                    lines.push(line);
                }
            }
        }
    }
    Some(FoulExplanation { point, kind, lines })
}

/// The board points of `run`.
fn run_points(run: &Run) -> Vec<Point> {
    (run.low + run.step..run.high)
        .step_by(run.step)
        .map(grid::point_at)
        .collect()
}

/// The black stones directly past the empty cell `from` on the side away from
/// `run`.
fn stones_beyond(cells: &[u8; CELLS], run: &Run, from: usize) -> Vec<Point> {
    let mut stones = Vec::new();
    let mut at = from;
    loop {
        at = if from == run.high {
            at + run.step
        } else {
            at - run.step
        };
        if cells[at] != BLACK {
            return stones;
        }
        stones.push(grid::point_at(at));
    }
}

fn overline(run: &Run, direction: Direction) -> FoulLine {
    FoulLine {
        shape: LineShape::Overline,
        direction,
        stones: sorted(run_points(run)),
        key_points: Vec::new(),
    }
}

fn fours(cells: &[u8; CELLS], run: &Run, direction: Direction, lines: &mut Vec<FoulLine>) {
    let completions: Vec<usize> = run.five_completions(cells).into_iter().flatten().collect();
    if run.len == 4 && completions.len() == 2 {
        lines.push(FoulLine {
            shape: LineShape::Four,
            direction,
            stones: sorted(run_points(run)),
            key_points: sorted(completions.iter().map(|&c| grid::point_at(c)).collect()),
        });
        return;
    }
    for completion in completions {
        let mut stones = run_points(run);
        stones.extend(stones_beyond(cells, run, completion));
        lines.push(FoulLine {
            shape: LineShape::Four,
            direction,
            stones: sorted(stones),
            key_points: vec![grid::point_at(completion)],
        });
    }
}

fn real_three(cells: &mut [u8; CELLS], run: &Run, direction: Direction) -> Option<FoulLine> {
    let mut stones = run_points(run);
    let mut key_points = Vec::new();
    for extension in run.three_extensions(cells).into_iter().flatten() {
        debug_assert_eq!(cells[extension], EMPTY);
        if !verdict_of_empty(cells, extension).is_foul() {
            stones.extend(stones_beyond(cells, run, extension));
            key_points.push(grid::point_at(extension));
        }
    }
    (!key_points.is_empty()).then(|| FoulLine {
        shape: LineShape::Three,
        direction,
        stones: sorted(stones),
        key_points: sorted(key_points),
    })
}

fn sorted(mut points: Vec<Point>) -> Vec<Point> {
    points.sort();
    points.dedup();
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    fn board(black: &[&str], white: &[&str]) -> Board {
        crate::board::test_board(BoardSize::FIFTEEN, black, white)
    }

    fn names(points: &[Point]) -> Vec<String> {
        points.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn single_line_double_four_lists_both_fours() {
        // Q11: e8 g8 i8 k8, h8 makes X.XXX.X
        let foul = explain(
            &board(&["e8", "g8", "i8", "k8"], &[]),
            "h8".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(foul.kind, FoulKind::DoubleFour);
        assert_eq!(foul.lines.len(), 2);
        assert_eq!(names(&foul.lines[0].key_points), ["f8"]);
        assert_eq!(names(&foul.lines[0].stones), ["e8", "g8", "h8", "i8"]);
        assert_eq!(names(&foul.lines[1].key_points), ["j8"]);
        assert_eq!(names(&foul.lines[1].stones), ["g8", "h8", "i8", "k8"]);
    }

    #[test]
    fn overline_lists_the_row() {
        let foul = explain(
            &board(&["e8", "f8", "g8", "i8", "j8"], &[]),
            "h8".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(foul.kind, FoulKind::Overline);
        assert_eq!(foul.lines.len(), 1);
        assert_eq!(
            names(&foul.lines[0].stones),
            ["e8", "f8", "g8", "h8", "i8", "j8"]
        );
    }

    #[test]
    fn double_three_lists_threes_and_their_straight_four_points() {
        // Q3: e5 f6 h5 h6; h8 is 3x3 (diagonal e5 f6 . h8 and vertical h5 h6 . h8).
        let foul = explain(
            &board(&["e5", "f6", "h5", "h6"], &[]),
            "h8".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(foul.kind, FoulKind::DoubleThree);
        let shapes: Vec<(Direction, Vec<String>, Vec<String>)> = foul
            .lines
            .iter()
            .map(|line| (line.direction, names(&line.stones), names(&line.key_points)))
            .collect();
        assert_eq!(
            shapes,
            [
                (
                    Direction::Vertical,
                    vec!["h5".into(), "h6".into(), "h8".into()],
                    vec!["h7".into()]
                ),
                (
                    Direction::Diagonal,
                    vec!["e5".into(), "f6".into(), "h8".into()],
                    vec!["g7".into()]
                ),
            ]
        );
    }

    #[test]
    fn legal_and_occupied_points_have_no_explanation() {
        let board = board(&["g8", "h7", "h9", "i8"], &["e8", "k8"]);
        assert!(
            explain(&board, "h8".parse().unwrap()).is_none(),
            "Q4: legal"
        );
        assert!(explain(&board, "g8".parse().unwrap()).is_none(), "occupied");
    }
}
