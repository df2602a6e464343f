//! Perft: count the move sequences of exactly `depth` plies.
//!
//! A game that ends earlier adds nothing at greater depths (the chess convention, which the
//! published Connect Four numbers follow).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::Game;

/// Leaf count at exactly `depth` plies from `state`.
pub fn perft<G: Game>(state: &mut G, depth: u32) -> u64 {
    perft_until(state, depth, None).expect("nothing stops a count without a flag")
}

/// [`perft`] that gives up (`None`) once `stop` is set: the flag is read at every node two
/// or more plies from the leaves, so a deep count ends within microseconds of being told.
/// `state` is as it was either way.
pub fn perft_until<G: Game>(state: &mut G, depth: u32, stop: Option<&AtomicBool>) -> Option<u64> {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(state, depth, &mut buffers, stop)
}

fn perft_with<G: Game>(
    state: &mut G,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    stop: Option<&AtomicBool>,
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    state.legal_moves(moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return None;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        state.play(mv);
        let below = perft_with(state, depth - 1, rest, stop);
        state.undo(mv);
        total += below?;
    }
    Some(total)
}

/// Leaf counts below each root move, in move-generation order (for finding where two move
/// generators disagree).
pub fn perft_divide<G: Game>(state: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            state.play(mv);
            let n = perft(state, depth.saturating_sub(1));
            state.undo(mv);
            (mv, n)
        })
        .collect()
}
