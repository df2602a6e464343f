//! Where the arena gets its players: anything that turns a spec and a random seed into an agent.
//!
//! A game's `ply_search::spec::Catalog` is one; tests use closures. Agents are built inside
//! the worker that plays the game, since an agent is `Send` but not `Sync`.

use ply_core::{Agent, Game, ZobristHash};
use ply_search::spec::Catalog;

/// Builds agents from spec strings (`alphabeta:depth=9`, `mcts:time=750ms`, …).
pub trait AgentFactory<G: Game>: Sync {
    /// A fresh agent for one game, its randomness drawn from `rng_seed`; the error is a message
    /// for a person (the spec's problem and what is accepted).
    fn build_agent(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String>;
}

impl<G, F> AgentFactory<G> for F
where
    G: Game,
    F: Fn(&str, u64) -> Result<Box<dyn Agent<G>>, String> + Sync,
{
    fn build_agent(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String> {
        self(spec, rng_seed)
    }
}

impl<G: Game + ZobristHash> AgentFactory<G> for Catalog<G>
where
    Catalog<G>: Sync,
{
    fn build_agent(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String> {
        self.build(spec, rng_seed).map_err(|e| e.to_string())
    }
}
