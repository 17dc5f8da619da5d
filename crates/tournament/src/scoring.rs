use serde::{Deserialize, Serialize};

use crate::pairing::ByeReason;
use crate::{GameResult, Outcome, Pairing, PlayerId, Points};

/// How many points a result is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Swiss and round robin: 1 a win, ½ a draw, 0 a loss; a pairing-allocated
    /// bye is worth a win.
    Classic,
    /// Arena: 2 a win, 1 a draw, 0 a loss (no streaks, no berserk).
    Arena,
}

impl Scoring {
    /// The points of one outcome.
    pub fn points(self, outcome: Outcome) -> Points {
        let win = match self {
            Scoring::Classic => Points::ONE,
            Scoring::Arena => Points(4),
        };
        match outcome {
            Outcome::Win | Outcome::ForfeitWin => win,
            Outcome::Draw => Points(win.0 / 2),
            Outcome::Loss | Outcome::ForfeitLoss => Points::ZERO,
        }
    }

    /// What `player` scored on this line (nothing while its game goes on, or
    /// when the line is not theirs).
    pub fn points_of_line(self, line: &Pairing, player: PlayerId) -> Points {
        match *line {
            Pairing::Bye {
                player: who,
                reason: ByeReason::PairingAllocated,
            } if who == player => self.points(Outcome::Win),
            Pairing::Bye { .. } => Points::ZERO,
            Pairing::Game {
                result: Some(result),
                ..
            } => match line.opponent_of(player) {
                Some((_, side)) => self.points(GameResult::outcome_for(result, side)),
                None => Points::ZERO,
            },
            Pairing::Game { result: None, .. } => Points::ZERO,
        }
    }
}
