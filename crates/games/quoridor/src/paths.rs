//! Paths over the board's passages: breadth-first search on row bitboards.
//!
//! The board's open steps are kept as one `u32` per row (bit c = column c):
//!
//! ```text
//!   up[r]    bit c set: the step (c, r) -> (c, r+1) is open      (rows 0 .. n-2)
//!   right[r] bit c set: the step (c, r) -> (c+1, r) is open      (columns 0 .. n-2)
//! ```
//!
//! One breadth-first layer of a set of cells is then a handful of shifts and masks per row,
//! so a distance on 9x9 costs a few hundred instructions and no per-cell bookkeeping.
//! Pawns never block paths (the rules ask only that a path exists through the walls).

use crate::geometry::{Orientation, Square, MAX_SIZE};
use crate::packed::PackedPassages;

/// The open steps of a board (see the module comment for the layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Passages {
    pub size: usize,
    pub up: [u32; MAX_SIZE],
    pub right: [u32; MAX_SIZE],
}

/// A set of cells, one `u32` per row.
pub type RowSet = [u32; MAX_SIZE];

impl Passages {
    /// An empty board of `size`: every step inside the board is open.
    pub fn open(size: usize) -> Self {
        let row = row_mask(size);
        let mut up = [0; MAX_SIZE];
        let mut right = [0; MAX_SIZE];
        for r in 0..size {
            if r + 1 < size {
                up[r] = row;
            }
            right[r] = row >> 1;
        }
        Passages { size, up, right }
    }

    /// The cells one step from `cells` (and `cells` themselves), looking only at rows
    /// `lo..=hi` of `cells` (the others are empty). Returns the new row range and whether
    /// any cell was added.
    #[inline]
    fn grow(
        &self,
        cells: &RowSet,
        next: &mut RowSet,
        lo: usize,
        hi: usize,
    ) -> (usize, usize, bool) {
        let lo = lo.saturating_sub(1);
        let hi = (hi + 1).min(self.size - 1);
        let mut added = 0;
        for r in lo..=hi {
            let row = cells[r];
            let mut grown = row | ((row & self.right[r]) << 1) | ((row >> 1) & self.right[r]);
            if r > 0 {
                grown |= cells[r - 1] & self.up[r - 1];
            }
            if r + 1 < self.size {
                grown |= cells[r + 1] & self.up[r];
            }
            added |= grown ^ row;
            next[r] = grown;
        }
        (lo, hi, added != 0)
    }

    /// Steps from `from` to the nearest cell of `goal_row`, or `None` if walls cut it off.
    #[inline]
    pub fn distance_to_row(&self, from: Square, goal_row: usize) -> Option<u32> {
        match PackedPassages::new(self) {
            Some(packed) => packed.distance_to_row(from, goal_row),
            None => self.distance_to_row_by_rows(from, goal_row),
        }
    }

    /// [`Passages::distance_to_row`] a row at a time: any board size.
    pub fn distance_to_row_by_rows(&self, from: Square, goal_row: usize) -> Option<u32> {
        let mut a: RowSet = [0; MAX_SIZE];
        let mut b: RowSet = [0; MAX_SIZE];
        let (mut cells, mut next) = (&mut a, &mut b);
        let (mut lo, mut hi) = (from.row as usize, from.row as usize);
        cells[lo] = 1 << from.col;
        let mut steps = 0;
        loop {
            if cells[goal_row] != 0 {
                return Some(steps);
            }
            let (new_lo, new_hi, added) = self.grow(cells, next, lo, hi);
            if !added {
                return None;
            }
            std::mem::swap(&mut cells, &mut next);
            (lo, hi) = (new_lo, new_hi);
            steps += 1;
        }
    }

