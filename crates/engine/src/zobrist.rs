//! Zobrist hashing: a random 64-bit word per (colour, cell), XORed in and out as
//! stones come and go, so a position's hash follows its moves in O(1).

use std::sync::OnceLock;

use crate::engine_board::CELLS;
use crate::random::SplitMix64;

/// The random words of the hash.
#[derive(Debug)]
pub struct ZobristKeys {
    /// One word per colour and cell.
    pub stones: [[u64; CELLS]; 2],
    /// XORed in when White is to move.
    pub white_to_move: u64,
    /// One word per colour and capture count (pente), up to 31 captured stones.
    pub captures: [[u64; 32]; 2],
}

/// The process-wide keys (fixed seed: hashes are reproducible between runs).
#[must_use]
pub fn keys() -> &'static ZobristKeys {
    static KEYS: OnceLock<Box<ZobristKeys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut random = SplitMix64::new(0x5a0b_7215_7a11_0b11);
        let mut keys = Box::new(ZobristKeys {
            stones: [[0; CELLS]; 2],
            white_to_move: random.next_u64(),
            captures: [[0; 32]; 2],
        });
        for colour in &mut keys.stones {
            for word in colour.iter_mut() {
                *word = random.next_u64();
            }
        }
        for colour in &mut keys.captures {
            for word in colour.iter_mut() {
                *word = random.next_u64();
            }
        }
        keys
    })
}
