//! The diagrams of the rules pages: every named position with the verdict it
//! illustrates, in one table, and the 26 canonical renju openings. The
//! verdicts are not drawn from the table alone: the lines and marks come from
//! `narabe-rules` when the page is rendered, and a test checks every stated
//! verdict against it, so a diagram can never show a wrong one.

use narabe_rules::foul_explanation::{FoulExplanation, LineShape, explain};
use narabe_rules::win::winning_row;
use narabe_rules::{Board, BoardSize, CanonicalOpening, Color, FoulKind, Point, RuleSet};

use crate::http::pages::words::PageWords;
use crate::http::rules_pages::board_diagram::{
    BoardDiagram, DiagramLine, DiagramMark, DiagramStone, LineKind, MarkKind, Window,
};

/// What a black stone on a diagram's point is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
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
pub struct NamedDiagram {
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
pub static DIAGRAMS: [NamedDiagram; 6] = [
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
    pub fn find(name: &str) -> Option<&'static NamedDiagram> {
        DIAGRAMS.iter().find(|diagram| diagram.name == name)
    }

    /// The board: Black's and White's stones.
    ///
    /// # Errors
    ///
    /// When a point does not parse or two stones share one.
    pub fn board(&self) -> Result<Board, DiagramError> {
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
    pub fn point(&self) -> Result<Point, DiagramError> {
        self.parse(self.point)
    }

    fn parse(&self, text: &str) -> Result<Point, DiagramError> {
        text.parse().map_err(|_| DiagramError::BadPoint {
            name: self.name,
            text: text.to_owned(),
        })
    }

    /// The drawing, with its marks and lines from the rules crate and a
    /// description in `language`.
    ///
    /// # Errors
    ///
    /// When the entry's points are wrong.
    pub fn drawing(&self, language: &str) -> Result<BoardDiagram, DiagramError> {
        let board = self.board()?;
        let point = self.point()?;
        if !board.is_empty_at(point) {
            return Err(DiagramError::Occupied {
                name: self.name,
                point,
            });
        }
        let mut marks = vec![DiagramMark {
            point,
            kind: match self.verdict {
                Verdict::Forbidden(_) => MarkKind::Forbidden,
                Verdict::Allowed => MarkKind::Allowed,
                Verdict::FiveOverFoul(_) => MarkKind::Five,
            },
        }];
        for &(name, _) in self.also_forbidden {
            marks.push(DiagramMark {
                point: self.parse(name)?,
                kind: MarkKind::AlsoForbidden,
            });
        }
        let mut lines = Vec::new();
        match self.verdict {
            Verdict::Forbidden(_) => {
                if let Some(foul) = explain(&board, point) {
                    lines.extend(foul_lines(&foul, true));
                }
            }
            Verdict::Allowed => {
                for &(kind, from, to) in self.lines {
                    lines.push(DiagramLine {
                        kind,
                        from: self.parse(from)?,
                        to: self.parse(to)?,
                        key_points: Vec::new(),
                    });
                }
            }
            Verdict::FiveOverFoul(_) => {
                if let Some((five, without_five)) = five_and_the_board_without_it(&board, point) {
                    // The overridden foul's shapes, stones only: what would
                    // complete them no longer matters.
                    if let Some(foul) = explain(&without_five, point) {
                        lines.extend(foul_lines(&foul, false));
                    }
                    lines.push(DiagramLine {
                        kind: LineKind::Five,
                        from: five[0],
                        to: five[five.len() - 1],
                        key_points: Vec::new(),
                    });
                }
            }
        }
        let words = PageWords::of(language);
        let stones: Vec<DiagramStone> = board
            .stones()
            .map(|(point, color)| DiagramStone {
                point,
                color,
                number: None,
            })
            .collect();
        let shown = stones
            .iter()
            .map(|stone| stone.point)
            .chain(marks.iter().map(|mark| mark.point));
        Ok(BoardDiagram {
            size: BoardSize::FIFTEEN,
            // One size for every position, so the diagrams of a page share a
            // scale: nine lines hold the widest shape (X.XXX.X) with room.
            window: Window::around(shown, 9, BoardSize::FIFTEEN),
            coordinates: true,
            description: format!(
                "{}. {}: {}. {}: {}. {}: {}.",
                self.verdict_label(language),
                words.black_stones,
                list_or_none(self.black, words),
                words.white_stones,
                list_or_none(self.white, words),
                capitalised(words.marked_point),
                self.point,
            ),
            stones,
            marks,
            lines,
        })
    }

    /// The verdict in words: `Forbidden: 3x3`, `Allowed`, `Five: Black wins`.
    #[must_use]
    pub fn verdict_label(&self, language: &str) -> String {
        let words = PageWords::of(language);
        match self.verdict {
            Verdict::Forbidden(kind) => format!("{}: {}", words.forbidden, words.foul(kind)),
            Verdict::Allowed => words.allowed.to_owned(),
            Verdict::FiveOverFoul(_) => words.five_wins.to_owned(),
        }
    }
}

/// The points of the five Black makes on `point`, in line order, and the
/// board without the five's other stones (where the same stone shows the
/// foul the five overrides).
fn five_and_the_board_without_it(board: &Board, point: Point) -> Option<(Vec<Point>, Board)> {
    let mut with_point = board.clone();
    with_point.put(point, Color::Black);
    let five: Vec<Point> = winning_row(&with_point, point, RuleSet::Renju)?
        .points()
        .collect();
    let mut without = board.clone();
    for &stone in &five {
        if stone != point {
            without.remove(stone);
        }
    }
    Some((five, without))
}

/// The lines of a foul as drawn lines: each shape from its first to its last
/// point, and with `keys` its key points ringed and included in its length.
fn foul_lines(foul: &FoulExplanation, keys: bool) -> impl Iterator<Item = DiagramLine> + '_ {
    foul.lines.iter().filter_map(move |line| {
        let key_points = if keys {
            line.key_points.clone()
        } else {
            Vec::new()
        };
        let mut ends: Vec<Point> = line.stones.clone();
        ends.extend(&key_points);
        let along = |p: &Point| {
            let (dcol, drow) = line.direction.step();
            i32::from(p.col()) * dcol + i32::from(p.row()) * drow
        };
        let from = *ends.iter().min_by_key(|p| along(p))?;
        let to = *ends.iter().max_by_key(|p| along(p))?;
        Some(DiagramLine {
            kind: if line.shape == LineShape::Overline {
                LineKind::Overline
            } else {
                LineKind::Foul
            },
            from,
            to,
            key_points,
        })
    })
}

