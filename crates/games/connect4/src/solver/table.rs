//! The solver's transposition table: `u64` entries in buckets of two (one 16-byte pair of a
//! cache line), indexed by the top bits of the scrambled position key.
//!
//! Entry layout:
//!
//! ```text
//!   63                          22 21    16 15     9  8  7         0
//!   +------------------------------+-------+--------+---+-----------+
//!   | s mod 2^42 (the check bits)   | move  |  ply   | i | bound     |
//!   +------------------------------+-------+--------+---+-----------+
//!                                   column+1  moves    index's low bit; bound 0 = empty
//!                                   (0: none)
//! ```
//!
//! The key is first scrambled, `s = key · C mod 2^64` with `C` odd: a bijection, so `s`
//! determines the key. The index `i` is the top `b` bits of `s` (a table of `2^b` entries,
//! `b ≥ 22`) and picks the bucket `i / 2`; the entry keeps `i`'s low bit and the low 42
//! bits of `s`, so with the bucket they give all 64 bits of `s`: on boards of up to 64 bits
//! (7x6, 8x7, 9x5 …) a hit is never a collision. (A modulus by a prime, as in Pons' solver,
//! gives the same guarantee but costs a 64-bit division per probe.) Keys of 128-bit boards are folded to 64 bits first, so
//! there a false hit has a probability of about 2^-64 per probe.
//!
//! Replacement: the bucket's first slot keeps the entry nearest the root (fewest moves
//! played: the most work to recompute), the second takes everything else.

use std::sync::atomic::{AtomicU64, Ordering};

/// The default size: 2^24 entries of 8 bytes, 128 MiB (the size Pons' benchmark uses,
/// 2^24 entries, and small next to this machine's memory).
pub const DEFAULT_TABLE_BITS: u32 = 24;

/// A table size for this machine: the default (2^24 entries, 128 MiB), or less when a
/// quarter of the memory available now is smaller. Not more: bigger tables search fewer
/// nodes but each probe costs more (page-table walks, cache misses). The empty 7x6 board,
/// strong, one thread, by table bits: 22 → 66.7 s, 23 → 62.5 s, 24 → 62.6 s, 26 → 68.6 s,
/// 28 → 102.7 s (575.7 M nodes at 26, 566.8 M at 28, 605.0 M at 24).
pub fn machine_table_bits() -> u32 {
    let meminfo = std::path::Path::new("/proc/meminfo");
    let available = ply_core::files::read_text(meminfo, ply_core::files::SYSTEM_INFO)
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("MemAvailable:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
        });
    match available {
        Some(kib) => {
            let entries = kib * 1024 / 4 / 8;
            (63 - entries.max(1).leading_zeros()).clamp(MIN_TABLE_BITS, DEFAULT_TABLE_BITS)
        }
        None => DEFAULT_TABLE_BITS,
    }
}

/// The bits of an entry that identify its key: the check bits and the index's parity.
const TAG_MASK: u64 = !((1 << 22) - 1) | (1 << 8);

/// Where the best move's column (plus one) sits in an entry.
const MOVE_SHIFT: u32 = 16;

/// The smallest table: below 2^22 entries the check bits would no longer tell every 64-bit
/// key apart. 2^22 entries of 8 bytes are 32 MiB.
pub const MIN_TABLE_BITS: u32 = 22;

/// The largest table: 2^28 entries of 8 bytes, 2 GiB. That fits comfortably in the memory
/// of the machines ply runs on, and bigger tables only make the solver slower (see
/// [`machine_table_bits`]: 28 bits already took 102.7 s where 24 took 62.6 s). Sizes outside
/// `MIN_TABLE_BITS..=MAX_TABLE_BITS` are refused, never clamped.
pub const MAX_TABLE_BITS: u32 = 28;

/// The table sizes the solver accepts, as the rule an error states.
pub const TABLE_BITS_RULE: &str =
    "the table size is log2 of its 8-byte entries, from 22 to 28 (32 MiB to 2 GiB)";

const _: () = assert!(
    MIN_TABLE_BITS == 22 && MAX_TABLE_BITS == 28,
    "update TABLE_BITS_RULE"
);

/// Why a table cannot be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// `bits` is outside `MIN_TABLE_BITS..=MAX_TABLE_BITS`.
    #[error("{bits} is not a supported table size: {TABLE_BITS_RULE}")]
    Size { bits: u32 },
    /// The allocation failed.
    #[error("cannot allocate a table of 2^{bits} entries ({} MiB): not enough memory", bytes >> 20)]
    Memory { bits: u32, bytes: usize },
}

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
    /// `64 − b` for a table of `2^b` entries: the shift that leaves the index.
    shift: u32,
}

