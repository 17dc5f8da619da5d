//! A tournament as a state machine without I/O: its configuration, then its
//! log of [`Entry`]s, each checked before it counts. Time is a parameter.
//!
//! The server proposes entries (a player joins, a round is paired, a game
//! ended), stores those the session accepts, and asks [`TournamentSession::next_step`]
//! what the time or the last entry calls for next: start, pair a round, look
//! for players who did not show up, end. Pairing itself is deterministic
//! given the log, but a round's pairings are stored in its entry, so a replay
//! never pairs again.

mod config;
mod entry;
mod player_record;
mod rejection;
mod step;

use std::collections::HashMap;

pub use config::{Millis, RoundPolicy, StartPolicy, System, TournamentConfig};
pub use entry::{By, EndReason, Entry};
pub use player_record::{PlayerRecord, PlayerState};
pub use rejection::Rejection;
pub use step::Step;

use crate::arena::{WaitingPlayer, pair_waiting};
use crate::swiss::{SwissOptions, pair_round};
use crate::{
    Entrant, GameResult, History, Pairing, PlayerId, Round, Scoring, Side, Standing, Tiebreak,
    round_robin, standings,
};

/// The longest nickname, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// The longest announcement, in characters.
pub const MAX_ANNOUNCEMENT_CHARS: usize = 500;
/// The longest reason for an adjusted result, in characters.
pub const MAX_REASON_CHARS: usize = 200;

/// Where the tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Taking players, not started.
    Registration,
    /// Started.
    Running,
    /// Over.
    Finished,
}

/// An organiser's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// When.
    pub at: Millis,
    /// What.
    pub text: String,
}

/// A result the organiser set, on record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjustment {
    /// When.
    pub at: Millis,
    /// The round, from 1.
    pub round: usize,
    /// The line in the round, from 0.
    pub line: usize,
    /// The result set.
    pub result: GameResult,
    /// Why.
    pub reason: String,
}

/// A tournament: its configuration and everything its log says.
#[derive(Clone, Debug)]
pub struct TournamentSession {
    config: TournamentConfig,
    players: Vec<PlayerRecord>,
    history: History,
    games: Vec<Vec<Option<String>>>,
    game_lines: HashMap<String, (usize, usize)>,
    status: Status,
    halted: bool,
    started_at: Option<Millis>,
    round_started_at: Vec<Millis>,
    /// When the last result of the latest round came in.
    last_result_at: Option<Millis>,
    schedule: Vec<Round>,
    announcements: Vec<Announcement>,
    adjustments: Vec<Adjustment>,
    /// How many rounds (arena batches) have had their no-show check; not in
    /// the log, since the check is safe to run twice.
    no_shows_checked: usize,
    ended: Option<(Millis, EndReason)>,
    entries: usize,
}

