//! The computer's turn: its search waits for its turn in the engine pool and
//! runs there while the actor keeps serving everyone, and its answer comes
//! back through the mailbox.
//!
//! The time a search waits for a place in the pool is not the computer's
//! thinking time: while it waits its flag does not fall, and once it has a
//! place the wait is given back to its real-time clock (`credit <player> <ms>`
//! in the log, when it was long enough to matter).

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use narabe_game::{Actor, Millis, SessionAction};
use narabe_rules::Player;
use tracing::warn;

use super::GameActor;
use super::computer_lease::{Claim, TurnLease};
use crate::computer::{self, Duty, JobClass, JobOwner, TooManyComputerGames};
use crate::live::GameError;
use crate::live::handle::Command;

/// Waits for the engine shorter than this are not credited (they are within
/// what any network round trip costs a person).
const CREDIT_FROM_MS: Millis = 100;
/// While the computer's flag is held up by a wait for the engine, the wait is
/// given back at most this often (one log entry a second at most).
pub(super) const HELD_CREDIT_EVERY_MS: Millis = 1_000;

/// A job of the computer under way.
pub(super) struct Thinking {
    /// Which job: its results name it, so a stale one is dropped.
    job: u64,
    /// The version of the game the job serves: a time credit moves it on
    /// without changing what the computer must do.
    version: u64,
    /// When it was queued (server time).
    queued_at: Millis,
    /// Whether it has a place in the engine pool yet.
    started: bool,
    /// Stops the search early once its result cannot be used any more.
    stop: Arc<AtomicBool>,
}

impl GameActor {
    /// The player the computer is, in a game against it.
    pub(super) fn computer_player(&self) -> Option<Player> {
        self.computer.map(|computer| computer.seat)
    }

    /// Counts this game for `origin`, the address of a player acting in it,
    /// among the computer games that address plays at once.
    ///
    /// # Errors
    ///
    /// [`GameError::TooManyComputerGames`] when the address has no place left.
    pub(super) fn claim_computer_game(&self, origin: IpAddr) -> Result<(), GameError> {
        if self.computer.is_none() || self.session.is_over() {
            return Ok(());
        }
        self.context
            .computer_games
            .claim(origin, self.id.as_str())
            .map_err(|TooManyComputerGames| GameError::TooManyComputerGames {
                limit: self.context.computer_games.per_address(),
            })
    }

    /// Stops counting this game among its player's computer games once it is
    /// over (or the actor stops).
    pub(super) fn release_computer_game(&self) {
        if self.computer.is_some() {
            self.context.computer_games.release(self.id.as_str());
        }
    }

    /// Whether the computer's flag is held up: its job waits for a place in
    /// the engine pool, and that wait will be given back to its clock; or
    /// another node holds the computer's turn, and that node's actor keeps
    /// the clock.
    pub(super) fn computer_waits_for_engine(&self, player: Player) -> bool {
        self.computer_player() == Some(player)
            && (self
                .thinking
                .as_ref()
                .is_some_and(|thinking| !thinking.started)
                || self.turn_elsewhere.is_some())
    }