impl TranspositionTable {
    /// A table of `2^bits` entries: an error if `bits` is outside
    /// `MIN_TABLE_BITS..=MAX_TABLE_BITS` or the memory cannot be had.
    pub fn new(bits: u32) -> Result<Self, TableError> {
        if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&bits) {
            return Err(TableError::Size { bits });
        }
        let size = 1u64 << bits;
        let slack = HUGE_PAGE / 8;
        let len = size as usize + 1 + slack;
        let storage = zeroed_atomics(len).ok_or(TableError::Memory {
            bits,
            bytes: len * 8,
        })?;
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
            shift: 64 - bits,
        };
        table.advise_huge_pages();
        // The zeroed allocation is mapped lazily: a short solve touches only the pages it
        // uses (benchmarks call `clear` first, so page faults are not charged to them).
        Ok(table)
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

    /// The key scrambled by a bijection: multiplying by an odd constant is invertible
    /// modulo 2^64 and makes the top bits depend on every bit of the key.
    #[inline]
    pub(super) fn scramble(key: u64) -> u64 {
        key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (Self::scramble(key) >> self.shift) as usize
    }

    /// The bucket's first slot and the tag (check bits and index parity) of `key`.
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let scrambled = Self::scramble(key);
        let i = (scrambled >> self.shift) as usize;
        (i & !1, (scrambled << 22) | ((i as u64 & 1) << 8))
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
        prefetch_line(self.entries().as_ptr().wrapping_add(self.index(key)));
    }
}

/// Hints the processor to bring the cache line at `ptr` into its first-level cache.
#[inline]
pub(super) fn prefetch_line<T>(ptr: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint; it never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch(ptr as *const i8, std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = ptr;
}

/// `len` zeroed atomics from a zeroed allocation, which the allocator maps lazily (so the
/// huge-page advice still applies when the pages are first touched); `None` when the
/// memory cannot be had (an error for the caller, not an abort).
fn zeroed_atomics(len: usize) -> Option<Vec<AtomicU64>> {
    const _: () =
        assert!(std::mem::size_of::<AtomicU64>() == 8 && std::mem::align_of::<AtomicU64>() == 8);
    let layout = std::alloc::Layout::array::<AtomicU64>(len).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size (checked above).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut AtomicU64;
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` comes from the global allocator with the layout of `len` atomics (the
    // layout `Vec` uses for that capacity); every bit pattern, zero included, is a valid
    // `AtomicU64`, so all `len` elements are initialised. The vector now owns and frees it.
    Some(unsafe { Vec::from_raw_parts(ptr, len, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_values_come_back_and_others_miss() {
        let mut t = TranspositionTable::new(MIN_TABLE_BITS).unwrap();
        assert_eq!(t.len(), 1 << MIN_TABLE_BITS);
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
        // Same bucket, different check bits: a miss, not a false hit. (Scrambling is
        // invertible: unscramble a value with the same top bits.)
        let other = unscramble(TranspositionTable::scramble(12345) ^ (1 << 20));
        assert_eq!(t.index(other), t.index(12345));
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
        let third = unscramble(TranspositionTable::scramble(12345) ^ (1 << 21));
        assert_eq!(t.index(third), t.index(12345));
        t.put(third, 5, 3, Some(35));
        assert_eq!(
            t.get(third),
            Hit {
                bound: 3,
                best: Some(35)
            }
        );
        assert_eq!(bound(&t, 12345), 0);
        // Same check bits, the other half of the bucket: no false hit.
        let neighbour = unscramble(TranspositionTable::scramble(12345) ^ (1 << t.shift));
        assert_eq!(t.index(neighbour) ^ 1, t.index(12345));
        assert_eq!(bound(&t, neighbour), 0);
        t.clear();
        assert_eq!(bound(&t, other), 0);
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        for bits in [
            0,
            16,
            MIN_TABLE_BITS - 1,
            MAX_TABLE_BITS + 1,
            32,
            33,
            40,
            64,
            u32::MAX,
        ] {
            let err = TranspositionTable::new(bits).err().unwrap();
            assert_eq!(err, TableError::Size { bits });
            assert!(err.to_string().contains("from 22 to 28"), "{err}");
        }
    }

    /// An allocation the machine cannot give is `None` (an error upstream), not an abort.
    /// (`black_box`: an optimised build may drop an allocation nobody reads and call it a
    /// success.)
    #[test]
    fn impossible_allocations_fail_softly() {
        use std::hint::black_box;
        assert!(zeroed_atomics(usize::MAX).is_none(), "the size overflows");
        assert!(
            black_box(zeroed_atomics(black_box(1 << 58))).is_none(),
            "2 EiB is more than any machine has"
        );
        assert_eq!(zeroed_atomics(3).unwrap().len(), 3);
        assert!(zeroed_atomics(0).unwrap().is_empty());
    }

    /// The inverse of [`TranspositionTable::scramble`]: multiplying by the constant's
    /// inverse modulo 2^64 (Newton's iteration doubles the correct low bits each step).
    fn unscramble(s: u64) -> u64 {
        let c: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut inverse = c;
        for _ in 0..6 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(c.wrapping_mul(inverse)));
        }
        assert_eq!(c.wrapping_mul(inverse), 1);
        s.wrapping_mul(inverse)
    }
}
