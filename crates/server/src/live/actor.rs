//! One actor per live game: it owns the session, checks every action through
//! `narabe-game` and `narabe-rules`, writes the log before acknowledging, and
//! broadcasts versioned events to the game's connections.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use narabe_game::{
    Actor, LogEntry, Millis, Session, SessionAction, SessionConfig, SessionSnapshot,
};
use narabe_rules::{Action, Player};
use tokio::sync::{broadcast, mpsc};
use tokio::time::Instant;
use tracing::{error, warn};

use super::deadline_scheduler::DeadlineSender;
use super::game_setup::{GameSetup, SeatInvites};
use super::handle::{
    Accepted, ActReply, Command, GameHandle, Invitation, Role, SharedMessage, Subscription,
};
use super::server_clock::ServerClock;
use crate::api_error::ApiError;
use crate::computer::{self, Duty, EnginePool};
use crate::game_id::GameId;
use crate::secret::{Secret, SecretHash};
use crate::store::Store;
use crate::wire::{
    ComputerView, GameView, PresenceView, SeatState, SeatTimesView, SeatsView, ServerMessage,
};
use crate::{ActionRecord, ComputerSeat, GameRecord, NewGame, StoreError};

/// Missed events sent to a reconnecting client; further behind, it gets a
/// snapshot instead.
const CATCH_UP_EVENTS: u64 = 128;
/// Messages buffered per connection before a slow one must resynchronise.
const BROADCAST_CAPACITY: usize = 64;
/// An actor with no connection and nothing to do stops after this long; the
/// registry starts it again from the store when needed.
const IDLE_STOP: Duration = Duration::from_secs(300);

/// What an actor needs from the server around it.
#[derive(Debug, Clone)]
pub struct ActorContext {
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
}

/// A search of the computer under way.
struct Thinking {
    /// The version of the game it was asked at: a result for another version
    /// is stale and dropped.
    version: u64,
    /// Stops the search early once its result cannot be used any more.
    stop: Arc<AtomicBool>,
}

struct GameActor {
    id: GameId,
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
    /// The seat the engine holds, in a game against the computer.
    computer: Option<ComputerSeat>,
    /// The computer's job in the engine pool, while there is one.
    thinking: Option<Thinking>,
    /// The actor's own mailbox, where the computer's results arrive (weak, so
    /// that the actor still stops when every handle is gone).
    mailbox: mpsc::WeakSender<Command>,
}

/// Why a stored game could not be brought back to life.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The configuration JSON does not parse or validate.
    #[error("bad stored configuration: {0}")]
    Setup(String),
    /// An action of the log does not parse or apply.
    #[error("bad stored log at ply {0}: {1}")]
    Log(usize, String),
}

/// Starts the actor of a game from its stored record.
///
/// # Errors
///
/// When the record does not replay (corrupt data).
pub fn spawn_from_record(
    record: GameRecord,
    context: ActorContext,
) -> Result<GameHandle, RestoreError> {
    let setup: GameSetup = serde_json::from_str(&record.config_json)
        .map_err(|error| RestoreError::Setup(error.to_string()))?;
    let config = setup
        .settings
        .validate()
        .map_err(|error| RestoreError::Setup(error.to_string()))?;
    let session = restore_session(config, &record)?;
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let (sender, receiver) = mpsc::channel(64);
    let actor = GameActor {
        id: GameId::parse(&record.id)
            .ok_or_else(|| RestoreError::Setup(format!("bad id {:?}", record.id)))?,
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
        computer: record.computer,
        thinking: None,
        mailbox: sender.downgrade(),
    };
    tokio::spawn(actor.run(receiver));
    Ok(GameHandle { sender })
}

