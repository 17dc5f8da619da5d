//! The threat question of the analysis board: does the side to move win by
//! continuous fours (VCF) or continuous threats (VCT)? Searched in the engine
//! pool like an analysis, within a fixed budget, and remembered per question.

use std::time::{Duration, Instant};

use narabe_engine::{ThreatKind, ThreatLimits, VcfOutcome, find_threat_win};
use narabe_rules::{Point, Position};

/// The time one threat search may take (an analysis's budget).
const THREAT_TIME: Duration = Duration::from_millis(1500);
/// The most positions one threat search may visit, besides the time: a bound
/// that does not depend on how busy the machine is.
const THREAT_NODES: u64 = 3_000_000;

/// A threat question: whether the side to move in `position` wins by `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ThreatQuestion {
    /// The position, with the attacker to move.
    pub position: Position,
    /// Fours only, or fours and open threes.
    pub kind: ThreatKind,
}

/// What a threat search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ThreatAnswer {
    /// The winning line (the attacker's threats and the defender's replies
    /// alternating, ending with the five or the four that cannot be stopped),
    /// or `None`.
    pub line: Option<Vec<Point>>,
    /// Whether the search ran through every line within its depth before its
    /// budget ran out (so that no line means there is none of that depth).
    pub complete: bool,
    /// The time the search took.
    pub elapsed: Duration,
}

/// Searches `question` within [`THREAT_TIME`] and [`THREAT_NODES`].
pub(crate) fn search_threat(question: &ThreatQuestion) -> ThreatAnswer {
    let started = Instant::now();
    let limits = ThreatLimits {
        max_nodes: Some(THREAT_NODES),
        time: Some(THREAT_TIME),
        stop: None,
    };
    let outcome = find_threat_win(&question.position, question.kind, &limits);
    let elapsed = started.elapsed();
    match outcome {
        VcfOutcome::Found(line) => ThreatAnswer {
            line: Some(line),
            complete: true,
            elapsed,
        },
        VcfOutcome::None => ThreatAnswer {
            line: None,
            complete: true,
            elapsed,
        },
        VcfOutcome::LimitReached => ThreatAnswer {
            line: None,
            complete: false,
            elapsed,
        },
    }
}
