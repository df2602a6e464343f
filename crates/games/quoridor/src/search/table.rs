//! The transposition table, shared by the search threads without locks.
//!
//! Each slot is two words: the position's key XOR the data, and the data. A reader accepts a
//! slot only when the two XOR back to the key it looks for, so a slot that two threads wrote
//! at once (one word from each) reads as a miss instead of as a wrong entry: Hyatt and
//! Mann's lockless hashing. With one thread the table behaves as a plain one.
//!
//! The data word:
//!
//! ```text
//!  63                  43   42   41 40  39     32  31               0
//! +----------------------+----+-----+---------+-------------------+
//! |   best move (21)     | mv |bound|  depth  |  value (i32 bits) |
//! +----------------------+----+-----+---------+-------------------+
//! bound: 0 empty slot, 1 exact, 2 lower, 3 upper. mv: whether a best move is stored.
//!
//! best move, bit 0 = wall:
//!   pawn step:  to.row(5) to.col(5) from.row(5) from.col(5) 0
//!   wall:       0…0 slot.row(5) slot.col(5) vertical(1)     1
//! ```
//!
//! Five bits per coordinate hold every board up to 25x25 (coordinates 0 to 24).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::geometry::{Move, Orientation, Square, Wall};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What the table knows of one position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Entry {
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    pub best: Option<Move>,
}

pub(super) struct SharedTable {
    slots: Vec<[AtomicU64; 2]>,
}

/// Bytes per slot.
pub(super) const SLOT_BYTES: u64 = 16;

impl SharedTable {
    /// A table of 2^`bits` slots (none for 0), smaller if the machine cannot give that many.
    pub fn new(bits: u32) -> SharedTable {
        let slots = if bits == 0 {
            Vec::new()
        } else {
            super::power_of_two_table(1 << bits, || [AtomicU64::new(0), AtomicU64::new(0)])
        };
        SharedTable { slots }
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The slot's key and data, if it holds an entry that reads whole.
    fn read(&self, key: u64) -> Option<(u64, u64)> {
        let [check, data] = self.slot(key);
        let data = data.load(Relaxed);
        let stored_key = check.load(Relaxed) ^ data;
        (data >> 40 & 0b11 != 0).then_some((stored_key, data))
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.is_empty() {
            return None;
        }
        match self.read(key) {
            Some((k, data)) if k == key => Some(unpack(data)),
            _ => None,
        }
    }

    /// Stores `entry` for `key`, unless the slot holds another position searched more than
    /// two plies deeper (deep results are the expensive ones to lose).
    pub fn store(&self, key: u64, entry: Entry) {
        if self.is_empty() {
            return;
        }
        if let Some((k, old)) = self.read(key) {
            if k != key && unpack(old).depth as u32 > entry.depth as u32 + 2 {
                return;
            }
        }
        let data = pack(entry);
        let [check, word] = self.slot(key);
        check.store(key ^ data, Relaxed);
        word.store(data, Relaxed);
    }

    pub fn clear(&self) {
        for [a, b] in &self.slots {
            a.store(0, Relaxed);
            b.store(0, Relaxed);
        }
    }
}

fn pack(e: Entry) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let best = e.best.map_or(0, |m| 1 << 42 | pack_move(m) << 43);
    e.value as u32 as u64 | (e.depth as u64) << 32 | bound << 40 | best
}

fn unpack(data: u64) -> Entry {
    let bound = match data >> 40 & 0b11 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        value: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound,
        best: (data >> 42 & 1 == 1).then(|| unpack_move(data >> 43)),
    }
}

fn pack_square(s: Square) -> u64 {
    (s.col as u64 & 31) | (s.row as u64 & 31) << 5
}

fn unpack_square(bits: u64) -> Square {
    Square {
        col: (bits & 31) as u8,
        row: (bits >> 5 & 31) as u8,
    }
}

fn pack_move(mv: Move) -> u64 {
    match mv {
        Move::Pawn { from, to } => (pack_square(from) | pack_square(to) << 10) << 1,
        Move::Wall(w) => {
            let vertical = matches!(w.orientation, Orientation::Vertical) as u64;
            1 | vertical << 1 | pack_square(w.slot) << 2
        }
    }
}

fn unpack_move(bits: u64) -> Move {
    if bits & 1 == 0 {
        Move::Pawn {
            from: unpack_square(bits >> 1),
            to: unpack_square(bits >> 11),
        }
    } else {
        let orientation = if bits >> 1 & 1 == 1 {
            Orientation::Vertical
        } else {
            Orientation::Horizontal
        };
        Move::Wall(Wall {
            slot: unpack_square(bits >> 2),
            orientation,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(col: u8, row: u8) -> Square {
        Square { col, row }
    }

    #[test]
    fn entries_read_back_as_stored() {
        let table = SharedTable::new(4);
        let moves = [
            None,
            Some(Move::Pawn {
                from: sq(24, 23),
                to: sq(24, 24),
            }),
            Some(Move::Pawn {
                from: sq(0, 0),
                to: sq(1, 0),
            }),
            Some(Move::Wall(Wall {
                slot: sq(23, 22),
                orientation: Orientation::Vertical,
            })),
            Some(Move::Wall(Wall {
                slot: sq(0, 0),
                orientation: Orientation::Horizontal,
            })),
        ];
        let values = [i32::MIN + 1, -29_999, -1, 0, 1, 123_456, i32::MAX];
        for (i, &best) in moves.iter().enumerate() {
            for (j, &value) in values.iter().enumerate() {
                for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                    let key = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul((i * 31 + j + 1) as u64);
                    let entry = Entry {
                        value,
                        depth: (i * 50 + j) as u8,
                        bound,
                        best,
                    };
                    table.store(key, entry);
                    assert_eq!(table.probe(key), Some(entry));
                    assert_eq!(table.probe(key ^ 1 << 40), None, "another key misses");
                }
            }
        }
    }

    /// A slot whose two words come from different writes reads as empty, and a deeper
    /// entry of another position is kept against a shallow one.
    #[test]
    fn torn_slots_miss_and_deep_entries_stay() {
        let table = SharedTable::new(2);
        let entry = |depth| Entry {
            value: 7,
            depth,
            bound: Bound::Exact,
            best: None,
        };
        table.store(4, entry(9));
        table.slots[0][1].store(pack(entry(8)), Relaxed); // the data word of another write
        assert_eq!(table.probe(4), None);
        table.store(4, entry(9));
        table.store(8, entry(3)); // same slot, another key, 6 plies shallower
        assert_eq!(table.probe(4), Some(entry(9)));
        table.store(8, entry(7));
        assert_eq!(table.probe(8), Some(entry(7)));
        table.clear();
        assert_eq!(table.probe(8), None);
    }
}
