//! Rollout (playout) policies: how MCTS plays a game out from a new tree node.

use ply_core::Game;
use rand::Rng;

use crate::SearchRng;

/// Picks each move of a playout. Games plug in heuristic policies (e.g. "win if you can,
/// block if you must, else random"); the default is [`UniformRollout`].
pub trait RolloutPolicy<G: Game>: Send + Sync {
    /// The name shown in the agent's spec.
    fn name(&self) -> &str;

    /// One of `moves` (the legal moves of `state`, never empty), drawn with `rng` where the
    /// policy is random, so a random seed replays the search.
    fn choose(&self, state: &G, moves: &[G::Move], rng: &mut SearchRng) -> G::Move;
}

/// Every legal move equally likely.
#[derive(Debug, Clone, Copy, Default)]
pub struct UniformRollout;

impl<G: Game> RolloutPolicy<G> for UniformRollout {
    fn name(&self) -> &str {
        "uniform"
    }

    fn choose(&self, _state: &G, moves: &[G::Move], rng: &mut SearchRng) -> G::Move {
        moves[rng.random_range(0..moves.len())]
    }
}
