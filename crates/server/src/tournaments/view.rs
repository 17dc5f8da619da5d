//! A tournament as its page and the API show it: settings, players,
//! standings with their tie-breaks, and every round's lines with their games.

use narabe_game::SessionSettings;
use narabe_tournament::session::{
    By, EndReason, PlayerState, RoundPolicy, StartPolicy, Status, System, TournamentSession,
};
use narabe_tournament::{ByeReason, GameResult, Pairing, PlayerId};
use serde::Serialize;
use ts_rs::TS;

use super::setup::TournamentSetup;

/// The whole tournament.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct TournamentView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Grows with every entry of its log; a socket's messages carry it.
    pub version: u64,
    /// `registration`, `running` or `finished`.
    pub status: &'static str,
    /// Whether the organiser halted the pairing.
    pub halted: bool,
    /// The settings of its games.
    pub game: SessionSettings,
    /// The pairing system.
    pub system: SystemView,
    /// The set start, if it starts at a time.
    pub start_at: Option<u64>,
    /// Whether the organiser starts each round (Swiss, round robin).
    pub manual_rounds: bool,
    /// The break between automatic rounds, in seconds.
    pub break_seconds: Option<u64>,
    /// After how long a player who has not moved forfeits.
    pub forfeit_after_seconds: u64,
    /// The tie-breaks in force, in order: `buchholz`, `median_buchholz`,
    /// `sonneborn_berger`, `wins`, `direct_encounter`.
    pub tiebreaks: Vec<String>,
    /// Their short names (`BH`, `MBH`, `SB`, `WIN`, `DE`).
    pub tiebreak_names: Vec<String>,
    /// The most players it takes.
    pub max_players: usize,
    /// Whether a new player may join now.
    pub joining_open: bool,
    /// When it was created, started, and ended.
    pub created_at: u64,
    /// When it started.
    pub started_at: Option<u64>,
    /// When an arena's time is up.
    pub ends_at: Option<u64>,
    /// When it ended.
    pub ended_at: Option<u64>,
    /// `completed` or `organiser`, once it ended.
    pub end_reason: Option<&'static str>,
    /// How many rounds it has (none for an arena).
    pub planned_rounds: Option<usize>,
    /// When the next automatic round is paired, if one is waiting.
    pub next_round_at: Option<u64>,
    /// Everyone who joined, in the order they joined.
    pub players: Vec<PlayerView>,
    /// The standings, best first.
    pub standings: Vec<StandingView>,
    /// The rounds (an arena's batches of games), first first.
    pub rounds: Vec<RoundView>,
    /// The organiser's messages, oldest first.
    pub announcements: Vec<AnnouncementView>,
    /// The results the organiser set, with their reasons.
    pub adjustments: Vec<AdjustmentView>,
}

/// The pairing system.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct SystemView {
    /// `swiss`, `round_robin` or `arena`.
    pub kind: &'static str,
    /// A Swiss tournament's rounds.
    pub rounds: Option<usize>,
    /// A round robin's cycles.
    pub cycles: Option<usize>,
    /// An arena's length in minutes.
    pub minutes: Option<u64>,
}

/// A player.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct PlayerView {
    /// Their id (the order of joining, from 1).
    pub id: u32,
    /// Their nickname.
    pub name: String,
    /// Their rating, 0 when none.
    pub rating: u32,
    /// `active`, `paused` or `withdrawn`.
    pub state: &'static str,
    /// Whether the organiser removed them (a withdrawal on the organiser's word).
    pub removed: bool,
}

/// A row of the standings.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct StandingView {
    /// The place; players level on everything share it.
    pub rank: usize,
    /// Who.
    pub player: u32,
    /// Their points, as `2.5`.
    pub points: String,
    /// The tie-breaks in order, as numbers written out; `null` where one says
    /// nothing.
    pub tiebreaks: Vec<Option<String>>,
    /// Games won over the board.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost over the board.
    pub losses: u32,
}

/// A round, or an arena's batch.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct RoundView {
    /// Its number, from 1.
    pub number: usize,
    /// When it was paired.
    pub started_at: u64,
    /// Its lines in board order, then the byes.
    pub lines: Vec<LineView>,
}

/// A line of a round: a game or a bye.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct LineView {
    /// The player who starts the opening (a game), or the one without a
    /// game (a bye).
    pub first: u32,
    /// The other player of a game.
    pub second: Option<u32>,
    /// The game's id, when it is played on narabe.
    pub game: Option<String>,
    /// `first_wins`, `second_wins`, `draw`, `first_wins_by_forfeit`,
    /// `second_wins_by_forfeit`, `both_forfeit`; `null` while it goes on.
    pub result: Option<&'static str>,
    /// A bye's reason: `pairing_allocated` (a point), `absent`, `rest`.
    pub bye: Option<&'static str>,
}

/// An organiser's message.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct AnnouncementView {
    /// When.
    pub at: u64,
    /// What.
    pub text: String,
}

/// A result the organiser set.
#[derive(Debug, Clone, Serialize, TS)]
pub(crate) struct AdjustmentView {
    /// When.
    pub at: u64,
    /// The round, from 1.
    pub round: usize,
    /// The line, from 0.
    pub line: usize,
    /// The result set.
    pub result: &'static str,
    /// Why.
    pub reason: String,
}

/// The name of a result on the wire.
pub(crate) fn result_name(result: GameResult) -> &'static str {
    match result {
        GameResult::FirstWins => "first_wins",
        GameResult::SecondWins => "second_wins",
        GameResult::Draw => "draw",
        GameResult::FirstWinsByForfeit => "first_wins_by_forfeit",
        GameResult::SecondWinsByForfeit => "second_wins_by_forfeit",
        GameResult::BothForfeit => "both_forfeit",
    }
}