fn list_or_none(stones: &str, words: &PageWords) -> String {
    if stones.trim().is_empty() {
        words.no_stones.to_owned()
    } else {
        stones.split_whitespace().collect::<Vec<_>>().join(", ")
    }
}

fn capitalised(text: &str) -> String {
    let mut characters = text.chars();
    characters
        .next()
        .map(|first| first.to_uppercase().chain(characters).collect())
        .unwrap_or_default()
}

/// The two families of canonical openings, as a page names them:
/// `{{openings direct}}` and `{{openings indirect}}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningFamily {
    /// `1D`..`13D`: White orthogonally next to `h8`.
    Direct,
    /// `1I`..`13I`: White diagonally next to `h8`.
    Indirect,
}

impl OpeningFamily {
    /// The family a directive names.
    #[must_use]
    pub fn from_name(name: &str) -> Option<OpeningFamily> {
        match name {
            "direct" => Some(OpeningFamily::Direct),
            "indirect" => Some(OpeningFamily::Indirect),
            _ => None,
        }
    }

    /// The openings of the family, in their order.
    pub fn openings(self) -> impl Iterator<Item = CanonicalOpening> {
        CanonicalOpening::ALL
            .into_iter()
            .filter(move |opening| opening.is_direct() == (self == OpeningFamily::Direct))
    }
}

/// The drawing of a canonical opening: its three stones numbered in the
/// renju.net orientation, on the central 5x5 where the third stone goes,
/// without coordinates.
#[must_use]
pub fn opening_drawing(opening: CanonicalOpening, language: &str) -> BoardDiagram {
    let words = PageWords::of(language);
    let stones: Vec<DiagramStone> = opening
        .stones()
        .into_iter()
        .zip(1..)
        .map(|((point, color), number)| DiagramStone {
            point,
            color,
            number: Some(number),
        })
        .collect();
    let [first, second, third] = opening.stones().map(|(point, _)| point);
    BoardDiagram {
        size: BoardSize::FIFTEEN,
        window: Window::centred(BoardSize::FIFTEEN.center(), 2, BoardSize::FIFTEEN),
        // The caption and the page say where h8 is; letters and numbers
        // would crowd a drawing this small.
        coordinates: false,
        description: format!(
            "{opening}: 1. {} {first}, 2. {} {second}, 3. {} {third}.",
            words.black_stones, words.white_stones, words.black_stones
        ),
        stones,
        marks: Vec::new(),
        lines: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use narabe_rules::forbidden::classify;
    use narabe_rules::{BlackVerdict, identify_opening};

    use super::*;

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

    #[test]
    fn foul_diagrams_draw_the_lines_of_the_foul() {
        let drawing = NamedDiagram::find("renju-single-line-double-four")
            .unwrap()
            .drawing("en")
            .unwrap();
        assert_eq!(drawing.lines.len(), 2, "two fours on one line");
        let five = NamedDiagram::find("renju-five-beats-foul")
            .unwrap()
            .drawing("en")
            .unwrap();
        let kinds: Vec<LineKind> = five.lines.iter().map(|line| line.kind).collect();
        assert_eq!(kinds, [LineKind::Foul, LineKind::Foul, LineKind::Five]);
    }

    #[test]
    fn the_drawn_openings_are_the_26_the_rules_crate_names() {
        let mut seen = HashSet::new();
        for family in [OpeningFamily::Direct, OpeningFamily::Indirect] {
            for opening in family.openings() {
                let drawing = opening_drawing(opening, "en");
                let mut board = Board::new(BoardSize::FIFTEEN);
                for stone in &drawing.stones {
                    board.put(stone.point, stone.color);
                }
                assert_eq!(identify_opening(&board), Some(opening));
                assert!(drawing.description.starts_with(&opening.to_string()));
                assert!(seen.insert(opening.code()));
            }
        }
        assert_eq!(seen.len(), 26);
    }
}
