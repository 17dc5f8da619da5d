use serde::{Deserialize, Serialize};

use super::{By, Millis};
use crate::Entrant;

/// Where a player stands in the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerState {
    /// Paired in every round.
    Active,
    /// Sits out until they resume (Swiss, arena).
    Paused,
    /// Left, or was removed, and is paired no more.
    Withdrawn(By),
}

/// A player of a tournament: who they are for the pairing, the hash of
/// their private token, and their state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Id, nickname and rating.
    pub entrant: Entrant,
    /// The hex hash of their private token (the same token holds their seat
    /// in each of their games).
    pub key: String,
    /// Active, paused or withdrawn.
    pub state: PlayerState,
    /// When they joined.
    pub joined_at: Millis,
}
