//! The drawing of a named diagram: its stones, its point marked with the
//! verdict, and the lines that explain it, taken from `narabe-rules`.

use narabe_rules::foul_explanation::{FoulExplanation, LineShape, explain};
use narabe_rules::win::winning_row;
use narabe_rules::{Board, BoardSize, Color, Point, RuleSet};

use super::board_diagram::{
    BoardDiagram, DiagramLine, DiagramMark, DiagramStone, LineKind, MarkKind, Window,
};
use super::diagrams::{DiagramError, NamedDiagram, Verdict};
use crate::http::pages::words::PageWords;

impl NamedDiagram {
    /// The drawing, with its marks and lines from the rules crate and a
    /// description in `language`.
    ///
    /// # Errors
    ///
    /// When the entry's points are wrong.
    pub(super) fn drawing(&self, language: &str) -> Result<BoardDiagram, DiagramError> {
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
    pub(super) fn verdict_label(&self, language: &str) -> String {
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
pub(super) fn five_and_the_board_without_it(
    board: &Board,
    point: Point,
) -> Option<(Vec<Point>, Board)> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
