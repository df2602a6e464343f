//! Positions and evaluators shared by the search tests.
#![allow(dead_code)]

use std::sync::Arc;

use ply_core::eval::HashNoise;
use ply_core::{Evaluator, Game};
use ply_tictactoe::{LineCount, TicTacToe};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// `count` distinct-ish non-terminal positions, each reached by 0 to 7 random moves.
pub fn random_positions(count: usize, rng_seed: u64) -> Vec<TicTacToe> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    let mut positions = Vec::with_capacity(count);
    let mut moves = Vec::new();
    while positions.len() < count {
        let mut state = TicTacToe::new();
        let plies = rng.random_range(0..=7);
        for _ in 0..plies {
            state.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            state.play(mv);
        }
        if !state.is_terminal() {
            positions.push(state);
        }
    }
    positions
}

/// The evaluators every exact search is checked with: the real one, and hash noise with a
/// small spread (many ties) and a large one (odd values).
pub fn evaluators() -> Vec<Arc<dyn Evaluator<TicTacToe>>> {
    vec![
        Arc::new(LineCount),
        Arc::new(HashNoise { spread: 3 }),
        Arc::new(HashNoise { spread: 10_000 }),
    ]
}
