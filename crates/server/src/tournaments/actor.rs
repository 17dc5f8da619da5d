//! One task per tournament owning its session: it applies what players and
//! the organiser ask, stores each accepted entry before it counts (with the
//! games a round creates, in the same transaction), takes the steps the time
//! calls for (start, pair, look for players who did not show up, end), and
//! broadcasts the new view to every socket.

use std::sync::Arc;
use std::time::Duration;

use narabe_tournament::session::{By, EndReason, Entry, Step, TournamentSession};
use narabe_tournament::{Pairing, PlayerId, Round};
use rand::seq::SliceRandom;
use tokio::sync::{broadcast, mpsc, watch};
use tokio_util::task::TaskTracker;
use tracing::{error, warn};

use super::TournamentError;
use super::game_outcome::game_outcome;
use super::handle::{Command, TournamentAction, TournamentHandle, Viewer};
use super::setup::TournamentSetup;
use super::view::TournamentView;
use crate::game_id::GameId;
use crate::live::{
    BotSeats, GameRegistry, GameSetup, SeatInvites, ServerClock, sleep_until_option, stopping,
};
use crate::secret::{SecretHash, hash_from_hex, hash_to_hex};
use crate::{
    NewGame, Store, StoreError, TournamentAppend, TournamentEntryRecord, TournamentRecord,
};

/// How often a running tournament reads its finished games from the store,
/// besides the notices its games send: the results of games that ended on
/// another node, or whose notice a restart lost.
const RECONCILE_EVERY: Duration = Duration::from_secs(20);

/// How often, on a database that several nodes share, a tournament reads
/// what the other nodes logged (so that its sockets hear of it).
const SYNC_EVERY: Duration = Duration::from_secs(2);
/// The most game results counted in one store write.
const MAX_RESULTS_AT_ONCE: usize = 1_000;

/// Tries of a write that another node keeps beating.
const CONFLICT_RETRIES: usize = 3;

/// Steps taken one after the other before the actor looks at its mailbox
/// again (a bound, so that a bug can never spin).
const MAX_STEPS: usize = 64;

/// Messages a slow socket may fall behind by before it gets the latest view
/// alone.
const BROADCAST_CAPACITY: usize = 16;

/// What every tournament actor shares.
#[derive(Debug, Clone)]
pub(crate) struct TournamentContext {
    /// The store.
    pub store: Store,
    /// Server time.
    pub clock: ServerClock,
    /// The live games, for the no-show checks.
    pub games: GameRegistry,
    /// Flips to `true` when the server stops.
    pub shutdown: watch::Receiver<bool>,
    /// The server's live tasks, which a stop waits for.
    pub tasks: TaskTracker,
}

struct TournamentActor {
    id: String,
    created_at: u64,
    setup: TournamentSetup,
    organiser: SecretHash,
    session: TournamentSession,
    /// The view of `session`, rebuilt when it changes.
    view: Arc<TournamentView>,
    /// Its socket message.
    message: Arc<str>,
    context: TournamentContext,
    events: broadcast::Sender<Arc<str>>,
    /// Whether the session changed since the last broadcast.
    changed: bool,
}

/// Starts the actor of a stored tournament.
///
/// # Errors
///
/// [`TournamentError::Damaged`] when its record does not replay.
pub(super) fn spawn(
    record: TournamentRecord,
    context: TournamentContext,
) -> Result<TournamentHandle, TournamentError> {
    let setup: TournamentSetup = serde_json::from_str(&record.config_json).map_err(|error| {
        error!(tournament = %record.id, %error, "the configuration does not read");
        TournamentError::Damaged
    })?;
    let mut session = TournamentSession::new(setup.config.clone());
    replay(&record.id, &mut session, &record.entries)?;
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let (sender, receiver) = mpsc::channel(256);
    let mut actor = TournamentActor {
        id: record.id,
        created_at: u64::try_from(record.created_at).unwrap_or(0),
        setup,
        organiser: record.organiser_token_hash,
        session,
        view: Arc::from(placeholder_view()),
        message: Arc::from(""),
        context: context.clone(),
        events,
        changed: true,
    };
    actor.refresh_view();
    context.tasks.spawn(actor.run(receiver));
    Ok(TournamentHandle { sender })
}

