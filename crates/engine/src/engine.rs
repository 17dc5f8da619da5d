//! The engine: one object per game (or per protocol session) that keeps its
//! tables between moves.
//!
//! PLACEHOLDER: the search below only picks the legal point nearest the stones.
//! The real search (threat-space search, PVS, transposition table, pattern
//! evaluation, time management, strength levels) replaces it.

use std::time::Instant;

use narabe_rules::{Move, Point, Position};

use crate::{Score, SearchLimits, SearchReport, Strength};

/// How an [`Engine`] is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    /// The playing strength.
    pub strength: Strength,
    /// The most memory the engine's tables may take, in bytes.
    pub memory_bytes: usize,
    /// The seed of the engine's choices among near-equal moves (levels below
    /// full strength and opening decisions vary with it).
    pub seed: u64,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            strength: Strength::FULL,
            memory_bytes: 64 << 20,
            seed: 0x6e61_7261_6265,
        }
    }
}

/// A computer player.
#[derive(Debug)]
pub struct Engine {
    options: EngineOptions,
}

impl Engine {
    /// An engine with `options`.
    #[must_use]
    pub fn new(options: EngineOptions) -> Engine {
        Engine { options }
    }

    /// The options the engine was made with.
    #[must_use]
    pub const fn options(&self) -> EngineOptions {
        self.options
    }

    /// Forgets everything learnt in the previous game.
    pub fn new_game(&mut self) {}

    /// Searches `position` within `limits` and answers the move to play, which is
    /// always legal (a pass only when no stone can be placed and passing is allowed).
    ///
    /// # Panics
    ///
    /// When the game in `position` is already over or no move is legal.
    #[must_use]
    pub fn search(&mut self, position: &Position, limits: &SearchLimits) -> SearchReport {
        let _ = limits;
        let started = Instant::now();
        let size = i32::from(position.board().size().get());
        let centre = size / 2;
        let best = position
            .legal_moves()
            .into_iter()
            .filter_map(|mv| match mv {
                Move::Place(point) => Some(point),
                Move::Pass => None,
            })
            .min_by_key(|point| distance_to_stones(position, *point, centre))
            .map_or(Move::Pass, Move::Place);
        assert!(
            position.check(best).is_ok(),
            "no legal move in {position:?}"
        );
        SearchReport {
            best_move: best,
            score: Score::Value(0),
            depth: 0,
            nodes: 0,
            principal_variation: match best {
                Move::Place(point) => vec![point],
                Move::Pass => Vec::new(),
            },
            forced_win: None,
            elapsed: started.elapsed(),
        }
    }
}

fn distance_to_stones(position: &Position, point: Point, centre: i32) -> i32 {
    position
        .board()
        .stones()
        .map(|(stone, _)| i32::from(stone.chebyshev(point)))
        .min()
        .unwrap_or_else(|| {
            (i32::from(point.col()) - centre).abs() + (i32::from(point.row()) - centre).abs()
        })
}
