//! A board diagram: part of a board with coordinates, stones (optionally
//! numbered), the point the diagram is about and the lines that explain it,
//! as data; `board_svg.rs` draws it.

use narabe_rules::{BoardSize, Color, Point};

/// The rectangle of points a diagram shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Window {
    /// The leftmost column shown, zero-based.
    pub first_col: u8,
    /// The lowest row shown, zero-based.
    pub first_row: u8,
    /// How many columns are shown.
    pub cols: u8,
    /// How many rows are shown.
    pub rows: u8,
}

impl Window {
    /// The smallest square of at least `min_side` lines that holds every
    /// point of `points` with one free line around them (where the board
    /// allows), kept inside the board.
    #[must_use]
    pub(super) fn around(
        points: impl IntoIterator<Item = Point>,
        min_side: u8,
        size: BoardSize,
    ) -> Window {
        let lines = size.get();
        let (mut low_col, mut high_col, mut low_row, mut high_row) = (lines, 0, lines, 0);
        for point in points {
            low_col = low_col.min(point.col());
            high_col = high_col.max(point.col());
            low_row = low_row.min(point.row());
            high_row = high_row.max(point.row());
        }
        if low_col > high_col {
            let centre = size.center();
            (low_col, high_col, low_row, high_row) =
                (centre.col(), centre.col(), centre.row(), centre.row());
        }
        let span = (high_col - low_col).max(high_row - low_row) + 1;
        let side = (span + 2).max(min_side).min(lines);
        let start = |low: u8, high: u8| -> u8 {
            // Centre the points on the side, then keep the side on the board.
            let spare = side - (high - low + 1).min(side);
            low.saturating_sub(spare.div_ceil(2)).min(lines - side)
        };
        Window {
            first_col: start(low_col, high_col),
            first_row: start(low_row, high_row),
            cols: side,
            rows: side,
        }
    }

    /// The square of `2 * radius + 1` lines around `centre`, kept inside the
    /// board.
    #[must_use]
    pub(super) fn centred(centre: Point, radius: u8, size: BoardSize) -> Window {
        let side = (2 * radius + 1).min(size.get());
        let start = |at: u8| at.saturating_sub(radius).min(size.get() - side);
        Window {
            first_col: start(centre.col()),
            first_row: start(centre.row()),
            cols: side,
            rows: side,
        }
    }

    /// Whether `point` lies in the window.
    #[must_use]
    pub(super) fn contains(self, point: Point) -> bool {
        (self.first_col..self.first_col + self.cols).contains(&point.col())
            && (self.first_row..self.first_row + self.rows).contains(&point.row())
    }
}

/// A stone on a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DiagramStone {
    /// Where it stands.
    pub point: Point,
    /// Its colour.
    pub color: Color,
    /// The move number written on it, if any.
    pub number: Option<u16>,
}

/// What a marked empty point is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MarkKind {
    /// The point the diagram is about, forbidden for Black: a red cross.
    Forbidden,
    /// The point the diagram is about, allowed: a green ring.
    Allowed,
    /// The point the diagram is about, where Black makes a winning five: a
    /// blue ring.
    Five,
    /// Another point that is forbidden and explains the verdict: a small
    /// cross.
    AlsoForbidden,
}

/// A marked empty point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DiagramMark {
    /// The point.
    pub point: Point,
    /// How it is drawn.
    pub kind: MarkKind,
}

/// What a highlighted line shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineKind {
    /// A four or a real three of a foul.
    Foul,
    /// The six or more stones of an overline.
    Overline,
    /// A winning five.
    Five,
    /// A real three of an allowed move.
    Three,
    /// Three stones in a row that are no real three.
    NotAThree,
}

impl LineKind {
    /// The class its drawing is styled by.
    pub(super) fn class(self) -> &'static str {
        match self {
            LineKind::Foul => "foul",
            LineKind::Overline => "overline",
            LineKind::Five => "five",
            LineKind::Three => "three",
            LineKind::NotAThree => "not-three",
        }
    }
}

/// A highlighted line, from one end to the other, with the empty points that
/// make it what it is (a four's completions, a three's straight-four points)
/// ringed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DiagramLine {
    /// What the line shows.
    pub kind: LineKind,
    /// One end.
    pub from: Point,
    /// The other end.
    pub to: Point,
    /// The points ringed on it.
    pub key_points: Vec<Point>,
}

/// Everything a diagram draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct BoardDiagram {
    /// The whole board's size (for its edges and star points).
    pub size: BoardSize,
    /// The part shown.
    pub window: Window,
    /// The stones.
    pub stones: Vec<DiagramStone>,
    /// The marked empty points.
    pub marks: Vec<DiagramMark>,
    /// The highlighted lines.
    pub lines: Vec<DiagramLine>,
    /// Whether the column letters and row numbers are written (small
    /// diagrams whose captions say where they are can do without).
    pub coordinates: bool,
    /// What the drawing shows, in words: its accessible name.
    pub description: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn a_window_holds_its_points_with_room_around_and_stays_on_the_board() {
        let size = BoardSize::FIFTEEN;
        let centre = Window::around([point("h8")], 7, size);
        assert_eq!((centre.first_col, centre.first_row, centre.cols), (4, 4, 7));
        let wide = Window::around([point("d8"), point("k11")], 7, size);
        assert_eq!(wide.cols, 10);
        assert!(wide.contains(point("c7")) && wide.contains(point("l12")));
        let corner = Window::around([point("a1"), point("b2")], 7, size);
        assert_eq!((corner.first_col, corner.first_row), (0, 0));
        let far = Window::around([point("o15")], 7, size);
        assert_eq!((far.first_col, far.first_row), (8, 8));
        let openings = Window::centred(point("h8"), 2, size);
        assert_eq!(
            (openings.first_col, openings.first_row, openings.cols),
            (5, 5, 5)
        );
    }
}