    /// Another node holds the computer's turn (its job `job` found so) until
    /// `until`: this node leaves the turn to it and tries again then.
    pub(super) fn computer_turn_elsewhere(&mut self, job: u64, until: Millis) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|thinking| thinking.job == job)
        {
            let version = self.thinking.take().map_or(0, |thinking| thinking.version);
            self.turn_elsewhere = Some((version, until));
        }
    }

    /// The lease of another node on the computer's turn has run out (or its
    /// move has come): this node tries the turn again.
    pub(super) fn retry_computer_turn(&mut self) {
        self.turn_elsewhere = None;
        self.engage_computer();
    }

    /// When to try the computer's turn again, while another node holds it.
    pub(super) fn computer_turn_retry_at(&self) -> Option<Millis> {
        self.turn_elsewhere.map(|(_, until)| until + 1)
    }

    /// Sets the computer to work when it must act now: its answer comes back
    /// to the mailbox as [`Command::Computer`], so the actor never waits for a
    /// search and keeps serving everyone meanwhile. A job for an earlier
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
        // Another node holds this very turn: its timer brings the actor back.
        if self
            .turn_elsewhere
            .is_some_and(|(elsewhere, _)| elsewhere == version)
        {
            return;
        }
        self.turn_elsewhere = None;
        let Some(duty) = computer::duty(
            &self.session,
            player,
            self.context.computer_options.computer_takebacks,
        ) else {
            return;
        };
        let Some(mailbox) = self.mailbox.upgrade() else {
            return;
        };
        self.jobs_started += 1;
        let job = self.jobs_started;
        let stop = Arc::new(AtomicBool::new(false));
        let now = self.context.clock.now();
        self.thinking = Some(Thinking {
            job,
            version,
            queued_at: now,
            started: matches!(duty, Duty::Answer(_)),
            stop: Arc::clone(&stop),
        });
        let limits = computer::limits(&self.session, player, computer.level, now, stop);
        let game = self.session.game().clone();
        let seed = computer::seed(self.id.as_str(), version);
        let level = computer.level;
        let engines = self.context.engines.clone();
        let owner = self
            .context
            .computer_games
            .owner(self.id.as_str())
            .map_or_else(|| JobOwner::Game(self.id.to_string()), JobOwner::Client);
        let lease = self.turn_lease();
        self.context.tasks.spawn(async move {
            let action = match duty {
                Duty::Answer(action) => Some(action),
                _ => {
                    if let Some(lease) = &lease
                        && let Claim::Elsewhere(until) = lease.claim().await
                    {
                        let _ = mailbox
                            .send(Command::ComputerTurnElsewhere { job, until })
                            .await;
                        return;
                    }
                    let search = async {
                        let place = engines.acquire(owner, JobClass::Play).await;
                        // A stopped actor has dropped its mailbox: nothing to do.
                        mailbox.send(Command::ComputerStarted { job }).await.ok()?;
                        place
                            .run(move || computer::think(duty, &game, level, seed, &limits))
                            .await
                            .flatten()
                    };
                    match &lease {
                        Some(lease) => lease.renewing(search).await,
                        None => search.await,
                    }
                }
            };
            let _ = mailbox.send(Command::Computer { job, action }).await;
        });
    }

    /// The claim of this game's computer turn by this node, on a store that
    /// other nodes share (`computer_lease.rs`); none on a store of its own.
    fn turn_lease(&self) -> Option<TurnLease> {
        self.context.store.is_shared().then(|| TurnLease {
            store: self.context.store.clone(),
            game: self.id.to_string(),
            node: Arc::clone(&self.context.node_id),
            clock: self.context.clock.clone(),
        })
    }

    /// The computer's job has its place in the pool: the time it waited goes
    /// back to the computer's clock, and its flag counts again.
    pub(super) async fn computer_started(&mut self, job: u64) {
        let Some(thinking) = self
            .thinking
            .as_mut()
            .filter(|thinking| thinking.job == job)
        else {
            return;
        };
        thinking.started = true;
        let _ = self.credit_engine_wait(CREDIT_FROM_MS).await;
        // A flag that fell during the wait and was not given back falls now.
        self.poke().await;
    }

    /// Gives the computer's real-time clock back the time its job has waited
    /// for the engine so far, when it is at least `at_least` ms, and counts
    /// the wait afresh from now. Called when the job gets its place, and when
    /// the computer's flag would fall while the job still waits (so the flag
    /// never falls for a wait, and everyone else's actions go on meanwhile).
    /// Whether it gave time back.
    pub(super) async fn credit_engine_wait(&mut self, at_least: Millis) -> bool {
        let Some(player) = self.computer_player() else {
            return false;
        };
        let now = self.context.clock.now();
        let Some(thinking) = self.thinking.as_mut() else {
            return false;
        };
        let waited = now.saturating_sub(thinking.queued_at);
        if waited == 0 || waited < at_least {
            return false;
        }
        thinking.queued_at = now;
        let clocks = self.session.clocks();
        let running = clocks.running().map(|(runner, _)| runner);
        if running == Some(player) && clocks.control().is_real_time() && !self.session.is_over() {
            let credit = SessionAction::Credit(player, waited);
            match self.apply(Actor::Server, credit).await {
                Ok(_) => return true,
                Err(error) => {
                    warn!(game = %self.id, code = error.code(), "could not credit the computer's wait");
                }
            }
        }
        false
    }

    /// When the wait of the computer's queued job may next be given back to
    /// its held-up flag.
    pub(super) fn next_held_credit(&self) -> Option<Millis> {
        self.thinking
            .as_ref()
            .map(|thinking| thinking.queued_at + HELD_CREDIT_EVERY_MS)
    }

    /// After a time credit: the job under way still serves the game, whose
    /// position did not change.
    pub(super) fn credited(&mut self) {
        let version = self.session.version();
        if let Some(thinking) = self.thinking.as_mut() {
            thinking.version = version;
        }
    }

    /// Applies the computer's result if the game is still where it was asked,
    /// then gives the turn up to the cluster (on a shared store).
    pub(super) async fn computer_acts(&mut self, job: u64, action: Option<SessionAction>) {
        let ours = self
            .thinking
            .as_ref()
            .is_some_and(|thinking| thinking.job == job);
        let engage = self.apply_computer_result(job, action).await;
        if ours && let Some(lease) = self.turn_lease() {
            lease.release().await;
        }
        if engage {
            self.engage_computer();
        }
    }

    /// [`GameActor::computer_acts`] up to the turn's release; whether the
    /// computer must be set to work again (its result was stale).
    async fn apply_computer_result(&mut self, job: u64, action: Option<SessionAction>) -> bool {
        let current = self.thinking.as_ref().is_some_and(|thinking| {
            thinking.job == job && thinking.version == self.session.version()
        });
        if self
            .thinking
            .as_ref()
            .is_some_and(|thinking| thinking.job == job)
        {
            self.thinking = None;
        }
        let Some(player) = self.computer_player() else {
            return false;
        };
        if !current {
            // Stale: the game moved on (a takeback, an offer, the end).
            return true;
        }
        // A flag that has fallen is recorded first; it makes the result stale.
        let version = self.session.version();
        self.poke().await;
        if version != self.session.version() {
            return true;
        }
        let Some(action) = action else {
            warn!(game = %self.id, "the computer found no action");
            return false;
        };
        if let Err(error) = self.apply(Actor::Seat(player), action).await {
            warn!(game = %self.id, code = error.code(), %action, "the computer's action was refused");
        }
        false
    }

    /// Tells the search under way, if any, to stop: once the actor ends, its
    /// result could not be used.
    pub(super) fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }
}