/// An empty view, replaced before anyone sees it.
fn placeholder_view() -> Box<TournamentView> {
    let setup = TournamentSetup {
        name: String::new(),
        settings: narabe_game::SessionSettings {
            game: "renju".to_owned(),
            size: None,
            opening: None,
            foul: None,
            keryo: false,
            time: None,
            takebacks: false,
            hints: true,
        },
        config: narabe_tournament::session::TournamentConfig {
            system: narabe_tournament::session::System::Swiss { rounds: 1 },
            start: narabe_tournament::session::StartPolicy::Manual,
            rounds: narabe_tournament::session::RoundPolicy::Manual,
            forfeit_after_ms: 0,
            tiebreaks: Vec::new(),
            max_players: 0,
        },
    };
    let session = TournamentSession::new(setup.config.clone());
    Box::new(TournamentView::of("", &setup, &session, 0, None))
}

/// Applies stored entries to `session`.
fn replay(
    id: &str,
    session: &mut TournamentSession,
    entries: &[TournamentEntryRecord],
) -> Result<(), TournamentError> {
    for (seq, record) in entries.iter().enumerate() {
        let entry: Entry = serde_json::from_str(&record.entry).map_err(|error| {
            error!(tournament = %id, seq, %error, "a log entry does not read");
            TournamentError::Damaged
        })?;
        let at = u64::try_from(record.at).unwrap_or(0);
        session.apply(&entry, at).map_err(|rejection| {
            error!(tournament = %id, seq, %rejection, "a log entry does not replay");
            TournamentError::Damaged
        })?;
    }
    Ok(())
}

impl TournamentActor {
    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        let mut shutdown = self.context.shutdown.clone();
        let mut moved = self.context.clock.moved();
        let mut reconcile = tokio::time::interval(RECONCILE_EVERY);
        let mut sync = tokio::time::interval(SYNC_EVERY);
        sync.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        reconcile.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Results that came in while no actor ran.
        self.reconcile_all().await;
        self.advance().await;
        self.broadcast_if_changed();
        loop {
            let wake = self
                .session
                .wake_at()
                .map(|at| self.context.clock.instant_of(at));
            tokio::select! {
                command = commands.recv() => match command {
                    Some(Command::GameEnded { game }) => {
                        // Results come in storms (a round's games ending at
                        // once): those already queued are counted together,
                        // one store write and one view for them all.
                        let mut games = vec![game];
                        let mut next = None;
                        while games.len() < MAX_RESULTS_AT_ONCE {
                            match commands.try_recv() {
                                Ok(Command::GameEnded { game }) => games.push(game),
                                Ok(other) => {
                                    next = Some(other);
                                    break;
                                }
                                Err(_) => break,
                            }
                        }
                        self.reconcile_games(&games).await;
                        if let Some(command) = next {
                            self.handle(command).await;
                        }
                    }
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until_option(wake) => {}
                changed = moved.changed() => {
                    if changed.is_err() {
                        break;
                    }
                }
                _ = reconcile.tick() => self.reconcile_all().await,
                _ = sync.tick(), if self.context.store.is_shared() => self.catch_up_if_shared().await,
                () = stopping(&mut shutdown) => break,
            }
            if *self.context.shutdown.borrow() {
                break;
            }
            self.advance().await;
            self.broadcast_if_changed();
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::View { token, reply } => {
                self.catch_up_if_shared().await;
                self.broadcast_if_changed();
                let viewer = token.map_or(Viewer::Spectator, |token| self.viewer(&token));
                let _ = reply.send((Arc::clone(&self.view), viewer));
            }
            Command::Join {
                name,
                rating,
                token,
                reply,
            } => {
                let entry = Entry::Joined {
                    name,
                    rating,
                    key: hash_to_hex(&token),
                };
                let result = self.propose(vec![entry], Vec::new()).await.map(|()| {
                    PlayerId(u32::try_from(self.session.players().len()).unwrap_or(u32::MAX))
                });
                let _ = reply.send(result);
            }
            Command::Act {
                token,
                action,
                reply,
            } => {
                let viewer = self.viewer(&token);
                let result = self.act(viewer, action).await.map(|()| viewer);
                let _ = reply.send(result);
            }
            Command::Subscribe { reply } => {
                self.catch_up_if_shared().await;
                self.broadcast_if_changed();
                let _ = reply.send((Arc::clone(&self.message), self.events.subscribe()));
            }
            Command::Snapshot { reply } => {
                let _ = reply.send((self.setup.clone(), Box::new(self.session.clone())));
            }
            Command::GameEnded { game } => self.reconcile_games(&[game]).await,
        }
    }

