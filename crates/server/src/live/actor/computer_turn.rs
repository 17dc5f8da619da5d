//! The computer's turn: its search runs in the engine pool while the actor
//! keeps serving everyone, and its answer comes back through the mailbox.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use narabe_game::{Actor, SessionAction};
use narabe_rules::Player;
use tracing::warn;

use super::GameActor;
use crate::computer::{self, Duty};
use crate::live::handle::Command;

/// A search of the computer under way.
pub(super) struct Thinking {
    /// The version of the game it was asked at: a result for another version
    /// is stale and dropped.
    version: u64,
    /// Stops the search early once its result cannot be used any more.
    stop: Arc<AtomicBool>,
}

impl GameActor {
    /// The player the computer is, in a game against it.
    pub(super) fn computer_player(&self) -> Option<Player> {
        self.computer.map(|computer| computer.seat)
    }

    /// Sets the computer to work when it must act now: its answer comes back
    /// to the mailbox as [`Command::Computer`], so the actor never waits for a
    /// search and keeps serving everyone meanwhile. A search for an earlier
    /// version is told to stop.
    pub(super) fn engage_computer(&mut self) {
        let (Some(player), Some(computer)) = (self.computer_player(), self.computer) else {
            return;
        };
        let version = self.session.version();
        if let Some(thinking) = &self.thinking {
            if thinking.version == version {
                return;
            }
            thinking.stop.store(true, Ordering::Relaxed);
            self.thinking = None;
        }
        let Some(duty) = computer::duty(&self.session, player) else {
            return;
        };
        let Some(mailbox) = self.mailbox.upgrade() else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        self.thinking = Some(Thinking {
            version,
            stop: Arc::clone(&stop),
        });
        let now = self.context.clock.now();
        let limits = computer::limits(&self.session, player, computer.level, now, stop);
        let game = self.session.game().clone();
        let seed = computer::seed(self.id.as_str(), version);
        let level = computer.level;
        let engines = self.context.engines.clone();
        self.context.tasks.spawn(async move {
            let action = match duty {
                Duty::Answer(action) => Some(action),
                _ => engines
                    .run(move || computer::think(duty, &game, level, seed, &limits))
                    .await
                    .flatten(),
            };
            // A stopped actor has dropped its mailbox: the result goes nowhere.
            let _ = mailbox.send(Command::Computer { version, action }).await;
        });
    }

    /// Applies the computer's result if the game is still where it was asked.
    pub(super) async fn computer_acts(&mut self, version: u64, action: Option<SessionAction>) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|thinking| thinking.version == version)
        {
            self.thinking = None;
        }
        let Some(player) = self.computer_player() else {
            return;
        };
        if version != self.session.version() {
            // Stale: the game moved on (a takeback, an offer, the end).
            self.engage_computer();
            return;
        }
        // A flag that has fallen is recorded first; it makes the result stale.
        self.poke().await;
        if version != self.session.version() {
            self.engage_computer();
            return;
        }
        let Some(action) = action else {
            warn!(game = %self.id, "the computer found no action");
            return;
        };
        if let Err(error) = self.apply(Actor::Seat(player), action).await {
            warn!(game = %self.id, code = error.code(), %action, "the computer's action was refused");
        }
    }

    /// Tells the search under way, if any, to stop: once the actor ends, its
    /// result could not be used.
    pub(super) fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }
}
