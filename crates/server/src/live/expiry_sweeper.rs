//! The sweeper that deletes expired games: games with a seat nobody took,
//! after `--unjoined-game-expiry-seconds`, and aborted games, that long after
//! their end (`--aborted-game-expiry-seconds`). It wakes every
//! `--expiry-sweep-seconds`, deletes in transactions of `--expiry-batch` games
//! (so other writes interleave with a long sweep) and ends the actors of the
//! deleted games that run here.

use std::time::Duration;

use tracing::{info, warn};

use super::actor::stopping;
use super::registry::GameRegistry;
use super::server_clock::ServerClock;
use crate::game_id::GameId;
use crate::serve_options::GameLimits;

/// Runs sweeps until the server stops.
pub(crate) async fn run(
    registry: GameRegistry,
    clock: ServerClock,
    limits: GameLimits,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(limits.expiry_sweep) => {}
            () = stopping(&mut shutdown) => return,
        }
        sweep(&registry, &clock, &limits, &mut shutdown).await;
    }
}

/// Deletes every game expired by now, a batch at a time.
async fn sweep(
    registry: &GameRegistry,
    clock: &ServerClock,
    limits: &GameLimits,
    shutdown: &mut tokio::sync::watch::Receiver<bool>,
) {
    let now = clock.now();
    let before = |expiry: Duration| {
        let expiry = u64::try_from(expiry.as_millis()).unwrap_or(u64::MAX);
        i64::try_from(now.saturating_sub(expiry)).unwrap_or(i64::MAX)
    };
    let unjoined_before = before(limits.unjoined_game_expiry);
    let aborted_before = before(limits.aborted_game_expiry);
    let batch = limits.expiry_batch;
    let mut deleted = 0_usize;
    while !*shutdown.borrow() {
        let ids = match registry
            .store()
            .delete_expired(unjoined_before, aborted_before, i64::from(batch))
            .await
        {
            Ok(ids) => ids,
            Err(error) => {
                warn!(%error, "could not delete expired games");
                break;
            }
        };
        deleted += ids.len();
        let full_batch = ids.len() == batch as usize;
        let ids: Vec<GameId> = ids.iter().filter_map(|id| GameId::parse(id)).collect();
        registry.evict(&ids).await;
        if !full_batch {
            break;
        }
    }
    if deleted > 0 {
        info!(deleted, "deleted expired games");
    }
}
