//! What each strength level may do: depth, threat-search budgets, share of the
//! time budget, and how far from the best move its choices may stray.
//!
//! | level | depth | VCF nodes | VCT nodes | time share | time cap | choice margin |
//! |---|---|---|---|---|---|---|
//! | 1 | 1 | 0 | 0 | 10% | 100 ms | 900 |
//! | 2 | 2 | 300 | 0 | 15% | 200 ms | 600 |
//! | 3 | 2 | 2,000 | 0 | 20% | 300 ms | 250 |
//! | 4 | 3 | 10,000 | 0 | 30% | 500 ms | 120 |
//! | 5 | 4 | 40,000 | 4,000 | 35% | 1 s | 100 |
//! | 6 | 5 | 100,000 | 20,000 | 50% | 2 s | 40 |
//! | 7 | 10 | 200,000 | 60,000 | 90% | none | 8 |
//! | 8 | 64 | 1,000,000 | 200,000 | 100% | none | 0 |
//!
//! Every level always takes a five and blocks a four; level 1 overlooks an open
//! three of the opponent one time in three, level 2 one time in seven.
//!
//! The table was tuned with `scripts/engine-ladder` so that every level beats
//! the one below at the same time per move (docs/benchmarks.md).

use std::time::Duration;

use crate::Strength;

/// The settings of one level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelSettings {
    /// The deepest main-search iteration.
    pub max_depth: u32,
    /// Node budget of the VCF at the root (0: none).
    pub vcf_nodes: u64,
    /// Node budget of the VCT at the root (0: none).
    pub vct_nodes: u64,
    /// Share of the time budget used.
    pub time_share: f64,
    /// The most time a move takes at this level, whatever the budget.
    pub time_cap: Option<Duration>,
    /// Root moves within this many evaluation points of the best may be chosen.
    pub choice_margin: i32,
    /// Chance (in percent) of ignoring an open three of the opponent.
    pub overlook_three_percent: u64,
}

impl LevelSettings {
    /// The settings of `strength`.
    #[must_use]
    pub const fn of(strength: Strength) -> LevelSettings {
        const fn level(
            max_depth: u32,
            vcf_nodes: u64,
            vct_nodes: u64,
            time_share: f64,
            cap_ms: u64,
            choice_margin: i32,
        ) -> LevelSettings {
            LevelSettings {
                max_depth,
                vcf_nodes,
                vct_nodes,
                time_share,
                time_cap: if cap_ms == 0 {
                    None
                } else {
                    Some(Duration::from_millis(cap_ms))
                },
                choice_margin,
                overlook_three_percent: 0,
            }
        }
        match strength.level() {
            1 => LevelSettings {
                overlook_three_percent: 33,
                ..level(1, 0, 0, 0.10, 100, 900)
            },
            2 => LevelSettings {
                overlook_three_percent: 15,
                ..level(2, 300, 0, 0.15, 200, 600)
            },
            3 => level(2, 2_000, 0, 0.20, 300, 250),
            4 => level(3, 10_000, 0, 0.30, 500, 120),
            5 => level(4, 40_000, 4_000, 0.35, 1_000, 100),
            6 => level(5, 100_000, 20_000, 0.50, 2_000, 40),
            7 => level(10, 200_000, 60_000, 0.90, 0, 8),
            _ => level(64, 1_000_000, 200_000, 1.0, 0, 0),
        }
    }

    /// Whether the level searches at full strength.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.choice_margin == 0
    }
}
