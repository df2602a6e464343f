//! The claimeven bound: on a board of even height, with the first player to move, a cheap
//! test that the second player can hold the first to a draw (or beat them) whatever they
//! play, by answering every move with a fixed rule.
//!
//! The rule (Allis' "claimeven", extended to columns whose playable cell is on an even
//! row). Rows are counted from 1 at the bottom; the first player F is to move, so the
//! stone count is even, and so is the number of columns holding an odd number of stones.
//!
//! - F drops on an odd row: the second player S drops on top of it (the height is even, so
//!   there is room).
//! - F drops on an even row (a column that held an odd count): S drops on the playable
//!   even-row cell of another odd column; there is one, as odd columns came in pairs.
//!
//! After each answer the counts are again all even but for pairs, so the rule always
//! applies. S ends up with every empty even-row cell that is not playable now:
//!
//! ```text
//!   column now even        column now odd
//!   6  S                   6  S
//!   5  ?   (F or S)        5  ?
//!   4  S                   4  ?  playable now: F or S
//!   3  ?                   3  x
//!   2  x                   2  o
//!   1  o                   1  x
//! ```
//!
//! F gets at most the rest: their stones, the empty odd-row cells and the playable
//! even-row cells. If those hold no line, F never completes one, so F scores at most a draw;
//! if S's share holds a line, S completes it before the board fills, so F loses, at the
//! latest with the last stone (score −1 in Pons' convention).

use crate::bits::Bits;
use crate::position::{Position, Shape};

/// An upper bound on the score of `p` for the player to move, from the claimeven rule: 0
/// or −1 when it applies, `None` when the mover could still complete a line against it.
/// Call only with an even `shape` height and an even number of stones played (the first
/// player to move).
#[inline(always)]
pub(crate) fn claimeven_bound<B: Bits>(shape: &Shape<B>, p: &Position<B>) -> Option<i32> {
    debug_assert!(shape.height().is_multiple_of(2) && p.moves().is_multiple_of(2));
    let empty = shape.board() ^ p.mask();
    let playable = (p.mask() + shape.bottom()) & shape.board();
    let second = p.opponent() | (shape.even_rows() & empty & !playable);
    let first = shape.board() & !second;
    if shape.has_line(first) {
        None
    } else if shape.has_line(second) {
        Some(-1)
    } else {
        Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::hash::splitmix64;

    /// Plain alpha-beta without tables or shortcuts: the exact score of `p` in Pons'
    /// convention (a win with one's last stone scores 1), clamped to `alpha..=beta`.
    fn exact<B: Bits>(p: &Position<B>, mut alpha: i32, beta: i32) -> i32 {
        let cells = p.shape().cells() as i32;
        let moves = p.moves() as i32;
        if p.is_full() {
            return 0;
        }
        if p.can_win_next() {
            return (cells + 1 - moves) / 2;
        }
        for col in 0..p.shape().width() {
            if p.can_play(col) {
                let mut child = *p;
                child.play_column(col);
                alpha = alpha.max(-exact(&child, -beta, -alpha));
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }

    /// A random position of `shape` with `moves` stones and no line on the board, or
    /// `None` if the walk ran into a finished game.
    fn random_position(shape: Shape<u64>, moves: u32, seed: u64) -> Option<Position<u64>> {
        let mut p = Position::new(shape);
        let mut state = seed;
        for _ in 0..moves {
            let cols: Vec<u32> = (0..shape.width()).filter(|&c| p.can_play(c)).collect();
            let (next, r) = splitmix64(state);
            state = next;
            p.play_column(cols[(r % cols.len() as u64) as usize]);
            if p.last_mover_won() {
                return None;
            }
        }
        Some(p)
    }

    /// On even boards, from positions small enough to search to the end, the bound holds
    /// wherever it applies, and it applies (and is the exact score) on some of them.
    #[test]
    fn the_bound_never_undercuts_the_exact_score() {
        // Random 30-stone walks on 7x6 mostly end in a line: try more of them.
        for (width, height, empty_cells, walks) in [
            (4, 4, 12, 300),
            (5, 4, 12, 300),
            (6, 4, 12, 300),
            (7, 6, 12, 4000),
        ] {
            let shape = Shape::<u64>::new(width, height, 4);
            let moves = width * height - empty_cells;
            let (mut applied, mut tight, mut tried) = (0, 0, 0);
            for seed in 0..walks {
                let Some(p) = random_position(shape, moves, seed) else {
                    continue;
                };
                tried += 1;
                if let Some(bound) = claimeven_bound(&shape, &p) {
                    let cells = (width * height) as i32;
                    let score = exact(&p, -cells, cells);
                    assert!(
                        score <= bound,
                        "{width}x{height} seed {seed}: {score} > {bound}"
                    );
                    applied += 1;
                    tight += (score == bound) as u32;
                }
            }
            eprintln!("{width}x{height}: applied {applied}, tight {tight}, of {tried}");
            assert!(
                applied * 30 >= tried,
                "{width}x{height}: {applied} of {tried}"
            );
            assert!(tight > 0, "{width}x{height}: never tight");
        }
    }
}
