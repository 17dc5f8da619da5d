//! How a session ended: on the board, or by one of the platform's rules.

use narabe_rules::{GameResult, Player, ResultCode, ResultReason};

/// The end of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SessionResult {
    /// The winner, or `None` for a draw or an aborted game.
    pub winner: Option<Player>,
    /// Why it ended.
    pub reason: SessionEnd,
}

/// Why a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SessionEnd {
    /// The game ended by its rules (a row, a foul, captures, passes, a full board)
    /// or by resignation.
    Game(ResultReason),
    /// The loser's clock ran out, or a correspondence deadline passed.
    Timeout(Player),
    /// Both players agreed to a draw.
    DrawAgreed,
    /// The winner (or, for a draw, the claimant) claimed against an opponent gone
    /// too long.
    Abandoned(Player),
    /// Called off before both players had moved: no result.
    Aborted(Player),
}

impl SessionResult {
    /// The session result of a finished game.
    #[must_use]
    pub fn of_game(result: GameResult) -> SessionResult {
        SessionResult {
            winner: result.winner,
            reason: SessionEnd::Game(result.reason),
        }
    }

    /// The reason code: the game's codes (`five`, `overline`, `foul`, `captures`,
    /// `double-pass`, `full-board`, `resignation`) or `timeout`, `agreement`,
    /// `abandonment`, `aborted`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.result_code().code()
    }

    /// The reason as the snapshot names it.
    #[must_use]
    pub fn result_code(&self) -> ResultCode {
        match self.reason {
            SessionEnd::Game(reason) => reason.into(),
            SessionEnd::Timeout(_) => ResultCode::Timeout,
            SessionEnd::DrawAgreed => ResultCode::Agreement,
            SessionEnd::Abandoned(_) => ResultCode::Abandonment,
            SessionEnd::Aborted(_) => ResultCode::Aborted,
        }
    }
}
