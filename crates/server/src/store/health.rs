//! Whether the store's writes are working, and since when: the writer records
//! the outcome of every group it commits, and `/readyz` reads it.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

/// The state of the store's writes as last seen by the writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StorageStatus {
    /// Whether the last write that reached the database committed.
    pub ok: bool,
    /// Since when (milliseconds since the Unix epoch, wall clock) the writes
    /// have been in this state: the first failure of a failing run, or the
    /// first success after one (the opening of the store at first).
    pub since: i64,
}

/// The shared record of the writes' state; cloning shares it.
#[derive(Debug, Clone)]
pub(super) struct StorageHealth {
    status: Arc<Mutex<StorageStatus>>,
}

impl StorageHealth {
    /// A store just opened: its writes work (the migrations just wrote).
    pub(super) fn new() -> StorageHealth {
        StorageHealth {
            status: Arc::new(Mutex::new(StorageStatus {
                ok: true,
                since: now_millis(),
            })),
        }
    }

    /// The writes' state now.
    pub(super) fn status(&self) -> StorageStatus {
        *self.status.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records that a group committed (`true`) or that its transaction
    /// failed (`false`); `since` moves only when the state changes.
    pub(super) fn record(&self, ok: bool) {
        let mut status = self.status.lock().unwrap_or_else(PoisonError::into_inner);
        if status.ok != ok {
            *status = StorageStatus {
                ok,
                since: now_millis(),
            };
        }
    }
}

/// The wall clock in milliseconds since the Unix epoch.
pub(super) fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn since_moves_only_when_the_state_changes() {
        let health = StorageHealth::new();
        let opened = health.status();
        assert!(opened.ok);
        health.record(true);
        assert_eq!(health.status(), opened);
        health.record(false);
        let failing = health.status();
        assert!(!failing.ok);
        assert!(failing.since >= opened.since);
        health.record(false);
        assert_eq!(health.status(), failing, "a failing run keeps its start");
        health.record(true);
        let healed = health.status();
        assert!(healed.ok);
        assert!(healed.since >= failing.since);
    }
}
