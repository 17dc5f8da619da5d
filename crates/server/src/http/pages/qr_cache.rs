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

    /// The drawing of `text`: the cached one, else `draw(text)`, kept.
    /// Drawing happens outside the lock, so a slow one blocks no look-up.
    ///
    /// # Errors
    ///
    /// What `draw` failed with (nothing is kept then).
    pub(crate) fn get_or_draw<E>(
        &self,
        text: &str,
        draw: impl FnOnce(&str) -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        {
            let mut entries = self.lock();
            entries.tick += 1;
            let tick = entries.tick;
            if let Some((drawing, used)) = entries.by_text.get_mut(text) {
                *used = tick;
                return Ok(drawing.clone());
            }
        }
        let drawing = draw(text)?;
        if self.capacity > 0 {
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
            let tick = entries.tick;
            entries
                .by_text
                .insert(text.to_owned(), (drawing.clone(), tick));
        }
        Ok(drawing)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::convert::Infallible;

    use super::*;

    #[test]
    fn repeats_are_answered_from_the_cache_and_the_least_recent_goes_first() {
        let cache = QrCache::new(2);
        let drawn = Cell::new(0);
        let draw = |text: &str| -> Result<Bytes, Infallible> {
            drawn.set(drawn.get() + 1);
            Ok(Bytes::from(text.to_uppercase()))
        };
        assert_eq!(cache.get_or_draw("a", draw).unwrap(), "A");
        assert_eq!(cache.get_or_draw("b", draw).unwrap(), "B");
        assert_eq!(cache.get_or_draw("a", draw).unwrap(), "A");
        assert_eq!(drawn.get(), 2, "a was cached");
        // Full: c drops b, the least recently asked for.
        cache.get_or_draw("c", draw).unwrap();
        assert_eq!(drawn.get(), 3);
        cache.get_or_draw("a", draw).unwrap();
        assert_eq!(drawn.get(), 3, "a is still there");
        cache.get_or_draw("b", draw).unwrap();
        assert_eq!(drawn.get(), 4, "b was dropped");
    }

    #[test]
    fn a_failed_drawing_is_not_kept() {
        let cache = QrCache::new(2);
        assert_eq!(cache.get_or_draw("x", |_| Err("too long")), Err("too long"));
        let again = cache.get_or_draw("x", |_| Ok::<_, &str>(Bytes::from_static(b"X")));
        assert_eq!(again.unwrap(), "X");
    }
}
