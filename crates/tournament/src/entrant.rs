use serde::{Deserialize, Serialize};

use crate::PlayerId;

/// A player as the pairing rules see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// Their id: the order in which they joined.
    pub id: PlayerId,
    /// Their nickname, unique within the tournament.
    pub name: String,
    /// A strength the organiser or the player gave (0 when none): the
    /// initial ranking sorts by it, highest first, then by `id`.
    pub rating: u32,
}
