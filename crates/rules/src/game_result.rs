//! How a whole game ended, in terms of players.

use std::fmt;

use crate::{Color, OutcomeReason, Player};

/// The end of a game: the winning player and colour (none for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// The colour the winner held at the end, or `None` for a draw.
    pub winner_color: Option<Color>,
    /// Why the game ended.
    pub reason: ResultReason,
}

/// Why a game ended: something on the board, or a resignation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultReason {
    /// The board decided: a winning row, a foul, captures, two passes or a full
    /// board.
    Board(OutcomeReason),
    /// The loser resigned.
    Resignation,
}

impl ResultReason {
    /// The code used in machine-readable output: `five`, `overline` (a winning
    /// row longer than five), `foul`, `captures`, `double-pass`, `full-board`,
    /// `resignation`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        crate::ResultCode::from(*self).code()
    }
}

impl fmt::Display for GameResult {
    /// `first (black) wins: five`, `draw: double-pass`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.winner_color) {
            (Some(player), Some(color)) => write!(f, "{player} ({color}) wins")?,
            (Some(player), None) => write!(f, "{player} wins")?,
            (None, _) => f.write_str("draw")?,
        }
        write!(f, ": {}", self.reason.code())
    }
}
