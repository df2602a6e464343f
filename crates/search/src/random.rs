//! A uniformly random legal move from a seeded generator.

use ply_core::{Agent, Decision, Game, SearchLimits};
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use crate::SearchRng;

pub struct RandomAgent<G: Game> {
    rng: SearchRng,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    pub fn new(rng_seed: u64) -> Self {
        RandomAgent {
            rng: SearchRng::seed_from_u64(rng_seed),
            moves: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn select(&mut self, state: &G, _limits: &SearchLimits) -> Option<Decision<G::Move>> {
        state.legal_moves(&mut self.moves);
        self.moves
            .choose(&mut self.rng)
            .map(|&mv| Decision::just(mv))
    }
}
