//! Applying an action and persisting it: nothing is acknowledged or
//! broadcast before the store has committed it; timeouts, results and the
//! log are written here too.

use std::net::IpAddr;

use narabe_game::{Actor, LogEntry, SessionAction, SessionEnd};
use narabe_rules::{Action, Player};
use tracing::{error, warn};

use super::computer_turn::HELD_CREDIT_EVERY_MS;
use super::{GameActor, to_i64};
use crate::live::{GameError, StorageTrouble};
use crate::secret::SecretHash;
use crate::{ActionRecord, StoreError};

impl GameActor {
    /// Applies a seat's action, sent from the address `origin`; the version
    /// after it.
    pub(super) async fn act(
        &mut self,
        token: &SecretHash,
        text: &str,
        origin: IpAddr,
    ) -> Result<u64, GameError> {
        let seat = self.seat_of_token(token).ok_or(GameError::NotSeated)?;
        self.act_for_seat(seat, text, origin).await
    }

    /// Applies an action of `seat`, which the caller has authorised (a bot's
    /// key, which the bots map to its seat); the version after it.
    pub(super) async fn act_for_seat(
        &mut self,
        seat: Player,
        text: &str,
        origin: IpAddr,
    ) -> Result<u64, GameError> {
        let action = parse_action(text, seat)?;
        // A bot's game has no rematch: it would wait for an answer the bot
        // never gives (bots are challenged game by game).
        if !self.setup.bots.is_empty()
            && matches!(
                action,
                SessionAction::RematchOffer | SessionAction::RematchAccept
            )
        {
            return Err(GameError::NoRematchWithBots);
        }
        self.claim_computer_game(origin)?;
        // A flag that has fallen is recorded before anything else is looked at.
        self.poke().await;
        // The length cap: a loop of offers and takebacks cannot grow the log
        // forever. Resigning still ends the game; the server's own entries (a
        // timeout) are not capped.
        let limit = self.context.limits.max_game_actions;
        let resigns = matches!(action, SessionAction::Game(Action::Resign(_)));
        if self.session.log().len() >= limit && !resigns {
            return Err(GameError::TooLong { limit });
        }
        self.apply(Actor::Seat(seat), action).await?;
        Ok(self.session.version())
    }

    /// Applies, stores, then broadcasts one action. Nothing is acknowledged or
    /// broadcast before the store has committed it. When another writer (a
    /// node of the same cluster) committed first, the actor catches up with
    /// what it wrote and tries again on the new state, so the answer is the
    /// one a slower request gets: accepted after the other, or refused by it.
    pub(super) async fn apply(
        &mut self,
        actor: Actor,
        action: SessionAction,
    ) -> Result<LogEntry, GameError> {
        let mut checked_store = false;
        for _ in 0..CONFLICT_RETRIES {
            match self.apply_once(actor, action).await {
                Err(Attempt::Conflict) => {
                    self.catch_up().await;
                    checked_store = true;
                }
                // On a store that other nodes write, a refusal may come from a
                // state this node has not brought up to date yet (a move made
                // through another node whose notice is still on its way): it
                // stands only once the actor has caught up.
                Err(Attempt::Refused(GameError::Rejected(rejection)))
                    if !checked_store && self.context.store.is_shared() =>
                {
                    let version = self.session.version();
                    self.catch_up().await;
                    checked_store = true;
                    if self.session.version() == version {
                        return Err(GameError::Rejected(rejection));
                    }
                }
                Err(Attempt::Refused(error)) => return Err(error),
                Ok(entry) => return Ok(entry),
            }
        }
        warn!(game = %self.id, "log conflicts on every try: giving up on an action");
        Err(GameError::Conflict)
    }

    /// One try of [`GameActor::apply`].
    async fn apply_once(
        &mut self,
        actor: Actor,
        action: SessionAction,
    ) -> Result<LogEntry, Attempt> {
        let before = self.session.clone();
        let now = self.context.clock.now();
        let entry = self
            .session
            .apply(actor, action, now)
            .map_err(|rejection| Attempt::Refused(GameError::Rejected(rejection)))?;
        let record = ActionRecord::new(actor.name(), entry.action.to_string(), to_i64(entry.at));
        let deadline = self.session.next_deadline().map(to_i64);
        let stored = self
            .context
            .store
            .append(
                self.id.as_str(),
                to_i64(before.version()),
                &[record],
                deadline,
            )
            .await;
        match stored {
            Ok(_) => {}
            Err(StoreError::Conflict { .. }) => {
                self.session = before;
                return Err(Attempt::Conflict);
            }
            Err(error) => {
                self.session = before;
                error!(game = %self.id, %error, "store write failed");
                return Err(Attempt::Refused(StorageTrouble::MoveNotSaved.into()));
            }
        }
        crate::metrics::METRICS.count_actions(1);
        self.context
            .deadlines
            .set(&self.id, self.session.next_deadline());
        if matches!(entry.action, SessionAction::Credit(..)) {
            self.credited();
        }
        self.broadcast_event(&entry);
        self.finish_in_store().await;
        self.create_rematch_if_agreed().await;
        self.engage_computer();
        Ok(entry)
    }