/// The result named `name` on the wire.
pub(crate) fn result_from_name(name: &str) -> Option<GameResult> {
    [
        GameResult::FirstWins,
        GameResult::SecondWins,
        GameResult::Draw,
        GameResult::FirstWinsByForfeit,
        GameResult::SecondWinsByForfeit,
        GameResult::BothForfeit,
    ]
    .into_iter()
    .find(|&result| result_name(result) == name)
}

impl TournamentView {
    /// The view of `session`.
    pub(crate) fn of(
        id: &str,
        setup: &TournamentSetup,
        session: &TournamentSession,
        created_at: u64,
        next_round_at: Option<u64>,
    ) -> TournamentView {
        let config = session.config();
        let tiebreaks = session.tiebreaks();
        TournamentView {
            id: id.to_owned(),
            name: setup.name.clone(),
            version: session.entry_count() as u64,
            status: match session.status() {
                Status::Registration => "registration",
                Status::Running => "running",
                Status::Finished => "finished",
            },
            halted: session.is_halted(),
            game: setup.settings.clone(),
            system: match config.system {
                System::Swiss { rounds } => SystemView {
                    kind: "swiss",
                    rounds: Some(rounds),
                    cycles: None,
                    minutes: None,
                },
                System::RoundRobin { cycles } => SystemView {
                    kind: "round_robin",
                    rounds: None,
                    cycles: Some(cycles),
                    minutes: None,
                },
                System::Arena { minutes } => SystemView {
                    kind: "arena",
                    rounds: None,
                    cycles: None,
                    minutes: Some(minutes),
                },
            },
            start_at: match config.start {
                StartPolicy::At { at } => Some(at),
                StartPolicy::Manual => None,
            },
            manual_rounds: config.rounds == RoundPolicy::Manual,
            break_seconds: match config.rounds {
                RoundPolicy::Automatic { break_ms } => Some(break_ms / 1_000),
                RoundPolicy::Manual => None,
            },
            forfeit_after_seconds: config.forfeit_after_ms / 1_000,
            tiebreaks: tiebreaks
                .iter()
                .map(|tiebreak| {
                    serde_json::to_value(tiebreak)
                        .ok()
                        .and_then(|value| value.as_str().map(str::to_owned))
                        .unwrap_or_default()
                })
                .collect(),
            tiebreak_names: tiebreaks
                .iter()
                .map(|tiebreak| tiebreak.abbreviation().to_owned())
                .collect(),
            max_players: config.max_players,
            joining_open: session.joining_open(),
            created_at,
            started_at: session.started_at(),
            ends_at: session.arena_ends_at(),
            ended_at: session.ended().map(|(at, _)| at),
            end_reason: session.ended().map(|(_, reason)| match reason {
                EndReason::Completed => "completed",
                EndReason::Organiser => "organiser",
            }),
            planned_rounds: session.planned_rounds(),
            next_round_at,
            players: session
                .players()
                .iter()
                .map(|player| PlayerView {
                    id: player.entrant.id.0,
                    name: player.entrant.name.clone(),
                    rating: player.entrant.rating,
                    state: match player.state {
                        PlayerState::Active => "active",
                        PlayerState::Paused => "paused",
                        PlayerState::Withdrawn(_) => "withdrawn",
                    },
                    removed: player.state == PlayerState::Withdrawn(By::Organiser),
                })
                .collect(),
            standings: session
                .standings()
                .into_iter()
                .map(|row| StandingView {
                    rank: row.rank,
                    player: row.player.0,
                    points: row.points.to_string(),
                    tiebreaks: row
                        .tiebreaks
                        .iter()
                        .map(|value| value.map(|value| value.to_string()))
                        .collect(),
                    wins: row.tally.wins,
                    draws: row.tally.draws,
                    losses: row.tally.losses,
                })
                .collect(),
            rounds: session
                .history()
                .rounds
                .iter()
                .zip(session.games())
                .zip(session.round_started_at())
                .enumerate()
                .map(|(index, ((round, games), &started_at))| RoundView {
                    number: index + 1,
                    started_at,
                    lines: round
                        .pairings
                        .iter()
                        .zip(games)
                        .map(|(line, game)| line_view(line, game.clone()))
                        .collect(),
                })
                .collect(),
            announcements: session
                .announcements()
                .iter()
                .map(|announcement| AnnouncementView {
                    at: announcement.at,
                    text: announcement.text.clone(),
                })
                .collect(),
            adjustments: session
                .adjustments()
                .iter()
                .map(|adjustment| AdjustmentView {
                    at: adjustment.at,
                    round: adjustment.round,
                    line: adjustment.line,
                    result: result_name(adjustment.result),
                    reason: adjustment.reason.clone(),
                })
                .collect(),
        }
    }
}

fn line_view(line: &Pairing, game: Option<String>) -> LineView {
    match *line {
        Pairing::Game {
            first,
            second,
            result,
        } => LineView {
            first: first.0,
            second: Some(second.0),
            game,
            result: result.map(result_name),
            bye: None,
        },
        Pairing::Bye { player, reason } => LineView {
            first: player.0,
            second: None,
            game: None,
            result: None,
            bye: Some(match reason {
                ByeReason::PairingAllocated => "pairing_allocated",
                ByeReason::Absent => "absent",
                ByeReason::Rest => "rest",
            }),
        },
    }
}

/// A player id from the wire.
pub(crate) fn player_id(id: u32) -> PlayerId {
    PlayerId(id)
}
