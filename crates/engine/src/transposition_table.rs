//! The transposition table: what earlier searches learnt about positions, keyed
//! by Zobrist hash, sized by `EngineOptions::memory_bytes`, always-replace with a
//! depth preference. The search threads of one engine share it: each slot is
//! two atomic words, the key stored XOR the data, so that a slot torn by two
//! threads writing at once reads as empty rather than as a wrong entry.

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (a beta cut-off).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// One stored position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The full hash, to tell collisions apart.
    pub hash: u64,
    /// The score, with win and loss distances relative to this node.
    pub score: i32,
    /// The best move found (a cell index), or `u16::MAX`.
    pub best: u16,
    /// The depth searched.
    pub depth: i8,
    /// How `score` bounds the value.
    pub bound: Bound,
}

/// A fixed-size table of [`Entry`], stored as pairs of words (the hash XOR the
/// packed entry, then the packed entry) so that a new table is zeroed memory:
/// the operating system hands it out lazily, and an engine that never searches
/// deeply never touches most of it.
#[derive(Debug)]
pub struct TranspositionTable {
    words: Vec<AtomicU64>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of at most `memory_bytes` (at least 1024 entries, a power of two).
    #[must_use]
    pub fn new(memory_bytes: usize) -> TranspositionTable {
        let wanted = (memory_bytes / 16).max(1024);
        let capacity = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            words: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(capacity * 2)
                .collect(),
            mask: capacity - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for word in &mut self.words {
            *word.get_mut() = 0;
        }
    }

    /// The key word and the data word of the slot of `hash`.
    fn slot(&self, hash: u64) -> (&AtomicU64, &AtomicU64) {
        let slot = (hash as usize & self.mask) * 2;
        (&self.words[slot], &self.words[slot + 1])
    }

    /// The entry of `hash`, if stored.
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let (key, data) = self.slot(hash);
        let data = data.load(Ordering::Relaxed);
        if data == 0 || key.load(Ordering::Relaxed) ^ data != hash {
            return None;
        }
        Some(unpack(hash, data))
    }

    /// Stores an entry, keeping a deeper one of the same position.
    pub fn store(&self, entry: Entry) {
        let (key, data) = self.slot(entry.hash);
        let stored = data.load(Ordering::Relaxed);
        let replace = stored == 0
            || key.load(Ordering::Relaxed) ^ stored != entry.hash
            || entry.depth >= unpack(entry.hash, stored).depth
            || entry.bound == Bound::Exact;
        if replace {
            let packed = pack(entry);
            key.store(entry.hash ^ packed, Ordering::Relaxed);
            data.store(packed, Ordering::Relaxed);
        }
    }
}

/// Score in the low 32 bits, then the move, the depth plus one (so that a
/// stored entry is never all zero bits) and the bound.
fn pack(entry: Entry) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let depth = u64::from(u8::try_from(i16::from(entry.depth) + 1).unwrap_or(u8::MAX));
    u64::from(entry.score.cast_unsigned())
        | (u64::from(entry.best) << 32)
        | (depth << 48)
        | (bound << 56)
}

fn unpack(hash: u64, data: u64) -> Entry {
    Entry {
        hash,
        score: (data as u32).cast_signed(),
        best: (data >> 32) as u16,
        depth: i8::try_from(i16::from((data >> 48) as u8) - 1).unwrap_or(i8::MAX),
        bound: match (data >> 56) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_stored() {
        let mut table = TranspositionTable::new(1 << 16);
        assert!(table.probe(0).is_none(), "a new table holds nothing");
        let entry = Entry {
            hash: 0x1234_5678_9abc_def0,
            score: -999_990,
            best: 321,
            depth: 0,
            bound: Bound::Lower,
        };
        assert!(table.probe(entry.hash).is_none());
        table.store(entry);
        let back = table.probe(entry.hash).unwrap();
        assert_eq!(
            (back.score, back.best, back.depth, back.bound),
            (-999_990, 321, 0, Bound::Lower)
        );
        table.clear();
        assert!(table.probe(entry.hash).is_none());
    }
}