    pub(super) async fn finish_in_store(&mut self) {
        if self.finished_stored {
            return;
        }
        let Some(result) = self.session.result() else {
            return;
        };
        let mut summary = serde_json::json!({
            "winner": result.winner.map(Player::name),
            "reason": result.code(),
        });
        // Who called an aborted game off: in a tournament, the one who forfeits.
        if let SessionEnd::Aborted(by) = result.reason {
            summary["by"] = by.name().into();
        }
        let summary = summary.to_string();
        let at = self.session.log().last().map_or(0, |entry| entry.at);
        match self
            .context
            .store
            .finish(
                self.id.as_str(),
                to_i64(self.session.version()),
                &summary,
                to_i64(at),
            )
            .await
        {
            Ok(()) | Err(StoreError::AlreadyFinished) => {
                self.finished_stored = true;
                if let Some(tournament) = &self.setup.tournament {
                    self.context
                        .finished_games
                        .tell(tournament, self.id.as_str());
                }
                if !self.setup.bots.is_empty() {
                    self.context.finished_games.tell_bots(self.id.as_str());
                }
            }
            // The log is the truth: a missing summary is written on the next
            // start of this actor.
            Err(error) => warn!(game = %self.id, %error, "could not store the result summary"),
        }
    }

    /// A tournament's no-show check: the player to move who has not made a
    /// move since the game began loses it by forfeit, which the log records
    /// as their abort (`SessionEnd::Aborted`); whether that happened.
    pub(super) async fn forfeit_absent(&mut self) -> Result<bool, GameError> {
        self.poke().await;
        if self.session.is_over() {
            return Ok(false);
        }
        let Some(player) = self.session.game().actor() else {
            return Ok(false);
        };
        if self.session.has_moved(player) {
            return Ok(false);
        }
        self.apply(Actor::Seat(player), SessionAction::Abort)
            .await?;
        Ok(true)
    }

    /// Records a timeout whose time has come, if any. A poke that finds nothing
    /// due re-registers the deadline, so a timer that fired a hair early (clock
    /// rounding) is simply tried again. The computer's flag does not fall while
    /// its job waits for the engine: the wait so far is given back to its clock
    /// instead, a second of it at a time at most.
    pub(super) async fn poke(&mut self) {
        let now = self.context.clock.now();
        match self.session.due_timeout(now) {
            Some(SessionAction::Timeout(player)) if self.computer_waits_for_engine(player) => {
                if !self.credit_engine_wait(HELD_CREDIT_EVERY_MS).await {
                    // Looked at again once a second of waiting can be given back.
                    let next = self.next_held_credit();
                    self.context.deadlines.set(&self.id, next);
                }
            }
            Some(timeout) => match self.apply(Actor::Server, timeout).await {
                Ok(_) => {}
                // Another node recorded it first (the actor caught up with it).
                Err(GameError::Rejected(_)) if self.session.due_timeout(now).is_none() => {}
                Err(error) => {
                    warn!(game = %self.id, code = error.code(), "could not record a timeout");
                }
            },
            None => self
                .context
                .deadlines
                .set(&self.id, self.session.next_deadline()),
        }
    }
}

/// Tries of one action that lose the ply guard before it gives up: each
/// loss means another node committed first, and the actor caught up.
const CONFLICT_RETRIES: usize = 4;

/// Why one try of an action did not stand.
enum Attempt {
    /// Another writer committed first: catch up and try again.
    Conflict,
    /// The answer to give.
    Refused(GameError),
}

/// Parses an action from a client; a bare `resign` means the sender's seat.
fn parse_action(text: &str, seat: Player) -> Result<SessionAction, GameError> {
    let text = text.trim();
    if text == "resign" {
        return Ok(SessionAction::Game(Action::Resign(seat)));
    }
    text.parse::<SessionAction>()
        .map_err(|error| GameError::Malformed(error.to_string()))
}
