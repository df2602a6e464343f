//! Move-ordering memory gathered during one search: killer moves and the history table.
//!
//! Both only reorder moves, so they can change how many nodes a search visits but never the
//! value it returns. Both are deterministic: the history table is indexed by a fixed FNV-1a
//! hash of the move (not the randomly seeded std hasher), so node counts repeat exactly.

use std::hash::{Hash, Hasher};

use ply_core::{Player, MAX_PLAYERS};

/// History slots per player (a power of two); distinct moves may share a slot, which only
/// blurs the ordering.
const HISTORY_SLOTS: usize = 4096;

/// FNV-1a over whatever bytes a move's `Hash` feeds it: tiny, fixed, reproducible.
struct Fnv1a(u64);

impl Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut hasher = Fnv1a(0xCBF2_9CE4_8422_2325);
    mv.hash(&mut hasher);
    (hasher.finish() as usize) & (HISTORY_SLOTS - 1)
}

/// Two killer moves per ply: quiet moves that caused a cutoff in a sibling position.
pub(crate) struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    pub(crate) fn new() -> Self {
        Killers { slots: Vec::new() }
    }

    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = [None, None]);
    }

    pub(crate) fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots.get(ply).copied().unwrap_or([None, None])
    }

    /// Remembers `mv` as the newest killer at `ply`.
    pub(crate) fn record(&mut self, ply: usize, mv: M) {
        if self.slots.len() <= ply {
            self.slots.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }
}

/// How often each move caused a cutoff, weighted by depth², per player.
///
/// Each slot carries the number of the search that wrote it, so forgetting everything at
/// the start of a search is one increment, not a sweep of the whole table.
pub(crate) struct History {
    slots: Vec<HistorySlot>,
    search: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct HistorySlot {
    search: u32,
    count: u32,
}

impl History {
    pub(crate) fn new() -> Self {
        History {
            slots: vec![HistorySlot::default(); HISTORY_SLOTS * MAX_PLAYERS],
            search: 1,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // After 2^32 searches the stamps would repeat: wipe them for real, once.
            self.slots.fill(HistorySlot::default());
            self.search = 1;
        }
    }

    fn index<M: Hash>(player: Player, mv: &M) -> usize {
        player * HISTORY_SLOTS + history_slot(mv)
    }

    pub(crate) fn score<M: Hash>(&self, player: Player, mv: &M) -> u32 {
        let slot = self.slots[Self::index(player, mv)];
        if slot.search == self.search {
            slot.count
        } else {
            0
        }
    }

    pub(crate) fn record<M: Hash>(&mut self, player: Player, mv: &M, depth: u32) {
        let search = self.search;
        let slot = &mut self.slots[Self::index(player, mv)];
        if slot.search != search {
            *slot = HistorySlot { search, count: 0 };
        }
        slot.count = slot.count.saturating_add(depth * depth);
    }
}

/// Ordering priorities, highest first: the table's move, the previous iteration's best move
/// at the root, then killers, then history.
pub(crate) const TABLE_MOVE_SCORE: u64 = 1 << 40;
pub(crate) const KILLER_SCORE: u64 = 1 << 34;

/// Brings the highest-scored remaining move to position `next`, keeping the others in their
/// current relative order (so the game's ordering hook breaks ties). Lazy: a cutoff after
/// the first move spares sorting the rest.
pub(crate) fn pick_next<M: Copy>(moves: &mut [M], scores: &mut [u64], next: usize) {
    let mut best = next;
    for i in next + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    if best != next {
        moves[next..=best].rotate_right(1);
        scores[next..=best].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_next_is_stable_among_equals() {
        let mut moves = [10, 11, 12, 13];
        let mut scores = [0, 5, 0, 5];
        for i in 0..4 {
            pick_next(&mut moves, &mut scores, i);
        }
        assert_eq!(moves, [11, 13, 10, 12]);
    }

    #[test]
    fn killers_keep_two_distinct_moves() {
        let mut k = Killers::new();
        k.record(3, 7u8);
        k.record(3, 7u8);
        k.record(3, 9u8);
        assert_eq!(k.get(3), [Some(9), Some(7)]);
        assert_eq!(k.get(0), [None, None]);
    }

    #[test]
    fn history_slots_are_fixed() {
        // FNV-1a must not change between runs or builds: node counts depend on it.
        assert_eq!(history_slot(&5u8), history_slot(&5u8));
        let mut h = History::new();
        h.record(1, &5u8, 3);
        assert_eq!(h.score(1, &5u8), 9);
        assert_eq!(h.score(0, &5u8), 0);
        h.clear();
        assert_eq!(h.score(1, &5u8), 0, "a new search starts from nothing");
        h.record(1, &5u8, 2);
        assert_eq!(h.score(1, &5u8), 4);
    }
}
