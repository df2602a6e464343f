//! The solver's transposition table: `u64` entries in buckets of two (one 16-byte pair of a
//! cache line), indexed by the position key modulo a prime.
//!
//! Entry layout:
//!
//! ```text
//!   63                          22 21    16 15     9  8  7         0
//!   +------------------------------+-------+--------+---+-----------+
//!   | key mod 2^42 (the check bits) | move  |  ply   | i | bound     |
//!   +------------------------------+-------+--------+---+-----------+
//!                                   column+1  moves    index's low bit; bound 0 = empty
//!                                   (0: none)
//! ```
//!
//! The index `i = key mod p` (p an odd prime ≥ 2^22) picks the bucket `i / 2`; the entry
//! keeps `i`'s low bit and the check `key mod 2^42`, and by the Chinese remainder theorem
//! these determine every key below `p·2^42` ≥ 2^64: on boards of up to 64 bits (7x6, 8x7,
//! 9x5 …) a hit is never a collision. Keys of 128-bit boards are folded to 64 bits first, so
//! there a false hit has a probability of about 2^-64 per probe.
//!
//! Replacement: the bucket's first slot keeps the entry nearest the root (fewest moves
//! played: the most work to recompute), the second takes everything else.

use std::sync::atomic::{AtomicU64, Ordering};

/// The default size: 2^24 entries of 8 bytes, 128 MiB (the size Pons' benchmark uses,
/// 2^24 entries, and small next to this machine's memory).
pub const DEFAULT_TABLE_BITS: u32 = 24;

/// The bits of an entry that identify its key: the check bits and the index's parity.
const TAG_MASK: u64 = !((1 << 22) - 1) | (1 << 8);

/// Where the best move's column (plus one) sits in an entry.
const MOVE_SHIFT: u32 = 16;

/// The smallest table: below 2^22 entries the check bits would no longer tell every 64-bit
/// key apart.
pub const MIN_TABLE_BITS: u32 = 22;

/// What the table holds for a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Hit {
    /// The encoded bound; 0 when the key is not stored.
    pub bound: u8,
    /// The column that was best (or refuted the window) when the entry was stored.
    pub best: Option<u32>,
}

/// Huge pages are 2 MiB; the table starts on one so the kernel can back it with them.
const HUGE_PAGE: usize = 1 << 21;


/// A fixed-size table of bounds, shared by the threads of a parallel solve: every entry is
/// one atomic `u64`, read and written whole (relaxed: a plain load or store on x86-64), so
/// a probe sees either an old entry or a new one, never a torn mix, and the check bits
/// reject whatever does not belong to the key.
pub struct TranspositionTable {
    /// Holds the entries; `start` skips to the first 2 MiB boundary inside it.
    storage: Vec<AtomicU64>,
    start: usize,
    size: u64,
}

impl TranspositionTable {
    /// A table of the smallest prime number of entries at least `2^bits` (`bits` is clamped
    /// to 22..=32).
    pub fn new(bits: u32) -> Self {
        let size = next_prime(1u64 << bits.clamp(MIN_TABLE_BITS, 32));
        let slack = HUGE_PAGE / 8;
        let storage = zeroed_atomics(size as usize + 1 + slack);
        let misalignment = storage.as_ptr() as usize % HUGE_PAGE;
        let start = if misalignment == 0 {
            0
        } else {
            (HUGE_PAGE - misalignment) / 8
        };
        let mut table = TranspositionTable {
            storage,
            start,
            size,
        };
        table.advise_huge_pages();
        // Touch every page now: a zeroed allocation is mapped lazily, and the page faults
        // would otherwise be charged to the first searches.
        table.clear();
        table
    }

    /// Random probes into a table of 100+ MiB miss the TLB on almost every access with
    /// 4 KiB pages; 2 MiB pages make most of those misses disappear.
    fn advise_huge_pages(&mut self) {
        #[cfg(target_os = "linux")]
        {
            let entries = self.entries();
            let bytes = entries.len() * 8 / HUGE_PAGE * HUGE_PAGE;
            if bytes > 0 {
                // SAFETY: the range lies inside `storage`, which stays allocated (and never
                // reallocates) for the table's lifetime; MADV_HUGEPAGE only changes how
                // the kernel backs the pages, never their contents.
                unsafe {
                    libc::madvise(
                        entries.as_ptr() as *mut libc::c_void,
                        bytes,
                        libc::MADV_HUGEPAGE,
                    );
                }
            }
        }
    }

    /// The entries: one more than the index range, so the last bucket has two slots.
    #[inline]
    fn entries(&self) -> &[AtomicU64] {
        &self.storage[self.start..self.start + self.size as usize + 1]
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.size as usize
    }

