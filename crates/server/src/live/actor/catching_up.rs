//! Catching up with what other writers committed: another node of a cluster
//! on one PostgreSQL database (told by the change feed), or a write that lost
//! the ply guard to one. The actor reads the log entries it has not seen and
//! replays them in order, broadcasting each as an event, so that a socket on
//! this node never skips or repeats a version whichever node took the action.

use tracing::{error, warn};

use super::restore::log_entry;
use super::{GameActor, to_i64};
use crate::ActionRecord;
use crate::live::handle::SharedMessage;
use crate::store::{GameChange, LoggedAction};
use crate::wire::ServerMessage;

impl GameActor {
    /// A change was committed, by this node or another (`None`: changes may
    /// have been missed): catches up when it shows what this actor has not
    /// seen.
    pub(super) async fn changed(&mut self, change: Option<GameChange>) {
        if let Some(change) = change {
            let seats_taken = self.seats.map(|seat| seat.is_some());
            let seen = u64::try_from(change.ply).is_ok_and(|ply| ply <= self.session.version())
                && change.seats_taken == seats_taken
                && change.rematch == self.rematch_id.is_some();
            if seen {
                return;
            }
        }
        self.catch_up().await;
    }

    /// Reads what the store has beyond this actor's version and applies it:
    /// each new log entry replayed and broadcast as an event, new seats and a
    /// new rematch link broadcast as a snapshot.
    pub(super) async fn catch_up(&mut self) {
        let from = self.session.version();
        let tail = match self
            .context
            .store
            .load_tail(self.id.as_str(), to_i64(from))
            .await
        {
            Ok(Some(tail)) => tail,
            // Deleted: the expiry sweeper of some node ends the actors.
            Ok(None) => return,
            Err(error) => {
                warn!(game = %self.id, %error, "could not read the changes of another node");
                return;
            }
        };
        let Some(moved) = self.replay_foreign(&tail.actions).await else {
            return;
        };
        let seats = [tail.first_token_hash, tail.second_token_hash];
        let seated = seats != self.seats || tail.rematch_id != self.rematch_id;
        if seated {
            let rematch_linked = self.rematch_id.is_none() && tail.rematch_id.is_some();
            self.seats = seats;
            self.rematch_id = tail.rematch_id;
            self.broadcast_snapshot();
            if let Some(id) = self.rematch_id.as_deref().filter(|_| rematch_linked) {
                let message = SharedMessage::from(ServerMessage::Rematch { id }.to_json());
                let _ = self.events.send(message);
            }
        }
        if moved || seated {
            self.after_foreign_actions();
        }
    }

    /// An action another writer committed, as its notification carried it:
    /// applied at once when it is the next this actor lacks, nothing when
    /// already seen, and a catch-up from the store when some are missing.
    pub(super) async fn logged(&mut self, logged: LoggedAction) {
        let version = self.session.version();
        match u64::try_from(logged.ply) {
            Ok(ply) if ply < version => {}
            Ok(ply) if ply == version => {
                if self
                    .replay_foreign(std::slice::from_ref(&logged.record))
                    .await
                    .is_some()
                {
                    self.after_foreign_actions();
                }
            }
            _ => self.catch_up().await,
        }
    }

    /// Replays entries another writer logged after this actor's version,
    /// broadcasting each; whether any was (`None` when one did not replay and
    /// the whole game was reloaded instead).
    async fn replay_foreign(&mut self, rows: &[ActionRecord]) -> Option<bool> {
        for row in rows {
            let replayed = log_entry(row).and_then(|entry| {
                self.session
                    .replay(entry)
                    .map_err(|rejection| rejection.to_string())
            });
            match replayed {
                Ok(entry) => self.broadcast_event(&entry),
                Err(reason) => {
                    error!(game = %self.id, %reason, "another node's entry does not replay here");
                    self.reload_whole().await;
                    return None;
                }
            }
        }
        Some(!rows.is_empty())
    }

    /// What follows actions taken elsewhere: the deadline moves, a finished
    /// game stops the computer's search, a computer due to act is set to work.
    fn after_foreign_actions(&mut self) {
        self.context
            .deadlines
            .set(&self.id, self.session.next_deadline());
        if self.session.is_over() {
            self.stop_thinking();
        }
        self.engage_computer();
    }

    /// Replaces the session with the whole stored game (when a tail does not
    /// replay on top of this one, which only a bug could cause).
    async fn reload_whole(&mut self) {
        match self.context.store.load(self.id.as_str()).await {
            Ok(Some(record)) => {
                if let Err(error) = self.reload(record) {
                    error!(game = %self.id, %error, "reload from the store failed");
                }
            }
            Ok(None) => {}
            Err(error) => error!(game = %self.id, %error, "could not reload the game"),
        }
    }
}