    /// Who the holder of `token` is here.
    fn viewer(&self, token: &SecretHash) -> Viewer {
        if *token == self.organiser {
            return Viewer::Organiser;
        }
        match self.session.player_by_key(&hash_to_hex(token)) {
            Some(player) => Viewer::Player(player.entrant.id),
            None => Viewer::Spectator,
        }
    }

    async fn act(
        &mut self,
        viewer: Viewer,
        action: TournamentAction,
    ) -> Result<(), TournamentError> {
        use TournamentAction as A;
        let player_entry = |player: PlayerId| match action {
            A::Withdraw => Some(Entry::Withdrew {
                player,
                by: By::Player,
            }),
            A::Pause => Some(Entry::Paused { player }),
            A::Resume => Some(Entry::Resumed { player }),
            _ => None,
        };
        let entry = match viewer {
            Viewer::Spectator => return Err(TournamentError::NotAPlayer),
            Viewer::Player(player) => player_entry(player).ok_or(TournamentError::NotOrganiser)?,
            Viewer::Organiser => match action.clone() {
                A::Withdraw | A::Pause | A::Resume => return Err(TournamentError::NotAPlayer),
                A::Start => {
                    let order = self
                        .session
                        .starting_order(|order| order.shuffle(&mut rand::rng()));
                    Entry::Started { order }
                }
                A::NextRound => return self.pair_next_round().await,
                A::Halt => Entry::Halted,
                A::Continue => Entry::Continued,
                A::End => Entry::Ended {
                    reason: EndReason::Organiser,
                },
                A::Remove(player) => Entry::Withdrew {
                    player,
                    by: By::Organiser,
                },
                A::Readmit(player) => Entry::Readmitted { player },
                A::Adjust {
                    round,
                    line,
                    result,
                    reason,
                } => Entry::ResultAdjusted {
                    round,
                    line,
                    result,
                    reason,
                },
                A::Announce(text) => Entry::Announced { text },
            },
        };
        self.propose(vec![entry], Vec::new()).await
    }

    /// The organiser's "next round": pairs it now (manual rounds, or without
    /// waiting for the break).
    async fn pair_next_round(&mut self) -> Result<(), TournamentError> {
        let round = if self.pairs_off_the_runtime() {
            let session = self.session.clone();
            tokio::task::spawn_blocking(move || session.next_pairing())
                .await
                .map_err(|_| TournamentError::Gone)?
        } else {
            self.session.next_pairing()
        }
        .map_err(TournamentError::Refused)?;
        self.pair(round).await
    }

    /// Whether pairing this tournament's rounds can be heavy: the Dutch
    /// system's matching of a large Swiss field takes long enough that it
    /// runs on a blocking thread rather than on the runtime's few workers,
    /// where it would hold up every game's moves meanwhile.
    fn pairs_off_the_runtime(&self) -> bool {
        matches!(
            self.session.config().system,
            narabe_tournament::session::System::Swiss { .. }
        )
    }

    /// The session's next step at `now`, found off the runtime when it may
    /// be the pairing of a Swiss round (see [`Self::pairs_off_the_runtime`]).
    async fn next_step(&self, now: u64) -> Option<Step> {
        if !self.pairs_off_the_runtime() {
            return self.session.next_step(now);
        }
        let session = self.session.clone();
        tokio::task::spawn_blocking(move || session.next_step(now))
            .await
            .unwrap_or(None)
    }