/// The session of a stored game: its log replayed through the rules and the
/// session (every entry checked again).
fn restore_session(config: SessionConfig, record: &GameRecord) -> Result<Session, RestoreError> {
    let mut entries = Vec::with_capacity(record.actions.len());
    for (ply, row) in record.actions.iter().enumerate() {
        let bad = |error: &dyn std::fmt::Display| RestoreError::Log(ply, error.to_string());
        let actor = row.seat.parse::<Actor>().map_err(|error| bad(&error))?;
        let action = row
            .action
            .parse::<SessionAction>()
            .map_err(|error| bad(&error))?;
        let at = Millis::try_from(row.at).map_err(|error| bad(&error))?;
        entries.push(LogEntry { actor, action, at });
    }
    Session::restore(config, entries)
        .map_err(|(ply, rejection)| RestoreError::Log(ply, rejection.to_string()))
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
            let idle_deadline = last_activity + IDLE_STOP;
            let claim_timer = self
                .claim_timers
                .iter()
                .flatten()
                .min()
                .map(|&at| self.context.clock.instant_of(at));
            tokio::select! {
                command = commands.recv() => {
                    let Some(command) = command else { break };
                    last_activity = Instant::now();
                    self.handle(command).await;
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
                () = tokio::time::sleep_until(idle_deadline), if self.is_idle() => {
                    break;
                }
                () = stopping(&mut shutdown) => break,
                // The server clock was moved: the claim timer is computed again.
                _ = clock_moved.changed() => {}
            }
        }
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a person holds `player`'s seat (not the computer, not nobody).
    fn is_seated_person(&self, player: Player) -> bool {
        self.seats[player.index()].is_some() && self.computer_player() != Some(player)
    }

    /// Sets each player's claim timer to the moment their opponent's absence
    /// lets them claim, when that is still to come. Each seat has its own, so
    /// one player's short absence never hides the other's.
    fn arm_claim_timers(&mut self) {
        let now = self.context.clock.now();
        for player in Player::ALL {
            self.claim_timers[player.index()] =
                self.session.claim_opens_at(player).filter(|&at| at > now);
        }
    }

    fn is_idle(&self) -> bool {
        self.connections == [0, 0] && self.spectators == 0 && self.thinking.is_none()
    }

    /// The player the computer is, in a game against it.
    fn computer_player(&self) -> Option<Player> {
        self.computer.map(|computer| computer.seat)
    }

    /// Sets the computer to work when it must act now: its answer comes back
    /// to the mailbox as [`Command::Computer`], so the actor never waits for a
    /// search and keeps serving everyone meanwhile. A search for an earlier
    /// version is told to stop.
    fn engage_computer(&mut self) {
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
        tokio::spawn(async move {
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
    async fn computer_acts(&mut self, version: u64, action: Option<SessionAction>) {
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
            warn!(game = %self.id, code = %error.code, %action, "the computer's action was refused");
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::View { token, reply } => {
                let seat = token.and_then(|hash| self.seat_of_token(&hash));
                let _ = reply.send((self.view(), seat));
            }
            Command::Act {
                token,
                action,
                reply,
            } => {
                let result = self.act(&token, &action).await;
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
            Command::Join { invite, reply } => {
                let result = self.join(&invite).await;
                let _ = reply.send(result);
            }
            Command::Invitation { invite, reply } => {
                let _ = reply.send(self.invitation(&invite));
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
            Command::Computer { version, action } => self.computer_acts(version, action).await,
            Command::Analysis { ply, token, reply } => {
                let _ = reply.send(self.analysis_position(ply, token));
            }
        }
    }

    fn seat_of_token(&self, hash: &SecretHash) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&player| self.seats[player.index()].as_ref() == Some(hash))
    }

    fn view(&self) -> GameView {
        let now = self.context.clock.now();
        let computer = self.computer_player();
        let seat_state = |player: Player| {
            if self.seats[player.index()].is_some() || computer == Some(player) {
                SeatState::Taken
            } else {
                SeatState::Open
            }
        };
        GameView {
            id: self.id.to_string(),
            session: SessionSnapshot::of(&self.session, now),
            seats: SeatsView {
                first: seat_state(Player::First),
                second: seat_state(Player::Second),
            },
            presence: self.presence(),
            rematch_id: self.rematch_id.clone(),
            computer: self.computer.map(|computer| ComputerView {
                seat: computer.seat,
                level: computer.level,
            }),
        }
    }

    fn presence(&self) -> PresenceView {
        // The computer is always there.
        let computer = self.computer_player();
        let left_at = |player: Player| self.session.absent_since(player);
        // A claim against `player` is their opponent's claim.
        let claimable_from = |player: Player| self.session.claim_opens_at(player.other());
        PresenceView {
            first: self.connections[0] > 0 || computer == Some(Player::First),
            second: self.connections[1] > 0 || computer == Some(Player::Second),
            spectators: self.spectators,
            left_at: SeatTimesView {
                first: left_at(Player::First),
                second: left_at(Player::Second),
            },
            claimable_from: SeatTimesView {
                first: claimable_from(Player::First),
                second: claimable_from(Player::Second),
            },
            now: self.context.clock.now(),
        }
    }

    /// Applies a seat's action; the version after it.
    async fn act(&mut self, token: &SecretHash, text: &str) -> Result<u64, ApiError> {
        let seat = self
            .seat_of_token(token)
            .ok_or_else(|| ApiError::unauthorized("this token holds no seat of this game"))?;
        let action = parse_action(text, seat)?;
        // A flag that has fallen is recorded before anything else is looked at.
        self.poke().await;
        self.apply(Actor::Seat(seat), action).await?;
        Ok(self.session.version())
    }

    fn view_json(&self) -> Arc<str> {
        Arc::from(serde_json::to_string(&self.view()).expect("views always serialise"))
    }

    /// Applies, stores, then broadcasts one action. Nothing is acknowledged or
    /// broadcast before the store has committed it.
    async fn apply(&mut self, actor: Actor, action: SessionAction) -> Result<LogEntry, ApiError> {
        let before = self.session.clone();
        let now = self.context.clock.now();
        let entry = self
            .session
            .apply(actor, action, now)
            .map_err(|rejection| ApiError::rejected(&rejection))?;
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
        if let Err(error) = stored {
            self.session = before;
            return Err(self.store_failure(error).await);
        }
        self.context
            .deadlines
            .set(&self.id, self.session.next_deadline());
        self.broadcast_event(&entry);
        self.finish_in_store().await;
        self.create_rematch_if_agreed().await;
        self.engage_computer();
        Ok(entry)
    }

    /// Turns a failed write into an answer; on a conflict (another writer got
    /// there first) the actor reloads the game so that its next answer is right.
    async fn store_failure(&mut self, error: StoreError) -> ApiError {
        match error {
            StoreError::Conflict { .. } => {
                warn!(game = %self.id, "log conflict: reloading the game from the store");
                if let Ok(Some(record)) = self.context.store.load(self.id.as_str()).await
                    && let Err(error) = self.reload(record)
                {
                    error!(game = %self.id, %error, "reload after a conflict failed");
                }
                ApiError::new(
                    axum::http::StatusCode::CONFLICT,
                    "conflict",
                    "the game changed at the same moment: look again and retry",
                )
            }
            error => {
                error!(game = %self.id, %error, "store write failed");
                ApiError::unavailable("the move could not be saved: try again")
            }
        }
    }

    fn reload(&mut self, record: GameRecord) -> Result<(), RestoreError> {
        let mut session = restore_session(*self.session.config(), &record)?;
        // Presence is not in the log: it carries over from the session replaced.
        for player in Player::ALL {
            if let Some(since) = self.session.absent_since(player) {
                session.set_present(player, false, since);
            }
        }
        self.session = session;
        self.seats = [record.first_token_hash, record.second_token_hash];
        self.rematch_id = record.rematch_id;
        self.broadcast_snapshot();
        self.engage_computer();
        Ok(())
    }

    async fn finish_in_store(&mut self) {
        if self.finished_stored {
            return;
        }
        let Some(result) = self.session.result() else {
            return;
        };
        let summary = serde_json::json!({
            "winner": result.winner.map(Player::name),
            "reason": result.code(),
        })
        .to_string();
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
            Ok(()) | Err(StoreError::AlreadyFinished) => self.finished_stored = true,
            // The log is the truth: a missing summary is written on the next
            // start of this actor.
            Err(error) => warn!(game = %self.id, %error, "could not store the result summary"),
        }
    }

    async fn create_rematch_if_agreed(&mut self) {
        if !self.session.rematch_agreed() || self.rematch_id.is_some() {
            return;
        }
        let rematch = GameId::generate();
        let mut setup = self.setup.clone();
        setup.invites = SeatInvites::default();
        setup.rematch_of = Some(self.id.to_string());
        let game = NewGame {
            id: rematch.to_string(),
            config_json: serde_json::to_string(&setup).expect("setups serialise"),
            created_at: to_i64(self.context.clock.now()),
            // Colours swap by swapping seats: each player keeps their token.
            first_token_hash: self.seats[1],
            second_token_hash: self.seats[0],
            deadline_at: None,
            computer: self.computer.map(|computer| ComputerSeat {
                seat: computer.seat.other(),
                level: computer.level,
            }),
        };
        if let Err(error) = self.context.store.create_game(game).await {
            error!(game = %self.id, %error, "could not create the rematch");
            return;
        }
        match self
            .context
            .store
            .set_rematch(self.id.as_str(), rematch.as_str())
            .await
        {
            Ok(true) => self.rematch_id = Some(rematch.to_string()),
            Ok(false) => {
                if let Ok(Some(record)) = self.context.store.load(self.id.as_str()).await {
                    self.rematch_id = record.rematch_id;
                }
            }
            Err(error) => {
                error!(game = %self.id, %error, "could not link the rematch");
                return;
            }
        }
        if let Some(id) = &self.rematch_id {
            let message = SharedMessage::from(ServerMessage::Rematch { id }.to_json());
            let _ = self.events.send(message);
        }
    }

    /// The seat `invite` opens, if it is an invite of this game.
    fn invited_seat(&self, invite: &SecretHash) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&player| self.setup.invite_hash(player).as_ref() == Some(invite))
    }

    fn invitation(&self, invite: &SecretHash) -> Option<Invitation> {
        self.invited_seat(invite).map(|seat| Invitation {
            seat,
            open: self.seats[seat.index()].is_none(),
        })
    }

    async fn join(&mut self, invite: &SecretHash) -> Result<(Player, Secret), ApiError> {
        let seat = self.invited_seat(invite).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "bad-invite",
                "this invite is not valid for this game",
            )
        })?;
        if self.seats[seat.index()].is_some() {
            return Err(seat_taken());
        }
        let token = Secret::generate();
        let hash = token.hash();
        match self
            .context
            .store
            .claim_seat(self.id.as_str(), seat, hash)
            .await
        {
            Ok(true) => {
                self.seats[seat.index()] = Some(hash);
                // Absent until their first connection: one who joins and never
                // comes can be claimed against like one who left.
                let now = self.context.clock.now();
                self.session.set_present(seat, false, now);
                self.arm_claim_timers();
                self.broadcast_snapshot();
                Ok((seat, token))
            }
            Ok(false) => Err(seat_taken()),
            Err(error) => {
                error!(game = %self.id, %error, "could not store a seat");
                Err(ApiError::unavailable(
                    "the seat could not be saved: try again",
                ))
            }
        }
    }

    fn subscribe(
        &mut self,
        token: Option<SecretHash>,
        since: Option<u64>,
    ) -> Result<Subscription, ApiError> {
        let role =
            match token {
                None => Role::Spectator,
                Some(hash) => Role::Seat(self.seat_of_token(&hash).ok_or_else(|| {
                    ApiError::unauthorized("this token holds no seat of this game")
                })?),
            };
        let live = self.events.subscribe();
        let version = self.session.version();
        let welcome = ServerMessage::Welcome {
            seat: match role {
                Role::Seat(player) => Some(player),
                Role::Spectator => None,
            },
            version,
        };
        let mut catch_up = vec![SharedMessage::from(welcome.to_json())];
        match since {
            Some(seen) if seen == version => {}
            Some(seen) if seen < version && version - seen <= CATCH_UP_EVENTS => {
                let view = self.view();
                let missed = self.session.log().iter().enumerate().skip(seen as usize);
                for (index, entry) in missed {
                    let event_version = index as u64 + 1;
                    let action = entry.action.to_string();
                    let message = ServerMessage::Event {
                        version: event_version,
                        seat: entry.actor.into(),
                        action: &action,
                        at: entry.at,
                        state: (event_version == version).then_some(&view),
                    };
                    catch_up.push(SharedMessage::from(message.to_json()));
                }
            }
            _ => catch_up.push(self.snapshot_message()),
        }
        self.count_connection(role, 1);
        Ok(Subscription {
            role,
            catch_up,
            live,
        })
    }

    fn unsubscribe(&mut self, role: Role) {
        self.count_connection(role, -1);
    }

    fn count_connection(&mut self, role: Role, delta: i32) {
        let now = self.context.clock.now();
        match role {
            Role::Spectator => self.spectators = self.spectators.saturating_add_signed(delta),
            Role::Seat(player) => {
                let count = &mut self.connections[player.index()];
                *count = count.saturating_add_signed(delta);
                self.session.set_present(player, *count > 0, now);
                self.arm_claim_timers();
            }
        }
        let message = SharedMessage::from(ServerMessage::Presence(self.presence()).to_json());
        let _ = self.events.send(message);
    }

    /// Records a timeout whose time has come, if any. A poke that finds nothing
    /// due re-registers the deadline, so a timer that fired a hair early (clock
    /// rounding) is simply tried again.
    async fn poke(&mut self) {
        let now = self.context.clock.now();
        match self.session.due_timeout(now) {
            Some(timeout) => {
                if let Err(error) = self.apply(Actor::Server, timeout).await {
                    warn!(game = %self.id, code = %error.code, "could not record a timeout");
                }
            }
            None => self
                .context
                .deadlines
                .set(&self.id, self.session.next_deadline()),
        }
    }

    fn snapshot_message(&self) -> SharedMessage {
        let view = self.view();
        SharedMessage::from(ServerMessage::Snapshot { state: &view }.to_json())
    }

    fn broadcast_snapshot(&mut self) {
        let message = self.snapshot_message();
        let _ = self.events.send(message);
    }

    fn broadcast_event(&mut self, entry: &LogEntry) {
        let view = self.view();
        let action = entry.action.to_string();
        let version = self.session.version();
        let message = SharedMessage::from(
            ServerMessage::Event {
                version,
                seat: entry.actor.into(),
                action: &action,
                at: entry.at,
                state: Some(&view),
            }
            .to_json(),
        );
        // No receiver is fine: nobody is watching.
        let _ = self.events.send(message);
    }

    /// The position to analyse: after `ply` board moves (all when `None`).
    /// Ongoing games between people are refused, whoever asks, because a
    /// player could otherwise ask for help through the watch link; a finished
    /// game, or a game against the computer, is open to anyone with the link.
    fn analysis_position(
        &self,
        ply: Option<usize>,
        token: Option<SecretHash>,
    ) -> Result<narabe_rules::Position, ApiError> {
        if token.is_some_and(|hash| self.seat_of_token(&hash).is_none()) {
            return Err(ApiError::unauthorized(
                "this token holds no seat of this game",
            ));
        }
        if !self.session.is_over() && self.computer.is_none() {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "analysis-unavailable",
                "a game between people can be analysed once it has ended",
            ));
        }
        let game = self.session.game();
        // By default the last position; when the last move ended the game on
        // the board (a five, a foul), the position it was played in.
        let ply = ply.or_else(|| {
            game.position()
                .is_over()
                .then(|| game.moves().len().saturating_sub(1))
        });
        computer::position_at(game, ply).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                "bad-ply",
                format!(
                    "this game has {} moves: ask for a ply from 0 to that",
                    game.moves().len()
                ),
            )
        })
    }

    fn log_text(&self) -> String {
        let mut text = String::new();
        for entry in self.session.log() {
            text.push_str(&entry.action.to_string());
            text.push('\n');
        }
        text
    }
}

/// The refusal of a join to a seat that is already held (the API layer adds the
/// watch link).
fn seat_taken() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::CONFLICT,
        "seat-taken",
        "this seat is already taken",
    )
}

/// Parses an action from a client; a bare `resign` means the sender's seat.
fn parse_action(text: &str, seat: Player) -> Result<SessionAction, ApiError> {
    let text = text.trim();
    if text == "resign" {
        return Ok(SessionAction::Game(Action::Resign(seat)));
    }
    text.parse::<SessionAction>().map_err(|error| {
        ApiError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "malformed",
            error.to_string(),
        )
    })
}

/// Resolves once `shutdown` turns `true` (the guard of the watch value is not
/// held across an await, so the actor stays `Send`).
pub(crate) async fn stopping(shutdown: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|&stopping| stopping).await;
}

async fn sleep_until_option(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn to_i64(millis: u64) -> i64 {
    i64::try_from(millis).unwrap_or(i64::MAX)
}