impl TournamentSession {
    /// A tournament taking players.
    pub fn new(config: TournamentConfig) -> TournamentSession {
        TournamentSession {
            config,
            players: Vec::new(),
            history: History::default(),
            games: Vec::new(),
            game_lines: HashMap::new(),
            status: Status::Registration,
            halted: false,
            started_at: None,
            round_started_at: Vec::new(),
            last_result_at: None,
            schedule: Vec::new(),
            announcements: Vec::new(),
            adjustments: Vec::new(),
            no_shows_checked: 0,
            ended: None,
            entries: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &TournamentConfig {
        &self.config
    }

    /// Every player who ever joined, in the order they joined.
    pub fn players(&self) -> &[PlayerRecord] {
        &self.players
    }

    /// The player with this id.
    pub fn player(&self, id: PlayerId) -> Option<&PlayerRecord> {
        let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
        self.players.get(index)
    }

    /// The player whose private token hashes to `key` (hex).
    pub fn player_by_key(&self, key: &str) -> Option<&PlayerRecord> {
        self.players.iter().find(|player| player.key == key)
    }

    /// The rounds so far, as pairing and standings see them.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The game id of each line of each round (`None` where no game is played).
    pub fn games(&self) -> &[Vec<Option<String>>] {
        &self.games
    }

    /// The round (from 1) and line of a game.
    pub fn line_of_game(&self, game: &str) -> Option<(usize, usize)> {
        self.game_lines
            .get(game)
            .map(|&(round, line)| (round + 1, line))
    }

    /// Whether `game` is one of this tournament's games and its result is
    /// not counted yet.
    pub fn awaits_result_of(&self, game: &str) -> bool {
        self.line_of_game(game)
            .is_some_and(|(round, line)| self.history.rounds[round - 1].pairings[line].is_pending())
    }

    /// Registration, running or finished.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether the organiser halted the pairing.
    pub fn is_halted(&self) -> bool {
        self.halted
    }

    /// When it started.
    pub fn started_at(&self) -> Option<Millis> {
        self.started_at
    }

    /// When each round (arena batch) was paired.
    pub fn round_started_at(&self) -> &[Millis] {
        &self.round_started_at
    }

    /// When and why it ended.
    pub fn ended(&self) -> Option<(Millis, EndReason)> {
        self.ended
    }

    /// The organiser's messages, oldest first.
    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// The results the organiser set.
    pub fn adjustments(&self) -> &[Adjustment] {
        &self.adjustments
    }

    /// How many entries its log has.
    pub fn entry_count(&self) -> usize {
        self.entries
    }

    /// The scale its results count on.
    pub fn scoring(&self) -> Scoring {
        self.config.system.scoring()
    }

    /// The tie-breaks in force: the organiser's, or the system's defaults.
    pub fn tiebreaks(&self) -> Vec<Tiebreak> {
        if self.config.tiebreaks.is_empty() {
            self.config.system.default_tiebreaks()
        } else {
            self.config.tiebreaks.clone()
        }
    }

    /// The standings now.
    pub fn standings(&self) -> Vec<Standing> {
        standings(&self.history, self.scoring(), &self.tiebreaks())
    }

    /// How many rounds the tournament has (`None` for an arena).
    pub fn planned_rounds(&self) -> Option<usize> {
        match self.config.system {
            System::Swiss { rounds } => Some(rounds),
            System::RoundRobin { .. } => Some(self.schedule.len()),
            System::Arena { .. } => None,
        }
    }

    /// When an arena ends (once started).
    pub fn arena_ends_at(&self) -> Option<Millis> {
        match self.config.system {
            System::Arena { minutes } => self
                .started_at
                .map(|at| at.saturating_add(minutes.saturating_mul(60_000))),
            _ => None,
        }
    }

    /// Whether every game of every round has a result.
    fn rounds_complete(&self) -> bool {
        self.history.rounds.iter().all(Round::is_complete)
    }

    /// The players who can be paired now.
    fn active_players(&self) -> Vec<PlayerId> {
        self.players
            .iter()
            .filter(|player| player.state == PlayerState::Active)
            .map(|player| player.entrant.id)
            .collect()
    }

    /// Applies `entry` logged at `at`.
    ///
    /// # Errors
    ///
    /// Why it does not fit; the session is then unchanged.
    pub fn apply(&mut self, entry: &Entry, at: Millis) -> Result<(), Rejection> {
        match entry {
            Entry::Joined { name, rating, key } => self.join(name, *rating, key, at)?,
            Entry::Withdrew { player, by } => {
                let record = self.player_mut(*player)?;
                if matches!(record.state, PlayerState::Withdrawn(_)) {
                    return Err(Rejection::PlayerState {
                        player: *player,
                        why: "already withdrawn",
                    });
                }
                record.state = PlayerState::Withdrawn(*by);
            }
            Entry::Readmitted { player } => {
                self.open()?;
                let record = self.player_mut(*player)?;
                if !matches!(record.state, PlayerState::Withdrawn(_)) {
                    return Err(Rejection::PlayerState {
                        player: *player,
                        why: "not withdrawn",
                    });
                }
                record.state = PlayerState::Active;
            }
            Entry::Paused { player } => {
                if matches!(self.config.system, System::RoundRobin { .. }) {
                    return Err(Rejection::TournamentState(
                        "a round robin has no pauses: withdraw instead",
                    ));
                }
                self.open()?;
                let record = self.player_mut(*player)?;
                if record.state != PlayerState::Active {
                    return Err(Rejection::PlayerState {
                        player: *player,
                        why: "not active",
                    });
                }
                record.state = PlayerState::Paused;
            }
            Entry::Resumed { player } => {
                self.open()?;
                let record = self.player_mut(*player)?;
                if record.state != PlayerState::Paused {
                    return Err(Rejection::PlayerState {
                        player: *player,
                        why: "not paused",
                    });
                }
                record.state = PlayerState::Active;
            }
            Entry::Started { order } => self.start(order, at)?,
            Entry::RoundPaired { pairings, games } => self.paired(pairings, games, at)?,
            Entry::GameEnded { game, result } => {
                let &(round, line) = self
                    .game_lines
                    .get(game)
                    .ok_or_else(|| Rejection::Mismatch(format!("no game {game} here")))?;
                let slot = &mut self.history.rounds[round].pairings[line];
                match slot {
                    Pairing::Game {
                        result: pending @ None,
                        ..
                    } => *pending = Some(*result),
                    _ => {
                        return Err(Rejection::Mismatch(format!(
                            "game {game} has a result already"
                        )));
                    }
                }
                self.last_result_at = Some(at);
            }
            Entry::ResultAdjusted {
                round,
                line,
                result,
                reason,
            } => {
                let reason = checked_text(reason, MAX_REASON_CHARS)?;
                let slot = round
                    .checked_sub(1)
                    .and_then(|index| self.history.rounds.get_mut(index))
                    .and_then(|pairings| pairings.pairings.get_mut(*line))
                    .ok_or_else(|| {
                        Rejection::Mismatch(format!("no line {line} in round {round}"))
                    })?;
                let Pairing::Game { result: slot, .. } = slot else {
                    return Err(Rejection::Mismatch(
                        "a bye has no result to adjust".to_owned(),
                    ));
                };
                *slot = Some(*result);
                self.adjustments.push(Adjustment {
                    at,
                    round: *round,
                    line: *line,
                    result: *result,
                    reason,
                });
                self.last_result_at = Some(at);
            }
            Entry::Halted => {
                if self.status != Status::Running || self.halted {
                    return Err(Rejection::TournamentState(
                        "only a running tournament halts",
                    ));
                }
                self.halted = true;
            }
            Entry::Continued => {
                if self.status != Status::Running || !self.halted {
                    return Err(Rejection::TournamentState("it is not halted"));
                }
                self.halted = false;
            }
            Entry::Announced { text } => {
                let text = checked_text(text, MAX_ANNOUNCEMENT_CHARS)?;
                self.announcements.push(Announcement { at, text });
            }
            Entry::Ended { reason } => {
                if self.status == Status::Finished {
                    return Err(Rejection::TournamentState("it is over already"));
                }
                self.status = Status::Finished;
                self.ended = Some((at, *reason));
            }
        }
        self.entries += 1;
        Ok(())
    }

    /// Not over: players may still change their state.
    fn open(&self) -> Result<(), Rejection> {
        if self.status == Status::Finished {
            return Err(Rejection::TournamentState("it is over"));
        }
        Ok(())
    }

    fn player_mut(&mut self, id: PlayerId) -> Result<&mut PlayerRecord, Rejection> {
        let index = usize::try_from(id.0)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .filter(|&index| index < self.players.len())
            .ok_or(Rejection::NoSuchPlayer(id))?;
        Ok(&mut self.players[index])
    }

    /// Whether a new player may join now.
    pub fn joining_open(&self) -> bool {
        match (self.status, self.config.system) {
            (Status::Registration, _) => true,
            (Status::Finished, _) | (Status::Running, System::RoundRobin { .. }) => false,
            (Status::Running, System::Swiss { rounds }) => self.history.rounds.len() < rounds,
            (Status::Running, System::Arena { .. }) => true,
        }
    }

    fn join(&mut self, name: &str, rating: u32, key: &str, at: Millis) -> Result<(), Rejection> {
        if !self.joining_open() {
            return Err(Rejection::JoiningClosed);
        }
        let name = checked_name(name)?;
        let folded = name.to_lowercase();
        if self
            .players
            .iter()
            .any(|player| player.entrant.name.to_lowercase() == folded)
        {
            return Err(Rejection::NameTaken(name));
        }
        if self.players.len() >= self.config.max_players {
            return Err(Rejection::Full {
                max: self.config.max_players,
            });
        }
        if key.is_empty() || self.players.iter().any(|player| player.key == key) {
            return Err(Rejection::Mismatch(
                "that key holds a place already".to_owned(),
            ));
        }
        let id = PlayerId(u32::try_from(self.players.len() + 1).unwrap_or(u32::MAX));
        self.history.entrants.push(Entrant {
            id,
            name: name.clone(),
            rating,
        });
        self.players.push(PlayerRecord {
            entrant: Entrant { id, name, rating },
            key: key.to_owned(),
            state: PlayerState::Active,
            joined_at: at,
        });
        Ok(())
    }

    /// The Berger order a start needs: for a round robin, the active players
    /// in the order `lot` shuffled them; empty for the other systems.
    pub fn starting_order(&self, lot: impl FnOnce(&mut Vec<PlayerId>)) -> Vec<PlayerId> {
        match self.config.system {
            System::RoundRobin { .. } => {
                let mut order = self.active_players();
                lot(&mut order);
                order
            }
            _ => Vec::new(),
        }
    }

    fn start(&mut self, order: &[PlayerId], at: Millis) -> Result<(), Rejection> {
        if self.status != Status::Registration {
            return Err(Rejection::TournamentState("it has started already"));
        }
        let active = self.active_players();
        if active.len() < 2 {
            return Err(Rejection::TooFewPlayers);
        }
        if let System::RoundRobin { cycles } = self.config.system {
            let mut sorted = order.to_vec();
            sorted.sort();
            if sorted != active {
                return Err(Rejection::Mismatch(
                    "the Berger order must hold every active player once".to_owned(),
                ));
            }
            self.schedule = round_robin::schedule(order, cycles);
        } else if !order.is_empty() {
            return Err(Rejection::Mismatch(
                "only a round robin has an order".to_owned(),
            ));
        }
        self.status = Status::Running;
        self.started_at = Some(at);
        Ok(())
    }

    fn paired(
        &mut self,
        pairings: &[Pairing],
        games: &[Option<String>],
        at: Millis,
    ) -> Result<(), Rejection> {
        if self.status != Status::Running || self.halted {
            return Err(Rejection::TournamentState(
                "only a running tournament pairs",
            ));
        }
        if games.len() != pairings.len() {
            return Err(Rejection::Mismatch("one game slot a line".to_owned()));
        }
        let mut seen = std::collections::HashSet::new();
        for (line, game) in pairings.iter().zip(games) {
            let players = match *line {
                Pairing::Game { first, second, .. } => vec![first, second],
                Pairing::Bye { player, .. } => vec![player],
            };
            for player in players {
                if self.player(player).is_none() || !seen.insert(player) {
                    return Err(Rejection::Mismatch(format!(
                        "player {player} is on no line or on two"
                    )));
                }
            }
            let needs_game = line.is_pending();
            if needs_game != game.is_some() {
                return Err(Rejection::Mismatch(
                    "a game to play needs a game, and only it".to_owned(),
                ));
            }
            if let Some(game) = game
                && self.game_lines.contains_key(game)
            {
                return Err(Rejection::Mismatch(format!(
                    "game {game} is paired already"
                )));
            }
        }
        match self.config.system {
            System::Arena { .. } => {
                let busy = self.players_in_pending_games();
                if seen.iter().any(|player| busy.contains(player)) {
                    return Err(Rejection::Mismatch("a player is still playing".to_owned()));
                }
            }
            System::Swiss { rounds } => {
                if !self.rounds_complete() || self.history.rounds.len() >= rounds {
                    return Err(Rejection::TournamentState("the round is not over"));
                }
            }
            System::RoundRobin { .. } => {
                if !self.rounds_complete() {
                    return Err(Rejection::TournamentState("the round is not over"));
                }
                let expected = self
                    .schedule
                    .get(self.history.rounds.len())
                    .ok_or(Rejection::TournamentState("every round is played"))?;
                if pair_set(&expected.pairings) != pair_set(pairings) {
                    return Err(Rejection::Mismatch(
                        "a round robin's round is the Berger table's".to_owned(),
                    ));
                }
            }
        }
        let round = self.history.rounds.len();
        for (line, game) in games.iter().enumerate() {
            if let Some(game) = game {
                self.game_lines.insert(game.clone(), (round, line));
            }
        }
        self.history.rounds.push(Round {
            pairings: pairings.to_vec(),
        });
        self.games.push(games.to_vec());
        self.round_started_at.push(at);
        if !self.history.rounds[round].is_complete() {
            self.last_result_at = None;
        } else {
            self.last_result_at = Some(at);
        }
        Ok(())
    }

    fn players_in_pending_games(&self) -> std::collections::HashSet<PlayerId> {
        self.history
            .rounds
            .iter()
            .flat_map(|round| &round.pairings)
            .filter_map(|line| match *line {
                Pairing::Game {
                    first,
                    second,
                    result: None,
                } => Some([first, second]),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// The next round's lines (an arena's next batch), ready to be given
    /// games and logged.
    ///
    /// # Errors
    ///
    /// When no round can be paired now, and why.
    pub fn next_pairing(&self) -> Result<Round, Rejection> {
        if self.status != Status::Running {
            return Err(Rejection::TournamentState("it is not running"));
        }
        if self.halted {
            return Err(Rejection::TournamentState("it is halted"));
        }
        match self.config.system {
            System::Swiss { rounds } => {
                if !self.rounds_complete() {
                    return Err(Rejection::TournamentState("the round is not over"));
                }
                if self.history.rounds.len() >= rounds {
                    return Err(Rejection::TournamentState("every round is played"));
                }
                let options = SwissOptions {
                    planned_rounds: rounds,
                    initial_side: Side::First,
                };
                pair_round(&self.history, &self.active_players(), &options)
                    .map_err(|error| Rejection::Unpairable(error.to_string()))
            }
            System::RoundRobin { .. } => {
                if !self.rounds_complete() {
                    return Err(Rejection::TournamentState("the round is not over"));
                }
                let scheduled = self
                    .schedule
                    .get(self.history.rounds.len())
                    .ok_or(Rejection::TournamentState("every round is played"))?;
                let active = self.active_players();
                let plays = |player: PlayerId| active.contains(&player);
                let pairings = scheduled
                    .pairings
                    .iter()
                    .map(|line| match *line {
                        Pairing::Game { first, second, .. } => Pairing::Game {
                            first,
                            second,
                            result: match (plays(first), plays(second)) {
                                (true, true) => None,
                                (true, false) => Some(GameResult::FirstWinsByForfeit),
                                (false, true) => Some(GameResult::SecondWinsByForfeit),
                                (false, false) => Some(GameResult::BothForfeit),
                            },
                        },
                        ref bye => bye.clone(),
                    })
                    .collect();
                Ok(Round { pairings })
            }
            System::Arena { .. } => {
                let busy = self.players_in_pending_games();
                let waiting: Vec<WaitingPlayer> = self
                    .active_players()
                    .into_iter()
                    .filter(|player| !busy.contains(player))
                    .map(|player| self.waiting_player(player))
                    .collect();
                let pairings: Vec<Pairing> = pair_waiting(&waiting)
                    .into_iter()
                    .map(|(first, second)| Pairing::Game {
                        first,
                        second,
                        result: None,
                    })
                    .collect();
                if pairings.is_empty() {
                    return Err(Rejection::Unpairable("nobody to pair yet".to_owned()));
                }
                Ok(Round { pairings })
            }
        }
    }

    fn waiting_player(&self, id: PlayerId) -> WaitingPlayer {
        let mut firsts = 0;
        let mut seconds = 0;
        let mut last_game = None;
        for round in &self.history.rounds {
            if let Some((opponent, side)) = round.line_of(id).and_then(|line| line.opponent_of(id))
            {
                match side {
                    Side::First => firsts += 1,
                    Side::Second => seconds += 1,
                }
                last_game = Some((opponent, side == Side::First));
            }
        }
        WaitingPlayer {
            id,
            score: self.history.score(id, self.scoring()),
            firsts,
            seconds,
            last_game,
        }
    }

    /// The ids of the games still going on, with the round (arena batch,
    /// from 0) they belong to.
    fn pending_games(&self) -> impl Iterator<Item = (usize, &str)> {
        self.history
            .rounds
            .iter()
            .zip(&self.games)
            .enumerate()
            .flat_map(|(round, (lines, games))| {
                lines
                    .pairings
                    .iter()
                    .zip(games)
                    .filter(|(line, _)| line.is_pending())
                    .filter_map(move |(_, game)| game.as_deref().map(|game| (round, game)))
            })
    }

    /// When the rounds paired so far need their no-show check: the first
    /// round not checked yet that still has games going on, and its
    /// deadline. A round whose games all ended needs no check, so it never
    /// holds back (or keeps waking) the checks of the rounds after it.
    fn next_no_show_check(&self) -> Option<(usize, Millis)> {
        let mut pending_rounds: Vec<usize> = self
            .pending_games()
            .map(|(round, _)| round)
            .filter(|&round| round >= self.no_shows_checked)
            .collect();
        pending_rounds.dedup();
        let round = *pending_rounds.first()?;
        let started = *self.round_started_at.get(round)?;
        Some((round, started.saturating_add(self.config.forfeit_after_ms)))
    }

    /// Records that the no-show checks of every round whose deadline is not
    /// after `now` were done.
    pub fn no_shows_checked(&mut self, now: Millis) {
        while let Some((round, deadline)) = self.next_no_show_check() {
            if deadline > now {
                break;
            }
            self.no_shows_checked = round + 1;
        }
    }

    /// When the next automatic round may be paired (once the previous one
    /// is complete): its break's end.
    pub fn next_round_at(&self) -> Option<Millis> {
        let (System::Swiss { .. } | System::RoundRobin { .. }) = self.config.system else {
            return None;
        };
        let RoundPolicy::Automatic { break_ms } = self.config.rounds else {
            return None;
        };
        if !self.rounds_complete() || self.planned_rounds() <= Some(self.history.rounds.len()) {
            return None;
        }
        if self.history.rounds.is_empty() {
            return self.started_at;
        }
        self.last_result_at.map(|at| at.saturating_add(break_ms))
    }

    /// What the server must do now, if anything.
    pub fn next_step(&self, now: Millis) -> Option<Step> {
        match self.status {
            Status::Finished => return None,
            Status::Registration => {
                return match self.config.start {
                    StartPolicy::At { at } if now >= at && self.active_players().len() >= 2 => {
                        Some(Step::Start)
                    }
                    _ => None,
                };
            }
            Status::Running => {}
        }
        if self.halted {
            return None;
        }
        if let Some((round, deadline)) = self.next_no_show_check()
            && deadline <= now
        {
            let due: Vec<String> = self
                .pending_games()
                .filter(|&(of, _)| {
                    of >= round
                        && self.round_started_at[of].saturating_add(self.config.forfeit_after_ms)
                            <= now
                })
                .map(|(_, game)| game.to_owned())
                .collect();
            if !due.is_empty() {
                return Some(Step::CheckNoShows(due));
            }
        }
        match self.config.system {
            System::Arena { .. } => {
                let ends = self.arena_ends_at()?;
                if now >= ends {
                    return self.pending_games().next().is_none().then_some(Step::End);
                }
                self.next_pairing().ok().map(Step::Pair)
            }
            System::Swiss { .. } | System::RoundRobin { .. } => {
                if self.rounds_complete()
                    && self.planned_rounds() <= Some(self.history.rounds.len())
                {
                    return Some(Step::End);
                }
                if self.next_round_at()? > now {
                    return None;
                }
                match self.next_pairing() {
                    Ok(round) => Some(Step::Pair(round)),
                    // Nobody left to pair (everyone withdrew): it is over.
                    Err(Rejection::Unpairable(_)) => Some(Step::End),
                    Err(_) => None,
                }
            }
        }
    }

    /// The next moment at which time alone calls for a step.
    pub fn wake_at(&self) -> Option<Millis> {
        match self.status {
            Status::Finished => None,
            Status::Registration => match self.config.start {
                StartPolicy::At { at } => Some(at),
                StartPolicy::Manual => None,
            },
            Status::Running if self.halted => None,
            Status::Running => {
                let no_show = self.next_no_show_check().map(|(_, deadline)| deadline);
                [no_show, self.next_round_at(), self.arena_ends_at()]
                    .into_iter()
                    .flatten()
                    .min()
            }
        }
    }
}

/// The unordered pairs of players of a round's lines.
fn pair_set(lines: &[Pairing]) -> std::collections::BTreeSet<(PlayerId, PlayerId)> {
    lines
        .iter()
        .filter_map(|line| match *line {
            Pairing::Game { first, second, .. } => Some((first, second)),
            Pairing::Bye { .. } => None,
        })
        .collect()
}

/// A nickname, trimmed, if it is one.
fn checked_name(name: &str) -> Result<String, Rejection> {
    let name = name.trim();
    let length = name.chars().count();
    if length == 0 || length > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(Rejection::BadName {
            max: MAX_NAME_CHARS,
        });
    }
    Ok(name.to_owned())
}

/// A message or reason, trimmed, if it fits.
fn checked_text(text: &str, max: usize) -> Result<String, Rejection> {
    let text = text.trim();
    let length = text.chars().count();
    if length == 0 || length > max {
        return Err(Rejection::BadText { max });
    }
    Ok(text.to_owned())
}
