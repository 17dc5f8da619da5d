//! The transposition table: what earlier searches learnt about positions, keyed
//! by Zobrist hash, sized by `EngineOptions::memory_bytes`, always-replace with a
//! depth preference.

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
#[derive(Debug, Clone, Copy)]
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

const EMPTY_ENTRY: Entry = Entry {
    hash: 0,
    score: 0,
    best: u16::MAX,
    depth: -1,
    bound: Bound::Upper,
};

/// A fixed-size table of [`Entry`].
#[derive(Debug)]
pub struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of at most `memory_bytes` (at least 1024 entries, a power of two).
    #[must_use]
    pub fn new(memory_bytes: usize) -> TranspositionTable {
        let wanted = (memory_bytes / size_of::<Entry>()).max(1024);
        let capacity = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            entries: vec![EMPTY_ENTRY; capacity],
            mask: capacity - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY_ENTRY);
    }

    /// The entry of `hash`, if stored.
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let entry = self.entries[hash as usize & self.mask];
        (entry.hash == hash && entry.depth >= 0).then_some(entry)
    }

    /// Stores an entry, keeping a deeper one of the same position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.hash as usize & self.mask];
        if slot.hash != entry.hash || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
    }
}