    /// Whether the table has no entries (never: it is allocated at full size).
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for entry in self.entries() {
            entry.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key % self.size) as usize
    }

    /// The bucket's first slot and the tag (check bits and index parity) of `key`.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let i = self.index(key);
        (i & !1, (key << 22) | ((i as u64 & 1) << 8))
    }

    /// Stores `value` (non-zero) and the best column, if known, for `key`, found `ply` moves
    /// into the game.
    #[inline]
    pub fn put(&self, key: u64, ply: u32, value: u8, best: Option<u32>) {
        let (slot, tag) = self.locate(key);
        let best = best.map_or(0, |col| (col as u64 + 1) & 0x3F);
        let entry = tag | (best << MOVE_SHIFT) | ((ply as u64 & 0x7F) << 9) | value as u64;
        let entries = self.entries();
        let first = entries[slot].load(Ordering::Relaxed);
        if first == 0 || first & TAG_MASK == tag || (first >> 9) & 0x7F >= ply as u64 {
            entries[slot].store(entry, Ordering::Relaxed);
        } else {
            entries[slot + 1].store(entry, Ordering::Relaxed);
        }
    }

    /// What is stored for `key` (a zero bound when nothing is).
    #[inline]
    pub fn get(&self, key: u64) -> Hit {
        let (slot, tag) = self.locate(key);
        let entries = self.entries();
        for entry in [&entries[slot], &entries[slot + 1]] {
            let entry = entry.load(Ordering::Relaxed);
            if entry & TAG_MASK == tag {
                let best = ((entry >> MOVE_SHIFT) & 0x3F) as u32;
                return Hit {
                    bound: entry as u8,
                    best: best.checked_sub(1),
                };
            }
        }
        Hit::default()
    }

    /// Hints the processor to fetch `key`'s line (used a few instructions before `get`).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self.entries().as_ptr().wrapping_add(self.index(key));
            // SAFETY: prefetching is a hint; it never faults, whatever the address.
            unsafe {
                std::arch::x86_64::_mm_prefetch(ptr as *const i8, std::arch::x86_64::_MM_HINT_T0)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
}

/// `len` zeroed atomics from a zeroed allocation, which the allocator maps lazily (so the
/// huge-page advice still applies when the pages are first touched).
fn zeroed_atomics(len: usize) -> Vec<AtomicU64> {
    const _: () = assert!(
        std::mem::size_of::<AtomicU64>() == 8 && std::mem::align_of::<AtomicU64>() == 8
    );
    let mut zeros = std::mem::ManuallyDrop::new(vec![0u64; len]);
    let (ptr, len, capacity) = (zeros.as_mut_ptr(), zeros.len(), zeros.capacity());
    // SAFETY: `AtomicU64` has the size and alignment of `u64` here (checked above) and
    // every bit pattern, zero included, is a valid value of both; the allocation moves
    // from the forgotten vector to the new one, so it is freed exactly once, with the same
    // layout.
    unsafe { Vec::from_raw_parts(ptr as *mut AtomicU64, len, capacity) }
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

fn next_prime(n: u64) -> u64 {
    (n..).find(|&m| is_prime(m)).expect("primes are unbounded")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_values_come_back_and_others_miss() {
        let mut t = TranspositionTable::new(MIN_TABLE_BITS);
        assert_eq!(t.len() as u64, next_prime(1 << MIN_TABLE_BITS));
        let bound = |t: &TranspositionTable, key| t.get(key).bound;
        t.put(12345, 10, 7, Some(3));
        assert_eq!(
            t.get(12345),
            Hit {
                bound: 7,
                best: Some(3)
            }
        );
        assert_eq!(bound(&t, 12346), 0);
        // Same index, different check bits: a miss, not a false hit.
        let other = 12345 + t.size;
        assert_eq!(bound(&t, other), 0);
        // A deeper entry goes to the second slot and keeps the first.
        t.put(other, 20, 9, None);
        assert_eq!(bound(&t, 12345), 7);
        assert_eq!(
            t.get(other),
            Hit {
                bound: 9,
                best: None
            }
        );
        // One nearer the root takes the first slot.
        let third = 12345 + 2 * t.size;
        t.put(third, 5, 3, Some(35));
        assert_eq!(
            t.get(third),
            Hit {
                bound: 3,
                best: Some(35)
            }
        );
        assert_eq!(bound(&t, 12345), 0);
        // Same check bits, neighbouring index (the other half of the bucket): no false hit.
        let neighbour = 12345 ^ 1;
        assert_eq!(bound(&t, neighbour), 0);
        // Keys that differ only above the check bits land on other indices.
        assert_eq!(bound(&t, other + (1 << 42)), 0);
        t.clear();
        assert_eq!(bound(&t, other), 0);
    }

    #[test]
    fn primes_are_found() {
        assert_eq!(next_prime(1 << 16), 65537);
        assert_eq!(next_prime(24), 29);
    }
}
