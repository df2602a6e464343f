//! A tiny insertion-sorted list of candidate moves, best last, on the stack (no allocation
//! in the search).

use crate::bits::Bits;
use crate::notation::MAX_WIDTH;

/// Moves (as cell bits) with their ordering scores.
pub(crate) struct MoveSorter<B> {
    len: usize,
    entries: [(B, u32); MAX_WIDTH],
}

impl<B: Bits> MoveSorter<B> {
    #[inline]
    pub(crate) fn new() -> Self {
        MoveSorter {
            len: 0,
            entries: [(B::ZERO, 0); MAX_WIDTH],
        }
    }

    /// Adds a move. Among equal scores the move added last comes out first, so adding in
    /// reverse preference order keeps the preference as the tie-break.
    #[inline]
    pub(crate) fn add(&mut self, cell: B, score: u32) {
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.entries[pos - 1].1 > score {
            self.entries[pos] = self.entries[pos - 1];
            pos -= 1;
        }
        self.entries[pos] = (cell, score);
    }

    /// The best move left, if any.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<B> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.entries[self.len].0)
        }
    }
}

/// Columns from the centre outwards: 3, 2, 4, 1, 5, 0, 6 on 7 columns (seed 001's order);
/// on even widths the column right of the centre comes first.
pub fn center_order(width: usize) -> impl Iterator<Item = usize> {
    (0..width).map(move |i| {
        let half = i.div_ceil(2);
        if i % 2 == 1 {
            width / 2 - half
        } else {
            width / 2 + half
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_comes_first_and_ties_keep_the_last_added() {
        let mut s = MoveSorter::<u64>::new();
        s.add(1, 2);
        s.add(2, 5);
        s.add(4, 2);
        s.add(8, 0);
        assert_eq!(s.pop(), Some(2));
        assert_eq!(s.pop(), Some(4));
        assert_eq!(s.pop(), Some(1));
        assert_eq!(s.pop(), Some(8));
        assert_eq!(s.pop(), None);
    }

    #[test]
    fn center_order_matches_seed_001() {
        assert_eq!(
            center_order(7).collect::<Vec<_>>(),
            vec![3, 2, 4, 1, 5, 0, 6]
        );
        let mut six: Vec<_> = center_order(6).collect();
        assert_eq!(six, vec![3, 2, 4, 1, 5, 0]);
        six.sort();
        assert_eq!(six, (0..6).collect::<Vec<_>>());
        assert_eq!(center_order(1).collect::<Vec<_>>(), vec![0]);
    }
}
