//! One search per computer turn across the nodes of a cluster: on a store
//! that several nodes share, the node that would search first claims the
//! turn in the store (`computer_turns`), renews its lease while it waits for
//! the engine and thinks, and gives it up once its move is made. Another
//! node that holds the game waits until the lease would run out and then
//! tries again, so a turn whose node died is taken over within one lease.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use narabe_game::Millis;
use tracing::warn;

use super::to_i64;
use crate::live::server_clock::ServerClock;
use crate::store::Store;

/// How long a claim holds without renewal: a node that died gives the turn
/// up this long after its last renewal.
pub(super) const LEASE: Duration = Duration::from_secs(10);

/// How often the holder renews its lease while it searches.
const RENEW_EVERY: Duration = Duration::from_secs(3);

/// The claim of one game's computer turn by this node.
#[derive(Debug, Clone)]
pub(super) struct TurnLease {
    pub store: Store,
    pub game: String,
    pub node: Arc<str>,
    pub clock: ServerClock,
}

/// What a claim came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Claim {
    /// This node holds the turn now.
    Held,
    /// Another node holds it until then (server time).
    Elsewhere(Millis),
}

impl TurnLease {
    /// Claims or renews the turn. A store that fails counts as the turn held
    /// elsewhere for one lease, so that the node tries again later rather
    /// than searching a turn that another node may hold.
    pub(super) async fn claim(&self) -> Claim {
        let now = self.clock.now();
        let lease = u64::try_from(LEASE.as_millis()).unwrap_or(u64::MAX);
        let until = now.saturating_add(lease);
        match self
            .store
            .claim_computer_turn(&self.game, &self.node, to_i64(until), to_i64(now))
            .await
        {
            Ok(None) => Claim::Held,
            Ok(Some(held_until)) => Claim::Elsewhere(u64::try_from(held_until).unwrap_or(0)),
            Err(error) => {
                warn!(game = %self.game, %error, "could not claim the computer's turn");
                Claim::Elsewhere(until)
            }
        }
    }

    /// Runs `work` while renewing the lease; `None` when the lease was lost
    /// to another node meanwhile (the work is then dropped).
    pub(super) async fn renewing<T>(&self, work: impl Future<Output = Option<T>>) -> Option<T> {
        let renewals = async {
            loop {
                tokio::time::sleep(RENEW_EVERY).await;
                if let Claim::Elsewhere(_) = self.claim().await {
                    warn!(game = %self.game, "the computer's turn was taken over by another node");
                    return;
                }
            }
        };
        tokio::select! {
            outcome = work => outcome,
            () = renewals => None,
        }
    }

    /// Gives the turn up (its move is made, or it is no longer the turn).
    pub(super) async fn release(&self) {
        if let Err(error) = self
            .store
            .release_computer_turn(&self.game, &self.node)
            .await
        {
            warn!(game = %self.game, %error, "could not give up the computer's turn");
        }
    }
}
