use serde::{Deserialize, Serialize};

use crate::{Pairing, PlayerId};

/// One round: its games in board order (board 1 first), then the byes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Every line of the round.
    pub pairings: Vec<Pairing>,
}

impl Round {
    /// The line of `player` in this round, if they have one.
    pub fn line_of(&self, player: PlayerId) -> Option<&Pairing> {
        self.pairings.iter().find(|line| line.involves(player))
    }

    /// Whether every game of the round has a result.
    pub fn is_complete(&self) -> bool {
        !self.pairings.iter().any(Pairing::is_pending)
    }

    /// The games of the round, in board order.
    pub fn games(&self) -> impl Iterator<Item = &Pairing> {
        self.pairings
            .iter()
            .filter(|line| matches!(line, Pairing::Game { .. }))
    }
}
