//! The cluster's safety net for timers: a node arms the deadlines of the games
//! it holds, and one that dies takes its timers with it. Every node therefore
//! looks in the store now and then for unfinished games whose deadline passed
//! more than [`GRACE`] ago, and wakes them here; the ply guard of the store
//! decides which node records the flag fall, so it is recorded once however
//! many nodes wake the game (the others catch up with it).

use std::time::Duration;

use tracing::warn;

use super::actor::stopping;
use super::registry::GameRegistry;
use super::server_clock::ServerClock;
use crate::game_id::GameId;

/// How often the store is asked.
pub(crate) const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// How long past its deadline a game must be before another node wakes it:
/// the node that armed the timer fires it on time, and the computer's held
/// flag (given back a second at a time while its job waits for the engine)
/// may stand a second in the past.
pub(crate) const GRACE: Duration = Duration::from_secs(5);

/// The most games one sweep wakes.
const BATCH: i64 = 500;

/// Runs sweeps until the server stops.
pub(crate) async fn run(
    registry: GameRegistry,
    clock: ServerClock,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(SWEEP_EVERY) => {}
            () = stopping(&mut shutdown) => return,
        }
        let grace = u64::try_from(GRACE.as_millis()).unwrap_or(u64::MAX);
        let before = i64::try_from(clock.now().saturating_sub(grace)).unwrap_or(i64::MAX);
        let ids = match registry.store().overdue_deadlines(before, BATCH).await {
            Ok(ids) => ids,
            Err(error) => {
                warn!(%error, "could not look for overdue deadlines");
                continue;
            }
        };
        for id in ids.iter().filter_map(|id| GameId::parse(id)) {
            registry.poke(&id).await;
        }
    }
}
