//! A move on the board: a stone or a pass.

use std::fmt;
use std::str::FromStr;

use crate::{ParsePointError, Point};

/// What a player does on the board on their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone of the side to move on a point.
    Place(Point),
    /// No stone (renju only, after the opening).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(point) => point.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParsePointError;

    /// `pass` (any case) or a point such as `h8`.
    fn from_str(text: &str) -> Result<Move, ParsePointError> {
        if text.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            text.parse().map(Move::Place)
        }
    }
}
