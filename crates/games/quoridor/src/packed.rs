//! Paths on boards up to 11x11 with the whole board in one `u128`.
//!
//! Cell (c, r) is bit `r·n + c`, so one breadth-first layer of any set of cells is five
//! shifts and masks for the whole board, where the row form of `paths.rs` loops over rows.
//! Path searches are most of the engine's time (wall legality, ordering, the evaluator's
//! threat), and on 9x9 this form makes them several times faster.
//!
//! ```text
//!   bit:  r·n + c          9x9: row 0 = bits 0..8, row 1 = bits 9..17, …, row 8 = bits 72..80
//!   right bit of a cell:   the step to (c+1, r) is open   (never set in column n-1: no wrap)
//!   up bit of a cell:      the step to (c, r+1) is open   (never set in row n-1)
//!
//!   grow(x) = x | (x & right) << 1 | (x >> 1) & right | (x & up) << n | (x >> n) & up
//! ```

use crate::geometry::{Orientation, Square, Wall};
use crate::paths::{row_mask, Passages, PathSteps};

/// The largest board that fits: 11 x 11 = 121 bits.
pub const PACKED_MAX_SIZE: usize = 11;

/// The open steps of a board of at most [`PACKED_MAX_SIZE`], packed.
#[derive(Debug, Clone, Copy)]
pub struct PackedPassages {
    size: usize,
    right: u128,
    up: u128,
}

impl PackedPassages {
    /// The packed form of `passages`, or `None` if the board is too large.
    #[inline]
    pub fn new(passages: &Passages) -> Option<Self> {
        let size = passages.size;
        if size > PACKED_MAX_SIZE {
            return None;
        }
        let (mut right, mut up) = (0u128, 0u128);
        for r in 0..size {
            right |= (passages.right[r] as u128) << (r * size);
            up |= (passages.up[r] as u128) << (r * size);
        }
        Some(PackedPassages { size, right, up })
    }

    /// The same board with `wall`'s two steps closed.
    #[inline]
    pub fn without_wall(&self, wall: Wall) -> Self {
        let n = self.size;
        let at = wall.slot.row as usize * n + wall.slot.col as usize;
        let mut blocked = *self;
        match wall.orientation {
            Orientation::Horizontal => blocked.up &= !(0b11 << at),
            Orientation::Vertical => blocked.right &= !(1 << at | 1 << (at + n)),
        }
        blocked
    }

    #[inline]
    fn grow(&self, x: u128) -> u128 {
        let n = self.size;
        x | (x & self.right) << 1 | (x >> 1) & self.right | (x & self.up) << n | (x >> n) & self.up
    }

    fn bit(&self, sq: Square) -> u128 {
        1u128 << (sq.row as usize * self.size + sq.col as usize)
    }

    fn row_bits(&self, row: usize) -> u128 {
        (row_mask(self.size) as u128) << (row * self.size)
    }

    /// Steps from `from` to the nearest cell of `goal_row`, or `None` if walls cut it off.
    #[inline]
    pub fn distance_to_row(&self, from: Square, goal_row: usize) -> Option<u32> {
        self.steps_until(self.bit(from), 0, self.row_bits(goal_row))
    }

    /// One shortest path from `from` to `goal_row`. `None` if there is no path.
    pub fn shortest_path(&self, from: Square, goal_row: usize) -> Option<PathSteps> {
        Some(self.reach(from, goal_row)?.path(self))
    }

    /// The breadth-first layers from `from` until they touch `goal_row`; `None` if they
    /// never do.
    pub fn reach(&self, from: Square, goal_row: usize) -> Option<Reach> {
        let goal = self.row_bits(goal_row);
        let mut reach = Reach {
            within: [0; MAX_LAYERS],
            goal,
            length: 0,
        };
        reach.within[0] = self.bit(from);
        let mut d = 0;
        while reach.within[d] & goal == 0 {
            let next = self.grow(reach.within[d]);
            if next == reach.within[d] {
                return None;
            }
            d += 1;
            reach.within[d] = next;
        }
        reach.length = d;
        Some(reach)
    }

    /// The distance to the goal of `reach` on this board, where this board differs from
    /// the one `reach` was grown on only by steps closed from cells in `touched`: the layers
    /// before the first one to contain such a cell are the same on both boards, so the
    /// search resumes there instead of starting over. `None` if the goal is cut off.
    pub fn distance_resumed(&self, reach: &Reach, touched: u128) -> Option<u32> {
        let mut k = 0;
        while k < reach.length && reach.within[k] & touched == 0 {
            k += 1;
        }
        // A path of at most k steps through a closed step would reach one of its ends in
        // under k steps, and every touched cell is at least k steps away: the cells within
        // k steps are the same on both boards.
        self.steps_until(reach.within[k], k as u32, reach.goal)
    }

    /// Grows `reached` (the cells within `steps` steps) one step at a time until it meets
    /// `goal`: the number of steps then, `None` if it stops growing first.
    fn steps_until(&self, mut reached: u128, mut steps: u32, goal: u128) -> Option<u32> {
        while reached & goal == 0 {
            let next = self.grow(reached);
            if next == reached {
                return None;
            }
            reached = next;
            steps += 1;
        }
        Some(steps)
    }

    /// The cells at either end of the two steps `wall` closes.
    pub fn wall_cells(&self, wall: Wall) -> u128 {
        let n = self.size;
        let at = wall.slot.row as usize * n + wall.slot.col as usize;
        // Horizontal: the 2x2 block's four cells; vertical: the same block.
        0b11u128 << at | 0b11u128 << (at + n)
    }
}

/// The most layers a board of [`PACKED_MAX_SIZE`] can need, plus the start.
const MAX_LAYERS: usize = PACKED_MAX_SIZE * PACKED_MAX_SIZE + 1;

/// Breadth-first layers from one cell towards a goal row on a packed board.
#[derive(Debug, Clone)]
pub struct Reach {
    /// `within[k]`: the cells at most k steps from the start.
    within: [u128; MAX_LAYERS],
    goal: u128,
    /// Steps to the nearest goal cell.
    length: usize,
}

impl Reach {
    pub fn length(&self) -> u32 {
        self.length as u32
    }

    /// One shortest path, walked back from the first goal cell reached through cells one
    /// layer nearer each time.
    pub fn path(&self, board: &PackedPassages) -> PathSteps {
        let n = board.size;
        let d = self.length;
        let mut steps = PathSteps {
            length: d as u32,
            ..PathSteps::default()
        };
        let mut cell = (self.within[d] & self.goal).trailing_zeros() as usize;
        let has = |set: u128, i: usize| set >> i & 1 == 1;
        for k in (0..d).rev() {
            let nearer = self.within[k];
            // The step from a cell one layer nearer into `cell`, recorded by its lower or
            // left end as `PathSteps` does (a right bit is never set in the last column, so
            // the step from `cell - 1` cannot wrap from the row below).
            let (prev, low, is_up) = if cell >= n && has(nearer & board.up, cell - n) {
                (cell - n, cell - n, true)
            } else if cell + n < n * n && has(nearer, cell + n) && has(board.up, cell) {
                (cell + n, cell, true)
            } else if cell >= 1 && has(nearer & board.right, cell - 1) {
                (cell - 1, cell - 1, false)
            } else {
                debug_assert!(has(nearer, cell + 1) && has(board.right, cell));
                (cell + 1, cell, false)
            };
            let (col, row) = (low % n, low / n);
            if is_up {
                steps.up[row] |= 1 << col;
            } else {
                steps.right[row] |= 1 << col;
            }
            cell = prev;
        }
        steps
    }
}
