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
    /// Time spent.
    pub elapsed: Duration,
}
