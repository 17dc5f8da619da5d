//! One actor per live game: it owns the session, checks every action through
//! `narabe-game` and `narabe-rules`, writes the log before acknowledging, and
//! broadcasts versioned events to the game's connections.
//!
//! This file holds the actor's state, its start and its loop, which hands each
//! command to the job it belongs to: applying and persisting (`applying.rs`),
//! subscribing and catch-up (`subscribing.rs`), seats, invitations and the
//! rematch (`seats.rs`), the computer's turn (`computer_turn.rs`), presence and
//! claim timers (`presence.rs`), what it shows (`view.rs`), its record to
//! download (`game_record.rs`), the replay of a stored game (`restore.rs`)
//! and catching up with other nodes' writes (`catching_up.rs`). Each job is an `impl GameActor` of its own over
//! the same state, so the actor still owns everything and needs no lock.

mod applying;
mod catching_up;
mod computer_lease;
mod computer_turn;
mod game_record;
mod presence;
mod restore;
mod seats;
mod subscribing;
mod view;

use std::time::Duration;

use narabe_game::{Millis, Session};
use narabe_rules::Player;
use tokio::sync::{broadcast, mpsc};
use tokio::time::Instant;
use tokio_util::task::TaskTracker;

use computer_turn::Thinking;
pub(super) use restore::{RestoreError, restore_game};
use subscribing::BROADCAST_CAPACITY;

use super::deadline_scheduler::DeadlineSender;
use super::game_setup::GameSetup;
use super::handle::{Accepted, ActReply, Command, GameHandle, Role, SharedMessage};
use super::server_clock::ServerClock;
use crate::computer::{ComputerGames, ComputerOptions, EnginePool};
use crate::game_id::GameId;
use crate::secret::SecretHash;
use crate::serve_options::GameLimits;
use crate::store::Store;
use crate::{ComputerSeat, GameRecord};

/// An actor of an unfinished game with no connection and nothing to do stops
/// after this long; the registry starts it again from the store when needed.
/// (A finished game's stops after `GameLimits::finished_game_idle`.)
const IDLE_STOP: Duration = Duration::from_secs(300);

/// What an actor needs from the server around it.
#[derive(Debug, Clone)]
pub(crate) struct ActorContext {
    /// The store.
    pub store: Store,
    /// Server time.
    pub clock: ServerClock,
    /// Where deadlines are registered.
    pub deadlines: DeadlineSender,
    /// Flips to `true` when the server stops: actors finish the command at hand
    /// and end.
    pub shutdown: tokio::sync::watch::Receiver<bool>,
    /// Where the computer's searches run.
    pub engines: EnginePool,
    /// The computer's limits.
    pub computer_options: ComputerOptions,
    /// The computer games each address plays.
    pub computer_games: ComputerGames,
    /// The tasks of the live games (actors, the computer's turns, wake-ups):
    /// the server waits for every one of them before it closes the store, so
    /// that no game writes after the close.
    pub tasks: TaskTracker,
    /// The length cap of a game's log and the idle stop of finished games.
    pub limits: GameLimits,
    /// This node's id, for the claims it makes in a shared store.
    pub node_id: std::sync::Arc<str>,
    /// Where a tournament's game tells of its end.
    pub finished_games: crate::live::FinishedGameNotices,
}

/// The state of one live game, owned by its task.
struct GameActor {
    id: GameId,
    /// When the game was created (server time), for its record's date.
    created_at: i64,
    setup: GameSetup,
    session: Session,
    seats: [Option<SecretHash>; 2],
    rematch_id: Option<String>,
    finished_stored: bool,
    context: ActorContext,
    events: broadcast::Sender<SharedMessage>,
    connections: [u32; 2],
    spectators: u32,
    /// Per player, when their opponent's absence makes a claim possible for
    /// them: a fresh snapshot goes out then, so the claim buttons appear.
    claim_timers: [Option<Millis>; 2],
    /// When the last presence broadcast went out, and when the next is due
    /// (changes since then wait for it).
    presence_sent: Option<Instant>,
    presence_due: Option<Instant>,
    /// The seat the engine holds, in a game against the computer.
    computer: Option<ComputerSeat>,
    /// The computer's job in the engine pool, while there is one.
    thinking: Option<Thinking>,
    /// How many jobs the computer was given (each job's number).
    jobs_started: u64,
    /// What other nodes last said of this game's seats, by node id.
    remote_presence: std::collections::HashMap<String, presence::RemoteSeats>,
    /// When this node next repeats its word on its seats (on a shared store).
    presence_heartbeat_due: Option<Instant>,
    /// Another node holds the computer's turn at this version until then
    /// (on a store that several nodes share).
    turn_elsewhere: Option<(u64, Millis)>,
    /// The actor's own mailbox, where the computer's results arrive (weak, so
    /// that the actor still stops when every handle is gone).
    mailbox: mpsc::WeakSender<Command>,
}

