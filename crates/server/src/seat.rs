//! The two player seats of a game.

use std::fmt;

/// One of the two player seats of a game: `First` moves first (Black in renju).
///
/// The store keeps one token hash per seat; which colour a seat plays at a given
/// moment (after a swap, say) is for the game session to derive from the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The seat that makes the first action of the game.
    First,
    /// The other seat.
    Second,
}

impl Seat {
    /// Both seats, first then second.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// The name used in the action log's `seat` column: `first` or `second`.
    pub fn as_str(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }

    /// The opposite seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
