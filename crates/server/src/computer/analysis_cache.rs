//! Finished analyses, remembered per question: the same position asked again
//! (by the same player stepping back and forth, or by everyone watching one
//! game) is answered at once, without a search. One cache per kind of answer:
//! the analyses by position and number of lines, the threat searches by
//! position and kind.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

/// The last `capacity` answers by question `K`, least recently used first out.
/// Cloning shares the cache.
#[derive(Debug, Clone)]
pub(crate) struct AnalysisCache<K, V> {
    entries: Arc<Mutex<Entries<K, V>>>,
    capacity: usize,
}

#[derive(Debug)]
struct Entries<K, V> {
    by_question: HashMap<K, (u64, V)>,
    /// A counter: each use stamps its entry with the next value.
    clock: u64,
}

impl<K: Hash + Eq + Clone, V: Clone> AnalysisCache<K, V> {
    /// An empty cache of `capacity` answers (none kept when 0).
    pub(crate) fn new(capacity: usize) -> AnalysisCache<K, V> {
        AnalysisCache {
            entries: Arc::new(Mutex::new(Entries {
                by_question: HashMap::new(),
                clock: 0,
            })),
            capacity,
        }
    }

    /// The answer to `question`, if remembered.
    pub(crate) fn get(&self, question: &K) -> Option<V> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.clock += 1;
        let stamp = entries.clock;
        let (used, answer) = entries.by_question.get_mut(question)?;
        *used = stamp;
        Some(answer.clone())
    }

    /// Remembers the answer to `question`, forgetting the least recently used
    /// one when full.
    pub(crate) fn put(&self, question: K, answer: V) {
        if self.capacity == 0 {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.clock += 1;
        let stamp = entries.clock;
        if entries.by_question.len() >= self.capacity
            && !entries.by_question.contains_key(&question)
        {
            // A scan of at most `capacity` entries, on a search's completion
            // only: far cheaper than the search itself.
            let oldest = entries
                .by_question
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(question, _)| question.clone());
            if let Some(oldest) = oldest {
                entries.by_question.remove(&oldest);
            }
        }
        entries.by_question.insert(question, (stamp, answer));
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use narabe_engine::{Score, SearchReport};
    use narabe_rules::{Move, Position, RuleSet};

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
        let cache: AnalysisCache<Position, SearchReport> = AnalysisCache::new(2);
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
        let none: AnalysisCache<Position, SearchReport> = AnalysisCache::new(0);
        none.put(position(&["h8"]), report(1));
        assert!(none.get(&position(&["h8"])).is_none());
    }
}
