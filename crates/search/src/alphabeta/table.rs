//! Transposition tables: what alpha-beta remembers about positions it has searched.
//!
//! [`Table`] is the hook the search calls; [`NoTable`] remembers nothing and costs nothing;
//! [`TranspositionTable`] needs [`ZobristHash`], so a game without a hash cannot be given one
//! (a compile error, not a runtime panic).
//!
//! Layout: a power-of-two array of buckets, indexed by the low bits of the hash; each bucket
//! holds two entries, and the full 64-bit key is kept to reject index collisions.
//!
//! ```text
//!   bucket i = [ depth-preferred entry | always-replace entry ]
//! ```
//!
//! A new result goes to the depth-preferred slot when it was searched at least as deep as
//! the entry there (or that entry is from an older search, or is the same position); the
//! entry it displaces moves to the always-replace slot. Otherwise it goes to the
//! always-replace slot. Deep, expensive results survive; recent shallow ones still get a
//! place.

use std::marker::PhantomData;

use ply_core::{Game, ZobristHash};

/// What a stored value means relative to the window it was searched with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Nothing stored here.
    Empty,
    /// The exact value.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// Depth marker for a result whose subtree never reached the horizon: it holds at any depth.
pub const COMPLETE_DEPTH: u8 = u8::MAX;

/// One remembered search result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableEntry<M> {
    /// In table form: proven results counted from this node (see `value::value_to_table`).
    pub value: i32,
    /// Remaining depth it was searched to, or [`COMPLETE_DEPTH`].
    pub depth: u8,
    pub bound: Bound,
    /// The best (or cutoff) move, tried first next time.
    pub best: Option<M>,
}

/// The search's view of a table.
pub trait Table<G: Game>: Send {
    /// The entry for `state`, if one is stored.
    fn probe(&self, state: &G) -> Option<TableEntry<G::Move>>;
    /// Remembers `entry` for `state` (the table decides whether to keep it).
    fn store(&mut self, state: &G, entry: TableEntry<G::Move>);
    /// A new search begins: older entries become cheaper to replace.
    fn new_search(&mut self);
    /// Forget everything (a new game).
    fn clear(&mut self);
    /// The size in MB as the `tt=` spec key spells it (0 for no table).
    fn size_mb(&self) -> usize;
}

/// No table at all.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoTable;

impl<G: Game> Table<G> for NoTable {
    #[inline]
    fn probe(&self, _state: &G) -> Option<TableEntry<G::Move>> {
        None
    }
    #[inline]
    fn store(&mut self, _state: &G, _entry: TableEntry<G::Move>) {}
    fn new_search(&mut self) {}
    fn clear(&mut self) {}
    fn size_mb(&self) -> usize {
        0
    }
}

#[derive(Debug, Clone, Copy)]
struct Slot<M> {
    key: u64,
    generation: u8,
    entry: TableEntry<M>,
}

impl<M> Slot<M> {
    const EMPTY: Slot<M> = Slot {
        key: 0,
        generation: 0,
        entry: TableEntry {
            value: 0,
            depth: 0,
            bound: Bound::Empty,
            best: None,
        },
    };
}

#[derive(Debug, Clone, Copy)]
struct Bucket<M> {
    depth_preferred: Slot<M>,
    always_replace: Slot<M>,
}

/// A fixed-size, two-slot-bucket transposition table keyed by Zobrist hash.
pub struct TranspositionTable<G: Game> {
    buckets: Vec<Bucket<G::Move>>,
    mask: usize,
    generation: u8,
    megabytes: usize,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game + ZobristHash> TranspositionTable<G> {
    /// A table of at most `megabytes` MB (rounded down to a power-of-two bucket count; at
    /// least one bucket).
    pub fn new(megabytes: usize) -> Self {
        let bucket_size = std::mem::size_of::<Bucket<G::Move>>();
        let mut table = Self::with_buckets(megabytes.saturating_mul(1 << 20) / bucket_size);
        table.megabytes = megabytes;
        table
    }

    /// A table of `buckets` buckets (two entries each), rounded down to a power of two, at
    /// least one: for tests that want collisions and replacements to happen.
    pub fn with_buckets(buckets: usize) -> Self {
        let mut count = if buckets <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - buckets.leading_zeros())
        };
        let empty = Bucket {
            depth_preferred: Slot::EMPTY,
            always_replace: Slot::EMPTY,
        };
        // A size the machine cannot give is halved until it can: a smaller table, not an
        // abort.
        let mut storage = Vec::new();
        while storage.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        storage.resize(count, empty);
        TranspositionTable {
            buckets: storage,
            mask: count - 1,
            generation: 0,
            megabytes: 0,
            _game: PhantomData,
        }
    }

    /// Number of entries it can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Bytes actually allocated.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<G::Move>>()
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        // The low bits index; the high bits were mixed by the game's Zobrist keys already.
        (key as usize) & self.mask
    }
}

