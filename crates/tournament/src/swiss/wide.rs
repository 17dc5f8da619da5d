//! Fixed-width signed integers wider than 128 bits: the Dutch system's
//! edge weights put every pairing criterion in its own field of one number,
//! the most important in the highest bits, so that the heaviest matching is
//! the best pairing lexicographically. With a few hundred players and rounds
//! the fields need several hundred bits.

use std::cmp::Ordering;

/// What the weighted matching needs of its weights: exact addition and
/// subtraction (two's complement; duals may go below zero), halving of even
/// values, and comparison.
pub(super) trait Weight: Copy + Ord + std::fmt::Debug {
    /// Zero.
    const ZERO: Self;
    /// `self + other`.
    fn plus(self, other: Self) -> Self;
    /// `self - other`.
    fn minus(self, other: Self) -> Self;
    /// `self / 2`, rounding toward minus infinity.
    fn half(self) -> Self;
    /// `value`.
    fn from_u64(value: u64) -> Self;
    /// `self << bits`.
    fn shifted_left(self, bits: u32) -> Self;

    /// `value << bits`, signed: how a (possibly negative) adjustment is put
    /// in a low field.
    fn signed_at(value: i64, bits: u32) -> Self {
        let magnitude = Self::from_u64(value.unsigned_abs()).shifted_left(bits);
        if value < 0 {
            Self::ZERO.minus(magnitude)
        } else {
            magnitude
        }
    }
}

/// A signed integer of `N` 64-bit words, least significant word first, in
/// two's complement.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Wide<const N: usize>([u64; N]);

impl<const N: usize> Wide<N> {
    fn is_negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);

    fn from_u64(value: u64) -> Self {
        let mut words = [0; N];
        words[0] = value;
        Wide(words)
    }

    fn shifted_left(self, bits: u32) -> Self {
        let words = (bits / 64) as usize;
        let within = bits % 64;
        let mut out = [0; N];
        for index in (words..N).rev() {
            let source = index - words;
            let mut word = self.0[source] << within;
            if within > 0 && source > 0 {
                word |= self.0[source - 1] >> (64 - within);
            }
            out[index] = word;
        }
        Wide(out)
    }

    fn plus(self, other: Self) -> Self {
        let mut out = [0; N];
        let mut carry = false;
        for (index, word) in out.iter_mut().enumerate() {
            let (sum, first) = self.0[index].overflowing_add(other.0[index]);
            let (sum, second) = sum.overflowing_add(u64::from(carry));
            *word = sum;
            carry = first || second;
        }
        Wide(out)
    }

    fn minus(self, other: Self) -> Self {
        let mut out = [0; N];
        let mut borrow = false;
        for (index, word) in out.iter_mut().enumerate() {
            let (difference, first) = self.0[index].overflowing_sub(other.0[index]);
            let (difference, second) = difference.overflowing_sub(u64::from(borrow));
            *word = difference;
            borrow = first || second;
        }
        Wide(out)
    }

    fn half(self) -> Self {
        let mut out = [0; N];
        for (index, word) in out.iter_mut().enumerate() {
            let high = if index + 1 < N {
                self.0[index + 1] << 63
            } else {
                // Arithmetic shift: the sign bit stays.
                self.0[index] & (1 << 63)
            };
            *word = (self.0[index] >> 1) | high;
        }
        Wide(out)
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        // Same sign: two's complement words compare as unsigned.
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(value: i128) -> Wide<2> {
        Wide([value as u64, (value >> 64) as u64])
    }

    #[test]
    fn arithmetic_agrees_with_i128() {
        let values = [
            0i128,
            1,
            -1,
            7,
            -8,
            u64::MAX as i128,
            -(u64::MAX as i128),
            1 << 100,
            -(1 << 100) + 12345,
            i128::MAX / 3,
            i128::MIN / 3,
        ];
        for &a in &values {
            assert_eq!(wide(a).half(), wide(a >> 1), "half of {a}");
            for &b in &values {
                assert_eq!(wide(a).plus(wide(b)), wide(a.wrapping_add(b)));
                assert_eq!(wide(a).minus(wide(b)), wide(a.wrapping_sub(b)));
                assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b), "{a} against {b}");
            }
        }
    }

    #[test]
    fn shifts_put_values_in_high_fields() {
        let value = Wide::<2>::from_u64(3)
            .shifted_left(70)
            .plus(Wide::from_u64(5));
        assert_eq!(value, wide((3i128 << 70) | 5));
        assert_eq!(Wide::<2>::signed_at(-3, 65), wide(-3 << 65));
    }
}