/// Starts the actor of a game from its stored record.
///
/// # Errors
///
/// When the record does not replay (corrupt data).
pub(super) fn spawn_from_record(
    record: GameRecord,
    context: ActorContext,
) -> Result<GameHandle, RestoreError> {
    let (setup, session) = restore_game(&record)?;
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let (sender, receiver) = mpsc::channel(64);
    let actor = GameActor {
        id: GameId::parse(&record.id)
            .ok_or_else(|| RestoreError::Setup(format!("bad id {:?}", record.id)))?,
        created_at: record.created_at,
        setup,
        seats: [record.first_token_hash, record.second_token_hash],
        rematch_id: record.rematch_id,
        finished_stored: record.finished_at.is_some(),
        session,
        context,
        events,
        connections: [0, 0],
        spectators: 0,
        claim_timers: [None, None],
        presence_sent: None,
        presence_due: None,
        computer: record.computer,
        thinking: None,
        jobs_started: 0,
        turn_elsewhere: None,
        remote_presence: std::collections::HashMap::new(),
        presence_heartbeat_due: None,
        mailbox: sender.downgrade(),
    };
    actor.context.tasks.clone().spawn(actor.run(receiver));
    Ok(GameHandle { sender })
}

impl GameActor {
    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        // Nobody is connected to a game just loaded: every seated person is
        // absent from now on, so that a player who never comes back after a
        // restart can be claimed against 30 s later.
        let now = self.context.clock.now();
        for player in Player::ALL {
            if self.is_seated_person(player) {
                self.session.set_present(player, false, now);
            }
        }
        self.arm_claim_timers();
        if self.context.store.is_shared() {
            self.presence_heartbeat_due = Some(Instant::now() + presence::PRESENCE_HEARTBEAT);
        }
        self.context
            .deadlines
            .set(&self.id, self.session.next_deadline());
        // A timeout may have come due while the game slept in the store, and a
        // finished result or an agreed rematch may not have been written yet
        // when the server last stopped.
        self.poke().await;
        self.finish_in_store().await;
        self.create_rematch_if_agreed().await;
        // The computer may have been due to act when the server last stopped.
        self.engage_computer();
        let mut last_activity = Instant::now();
        let mut shutdown = self.context.shutdown.clone();
        let mut clock_moved = self.context.clock.moved();
        loop {
            let idle_deadline = last_activity + self.idle_stop();
            let claim_timer = self
                .claim_timers
                .iter()
                .flatten()
                .min()
                .map(|&at| self.context.clock.instant_of(at));
            tokio::select! {
                command = commands.recv() => {
                    let Some(command) = command else { break };
                    if matches!(command, Command::Stop) {
                        break;
                    }
                    last_activity = Instant::now();
                    self.handle(command).await;
                    if self.session.is_over() {
                        self.release_computer_game();
                    }
                }
                () = sleep_until_option(claim_timer) => {
                    let now = self.context.clock.now();
                    for timer in &mut self.claim_timers {
                        if timer.is_some_and(|at| at <= now) {
                            *timer = None;
                        }
                    }
                    self.broadcast_snapshot();
                }
                () = sleep_until_option(self.presence_due) => self.broadcast_presence(),
                () = sleep_until_option(self.presence_heartbeat_due) => self.presence_heartbeat(),
                () = sleep_until_option(
                    self.computer_turn_retry_at().map(|at| self.context.clock.instant_of(at)),
                ) => self.retry_computer_turn(),
                () = tokio::time::sleep_until(idle_deadline), if self.is_idle() => {
                    break;
                }
                () = stopping(&mut shutdown) => break,
                // The server clock was moved: the claim timer is computed again.
                _ = clock_moved.changed() => {}
            }
        }
        self.stop_thinking();
        self.release_computer_game();
    }

    /// How long the actor waits, idle, before it stops: not long once the
    /// game is over, since few come back to a finished game.
    fn idle_stop(&self) -> Duration {
        if self.session.result().is_some() {
            self.context.limits.finished_game_idle
        } else {
            IDLE_STOP
        }
    }

    fn is_idle(&self) -> bool {
        self.connections == [0, 0] && self.spectators == 0 && self.thinking.is_none()
    }

    async fn handle(&mut self, command: Command) {
        // On a store other nodes write, a token this actor does not know may
        // hold a seat taken through another node: the actor catches up first.
        if self.context.store.is_shared()
            && command
                .token()
                .is_some_and(|hash| self.seat_of_token(hash).is_none())
        {
            self.catch_up().await;
        }
        match command {
            Command::ForfeitAbsent { reply } => {
                let result = self.forfeit_absent().await;
                let _ = reply.send(result);
            }
            Command::View { token, reply } => {
                let seat = token.and_then(|hash| self.seat_of_token(&hash));
                let _ = reply.send((self.view(), seat));
            }
            Command::Act {
                token,
                action,
                origin,
                reply,
            } => {
                let result = self.act(&token, &action, origin).await;
                match reply {
                    ActReply::State(reply) => {
                        let _ = reply.send(result.map(|_version| Accepted {
                            state: self.view_json(),
                        }));
                    }
                    ActReply::Version(reply) => {
                        let _ = reply.send(result);
                    }
                }
            }
            Command::ActAsSeat {
                seat,
                action,
                origin,
                reply,
            } => {
                let _ = reply.send(self.act_for_seat(seat, &action, origin).await);
            }
            Command::SubscribeAsSeat { seat, since, reply } => {
                let _ = reply.send(self.subscribe_role(Role::Seat(seat), since));
            }
            Command::Join { invite, reply } => {
                let result = self.join(&invite).await;
                let _ = reply.send(result);
            }
            Command::Invitation { invite, reply } => {
                let _ = reply.send(self.invitation(&invite));
            }
            Command::RematchOf { reply } => {
                let _ = reply.send(self.setup.rematch_of.clone());
            }
            Command::TakeRematchSeat { seat, token, reply } => {
                let result = self.take_rematch_seat(seat, token).await;
                let _ = reply.send(result);
            }
            Command::Subscribe {
                token,
                since,
                reply,
            } => {
                let result = self.subscribe(token, since);
                let _ = reply.send(result);
            }
            Command::Unsubscribe { role } => self.unsubscribe(role),
            Command::Poke => self.poke().await,
            Command::Log { reply } => {
                let _ = reply.send(self.log_text());
            }
            Command::Record { reply } => {
                let _ = reply.send(self.game_record());
            }
            Command::ComputerStarted { job } => self.computer_started(job).await,
            Command::Computer { job, action } => self.computer_acts(job, action).await,
            Command::ComputerTurnElsewhere { job, until } => {
                self.computer_turn_elsewhere(job, until);
            }
            Command::Analysis { ply, token, reply } => {
                let _ = reply.send(self.analysis_position(ply, token));
            }
            Command::Changed { change } => self.changed(change).await,
            Command::Logged { action } => self.logged(action).await,
            Command::RemotePresence { change } => self.remote_presence_changed(&change),
            // Handled by the loop, which ends.
            Command::Stop => {}
        }
    }
}

/// Resolves once `shutdown` turns `true` (the guard of the watch value is not
/// held across an await, so the actor stays `Send`).
pub(crate) async fn stopping(shutdown: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|&stopping| stopping).await;
}

/// Sleeps until `at`, or forever when there is no `at`.
pub(crate) async fn sleep_until_option(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn to_i64(millis: u64) -> i64 {
    i64::try_from(millis).unwrap_or(i64::MAX)
}
