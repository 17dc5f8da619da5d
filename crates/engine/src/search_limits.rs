//! The budget of one search: time, depth, nodes, and a stop flag.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What one search may spend. The engine stops at the first limit reached and
/// always answers with a legal move.
#[derive(Debug, Clone, Default)]
pub struct SearchLimits {
    /// The most time this move may take (the Gomocup `timeout_turn`).
    pub move_time: Option<Duration>,
    /// The time left for the rest of the game (the Gomocup `time_left`); the
    /// engine spreads it over the moves still to come.
    pub game_time_left: Option<Duration>,
    /// The deepest iteration of the main search, in plies.
    pub max_depth: Option<u32>,
    /// The most nodes the search may visit.
    pub max_nodes: Option<u64>,
    /// Set from another thread to stop the search as soon as possible.
    pub stop: Option<Arc<AtomicBool>>,
    /// Whether the opening book may answer: set for a move of a game (the
    /// Gomocup brain, the server's computer player), never for an analysis.
    /// Full strength only, one line, and never under a depth or node cap.
    pub opening_book: bool,
}

impl SearchLimits {
    /// A search limited to `move_time`.
    #[must_use]
    pub fn time(move_time: Duration) -> SearchLimits {
        SearchLimits {
            move_time: Some(move_time),
            ..SearchLimits::default()
        }
    }

    /// These limits with the opening book allowed (a move of a game).
    #[must_use]
    pub fn with_opening_book(mut self) -> SearchLimits {
        self.opening_book = true;
        self
    }

    /// A search limited to `max_depth` plies (deterministic: for tests).
    #[must_use]
    pub fn depth(max_depth: u32) -> SearchLimits {
        SearchLimits {
            max_depth: Some(max_depth),
            ..SearchLimits::default()
        }
    }
}
