//! The named diagrams of the rules pages: every position with the verdict it
//! illustrates, in one table. The verdicts are not drawn from the table
//! alone: the lines and marks come from `narabe-rules` when the page is
//! rendered (`drawing.rs`), and the tests below check every stated verdict
//! against it, so a diagram can never show a wrong one. The 26 canonical
//! renju openings are drawn by `openings.rs`.

use narabe_rules::{Board, BoardSize, Color, FoulKind, Point};

use super::board_diagram::LineKind;

/// What a black stone on a diagram's point is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// A forbidden move of this kind.
    Forbidden(FoulKind),
    /// An ordinary legal move.
    Allowed,
    /// An exact five, which wins although the same stone also makes this foul
    /// (the foul that the stones of the five's line would leave behind).
    FiveOverFoul(FoulKind),
}

/// A named position of the rules pages.
#[derive(Debug)]
pub(super) struct NamedDiagram {
    /// The name a page uses: `{{diagram <name>}}`.
    pub name: &'static str,
    /// Black's stones, in renju notation.
    pub black: &'static str,
    /// White's stones.
    pub white: &'static str,
    /// The point the diagram is about (empty).
    pub point: &'static str,
    /// What Black playing there is.
    pub verdict: Verdict,
    /// Other points that explain the verdict, forbidden once Black stands on
    /// `point` (a false three's straight-four point), with their kind.
    pub also_forbidden: &'static [(&'static str, FoulKind)],
    /// Lines worth showing on an allowed move, which no foul explanation
    /// draws: from one end to the other, both black stones.
    pub lines: &'static [(LineKind, &'static str, &'static str)],
}

/// Every named diagram. Positions are small and central so the drawing can
/// be read at a glance; each was checked with `narabe forbidden` and is
/// checked again by the tests below.
pub(super) static DIAGRAMS: [NamedDiagram; 6] = [
    NamedDiagram {
        // Two open threes through h8: f8-g8-h8 and h8-i9-j10.
        name: "renju-double-three",
        black: "f8 g8 i9 j10",
        white: "",
        point: "h8",
        verdict: Verdict::Forbidden(FoulKind::DoubleThree),
        also_forbidden: &[],
        lines: &[],
    },
    NamedDiagram {
        // Two fours through h8, each blocked at one end: a four need not be open.
        name: "renju-double-four",
        black: "e8 f8 g8 h9 h10 h11",
        white: "d8 h12",
        point: "h8",
        verdict: Verdict::Forbidden(FoulKind::DoubleFour),
        also_forbidden: &[],
        lines: &[],
    },
    NamedDiagram {
        // X.XXX.X: f8 and j8 each make an exact five, so h8 makes two fours on
        // one line.
        name: "renju-single-line-double-four",
        black: "e8 g8 i8 k8",
        white: "",
        point: "h8",
        verdict: Verdict::Forbidden(FoulKind::DoubleFour),
        also_forbidden: &[],
        lines: &[],
    },
    NamedDiagram {
        name: "renju-overline",
        black: "e8 f8 g8 i8 j8",
        white: "",
        point: "h8",
        verdict: Verdict::Forbidden(FoulKind::Overline),
        also_forbidden: &[],
        lines: &[],
    },
    NamedDiagram {
        // h7-h8-h9 is a real three; g8-h8-i8 is not: f8 gives no straight four
        // (e8 is White) and j8, its only straight-four point, is itself a
        // double-four once h8 stands (g8-j8 and j8-j11).
        name: "renju-false-double-three",
        black: "g8 i8 h7 h9 j9 j10 j11",
        white: "e8 j12",
        point: "h8",
        verdict: Verdict::Allowed,
        also_forbidden: &[("j8", FoulKind::DoubleFour)],
        lines: &[
            (LineKind::Three, "h7", "h9"),
            (LineKind::NotAThree, "g8", "i8"),
        ],
    },
    NamedDiagram {
        // f8-j8 is an exact five; h8-h11 and h8-k11 would be a double-four.
        name: "renju-five-beats-foul",
        black: "f8 g8 i8 j8 h9 h10 h11 i9 j10 k11",
        white: "",
        point: "h8",
        verdict: Verdict::FiveOverFoul(FoulKind::DoubleFour),
        also_forbidden: &[],
        lines: &[],
    },
];

/// Why a diagram cannot be drawn: its table entry is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// A point of the entry is not renju notation.
    #[error("diagram {name}: `{text}` is not a point")]
    BadPoint {
        /// The diagram.
        name: &'static str,
        /// The text that is no point.
        text: String,
    },
    /// Two stones on one point, or the diagram's point is not empty.
    #[error("diagram {name}: {point} is taken twice")]
    Occupied {
        /// The diagram.
        name: &'static str,
        /// The point.
        point: Point,
    },
}

