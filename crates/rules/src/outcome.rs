//! How a game on the board ends.

use std::fmt;

use crate::{Color, FoulKind, Point, Row};

/// The end of a game: who won (nobody for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: OutcomeReason,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OutcomeReason {
    /// A winning row: exactly five, or longer where the rules let it win.
    Row(Row),
    /// Black played a forbidden point under the `loses` policy; White wins.
    Foul {
        /// The forbidden point Black played.
        point: Point,
        /// Why it was forbidden.
        kind: FoulKind,
    },
    /// The winner captured enough stones (Pente).
    Captures(u16),
    /// Both players passed one after the other (renju): a draw.
    DoublePass,
    /// No empty point is left: a draw.
    FullBoard,
}

impl OutcomeReason {
    /// The reason code used in machine-readable output: `five`, `overline`
    /// (a winning row longer than five), `foul`, `captures`, `double-pass`,
    /// `full-board`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            OutcomeReason::Row(row) if row.length > 5 => "overline",
            OutcomeReason::Row(_) => "five",
            OutcomeReason::Foul { .. } => "foul",
            OutcomeReason::Captures(_) => "captures",
            OutcomeReason::DoublePass => "double-pass",
            OutcomeReason::FullBoard => "full-board",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(color) => write!(f, "{color} wins")?,
            None => f.write_str("draw")?,
        }
        match self.reason {
            OutcomeReason::Row(row) if row.length > 5 => write!(f, " with {} in a row", row.length),
            OutcomeReason::Row(_) => f.write_str(" with five in a row"),
            OutcomeReason::Foul { point, kind } => {
                write!(f, ": black played the forbidden point {point} ({kind})")
            }
            OutcomeReason::Captures(stones) => write!(f, " by capturing {stones} stones"),
            OutcomeReason::DoublePass => f.write_str(" by two passes in a row"),
            OutcomeReason::FullBoard => f.write_str(": the board is full"),
        }
    }
}
