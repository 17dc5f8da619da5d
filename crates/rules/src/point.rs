//! Intersections of the board and their renju-notation names (`h8`, `a1`).

use std::fmt;
use std::str::FromStr;

use crate::BoardSize;

/// An intersection of a board of up to [`BoardSize::MAX`] lines.
///
/// Columns are numbered from the left and rows from the bottom, both zero-based, so
/// `a1` is `(0, 0)` and `h8`, the centre of 15x15, is `(7, 7)`. A `Point` can never
/// lie outside the largest board; whether it lies on a smaller one is a question for
/// [`BoardSize::contains`].
///
/// ```
/// use narabe_rules::Point;
/// let h8: Point = "h8".parse()?;
/// assert_eq!((h8.col(), h8.row()), (7, 7));
/// assert_eq!(h8.to_string(), "h8");
/// assert_eq!("H8".parse::<Point>()?, h8);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    // Field order gives the derived `Ord` "row then column", the order every
    // listing of points uses.
    row: u8,
    col: u8,
}

impl Point {
    /// The point at `(col, row)`, or `None` when it lies outside the largest board.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < BoardSize::MAX.get() && row < BoardSize::MAX.get() {
            Some(Point { row, col })
        } else {
            None
        }
    }

    /// The zero-based column, counted from the left (`a` is 0).
    #[must_use]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The zero-based row, counted from the bottom (rank 1 is 0).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The point moved by `(dcol, drow)`, or `None` when that leaves the largest board.
    #[must_use]
    pub fn offset(self, dcol: i32, drow: i32) -> Option<Point> {
        let col = u8::try_from(i32::from(self.col) + dcol).ok()?;
        let row = u8::try_from(i32::from(self.row) + drow).ok()?;
        Point::new(col, row)
    }

    /// Chebyshev distance (king moves) between two points: the measure of the
    /// central 3x3, 5x5, 7x7 and 9x9 areas of the opening rules.
    #[must_use]
    pub fn chebyshev(self, other: Point) -> u8 {
        self.col
            .abs_diff(other.col)
            .max(self.row.abs_diff(other.row))
    }

    /// The column letter: `a` for column 0, and so on with no letter skipped.
    #[must_use]
    pub const fn col_letter(self) -> char {
        (b'a' + self.col) as char
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), u32::from(self.row) + 1)
    }
}

/// Why a text is not a point in renju notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePointError {
    /// Nothing to parse.
    #[error("empty point")]
    Empty,
    /// The first character is not a column letter `a`..`v`.
    #[error("bad column in {0:?}: expected a letter a..v")]
    Column(String),
    /// The column letter is not followed by a row number `1`..`22`.
    #[error("bad row in {0:?}: expected a number 1..22 after the column letter")]
    Row(String),
}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        let bytes = text.as_bytes();
        let Some(&first) = bytes.first() else {
            return Err(ParsePointError::Empty);
        };
        let letter = first.to_ascii_lowercase();
        if !(b'a'..b'a' + BoardSize::MAX.get()).contains(&letter) {
            return Err(ParsePointError::Column(text.to_owned()));
        }
        let digits = &bytes[1..];
        let row_error = || ParsePointError::Row(text.to_owned());
        if digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return Err(row_error());
        }
        let mut rank: u8 = 0;
        for &digit in digits {
            if !digit.is_ascii_digit() {
                return Err(row_error());
            }
            rank = rank * 10 + (digit - b'0');
        }
        Point::new(letter - b'a', rank - 1).ok_or_else(row_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_on_the_largest_board() {
        for row in 0..BoardSize::MAX.get() {
            for col in 0..BoardSize::MAX.get() {
                let point = Point::new(col, row).unwrap();
                assert_eq!(point.to_string().parse::<Point>(), Ok(point));
            }
        }
    }

    #[test]
    fn corners_and_centre() {
        assert_eq!(
            "a1".parse::<Point>().map(|p| (p.col(), p.row())),
            Ok((0, 0))
        );
        assert_eq!(
            "o15".parse::<Point>().map(|p| (p.col(), p.row())),
            Ok((14, 14))
        );
        assert_eq!(
            "v22".parse::<Point>().map(|p| (p.col(), p.row())),
            Ok((21, 21))
        );
        assert_eq!(
            "J10".parse::<Point>().map(|p| p.to_string()),
            Ok("j10".into())
        );
    }

    #[test]
    fn malformed_text_gives_typed_errors() {
        assert_eq!("".parse::<Point>(), Err(ParsePointError::Empty));
        assert!(matches!(
            "8h".parse::<Point>(),
            Err(ParsePointError::Column(_))
        ));
        assert!(matches!(
            "w3".parse::<Point>(),
            Err(ParsePointError::Column(_))
        ));
        assert!(matches!(
            "é1".parse::<Point>(),
            Err(ParsePointError::Column(_))
        ));
        for bad in ["h", "h0", "h08", "h23", "h100", "h8x", "h-1", "h 8"] {
            assert!(
                matches!(bad.parse::<Point>(), Err(ParsePointError::Row(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn points_sort_by_row_then_column() {
        let mut points: Vec<Point> = ["b2", "a3", "c1", "a2"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect();
        points.sort();
        let names: Vec<String> = points.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["c1", "a2", "b2", "a3"]);
    }

    #[test]
    fn chebyshev_measures_king_moves() {
        let h8: Point = "h8".parse().unwrap();
        assert_eq!(h8.chebyshev("j10".parse().unwrap()), 2);
        assert_eq!(h8.chebyshev("h8".parse().unwrap()), 0);
        assert_eq!(h8.chebyshev("d9".parse().unwrap()), 4);
    }
}