impl NamedDiagram {
    /// The diagram called `name`, if any.
    #[must_use]
    pub(super) fn find(name: &str) -> Option<&'static NamedDiagram> {
        DIAGRAMS.iter().find(|diagram| diagram.name == name)
    }

    /// The board: Black's and White's stones.
    ///
    /// # Errors
    ///
    /// When a point does not parse or two stones share one.
    pub(super) fn board(&self) -> Result<Board, DiagramError> {
        let mut board = Board::new(BoardSize::FIFTEEN);
        for (stones, color) in [(self.black, Color::Black), (self.white, Color::White)] {
            for name in stones.split_whitespace() {
                let point = self.parse(name)?;
                if !board.put(point, color) {
                    return Err(DiagramError::Occupied {
                        name: self.name,
                        point,
                    });
                }
            }
        }
        Ok(board)
    }

    /// The diagram's point.
    ///
    /// # Errors
    ///
    /// When it does not parse.
    pub(super) fn point(&self) -> Result<Point, DiagramError> {
        self.parse(self.point)
    }

    /// A point of the entry.
    pub(super) fn parse(&self, text: &str) -> Result<Point, DiagramError> {
        text.parse().map_err(|_| DiagramError::BadPoint {
            name: self.name,
            text: text.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use narabe_rules::BlackVerdict;
    use narabe_rules::forbidden::classify;

    use super::*;
    use crate::http::rules_pages::drawing::five_and_the_board_without_it;

    /// The rules crate's verdict on a diagram, in the table's terms, so the
    /// tests can compare: `None` when the rules crate says something the table
    /// has no word for (an occupied point).
    fn checked_verdict(diagram: &NamedDiagram) -> Option<Verdict> {
        let board = diagram.board().ok()?;
        let point = diagram.point().ok()?;
        match classify(&board, point)? {
            BlackVerdict::Foul(kind) => Some(Verdict::Forbidden(kind)),
            BlackVerdict::Legal => Some(Verdict::Allowed),
            BlackVerdict::Five => {
                let (_, without) = five_and_the_board_without_it(&board, point)?;
                match classify(&without, point)? {
                    BlackVerdict::Foul(kind) => Some(Verdict::FiveOverFoul(kind)),
                    // A five that overrides nothing illustrates nothing.
                    BlackVerdict::Legal | BlackVerdict::Five => None,
                }
            }
        }
    }

    #[test]
    fn every_diagram_shows_the_verdict_of_the_rules_crate() {
        let mut names = HashSet::new();
        for diagram in &DIAGRAMS {
            assert!(names.insert(diagram.name), "{} twice", diagram.name);
            assert_eq!(
                checked_verdict(diagram),
                Some(diagram.verdict),
                "{}",
                diagram.name
            );
            assert!(diagram.drawing("en").is_ok(), "{}", diagram.name);
        }
    }

    #[test]
    fn the_points_that_explain_a_verdict_are_forbidden_with_their_kind() {
        for diagram in &DIAGRAMS {
            let mut board = diagram.board().unwrap();
            let point = diagram.point().unwrap();
            board.put(point, Color::Black);
            for &(name, kind) in diagram.also_forbidden {
                let other: Point = name.parse().unwrap();
                assert_eq!(
                    classify(&board, other),
                    Some(BlackVerdict::Foul(kind)),
                    "{}: {name} once {point} stands",
                    diagram.name
                );
                // And only because of the point: without it, it is allowed.
                board.remove(point);
                assert!(
                    !classify(&board, other).is_some_and(BlackVerdict::is_foul),
                    "{}: {name} is forbidden anyway",
                    diagram.name
                );
                board.put(point, Color::Black);
            }
        }
    }

    #[test]
    fn the_lines_of_an_allowed_move_are_black_rows_through_its_point() {
        for diagram in &DIAGRAMS {
            let board = diagram.board().unwrap();
            let point = diagram.point().unwrap();
            for &(_, from, to) in diagram.lines {
                let (from, to): (Point, Point) = (from.parse().unwrap(), to.parse().unwrap());
                let (dcol, drow) = (
                    i32::from(to.col()) - i32::from(from.col()),
                    i32::from(to.row()) - i32::from(from.row()),
                );
                let steps = dcol.abs().max(drow.abs());
                assert!(
                    dcol == 0 || drow == 0 || dcol.abs() == drow.abs(),
                    "{}: {from}-{to} is no line",
                    diagram.name
                );
                let along: Vec<Point> = (0..=steps)
                    .filter_map(|k| from.offset(k * dcol / steps, k * drow / steps))
                    .collect();
                assert!(along.contains(&point), "{}: {from}-{to}", diagram.name);
                for stone in along.into_iter().filter(|&p| p != point) {
                    assert_eq!(board.get(stone), Some(Color::Black), "{}", diagram.name);
                }
            }
        }
    }
}
