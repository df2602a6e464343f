//! Reproducible mid-game positions for benchmarks.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::Game;

use crate::board::Halma;
use crate::eval::ProgressOrdering;
use crate::geometry::BoardKind;

/// `count` positions from seeded games in which every player mostly advances (the best-gain
/// move four times in five, otherwise a random one) for 12 to 19 moves each: armies in the
/// middle of the board, the crowded case move generation is slowest in.
pub fn bench_positions(kind: BoardKind, players: usize, count: usize) -> Vec<Halma> {
    let start = Halma::new(kind, players).expect("a seated variant");
    let mut moves = Vec::new();
    (0..count as u64)
        .map(|rng_seed| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
            let mut state = start.clone();
            let plies = players * rng.random_range(12..20);
            for _ in 0..plies {
                state.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = if rng.random_bool(0.8) {
                    *moves
                        .iter()
                        .max_by_key(|&&m| ProgressOrdering::gain(&state, m))
                        .expect("moves")
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                state.play(mv);
            }
            state
        })
        .collect()
}
