//! The named agents of Quoridor.

use std::sync::Arc;
use std::time::Duration;

use ply_core::Agent;

use crate::board::Quoridor;
use crate::eval::{RaceEval, Seed002Eval};
use crate::search::{AlphaBetaAgent, SearchOptions};

/// Seed 002's engine: alpha-beta at its depth-by-size table with pseudo-depth, seed 002's
/// evaluation, moves in generation order.
pub fn seed002() -> Box<dyn Agent<Quoridor>> {
    Box::new(AlphaBetaAgent::new(
        "seed002",
        SearchOptions::seed002(),
        Arc::new(Seed002Eval),
    ))
}

/// The strongest engine: iterative deepening alpha-beta with table, path-aware ordering and
/// the wall filter, under the race evaluator. `seed` is accepted for reproducible variants;
/// the search itself is deterministic.
pub fn strongest(_seed: u64) -> Box<dyn Agent<Quoridor>> {
    Box::new(AlphaBetaAgent::new(
        "strongest",
        SearchOptions::strong(Duration::from_secs(2)),
        Arc::new(RaceEval),
    ))
}

/// Builds an agent from its spec (`strongest`, `seed002`, …) with a seed for its randomness.
pub fn build_agent(spec: &str, seed: u64) -> Result<Box<dyn Agent<Quoridor>>, String> {
    match spec.trim() {
        "strongest" | "" => Ok(strongest(seed)),
        "seed002" => Ok(seed002()),
        other => Err(format!(
            "unknown Quoridor agent '{other}': choose strongest or seed002"
        )),
    }
}
