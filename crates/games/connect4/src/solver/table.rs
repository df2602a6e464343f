//! The solver's transposition table: `u64` entries in buckets of two (one 16-byte pair of a
//! cache line), indexed by the position key modulo a prime.
//!
//! Entry layout:
//!
//! ```text
//!   63                               16 15     9  8  7         0
//!   +-----------------------------------+--------+---+-----------+
//!   |   key mod 2^48 (the check bits)   |  ply   | i | bound     |
//!   +-----------------------------------+--------+---+-----------+
//!                                         moves    index's low bit; bound 0 = empty
//! ```
//!
//! The index `i = key mod p` (p an odd prime ≥ 2^16) picks the bucket `i / 2`; the entry
//! keeps `i`'s low bit and the check `key mod 2^48`, and by the Chinese remainder theorem
//! these determine every key below `p·2^48` ≥ 2^64: on boards of up to 64 bits (7x6, 8x7,
//! 9x5 …) a hit is never a collision. Keys of 128-bit boards are folded to 64 bits first, so
//! there a false hit has a probability of about 2^-64 per probe.
//!
//! Replacement: the bucket's first slot keeps the entry nearest the root (fewest moves
//! played: the most work to recompute), the second takes everything else.

/// The default size: 2^24 entries of 8 bytes, 128 MiB (the size Pons' benchmark uses,
/// 2^24 entries, and small next to this machine's memory).
pub const DEFAULT_TABLE_BITS: u32 = 24;

/// The bits of an entry that identify its key.
const TAG_MASK: u64 = !0xFEFF;

/// Huge pages are 2 MiB; the table starts on one so the kernel can back it with them.
const HUGE_PAGE: usize = 1 << 21;

/// A fixed-size, always-replace table of bounds.
pub struct TranspositionTable {
    /// Holds the entries; `start` skips to the first 2 MiB boundary inside it.
    storage: Vec<u64>,
    start: usize,
    size: u64,
}

impl TranspositionTable {
    /// A table of the smallest prime number of entries at least `2^bits` (`bits` is clamped
    /// to 16..=32).
    pub fn new(bits: u32) -> Self {
        let size = next_prime(1u64 << bits.clamp(16, 32));
        let slack = HUGE_PAGE / 8;
        let storage = vec![0u64; size as usize + 1 + slack];
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
            let entries = self.entries_mut();
            let bytes = entries.len() * 8 / HUGE_PAGE * HUGE_PAGE;
            if bytes > 0 {
                // SAFETY: the range lies inside `storage`, which stays allocated (and never
                // reallocates) for the table's lifetime; MADV_HUGEPAGE only changes how
                // the kernel backs the pages, never their contents.
                unsafe {
                    libc::madvise(
                        entries.as_mut_ptr() as *mut libc::c_void,
                        bytes,
                        libc::MADV_HUGEPAGE,
                    );
                }
            }
        }
    }

    /// The entries: one more than the index range, so the last bucket has two slots.
    #[inline]
    fn entries(&self) -> &[u64] {
        &self.storage[self.start..self.start + self.size as usize + 1]
    }

    #[inline]
    fn entries_mut(&mut self) -> &mut [u64] {
        let (start, size) = (self.start, self.size as usize);
        &mut self.storage[start..start + size + 1]
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
        self.entries_mut().fill(0);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key % self.size) as usize
    }

    /// The bucket's first slot and the tag (check bits and index parity) of `key`.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let i = self.index(key);
        (i & !1, (key << 16) | ((i as u64 & 1) << 8))
    }

    /// Stores `value` (non-zero) for `key`, found `ply` moves into the game.
    #[inline]
    pub fn put(&mut self, key: u64, ply: u32, value: u8) {
        let (slot, tag) = self.locate(key);
        let entry = tag | ((ply as u64 & 0x7F) << 9) | value as u64;
        let entries = self.entries_mut();
        let first = entries[slot];
        if first == 0 || first & TAG_MASK == tag || (first >> 9) & 0x7F >= ply as u64 {
            entries[slot] = entry;
        } else {
            entries[slot + 1] = entry;
        }
    }

    /// The value stored for `key`, or 0.
    #[inline]
    pub fn get(&self, key: u64) -> u8 {
        let (slot, tag) = self.locate(key);
        let entries = self.entries();
        for entry in [entries[slot], entries[slot + 1]] {
            if entry & TAG_MASK == tag {
                return entry as u8;
            }
        }
        0
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
        let mut t = TranspositionTable::new(16);
        assert_eq!(t.len() as u64, next_prime(1 << 16));
        t.put(12345, 10, 7);
        assert_eq!(t.get(12345), 7);
        assert_eq!(t.get(12346), 0);
        // Same index, different check bits: a miss, not a false hit.
        let other = 12345 + t.size;
        assert_eq!(t.get(other), 0);
        // A deeper entry goes to the second slot and keeps the first.
        t.put(other, 20, 9);
        assert_eq!(t.get(12345), 7);
        assert_eq!(t.get(other), 9);
        // One nearer the root takes the first slot.
        let third = 12345 + 2 * t.size;
        t.put(third, 5, 3);
        assert_eq!(t.get(third), 3);
        assert_eq!(t.get(12345), 0);
        // Same check bits, neighbouring index (the other half of the bucket): no false hit.
        let neighbour = 12345 ^ 1;
        assert_eq!(t.get(neighbour), 0);
        t.clear();
        assert_eq!(t.get(other), 0);
    }

    #[test]
    fn primes_are_found() {
        assert_eq!(next_prime(1 << 16), 65537);
        assert_eq!(next_prime(24), 29);
    }
}
