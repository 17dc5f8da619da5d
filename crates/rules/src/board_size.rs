//! The number of lines of a square board.

use std::fmt;
use std::num::NonZeroU8;

use crate::Point;

/// The side length of a square board, from [`BoardSize::MIN`] to [`BoardSize::MAX`].
///
/// Which sizes a game allows is a question for [`crate::RuleSet::allows_size`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(NonZeroU8);

impl BoardSize {
    /// The smallest board on which five in a row fits with room to spare.
    pub const MIN: BoardSize = BoardSize::const_new(5);
    /// The largest board (22 lines, columns `a`..`v`), enough for Gomocup's 20x20.
    pub const MAX: BoardSize = BoardSize::const_new(22);
    /// The renju and gomoku board.
    pub const FIFTEEN: BoardSize = BoardSize::const_new(15);
    /// The caro and pente board (and gomoku's larger option).
    pub const NINETEEN: BoardSize = BoardSize::const_new(19);

    const fn const_new(lines: u8) -> BoardSize {
        match NonZeroU8::new(lines) {
            Some(lines) => BoardSize(lines),
            None => panic!("board size must not be zero"),
        }
    }

    /// A board of `lines` x `lines`, or `None` outside `MIN..=MAX`.
    #[must_use]
    pub const fn new(lines: u8) -> Option<BoardSize> {
        if lines >= 5 && lines <= 22 {
            Some(BoardSize::const_new(lines))
        } else {
            None
        }
    }

    /// The number of lines.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// Whether `point` lies on this board.
    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        point.col() < self.get() && point.row() < self.get()
    }

    /// The centre point (`h8` on 15x15, `j10` on 19x19); on even sizes the point
    /// just below and left of the middle.
    #[must_use]
    pub fn center(self) -> Point {
        let middle = (self.get() - 1) / 2;
        Point::new(middle, middle).expect("the centre lies on the board")
    }

    /// Every point of the board, sorted by row then column.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let lines = self.get();
        (0..lines).flat_map(move |row| (0..lines).filter_map(move |col| Point::new(col, row)))
    }

    /// The number of intersections.
    #[must_use]
    pub const fn area(self) -> usize {
        self.get() as usize * self.get() as usize
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_and_centres() {
        assert!(BoardSize::new(4).is_none());
        assert!(BoardSize::new(23).is_none());
        assert_eq!(BoardSize::FIFTEEN.center().to_string(), "h8");
        assert_eq!(BoardSize::NINETEEN.center().to_string(), "j10");
        assert_eq!(BoardSize::FIFTEEN.points().count(), 225);
        assert!(!BoardSize::FIFTEEN.contains("p1".parse().unwrap()));
        assert!(BoardSize::FIFTEEN.contains("o15".parse().unwrap()));
    }
}
