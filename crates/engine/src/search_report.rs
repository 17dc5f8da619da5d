//! What a search found.

use std::time::Duration;

use narabe_rules::{Move, Point};

/// The value of a position for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// A heuristic value; positive is good for the side to move.
    Value(i32),
    /// The side to move wins by force in this many plies (its own moves and
    /// the replies), 1 being a five on the spot.
    WinIn(u32),
    /// The side to move loses by force in this many plies.
    LossIn(u32),
}

impl Score {
    /// A key that sorts scores from worst to best: a loss later is better
    /// than one sooner, any value beats a loss, a win sooner beats a win later.
    #[must_use]
    pub fn rank(self) -> i64 {
        const DECIDED: i64 = 1 << 40;
        match self {
            Score::WinIn(plies) => DECIDED - i64::from(plies),
            Score::Value(value) => i64::from(value),
            Score::LossIn(plies) => -DECIDED + i64::from(plies),
        }
    }
}

/// One of the best moves of a multi-line search ([`crate::Engine::search_lines`]):
/// the move, its value and the line expected after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredLine {
    /// The move (a pass only when it is the one move the search answers).
    pub first_move: Move,
    /// The value of the position after it, for the side that plays it.
    pub score: Score,
    /// The expected continuation, starting with `first_move` when it is a
    /// stone.
    pub line: Vec<Point>,
}

/// The answer of [`crate::Engine::search`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchReport {
    /// The move to play: always legal in the searched position.
    pub best_move: Move,
    /// The value of the position for the side to move.
    pub score: Score,
    /// The deepest completed iteration, in plies.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The expected continuation, starting with `best_move` when it is a stone.
    pub principal_variation: Vec<Point>,
    /// A forced win found by threat-space search (VCF or VCT), move by move,
    /// when there is one for the side to move.
    pub forced_win: Option<Vec<Point>>,
    /// The best moves, best first, each with its value and line, as many as
    /// asked for ([`crate::Engine::search_lines`]; one for
    /// [`crate::Engine::search`]) or fewer when fewer moves are worth
    /// listing. Never empty; the first is `best_move` with `score` and
    /// `principal_variation`, and no move appears twice.
    pub lines: Vec<ScoredLine>,
    /// Time spent.
    pub elapsed: Duration,
}