impl<G: Game + ZobristHash> Table<G> for TranspositionTable<G> {
    #[inline]
    fn probe(&self, state: &G) -> Option<TableEntry<G::Move>> {
        let key = state.zobrist();
        let bucket = &self.buckets[self.bucket_index(key)];
        [&bucket.depth_preferred, &bucket.always_replace]
            .into_iter()
            .find(|slot| slot.key == key && slot.entry.bound != Bound::Empty)
            .map(|slot| slot.entry)
    }

    fn store(&mut self, state: &G, entry: TableEntry<G::Move>) {
        let key = state.zobrist();
        let generation = self.generation;
        let index = self.bucket_index(key);
        let bucket = &mut self.buckets[index];
        let fresh = Slot {
            key,
            generation,
            entry,
        };
        let deep = &bucket.depth_preferred;
        let same_position = deep.key == key && deep.entry.bound != Bound::Empty;
        let replaces_deep = deep.entry.bound == Bound::Empty
            || deep.generation != generation
            || entry.depth >= deep.entry.depth;
        if same_position {
            if replaces_deep {
                bucket.depth_preferred = fresh;
            } else {
                bucket.always_replace = fresh;
            }
        } else if replaces_deep {
            bucket.always_replace = bucket.depth_preferred;
            bucket.depth_preferred = fresh;
        } else {
            bucket.always_replace = fresh;
        }
    }

    fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn clear(&mut self) {
        for bucket in &mut self.buckets {
            bucket.depth_preferred = Slot::EMPTY;
            bucket.always_replace = Slot::EMPTY;
        }
        self.generation = 0;
    }

    fn size_mb(&self) -> usize {
        self.megabytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synthetic::SyntheticGame;

    fn position(hash: u64) -> SyntheticGame {
        let start = SyntheticGame::new(1, 4, 100).unwrap();
        start.from_text(&format!("3:{hash:x}")).unwrap()
    }

    fn entry(depth: u8, value: i32) -> TableEntry<u8> {
        TableEntry {
            value,
            depth,
            bound: Bound::Exact,
            best: Some(depth),
        }
    }

    #[test]
    fn stores_and_finds_by_full_key() {
        let mut table = TranspositionTable::<SyntheticGame>::with_buckets(1024);
        let (a, b) = (position(0x1234), position(0x1234 + (1 << 40)));
        table.store(&a, entry(5, 42));
        assert_eq!(table.probe(&a), Some(entry(5, 42)));
        assert_eq!(table.probe(&b), None, "same bucket, different key");
        table.clear();
        assert_eq!(table.probe(&a), None);
    }

    #[test]
    fn deep_entries_survive_shallow_ones_until_the_next_search() {
        // One bucket: every position competes for the same two slots.
        let mut table = TranspositionTable::<SyntheticGame>::with_buckets(1);
        let (deep, shallow, newer) = (position(1), position(2), position(3));
        table.store(&deep, entry(8, 1));
        table.store(&shallow, entry(2, 2));
        assert_eq!(table.probe(&deep), Some(entry(8, 1)));
        assert_eq!(table.probe(&shallow), Some(entry(2, 2)));
        // Another shallow result takes the always-replace slot; the deep one stays.
        table.store(&newer, entry(3, 3));
        assert_eq!(table.probe(&deep), Some(entry(8, 1)));
        assert_eq!(table.probe(&shallow), None);
        assert_eq!(table.probe(&newer), Some(entry(3, 3)));
        // A deeper result for the same position replaces it in place.
        table.store(&deep, entry(9, 4));
        assert_eq!(table.probe(&deep), Some(entry(9, 4)));
        // In a new search the old deep entry may be displaced by a shallow one, and moves
        // to the always-replace slot.
        table.new_search();
        table.store(&shallow, entry(1, 5));
        assert_eq!(table.probe(&shallow), Some(entry(1, 5)));
        assert_eq!(table.probe(&deep), Some(entry(9, 4)));
        assert_eq!(table.probe(&newer), None);
    }

    #[test]
    fn sizes_are_bounded_by_the_megabytes_asked() {
        let table = TranspositionTable::<SyntheticGame>::new(1);
        assert!(table.bytes() <= 1 << 20);
        assert!(
            table.bytes() > 1 << 19,
            "rounded down to a power of two, not further"
        );
        assert_eq!(Table::<SyntheticGame>::size_mb(&table), 1);
        assert_eq!(TranspositionTable::<SyntheticGame>::new(0).capacity(), 2);
    }
}