    /// Gives each game of `round` a game and logs the round with them.
    async fn pair(&mut self, round: Round) -> Result<(), TournamentError> {
        let now = self.context.clock.now();
        let mut games = Vec::new();
        let mut ids = Vec::with_capacity(round.pairings.len());
        for line in &round.pairings {
            let Pairing::Game {
                first,
                second,
                result: None,
            } = *line
            else {
                ids.push(None);
                continue;
            };
            let id = GameId::generate().to_string();
            let setup = GameSetup {
                settings: self.setup.settings.clone(),
                invites: SeatInvites::default(),
                rematch_of: None,
                tournament: Some(self.id.clone()),
                bots: BotSeats::default(),
            };
            games.push(NewGame {
                id: id.clone(),
                config_json: serde_json::to_string(&setup).expect("setups serialise"),
                created_at: i64::try_from(now).unwrap_or(i64::MAX),
                first_token_hash: self.key_of(first),
                second_token_hash: self.key_of(second),
                deadline_at: None,
                computer: None,
            });
            ids.push(Some(id));
        }
        let entry = Entry::RoundPaired {
            pairings: round.pairings,
            games: ids,
        };
        self.propose(vec![entry], games).await
    }

    fn key_of(&self, player: PlayerId) -> Option<SecretHash> {
        self.session
            .player(player)
            .and_then(|record| hash_from_hex(&record.key))
    }

    /// Checks `entries` against a copy of the session, stores them with
    /// `games` under the sequence guard, and only then makes them count.
    /// When another node wrote first, catches up and tries again.
    async fn propose(
        &mut self,
        entries: Vec<Entry>,
        games: Vec<NewGame>,
    ) -> Result<(), TournamentError> {
        for _ in 0..CONFLICT_RETRIES {
            let now = self.context.clock.now();
            let mut next = self.session.clone();
            for entry in &entries {
                next.apply(entry, now).map_err(TournamentError::Refused)?;
            }
            let at = i64::try_from(now).unwrap_or(i64::MAX);
            let append = TournamentAppend {
                id: self.id.clone(),
                expected_seq: to_i64(self.session.entry_count()),
                entries: entries
                    .iter()
                    .map(|entry| TournamentEntryRecord {
                        entry: serde_json::to_string(entry).expect("entries serialise"),
                        at,
                    })
                    .collect(),
                games: games.clone(),
                wake_at: next
                    .wake_at()
                    .map(|at| i64::try_from(at).unwrap_or(i64::MAX)),
                finished_at: (next.status() == narabe_tournament::session::Status::Finished)
                    .then_some(at),
            };
            match self.context.store.append_tournament(append).await {
                Ok(_) => {
                    self.session = next;
                    self.changed = true;
                    return Ok(());
                }
                Err(StoreError::Conflict { .. }) => self.catch_up().await?,
                Err(error) => {
                    error!(tournament = %self.id, %error, "could not store a tournament entry");
                    return Err(TournamentError::Storage);
                }
            }
        }
        warn!(tournament = %self.id, "log conflicts on every try");
        Err(TournamentError::Conflict)
    }

    /// Applies what other writers (another node on the same database)
    /// logged since this actor's last entry.
    async fn catch_up(&mut self) -> Result<(), TournamentError> {
        let known = self.session.entry_count();
        let entries = self
            .context
            .store
            .tournament_entries_from(&self.id, to_i64(known))
            .await
            .map_err(|_| TournamentError::Storage)?;
        if !entries.is_empty() {
            replay(&self.id, &mut self.session, &entries)?;
            self.changed = true;
        }
        Ok(())
    }

    /// On a database that other nodes share, catches up before answering,
    /// so that a view never lags behind what another node acknowledged.
    async fn catch_up_if_shared(&mut self) {
        if self.context.store.is_shared()
            && let Err(error) = self.catch_up().await
        {
            warn!(tournament = %self.id, %error, "could not catch up with the store");
        }
    }

