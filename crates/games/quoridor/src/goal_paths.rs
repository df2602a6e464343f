//! Paths to a goal side, row or column: a column race is a row race on the board mirrored
//! in its diagonal, so the fast row searches of `paths.rs` serve the side seats too.

use crate::geometry::{Square, MAX_SIZE};
use crate::paths::{Passages, PathSteps, RowSet};
use crate::seats::Goal;

/// `rows` mirrored in the diagonal: bit c of entry r becomes bit r of entry c.
fn transpose(rows: &RowSet, size: usize) -> RowSet {
    let mut out = [0; MAX_SIZE];
    for (r, &row) in rows.iter().enumerate().take(size) {
        let mut bits = row;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out[c] |= 1 << r;
        }
    }
    out
}

/// The passages mirrored in the diagonal: steps right become steps up and back.
pub fn transposed(passages: &Passages) -> Passages {
    Passages {
        size: passages.size,
        up: transpose(&passages.right, passages.size),
        right: transpose(&passages.up, passages.size),
    }
}

fn mirror(sq: Square) -> Square {
    Square::new(sq.row, sq.col)
}

/// Steps from `from` to `goal` through the walls (pawns ignored), `None` if cut off.
pub fn distance_to_goal(passages: &Passages, from: Square, goal: Goal) -> Option<u32> {
    match goal {
        Goal::Row(r) => passages.distance_to_row(from, r),
        Goal::Column(c) => transposed(passages).distance_to_row(mirror(from), c),
    }
}

/// Whether any path leads from `from` to `goal`.
pub fn reaches_goal(passages: &Passages, from: Square, goal: Goal) -> bool {
    distance_to_goal(passages, from, goal).is_some()
}

/// One shortest path from `from` to `goal` as the steps it uses, in `passages`' layout.
pub fn shortest_path_to_goal(passages: &Passages, from: Square, goal: Goal) -> Option<PathSteps> {
    match goal {
        Goal::Row(r) => passages.shortest_path(from, r),
        Goal::Column(c) => {
            let size = passages.size;
            let mirrored = transposed(passages).shortest_path(mirror(from), c)?;
            Some(PathSteps {
                up: transpose(&mirrored.right, size),
                right: transpose(&mirrored.up, size),
                length: mirrored.length,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_goal_is_measured_across_the_board() {
        let mut p = Passages::open(5);
        assert_eq!(
            distance_to_goal(&p, Square::new(0, 2), Goal::Column(4)),
            Some(4)
        );
        // Close every step from column C to column D: the right side is cut off.
        for r in 0..5 {
            p.right[r] &= !(1 << 2);
        }
        assert_eq!(
            distance_to_goal(&p, Square::new(0, 2), Goal::Column(4)),
            None
        );
        assert_eq!(
            distance_to_goal(&p, Square::new(4, 2), Goal::Column(0)),
            None
        );
        assert_eq!(
            distance_to_goal(&p, Square::new(4, 2), Goal::Row(0)),
            Some(2)
        );
    }

    #[test]
    fn a_mirrored_path_uses_open_steps_only() {
        let mut p = Passages::open(7);
        p.right[3] = 0; // a vertical barrier in row 4, every column
        let path = shortest_path_to_goal(&p, Square::new(0, 3), Goal::Column(6)).unwrap();
        assert_eq!(path.length, 7); // one step off row 4, then six across
        let used: u32 = (0..7)
            .map(|r| {
                assert_eq!(path.up[r] & !p.up[r], 0);
                assert_eq!(path.right[r] & !p.right[r], 0);
                path.up[r].count_ones() + path.right[r].count_ones()
            })
            .sum();
        assert_eq!(used, 7);
    }
}
