//! Time management: a hard deadline from `move_time` (and from the game clock),
//! a softer target for starting new iterations, and the stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::SearchLimits;

/// Time kept back from every hard limit for answering (building the report,
/// the protocol, the operating system's scheduling).
const SAFETY_MARGIN: Duration = Duration::from_millis(25);

/// When a search must stop.
#[derive(Debug, Clone)]
pub struct TimeManager {
    started: Instant,
    /// Past this, the search stops at the next clock check.
    hard: Option<Instant>,
    /// Past this, no new iteration starts.
    soft: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

impl TimeManager {
    /// The budget of one search under `limits`, `moves_played` into the game,
    /// `fraction` (0..=1) being the share of it the strength level uses.
    #[must_use]
    pub fn new(limits: &SearchLimits, moves_played: u32, fraction: f64) -> TimeManager {
        let started = Instant::now();
        let mut budget: Option<Duration> = limits.move_time;
        if let Some(left) = limits.game_time_left {
            // Spread the clock over the moves still expected: at least 12, fewer
            // as the game goes on (most games end within 60 moves a side).
            let moves_to_go = 30u32.saturating_sub(moves_played / 4).max(12);
            let share = left / moves_to_go;
            let cap = left.saturating_sub(SAFETY_MARGIN) / 3;
            let share = share.min(cap);
            budget = Some(budget.map_or(share, |time| time.min(share)));
        }
        let hard_budget = budget.map(|time| {
            // A fixed margin plus 5% (a loaded machine reads the clock late),
            // never more than a quarter of a short budget.
            let margin = (SAFETY_MARGIN + time / 20).min(time / 4);
            time.saturating_sub(margin)
                .mul_f64(fraction.clamp(0.0, 1.0))
        });
        TimeManager {
            started,
            hard: hard_budget.map(|time| started + time),
            soft: hard_budget.map(|time| started + time.mul_f64(0.4)),
            stop: limits.stop.clone(),
        }
    }

    /// The hard deadline, if any.
    #[must_use]
    pub const fn deadline(&self) -> Option<Instant> {
        self.hard
    }

    /// The stop flag, if any.
    #[must_use]
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.stop.clone()
    }

    /// Whether the search must stop now.
    #[must_use]
    pub fn must_stop(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
            || self.hard.is_some_and(|hard| Instant::now() >= hard)
    }

    /// Whether a new iteration should start (it would likely not finish
    /// otherwise: each iteration takes a few times the previous one).
    #[must_use]
    pub fn may_start_iteration(&self) -> bool {
        !self.must_stop() && self.soft.is_none_or(|soft| Instant::now() < soft)
    }

    /// The time since the search started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}
