use serde::{Deserialize, Serialize};

use crate::{Scoring, Tiebreak};

/// Milliseconds: server time since the Unix epoch, or a duration.
pub type Millis = u64;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum System {
    /// A Swiss tournament of a fixed number of rounds, paired by the FIDE
    /// Dutch rules.
    Swiss {
        /// How many rounds.
        rounds: usize,
    },
    /// Everyone meets everyone, once or twice.
    RoundRobin {
        /// 1 (single) or 2 (double, sides swapped in the second cycle).
        cycles: usize,
    },
    /// Whoever is free is paired again at once, until the time is up.
    Arena {
        /// How long it runs from its start, in minutes.
        minutes: u64,
    },
}

impl System {
    /// How its results are scored.
    pub fn scoring(self) -> Scoring {
        match self {
            System::Arena { .. } => Scoring::Arena,
            System::Swiss { .. } | System::RoundRobin { .. } => Scoring::Classic,
        }
    }

    /// The tie-breaks used when the organiser chose none.
    pub fn default_tiebreaks(self) -> Vec<Tiebreak> {
        match self {
            System::Swiss { .. } => Tiebreak::SWISS_DEFAULT.to_vec(),
            System::RoundRobin { .. } => Tiebreak::ROUND_ROBIN_DEFAULT.to_vec(),
            System::Arena { .. } => vec![Tiebreak::Wins, Tiebreak::SonnebornBerger],
        }
    }
}

/// When the tournament starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StartPolicy {
    /// When the organiser says.
    Manual,
    /// At a time (server time, ms since the Unix epoch), if at least two
    /// players have joined by then; with fewer it waits for the organiser.
    At {
        /// When.
        at: Millis,
    },
}

/// When the rounds of a Swiss tournament or a round robin begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoundPolicy {
    /// The next round is paired by itself, `break_ms` after the last game of
    /// the previous one ended.
    Automatic {
        /// The pause between rounds.
        break_ms: Millis,
    },
    /// The organiser starts each round.
    Manual,
}

/// Everything a tournament's pairing and timing obey.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// The pairing system.
    pub system: System,
    /// When it starts.
    pub start: StartPolicy,
    /// When the rounds begin (ignored by an arena, which never waits).
    pub rounds: RoundPolicy,
    /// How long after a game starts a player who has not made their first
    /// move (when it is their turn) loses it by forfeit.
    pub forfeit_after_ms: Millis,
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<Tiebreak>,
    /// The most players who may join.
    pub max_players: usize,
}
