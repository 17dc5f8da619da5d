use serde::{Deserialize, Serialize};

use crate::Side;

/// How a tournament game ended, from the tournament's point of view.
///
/// A forfeit is a game that was not played: a player did not show up in
/// time, or withdrew with games left. Forfeits score like wins and losses but
/// do not count as played for the pairing rules (the players may meet again,
/// no colour is recorded) or for the tie-breaks that count games played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// The first player won over the board.
    FirstWins,
    /// The second player won over the board.
    SecondWins,
    /// A draw over the board.
    Draw,
    /// The second player forfeited.
    FirstWinsByForfeit,
    /// The first player forfeited.
    SecondWinsByForfeit,
    /// Neither player showed up.
    BothForfeit,
}

/// What one player got from a game: the outcome for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A win over the board.
    Win,
    /// A draw.
    Draw,
    /// A loss over the board.
    Loss,
    /// A win because the opponent did not play.
    ForfeitWin,
    /// A loss because this player did not play.
    ForfeitLoss,
}

impl GameResult {
    /// The outcome for the player on `side`.
    pub fn outcome_for(self, side: Side) -> Outcome {
        let first = match self {
            GameResult::FirstWins => Outcome::Win,
            GameResult::SecondWins => Outcome::Loss,
            GameResult::Draw => Outcome::Draw,
            GameResult::FirstWinsByForfeit => Outcome::ForfeitWin,
            GameResult::SecondWinsByForfeit | GameResult::BothForfeit => Outcome::ForfeitLoss,
        };
        match (side, self, first) {
            (Side::First, _, outcome) => outcome,
            (Side::Second, GameResult::BothForfeit, _) => Outcome::ForfeitLoss,
            (Side::Second, _, Outcome::Win) => Outcome::Loss,
            (Side::Second, _, Outcome::Loss) => Outcome::Win,
            (Side::Second, _, Outcome::ForfeitWin) => Outcome::ForfeitLoss,
            (Side::Second, _, Outcome::ForfeitLoss) => Outcome::ForfeitWin,
            (Side::Second, _, Outcome::Draw) => Outcome::Draw,
        }
    }

    /// Whether the game was played over the board (not a forfeit).
    pub fn was_played(self) -> bool {
        matches!(
            self,
            GameResult::FirstWins | GameResult::SecondWins | GameResult::Draw
        )
    }
}

impl Outcome {
    /// Whether this outcome is a win, over the board or by forfeit.
    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Win | Outcome::ForfeitWin)
    }
}
