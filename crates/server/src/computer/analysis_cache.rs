//! Finished analyses, remembered per position: the same position asked again
//! (by the same player stepping back and forth, or by everyone watching one
//! game) is answered at once, without a search.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use narabe_engine::SearchReport;
use narabe_rules::Position;

/// The last `capacity` analyses by position, least recently used first out.
/// Cloning shares the cache.
#[derive(Debug, Clone)]
pub(crate) struct AnalysisCache {
    entries: Arc<Mutex<Entries>>,
    capacity: usize,
}

#[derive(Debug, Default)]
struct Entries {
    by_position: HashMap<Position, (u64, SearchReport)>,
    /// A counter: each use stamps its entry with the next value.
    clock: u64,
}

impl AnalysisCache {
    /// An empty cache of `capacity` analyses (none kept when 0).
    pub(crate) fn new(capacity: usize) -> AnalysisCache {
        AnalysisCache {
            entries: Arc::default(),
            capacity,
        }
    }

    /// The analysis of `position`, if remembered.
    pub(crate) fn get(&self, position: &Position) -> Option<SearchReport> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.clock += 1;
        let stamp = entries.clock;
        let (used, report) = entries.by_position.get_mut(position)?;
        *used = stamp;
        Some(report.clone())
    }

    /// Remembers the analysis of `position`, forgetting the least recently
    /// used one when full.
    pub(crate) fn put(&self, position: Position, report: SearchReport) {
        if self.capacity == 0 {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.clock += 1;
        let stamp = entries.clock;
        if entries.by_position.len() >= self.capacity
            && !entries.by_position.contains_key(&position)
        {
            // A scan of at most `capacity` entries, on a search's completion
            // only: far cheaper than the search itself.
            let oldest = entries
                .by_position
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(position, _)| position.clone());
            if let Some(oldest) = oldest {
                entries.by_position.remove(&oldest);
            }
        }
        entries.by_position.insert(position, (stamp, report));
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use narabe_engine::Score;
    use narabe_rules::{Move, RuleSet};

    use super::*;

    fn position(moves: &[&str]) -> Position {
        moves
            .iter()
            .fold(Position::new(RuleSet::Standard), |position, point| {
                position.play(Move::Place(point.parse().unwrap())).unwrap()
            })
    }

    fn report(value: i32) -> SearchReport {
        SearchReport {
            best_move: Move::Pass,
            score: Score::Value(value),
            depth: 1,
            nodes: 1,
            principal_variation: Vec::new(),
            forced_win: None,
            lines: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn the_least_recently_used_analysis_goes_first() {
        let cache = AnalysisCache::new(2);
        cache.put(position(&["h8"]), report(1));
        cache.put(position(&["h9"]), report(2));
        assert_eq!(
            cache.get(&position(&["h8"])).unwrap().score,
            Score::Value(1)
        );
        cache.put(position(&["h10"]), report(3));
        assert!(
            cache.get(&position(&["h9"])).is_none(),
            "least recently used"
        );
        assert!(cache.get(&position(&["h8"])).is_some());
        assert!(cache.get(&position(&["h10"])).is_some());
        let none = AnalysisCache::new(0);
        none.put(position(&["h8"]), report(1));
        assert!(none.get(&position(&["h8"])).is_none());
    }
}
