//! Everything that can go wrong when reading or writing the store.

use std::sync::Arc;

/// Why a store operation did not happen.
///
/// `Conflict`, `NotFound`, `DuplicateId` and `AlreadyFinished` are refusals: the
/// database is fine and nothing was written. The other variants are failures of
/// the database itself. The type is `Clone` because one failed group commit is
/// reported to every request of the group, hence the `Arc`s.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The game's log is not at the ply the writer expected: someone else wrote
    /// first. Reload and decide again.
    #[error("the game is at ply {actual_ply}, not at the expected ply {expected_ply}")]
    Conflict {
        /// The ply the request was based on.
        expected_ply: i64,
        /// The ply the stored log actually has.
        actual_ply: i64,
    },
    /// No game has this id.
    #[error("no game has this id")]
    NotFound,
    /// A game with this id already exists.
    #[error("a game with this id already exists")]
    DuplicateId,
    /// The game already has a result.
    #[error("the game is already finished")]
    AlreadyFinished,
    /// The database URL names no supported backend.
    #[error("unsupported database URL {0:?}: expected sqlite:... or postgres://...")]
    UnsupportedUrl(String),
    /// A stored value does not have the shape the store writes (a hash that is not
    /// 32 bytes long, a log with a gap).
    #[error("malformed stored data: {0}")]
    Corrupt(String),
    /// The store was closed; no more writes are accepted.
    #[error("the store is closed")]
    Closed,
    /// The database failed (I/O, connection, constraint). When a group commit
    /// fails, every request of the group gets the same error and none of them was
    /// written.
    #[error("database error: {0}")]
    Database(Arc<sqlx::Error>),
    /// Applying the embedded migrations failed.
    #[error("database migration failed: {0}")]
    Migration(Arc<sqlx::migrate::MigrateError>),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            // A pool closed by `Store::close` is the store being closed.
            sqlx::Error::PoolClosed => StoreError::Closed,
            error => StoreError::Database(Arc::new(error)),
        }
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> Self {
        StoreError::Migration(Arc::new(error))
    }
}

/// Refusals compare by their fields, so callers and tests can write
/// `error == StoreError::NotFound`. Database and migration errors carry no
/// comparable value: two of them are equal only if they are the same report
/// (one failed group commit, told to each of its requests).
impl PartialEq for StoreError {
    fn eq(&self, other: &Self) -> bool {
        use StoreError::*;
        match (self, other) {
            (
                Conflict {
                    expected_ply,
                    actual_ply,
                },
                Conflict {
                    expected_ply: other_expected,
                    actual_ply: other_actual,
                },
            ) => expected_ply == other_expected && actual_ply == other_actual,
            (NotFound, NotFound)
            | (DuplicateId, DuplicateId)
            | (AlreadyFinished, AlreadyFinished)
            | (Closed, Closed) => true,
            (UnsupportedUrl(scheme), UnsupportedUrl(other_scheme)) => scheme == other_scheme,
            (Corrupt(detail), Corrupt(other_detail)) => detail == other_detail,
            (Database(error), Database(other_error)) => Arc::ptr_eq(error, other_error),
            (Migration(error), Migration(other_error)) => Arc::ptr_eq(error, other_error),
            _ => false,
        }
    }
}
