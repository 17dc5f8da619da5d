use serde::{Deserialize, Serialize};

use crate::{GameResult, PlayerId, Side};

/// One line of a round: a game between two players, or one player without a
/// game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pairing {
    /// A game; `result` is `None` until it ends.
    Game {
        /// The player who starts the opening.
        first: PlayerId,
        /// The other player.
        second: PlayerId,
        /// How it ended, once it has.
        result: Option<GameResult>,
    },
    /// A player with no game this round.
    Bye {
        /// Who.
        player: PlayerId,
        /// Why, which also says what it scores.
        reason: ByeReason,
    },
}

/// Why a player has no game in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeReason {
    /// The odd player out, chosen by the pairing: a win's points (TRF `U`).
    PairingAllocated,
    /// Not taking part this round: absent, paused, withdrawn or not yet
    /// entered: no points (TRF `Z`).
    Absent,
    /// A round robin's free round, which every player of an odd field has
    /// once: no points (TRF `Z`, as the checkers know no other code).
    Rest,
}

impl Pairing {
    /// Whether `player` is on this line.
    pub fn involves(&self, player: PlayerId) -> bool {
        match *self {
            Pairing::Game { first, second, .. } => first == player || second == player,
            Pairing::Bye { player: who, .. } => who == player,
        }
    }

    /// The opponent of `player` and the side `player` had, if this line is a
    /// game of theirs.
    pub fn opponent_of(&self, player: PlayerId) -> Option<(PlayerId, Side)> {
        match *self {
            Pairing::Game { first, second, .. } if first == player => Some((second, Side::First)),
            Pairing::Game { first, second, .. } if second == player => Some((first, Side::Second)),
            _ => None,
        }
    }

    /// Whether the line still waits for a result (a game not yet ended).
    pub fn is_pending(&self) -> bool {
        matches!(self, Pairing::Game { result: None, .. })
    }
}