    /// The same distance as [`Passages::distance_to_row`] by A* over single cells with the
    /// row distance as heuristic, as seed 004 computes it; kept to measure against the
    /// bitboard search (see the `quoridor` benchmark).
    pub fn distance_to_row_astar(&self, from: Square, goal_row: usize) -> Option<u32> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let size = self.size;
        let h = |sq: Square| (sq.row as i32 - goal_row as i32).unsigned_abs();
        let mut best = [u32::MAX; MAX_SIZE * MAX_SIZE];
        let mut open = BinaryHeap::new();
        best[from.index(size)] = 0;
        open.push(Reverse((h(from), 0u32, from)));
        while let Some(Reverse((_, g, sq))) = open.pop() {
            if sq.row as usize == goal_row {
                return Some(g);
            }
            if g > best[sq.index(size)] {
                continue;
            }
            for dir in crate::geometry::Direction::ALL {
                if let Some(to) = dir.step(sq, size) {
                    if self.can_step(sq, to) && g + 1 < best[to.index(size)] {
                        best[to.index(size)] = g + 1;
                        open.push(Reverse((g + 1 + h(to), g + 1, to)));
                    }
                }
            }
        }
        None
    }

    /// Whether any path leads from `from` to `goal_row`.
    pub fn reaches_row(&self, from: Square, goal_row: usize) -> bool {
        self.distance_to_row(from, goal_row).is_some()
    }

    fn can_step(&self, from: Square, to: Square) -> bool {
        let (c, r) = (from.col as usize, from.row as usize);
        let (tc, tr) = (to.col as usize, to.row as usize);
        if tr == r + 1 && tc == c {
            self.up[r] >> c & 1 == 1
        } else if tr + 1 == r && tc == c {
            self.up[tr] >> c & 1 == 1
        } else if tr == r && tc == c + 1 {
            self.right[r] >> c & 1 == 1
        } else if tr == r && tc + 1 == c {
            self.right[r] >> tc & 1 == 1
        } else {
            false
        }
    }

    /// One shortest path from `from` to `goal_row`, as the set of steps it uses (so a wall
    /// that blocks none of them cannot cut this pawn off). `None` if there is no path.
    pub fn shortest_path(&self, from: Square, goal_row: usize) -> Option<PathSteps> {
        match PackedPassages::new(self) {
            Some(packed) => packed.shortest_path(from, goal_row),
            None => self.shortest_path_by_cells(from, goal_row),
        }
    }

    /// [`Passages::shortest_path`] by a queue over single cells: any board size.
    pub fn shortest_path_by_cells(&self, from: Square, goal_row: usize) -> Option<PathSteps> {
        let size = self.size;
        // Plain queue BFS with parents: the path itself is needed, not just its length.
        const NONE: u16 = u16::MAX;
        let cells = size * size;
        let mut parent_table = [NONE; MAX_SIZE * MAX_SIZE];
        let mut queue_table = [0u16; MAX_SIZE * MAX_SIZE];
        let (parent, queue) = (&mut parent_table[..cells], &mut queue_table[..cells]);
        let start = from.index(size) as u16;
        parent[start as usize] = start;
        queue[0] = start;
        let (mut head, mut tail) = (0, 1);
        let mut reached = None;
        while head < tail {
            let cell = queue[head];
            head += 1;
            let sq = Square::new((cell as usize % size) as u8, (cell as usize / size) as u8);
            if sq.row as usize == goal_row {
                reached = Some(cell);
                break;
            }
            for dir in crate::geometry::Direction::ALL {
                if let Some(to) = dir.step(sq, size) {
                    let idx = to.index(size);
                    if parent[idx] == NONE && self.can_step(sq, to) {
                        parent[idx] = cell;
                        queue[tail] = idx as u16;
                        tail += 1;
                    }
                }
            }
        }
        let mut cell = reached?;
        let mut steps = PathSteps::default();
        while cell != start {
            let prev = parent[cell as usize];
            let (a, b) = (prev.min(cell) as usize, prev.max(cell) as usize);
            let (col, row) = (a % size, a / size);
            if b == a + 1 {
                steps.right[row] |= 1 << col;
            } else {
                steps.up[row] |= 1 << col;
            }
            steps.length += 1;
            cell = prev;
        }
        Some(steps)
    }
}

