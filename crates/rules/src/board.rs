//! Stones on a square board, with no rule attached.

use std::fmt;

use crate::grid::{self, CELLS};
use crate::{BoardSize, Color, Direction, Point};

/// Stones on a board of some [`BoardSize`]: any arrangement, legal or not (the
/// unchecked "setup" level; [`crate::Position`] adds the rules).
///
/// ```
/// use narabe_rules::{Board, BoardSize, Color};
/// let mut board = Board::new(BoardSize::FIFTEEN);
/// board.put("h8".parse()?, Color::Black);
/// assert_eq!(board.get("h8".parse()?), Some(Color::Black));
/// assert_eq!(board.stone_count(), 1);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: BoardSize,
    cells: [u8; CELLS],
    stones: [u16; 2],
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn new(size: BoardSize) -> Board {
        Board {
            size,
            cells: grid::empty_cells(size),
            stones: [0, 0],
        }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `point`, or `None` for an empty point or a point off this board.
    #[must_use]
    pub fn get(&self, point: Point) -> Option<Color> {
        match self.cells[grid::index(point)] {
            grid::BLACK => Some(Color::Black),
            grid::WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `point` is on this board and empty.
    #[must_use]
    pub fn is_empty_at(&self, point: Point) -> bool {
        self.cells[grid::index(point)] == grid::EMPTY
    }

    /// Puts a stone of `color` on `point`, replacing whatever was there. Points off
    /// this board are ignored and `false` is returned.
    pub fn put(&mut self, point: Point, color: Color) -> bool {
        if !self.size.contains(point) {
            return false;
        }
        self.remove(point);
        self.cells[grid::index(point)] = grid::stone(color);
        self.stones[color.index()] += 1;
        true
    }

    /// Removes the stone on `point` and returns it.
    pub fn remove(&mut self, point: Point) -> Option<Color> {
        let color = self.get(point)?;
        self.cells[grid::index(point)] = grid::EMPTY;
        self.stones[color.index()] -= 1;
        Some(color)
    }

    /// The number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        usize::from(self.stones[0]) + usize::from(self.stones[1])
    }

    /// The number of stones of `color`.
    #[must_use]
    pub fn count(&self, color: Color) -> usize {
        usize::from(self.stones[color.index()])
    }

    /// Whether every point holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.size.area()
    }

    /// Every stone as `(point, colour)`, sorted by row then column.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.size
            .points()
            .filter_map(|point| self.get(point).map(|color| (point, color)))
    }

    /// The points holding `color`, sorted by row then column.
    pub fn stones_of(&self, color: Color) -> impl Iterator<Item = Point> + '_ {
        self.stones()
            .filter(move |&(_, stone)| stone == color)
            .map(|(point, _)| point)
    }

    /// The empty points, sorted by row then column.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.size.points().filter(|&point| self.is_empty_at(point))
    }

    /// The number of consecutive stones of the colour on `point` through `point`
    /// along `direction` (both senses), or 0 when `point` is empty.
    #[must_use]
    pub fn run_length(&self, point: Point, direction: Direction) -> usize {
        match self.get(point) {
            Some(color) => grid::run_length(
                &self.cells,
                grid::index(point),
                grid::step(direction),
                grid::stone(color),
            ),
            None => 0,
        }
    }

    /// The padded cell array, for the crate's scanners.
    pub(crate) fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}\n{self}", self.size)
    }
}

/// A text diagram, top row first: `X` black, `O` white, `.` empty, with row numbers
/// on the left and column letters below.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = self.size.get();
        for row in (0..lines).rev() {
            write!(f, "{:>2}", u32::from(row) + 1)?;
            for col in 0..lines {
                let point = Point::new(col, row).expect("on the largest board");
                let mark = match self.get(point) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  ")?;
        for col in 0..lines {
            write!(f, " {}", char::from(b'a' + col))?;
        }
        writeln!(f)
    }
}

/// A board of `size` with black and white stones named in renju notation, for the
/// unit tests of this crate.
#[cfg(test)]
pub(crate) fn test_board(size: BoardSize, black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::new(size);
    for (names, color) in [(black, Color::Black), (white, Color::White)] {
        for name in names {
            let point = name.parse().expect("a point in renju notation");
            assert!(board.put(point, color), "{name} is on the board");
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn put_remove_and_counts() {
        let mut board = Board::new(BoardSize::FIFTEEN);
        assert!(board.put(point("h8"), Color::Black));
        assert!(board.put(point("h9"), Color::White));
        assert!(!board.put(point("p1"), Color::White), "off a 15x15 board");
        assert_eq!(board.count(Color::Black), 1);
        assert_eq!(board.count(Color::White), 1);
        assert!(board.put(point("h9"), Color::Black), "replacing a stone");
        assert_eq!(
            (board.count(Color::Black), board.count(Color::White)),
            (2, 0)
        );
        assert_eq!(board.remove(point("h9")), Some(Color::Black));
        assert_eq!(board.remove(point("h9")), None);
        assert_eq!(board.stone_count(), 1);
        assert_eq!(board.get(point("p1")), None);
        assert!(
            !board.is_empty_at(point("p1")),
            "off-board points are never empty"
        );
    }

    #[test]
    fn run_length_counts_both_senses_and_stops_at_the_edge() {
        let mut board = Board::new(BoardSize::FIFTEEN);
        for name in ["a1", "b2", "c3", "e5"] {
            board.put(point(name), Color::Black);
        }
        assert_eq!(board.run_length(point("b2"), Direction::Diagonal), 3);
        assert_eq!(board.run_length(point("b2"), Direction::Horizontal), 1);
        assert_eq!(board.run_length(point("d4"), Direction::Diagonal), 0);
    }

    #[test]
    fn diagram_shows_stones() {
        let mut board = Board::new(BoardSize::MIN);
        board.put(point("a1"), Color::Black);
        board.put(point("e5"), Color::White);
        let text = board.to_string();
        assert!(text.starts_with(" 5 . . . . O\n"));
        assert!(text.contains(" 1 X . . . .\n"));
        assert!(text.ends_with("   a b c d e\n"));
    }
}
