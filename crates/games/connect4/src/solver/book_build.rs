//! What an opening book must hold: every position of a board with a given number of
//! stones, one per mirror pair, in the order a builder should solve them.
//!
//! The order is depth-first from the empty board, centre columns first, so consecutive
//! positions share most of their moves and the solver's table carries what one proved to
//! the next (solving them in this order costs a fraction of solving each alone).

use std::collections::HashSet;

use ply_core::Game;

use super::book::Book;
use super::sorter::center_order;
use crate::board::{Board, Column, Connect4};

/// Every position reachable from `start`'s empty board with `depth` stones and no line on
/// the board, one of each mirror pair, depth-first (centre first). The book key of each
/// is [`book_key`]. `None` if the board is too large for a book (keys of more than 56 bits).
pub fn book_positions(start: &Connect4, depth: usize) -> Option<Vec<Connect4>> {
    if start.width() * (start.height() + 1) > 56 || depth >= start.width() * start.height() {
        return None;
    }
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let order: Vec<usize> = center_order(start.width()).collect();
    walk(&start.empty(), depth, &order, &mut seen, &mut found);
    Some(found)
}

fn walk(
    state: &Connect4,
    depth: usize,
    order: &[usize],
    seen: &mut HashSet<u64>,
    found: &mut Vec<Connect4>,
) {
    if state.moves_played() == depth {
        let key = book_key(state).expect("a narrow board");
        if seen.insert(key) {
            found.push(state.clone());
        }
        return;
    }
    for &col in order {
        if state.can_play(col) {
            let mut child = state.clone();
            child.play(col as Column);
            if !child.last_mover_won() {
                walk(&child, depth, order, seen, found);
            }
        }
    }
}

/// The book key of `state` ([`Book::key`]), or `None` on boards of more than 64 bits.
pub fn book_key(state: &Connect4) -> Option<u64> {
    match state.board() {
        Board::Narrow(p) => Some(Book::key(p)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distinct positions with n stones on 7x6 (OEIS A212693) count mirror images twice;
    /// the book keeps one of each pair, and symmetric positions are their own mirror.
    #[test]
    fn the_book_holds_each_position_or_its_mirror_once() {
        let start = Connect4::standard();
        for (depth, distinct) in [(0, 1), (1, 7), (2, 49), (3, 238), (4, 1120)] {
            let found = book_positions(&start, depth).unwrap();
            let symmetric = found
                .iter()
                .filter(|s| match s.board() {
                    Board::Narrow(p) => p.key() == p.mirrored_key(),
                    _ => false,
                })
                .count();
            assert_eq!(2 * found.len() - symmetric, distinct, "depth {depth}");
        }
        assert!(book_positions(&Connect4::new(9, 7, 4).unwrap(), 2).is_none());
    }
}
