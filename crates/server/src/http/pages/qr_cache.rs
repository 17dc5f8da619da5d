//! The QR codes drawn lately, by their text: the share screen asks for the
//! same link's code again and again (each reload, each language switch), and
//! drawing one costs milliseconds of CPU, so a small least-recently-used
//! cache answers the repeats.

use std::collections::HashMap;
use std::sync::Mutex;

use axum::body::Bytes;

/// At most `capacity` drawn codes; when full, the one asked for least
/// recently is dropped.
#[derive(Debug)]
pub(crate) struct QrCache {
    capacity: usize,
    entries: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    /// Each text's drawing and the tick it was last asked for at.
    by_text: HashMap<String, (Bytes, u64)>,
    /// Counts the look-ups: the order of use.
    tick: u64,
}

impl QrCache {
    /// An empty cache of `capacity` codes (none kept when 0).
    pub(crate) fn new(capacity: usize) -> QrCache {
        QrCache {
            capacity,
            entries: Mutex::new(Entries::default()),
        }
    }

    /// The drawing of `text` if it is kept (it is then the most recent).
    pub(crate) fn get(&self, text: &str) -> Option<Bytes> {
        let mut entries = self.lock();
        entries.tick += 1;
        let tick = entries.tick;
        let (drawing, used) = entries.by_text.get_mut(text)?;
        *used = tick;
        Some(drawing.clone())
    }

    /// Keeps `drawing` as the drawing of `text`, dropping the least recently
    /// asked for when full.
    pub(crate) fn insert(&self, text: &str, drawing: Bytes) {
        if self.capacity == 0 {
            return;
        }
        let mut entries = self.lock();
        if entries.by_text.len() >= self.capacity
            && !entries.by_text.contains_key(text)
            && let Some(oldest) = entries
                .by_text
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(text, _)| text.clone())
        {
            entries.by_text.remove(&oldest);
        }
        entries.tick += 1;
        let tick = entries.tick;
        entries.by_text.insert(text.to_owned(), (drawing, tick));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(text: &str) -> Bytes {
        Bytes::from(text.to_uppercase())
    }

    #[test]
    fn repeats_are_answered_from_the_cache_and_the_least_recent_goes_first() {
        let cache = QrCache::new(2);
        assert_eq!(cache.get("a"), None);
        cache.insert("a", drawing("a"));
        cache.insert("b", drawing("b"));
        assert_eq!(cache.get("a"), Some(drawing("a")));
        // Full: c drops b, the least recently asked for.
        cache.insert("c", drawing("c"));
        assert_eq!(cache.get("b"), None, "b was dropped");
        assert_eq!(cache.get("a"), Some(drawing("a")));
        assert_eq!(cache.get("c"), Some(drawing("c")));
    }

    #[test]
    fn a_cache_of_nothing_keeps_nothing() {
        let cache = QrCache::new(0);
        cache.insert("a", drawing("a"));
        assert_eq!(cache.get("a"), None);
    }
}
