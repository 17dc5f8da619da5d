//! The integrity check behind `narabe check`: every stored game read and
//! replayed as an actor would, without starting one.

use super::actor::restore_game;
use crate::{Store, StoreError};

/// Game ids read per page of the walk.
const PAGE: i64 = 500;

/// A stored game that cannot be brought back, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedGame {
    /// The game's id.
    pub id: String,
    /// What is wrong: the malformed stored value, or where the replay broke.
    pub reason: String,
}

/// Every damaged game of `store`, in id order: games whose row or log does not
/// have the shape the store writes, whose configuration does not read, or
/// whose log does not replay through the rules and the session. Such a game
/// answers `game-damaged` to everyone.
///
/// # Errors
///
/// When the store cannot be read (a damaged game is no error).
pub async fn damaged_games(store: &Store) -> Result<Vec<DamagedGame>, StoreError> {
    let mut damaged = Vec::new();
    let mut after = String::new();
    loop {
        let ids = store.game_ids_after(&after, PAGE).await?;
        let Some(last) = ids.last() else {
            return Ok(damaged);
        };
        after.clone_from(last);
        for id in ids {
            let reason = match store.load(&id).await {
                Ok(Some(record)) => restore_game(&record).err().map(|error| error.to_string()),
                // Deleted since the page was read.
                Ok(None) | Err(StoreError::NotFound) => None,
                Err(StoreError::Corrupt(reason)) => Some(reason),
                Err(error) => return Err(error),
            };
            if let Some(reason) = reason {
                damaged.push(DamagedGame { id, reason });
            }
        }
    }
}
