//! Perft: count the move sequences of exactly `depth` plies.
//!
//! A game that ends earlier adds nothing at greater depths (the chess convention, which the
//! published Connect Four numbers follow).

use crate::game::Game;

/// Leaf count at exactly `depth` plies from `state`.
pub fn perft<G: Game>(state: &mut G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(state, depth, &mut buffers)
}

fn perft_with<G: Game>(state: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    state.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        state.play(mv);
        total += perft_with(state, depth - 1, rest);
        state.undo(mv);
    }
    total
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
