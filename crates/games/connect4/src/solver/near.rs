//! A small table of each thread's own for positions near the end of the game, where the
//! shared table would cost a trip to main memory per node.
//!
//! Why: on the empty 7x6 board most nodes lie within 15 stones of a full board, and their
//! transpositions are met again soon, inside the same small subtree. In the shared table
//! (128 MiB) every such probe missed the caches: a profile put about 70 % of the solver's
//! time on table loads. A table of 2^17 entries of 8 bytes (1 MiB) stays in the core's
//! second-level cache, so these probes cost a few nanoseconds. Each thread keeps its own:
//! what it holds is cheap to recompute, and sharing it would bring the misses back.
//!
//! Entry layout, with `s` the key scrambled as the shared table does (a bijection, so `s`
//! determines the key) and the entry's index the top `b ≥ 16` bits of `s`:
//!
//! ```text
//!   63                                16 15     8 7       0
//!   +-------------------------------------+--------+---------+
//!   | s mod 2^48 (the check bits)          | move   | bound   |
//!   +-------------------------------------+--------+---------+
//!                                           column+1  0 = empty
//!                                           (0: none)
//! ```
//!
//! The index gives the top 16 or more bits of `s` and the check bits the low 48, so on
//! boards of up to 64 bits a hit is never a collision (as in the shared table).
//! Replacement: always the newest (the slot's old entry is the more likely to be done with).

use super::table::{prefetch_line, Hit, TranspositionTable};

/// log2 of the entries: 1 MiB, the size of this machine's per-core second-level cache.
/// Measured (empty 7x6 board, weak, one thread, before the table had its final bounds of
/// use; entries of 16 bytes then): 2^15 entries 16.5 s, 2^16 16.1 s, 2^17 16.2 s, 2^18
/// 16.1 s (nodes 311 M, 306 M, 301 M, 297 M). With the final bounds and 8-byte entries,
/// 2^17: 269 M nodes, 14.2 s (16-byte entries: 14.7 s).
pub(crate) const NEAR_TABLE_BITS: u32 = 17;

/// Fewer index bits would leave the check bits unable to tell every key apart.
const MIN_BITS: u32 = 16;

const CHECK_SHIFT: u32 = 16;

pub(crate) struct NearTable {
    entries: Vec<u64>,
    shift: u32,
}

impl NearTable {
    pub(crate) fn new(bits: u32) -> Self {
        assert!(
            bits >= MIN_BITS,
            "a near table needs at least {MIN_BITS} index bits"
        );
        NearTable {
            entries: vec![0; 1 << bits],
            shift: 64 - bits,
        }
    }

    /// The slot and the check bits of `key`.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let scrambled = TranspositionTable::scramble(key);
        ((scrambled >> self.shift) as usize, scrambled << CHECK_SHIFT)
    }

    /// What is stored for `key` (a zero bound when nothing is).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Hit {
        let (slot, check) = self.locate(key);
        let entry = self.entries[slot];
        if entry & !0xFFFF == check && entry as u8 != 0 {
            Hit {
                bound: entry as u8,
                best: ((entry >> 8) as u8 as u32).checked_sub(1),
            }
        } else {
            Hit::default()
        }
    }

    /// Stores a non-zero `bound` and the best column, if known, for `key`.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, bound: u8, best: Option<u32>) {
        let (slot, check) = self.locate(key);
        let best = best.map_or(0, |col| (col as u64 + 1) & 0xFF);
        self.entries[slot] = check | best << 8 | u64::from(bound);
    }

    /// Hints the processor to fetch `key`'s entry (used a few instructions before `get`).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        prefetch_line(self.entries.as_ptr().wrapping_add(self.locate(key).0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_values_come_back_and_others_miss() {
        let mut t = NearTable::new(MIN_BITS);
        t.put(12345, 7, Some(3));
        assert_eq!(
            t.get(12345),
            Hit {
                bound: 7,
                best: Some(3)
            }
        );
        assert_eq!(t.get(54321), Hit::default());
        t.put(999, 200, None);
        assert_eq!(
            t.get(999),
            Hit {
                bound: 200,
                best: None
            }
        );
        // Keys that share a slot: the newest wins, and the other misses.
        let (slot, _) = t.locate(12345);
        let other = (1u64..)
            .find(|&k| k != 12345 && t.locate(k).0 == slot)
            .unwrap();
        t.put(other, 9, Some(0));
        assert_eq!(t.get(other).bound, 9);
        assert_eq!(t.get(12345), Hit::default());
    }
}