/// The steps one path uses, in the layout of [`Passages`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PathSteps {
    pub up: RowSet,
    pub right: RowSet,
    /// The number of steps.
    pub length: u32,
}

impl PathSteps {
    /// The slots of row `r` (one bit per column) where a wall of `orientation` would cut a
    /// step of the path: a horizontal wall at column c closes the upward steps of columns c
    /// and c+1, a vertical one the rightward steps of rows r and r+1.
    #[inline]
    pub fn slots_cutting(&self, orientation: Orientation, r: usize) -> u32 {
        match orientation {
            Orientation::Horizontal => self.up[r] | self.up[r] >> 1,
            Orientation::Vertical => self.right[r] | self.right[r + 1],
        }
    }
}

/// The bits of a row of `size` cells.
pub fn row_mask(size: usize) -> u32 {
    (1u32 << size) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_board_distances_are_row_differences() {
        let p = Passages::open(9);
        assert_eq!(p.distance_to_row(Square::new(4, 0), 8), Some(8));
        assert_eq!(p.distance_to_row(Square::new(0, 8), 0), Some(8));
        assert_eq!(p.distance_to_row(Square::new(3, 3), 3), Some(0));
        let path = p.shortest_path(Square::new(4, 0), 8).unwrap();
        let used: u32 = path.up.iter().map(|r| r.count_ones()).sum();
        assert_eq!(used, 8);
    }

    #[test]
    fn astar_and_bitboard_search_agree() {
        let mut p = Passages::open(9);
        p.up[3] = 0b1_0000_0000;
        p.up[5] = 0b0_0000_0001;
        p.right[4] = 0b0_0000_0000;
        for col in 0..9 {
            for row in 0..9 {
                let sq = Square::new(col, row);
                for goal in [0, 8] {
                    assert_eq!(
                        p.distance_to_row(sq, goal),
                        p.distance_to_row_astar(sq, goal)
                    );
                }
            }
        }
        p.up[3] = 0;
        assert_eq!(p.distance_to_row_astar(Square::new(0, 0), 8), None);
    }

    #[test]
    fn a_closed_row_cuts_every_path() {
        let mut p = Passages::open(5);
        p.up[2] = 0;
        assert_eq!(p.distance_to_row(Square::new(2, 0), 4), None);
        assert!(p.shortest_path(Square::new(2, 0), 4).is_none());
        p.up[2] = 1 << 4;
        // Up to row 2, right to column E, up twice: 2 + 2 + 2.
        assert_eq!(p.distance_to_row(Square::new(2, 0), 4), Some(6));
    }

    /// The packed board (sizes up to 11) and the row and cell forms (any size) agree on
    /// distances, and the packed path is a real path of that length.
    #[test]
    fn packed_and_row_searches_agree() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for size in [3, 5, 9, 11] {
            for _ in 0..60 {
                let mut p = Passages::open(size);
                for r in 0..size {
                    p.up[r] &= rng.random::<u32>() | rng.random::<u32>();
                    p.right[r] &= rng.random::<u32>() | rng.random::<u32>();
                }
                for _ in 0..8 {
                    let from = Square::new(
                        rng.random_range(0..size) as u8,
                        rng.random_range(0..size) as u8,
                    );
                    let goal = [0, size - 1][rng.random_range(0..2)];
                    let d = p.distance_to_row_by_rows(from, goal);
                    assert_eq!(p.distance_to_row(from, goal), d);
                    let path = p.shortest_path(from, goal);
                    assert_eq!(path.map(|s| s.length), d);
                    assert_eq!(p.shortest_path_by_cells(from, goal).map(|s| s.length), d);
                    if let Some(path) = path {
                        // Every step of the path is open, and there are `length` of them.
                        let count: u32 = (0..size)
                            .map(|r| {
                                assert_eq!(path.up[r] & !p.up[r], 0);
                                assert_eq!(path.right[r] & !p.right[r], 0);
                                path.up[r].count_ones() + path.right[r].count_ones()
                            })
                            .sum();
                        assert_eq!(count, path.length);
                    }
                }
            }
        }
    }
}
