//! Gomocup coordinates (`x,y`) and how they map to renju notation.
//!
//! The Gomocup protocol numbers points from zero with the origin in the top-left
//! corner of the board as managers such as Piskvork draw it: `x` is the column
//! from the left, `y` the row counted downwards. Renju notation counts rows from
//! the bottom, so on an N×N board `x = column index` and `y = N - 1 - row index`:
//! `h8` is `7,7` on 15×15, `a1` is `0,14` and `o15` is `14,0` (RULES.md §1).

use std::fmt;
use std::str::FromStr;

use narabe_rules::{BoardSize, Point};

/// A point as the Gomocup protocol writes it: `x,y`, zero-based, `y` downwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GomocupCoord {
    /// The column, 0 at the left.
    pub x: u32,
    /// The row, 0 at the top.
    pub y: u32,
}

impl GomocupCoord {
    /// The coordinate of `point` on a board of `size` lines.
    #[must_use]
    pub fn from_point(point: Point, size: BoardSize) -> GomocupCoord {
        let last_row = u32::from(size.get()) - 1;
        GomocupCoord {
            x: u32::from(point.col()),
            y: last_row.saturating_sub(u32::from(point.row())),
        }
    }

    /// The point at this coordinate on a board of `size` lines, or `None` when it
    /// lies outside that board.
    #[must_use]
    pub fn to_point(self, size: BoardSize) -> Option<Point> {
        let lines = u32::from(size.get());
        if self.x >= lines || self.y >= lines {
            return None;
        }
        let col = u8::try_from(self.x).ok()?;
        let row = u8::try_from(lines - 1 - self.y).ok()?;
        Point::new(col, row)
    }

    /// The coordinate written as Yixin's `YXSHOWFORBID` does: `x` and `y` as two
    /// digits each, `0207` for `2,7`.
    #[must_use]
    pub fn two_digit_pair(self) -> String {
        format!("{:02}{:02}", self.x, self.y)
    }
}

impl fmt::Display for GomocupCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A text that is not an `x,y` coordinate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a coordinate x,y with two numbers from 0, not {0:?}")]
pub struct ParseCoordError(pub String);

impl FromStr for GomocupCoord {
    type Err = ParseCoordError;

    fn from_str(text: &str) -> Result<GomocupCoord, ParseCoordError> {
        let error = || ParseCoordError(text.to_owned());
        let (x, y) = text.split_once(',').ok_or_else(error)?;
        let number = |part: &str| {
            let part = part.trim();
            // `u32::from_str` accepts a leading `+`; the protocol never writes one.
            if part.is_empty() || !part.bytes().all(|byte| byte.is_ascii_digit()) {
                return None;
            }
            part.parse::<u32>().ok()
        };
        Ok(GomocupCoord {
            x: number(x).ok_or_else(error)?,
            y: number(y).ok_or_else(error)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().expect("a point")
    }

    #[test]
    fn renju_notation_maps_with_rows_counted_from_the_top() {
        let size = BoardSize::FIFTEEN;
        assert_eq!(
            GomocupCoord::from_point(point("h8"), size).to_string(),
            "7,7"
        );
        assert_eq!(
            GomocupCoord::from_point(point("a1"), size).to_string(),
            "0,14"
        );
        assert_eq!(
            GomocupCoord::from_point(point("o15"), size).to_string(),
            "14,0"
        );
        assert_eq!(
            GomocupCoord { x: 2, y: 7 }.to_point(size),
            Some(point("c8"))
        );
        let twenty = BoardSize::new(20).expect("20 lines");
        assert_eq!(
            GomocupCoord { x: 0, y: 0 }.to_point(twenty),
            Some(point("a20"))
        );
        assert_eq!(GomocupCoord { x: 15, y: 0 }.to_point(size), None);
        assert_eq!(GomocupCoord { x: 0, y: 15 }.to_point(size), None);
    }

    #[test]
    fn every_point_round_trips() {
        for lines in [5, 15, 19, 20, 22] {
            let size = BoardSize::new(lines).expect("a size");
            for point in size.points() {
                let coord = GomocupCoord::from_point(point, size);
                assert_eq!(coord.to_point(size), Some(point));
            }
        }
    }

    #[test]
    fn parses_numbers_around_a_comma_only() {
        assert_eq!("10, 11".parse(), Ok(GomocupCoord { x: 10, y: 11 }));
        for bad in ["", "7", "7,", ",7", "-1,3", "+1,3", "a,b", "1,2,3", "1;2"] {
            assert!(bad.parse::<GomocupCoord>().is_err(), "{bad:?}");
        }
        assert_eq!(GomocupCoord { x: 9, y: 12 }.two_digit_pair(), "0912");
    }
}
