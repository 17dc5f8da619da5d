//! Time management: a hard deadline from `move_time` (and from the game clock),
//! a softer target for starting new iterations, and the stop flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::SearchLimits;

/// Time kept back from every hard limit for answering (building the report,
/// the protocol, the operating system's scheduling). The search reads the
/// clock every 256 nodes (well under a millisecond) and unwinds at once, so a
/// few milliseconds are enough on an idle machine; the 5% on top covers a
/// loaded one.
const SAFETY_MARGIN: Duration = Duration::from_millis(10);

/// The share of the hard budget after which no new iteration starts. An
/// iteration takes a few times the one before, and one cut short by the hard
/// deadline still counts for the moves it finished (`Searcher::iterate`), so
/// starting late costs little.
const SOFT_SHARE: f64 = 0.9;

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
            soft: hard_budget.map(|time| started + time.mul_f64(SOFT_SHARE)),
            stop: limits.stop.clone(),
        }
    }

    /// The time from the start to the hard deadline, if any.
    #[cfg(test)]
    #[must_use]
    pub fn hard_budget(&self) -> Option<Duration> {
        self.hard.map(|hard| hard - self.started)
    }

    /// The instant `share` (0..=1) of the way from the start to the hard
    /// deadline, if there is one: the end of a part of the search that must
    /// leave the rest of the budget to the parts after it.
    #[must_use]
    pub fn deadline_at_share(&self, share: f64) -> Option<Instant> {
        self.hard
            .map(|hard| self.started + (hard - self.started).mul_f64(share.clamp(0.0, 1.0)))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(limits: &SearchLimits, moves_played: u32, fraction: f64) -> Duration {
        TimeManager::new(limits, moves_played, fraction)
            .hard_budget()
            .expect("a clock was given")
    }

    #[test]
    fn a_move_time_keeps_a_margin_back() {
        let one_second = SearchLimits::time(Duration::from_secs(1));
        assert_eq!(budget(&one_second, 0, 1.0), Duration::from_millis(940));
        assert_eq!(budget(&one_second, 0, 0.5), Duration::from_millis(940) / 2);
        let tiny = SearchLimits::time(Duration::from_millis(4));
        assert_eq!(budget(&tiny, 0, 1.0), Duration::from_millis(3));
    }

    #[test]
    fn the_game_clock_is_spread_over_the_moves_to_come() {
        let clock = SearchLimits {
            game_time_left: Some(Duration::from_secs(60)),
            ..SearchLimits::default()
        };
        let early = budget(&clock, 0, 1.0);
        let late = budget(&clock, 100, 1.0);
        assert!(early < Duration::from_secs(2) && early > Duration::from_millis(1800));
        assert!(late > early, "fewer moves are expected late in the game");
        assert!(late < Duration::from_secs(6));
        let both = SearchLimits {
            move_time: Some(Duration::from_millis(500)),
            game_time_left: Some(Duration::from_secs(60)),
            ..SearchLimits::default()
        };
        assert!(budget(&both, 0, 1.0) < Duration::from_millis(500));
    }

    #[test]
    fn without_a_clock_there_is_no_deadline() {
        let manager = TimeManager::new(&SearchLimits::depth(3), 0, 1.0);
        assert!(manager.hard_budget().is_none());
        assert!(manager.may_start_iteration());
    }
}