    /// Takes the steps the session calls for now, until there are none.
    async fn advance(&mut self) {
        for _ in 0..MAX_STEPS {
            let now = self.context.clock.now();
            let Some(step) = self.next_step(now).await else {
                return;
            };
            let outcome = match step {
                Step::Start => {
                    let order = self
                        .session
                        .starting_order(|order| order.shuffle(&mut rand::rng()));
                    self.propose(vec![Entry::Started { order }], Vec::new())
                        .await
                }
                Step::Pair(round) => self.pair(round).await,
                Step::CheckNoShows(games) => {
                    self.check_no_shows(&games).await;
                    self.session.no_shows_checked(now);
                    Ok(())
                }
                Step::End => {
                    let end = Entry::Ended {
                        reason: EndReason::Completed,
                    };
                    self.propose(vec![end], Vec::new()).await
                }
            };
            if let Err(error) = outcome {
                warn!(tournament = %self.id, %error, "a tournament step failed; it is tried again later");
                return;
            }
        }
        warn!(tournament = %self.id, "too many steps at once");
    }

    /// Asks each game whether its player to move has shown up; the games
    /// that end by it are counted at once.
    async fn check_no_shows(&mut self, games: &[String]) {
        for game in games {
            let Some(id) = GameId::parse(game) else {
                continue;
            };
            let forfeited = self
                .context
                .games
                .with_game(&id, |handle| async move { handle.forfeit_absent().await })
                .await;
            match forfeited {
                Ok(true) => self.reconcile_games(std::slice::from_ref(game)).await,
                Ok(false) => {}
                Err(error) => {
                    warn!(tournament = %self.id, %game, code = error.code(), "no-show check failed");
                }
            }
        }
    }

    /// Counts the results of `games`, those it has not counted yet, in one
    /// entry batch.
    async fn reconcile_games(&mut self, games: &[String]) {
        if games
            .iter()
            .any(|game| self.session.line_of_game(game).is_none())
        {
            // Paired by another node, whose entry this one has not read yet.
            self.catch_up_if_shared().await;
        }
        let mut entries = Vec::new();
        let mut counted = std::collections::HashSet::new();
        for game in games {
            if !self.session.awaits_result_of(game) || !counted.insert(game.as_str()) {
                continue;
            }
            match self.context.store.load(game).await {
                Ok(Some(record)) => {
                    if let Some(result) = record.result_json.as_deref().and_then(game_outcome) {
                        entries.push(Entry::GameEnded {
                            game: game.clone(),
                            result,
                        });
                    }
                }
                Ok(None) => warn!(tournament = %self.id, %game, "a tournament game is missing"),
                Err(error) => {
                    warn!(tournament = %self.id, %game, %error, "could not read a result")
                }
            }
        }
        if !entries.is_empty()
            && let Err(error) = self.propose(entries, Vec::new()).await
        {
            warn!(tournament = %self.id, %error, "could not count results");
        }
    }

    /// Counts every finished game the tournament has not counted yet.
    async fn reconcile_all(&mut self) {
        if self.session.status() == narabe_tournament::session::Status::Finished {
            return;
        }
        let finished = match self.context.store.finished_games_of(&self.id).await {
            Ok(finished) => finished,
            Err(error) => {
                warn!(tournament = %self.id, %error, "could not read the finished games");
                return;
            }
        };
        let entries: Vec<Entry> = finished
            .into_iter()
            .filter(|(game, _)| self.session.awaits_result_of(game))
            .filter_map(|(game, summary)| {
                game_outcome(&summary).map(|result| Entry::GameEnded { game, result })
            })
            .collect();
        if !entries.is_empty()
            && let Err(error) = self.propose(entries, Vec::new()).await
        {
            warn!(tournament = %self.id, %error, "could not count the results");
        }
    }

    fn refresh_view(&mut self) {
        let view = TournamentView::of(
            &self.id,
            &self.setup,
            &self.session,
            self.created_at,
            self.session.next_round_at(),
        );
        let message = serde_json::json!({ "type": "tournament", "view": &view }).to_string();
        self.view = Arc::new(view);
        self.message = Arc::from(message);
    }

    fn broadcast_if_changed(&mut self) {
        if !self.changed {
            return;
        }
        self.changed = false;
        self.refresh_view();
        // No subscriber is fine.
        let _ = self.events.send(Arc::clone(&self.message));
    }
}

fn to_i64(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}
