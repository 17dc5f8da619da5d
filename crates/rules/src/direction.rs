//! The four line directions of the board.

use std::fmt;

/// One of the four lines through a point. Each is taken in both senses: a line
/// through `p` along `Horizontal` runs both left and right of `p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum Direction {
    /// Left to right along a row.
    Horizontal,
    /// Bottom to top along a column.
    Vertical,
    /// Bottom-left to top-right (`a1`-`o15`).
    Diagonal,
    /// Bottom-right to top-left (`o1`-`a15`).
    AntiDiagonal,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// One step forward along the direction as `(dcol, drow)`. Forward always
    /// goes up a row, except along a row where it goes right.
    #[must_use]
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (-1, 1),
        }
    }

    /// The lower-case name used in text and JSON forms.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Horizontal => "horizontal",
            Direction::Vertical => "vertical",
            Direction::Diagonal => "diagonal",
            Direction::AntiDiagonal => "anti-diagonal",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
