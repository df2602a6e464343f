//! Deterministic node counts for `ply bench`.
//!
//! A fixed-depth alpha-beta search without time or node limits visits exactly the same
//! nodes on every run and every machine: nothing in it reads the clock or iterates a hash
//! map, its history table hashes moves with a fixed FNV-1a, and its table starts empty for
//! every position here. The total is Stockfish's `bench` signature: it changes only when
//! the search (or the rules, or the evaluator) changes.

use std::time::{Duration, Instant};

use ply_core::{Agent, Game, SearchLimits};

/// What a bench run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchReport {
    /// Nodes per position, in order.
    pub nodes: Vec<u64>,
    pub total_nodes: u64,
    /// Time spent searching (clearing tables between positions not included).
    pub elapsed: Duration,
}

impl BenchReport {
    pub fn nodes_per_second(&self) -> f64 {
        self.total_nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Searches each position with `agent` to `depth` plies (no other limit), calling
/// `new_game` before each so that no table carries over: the node counts depend only on
/// the agent's settings and the positions. Finished positions count 0 nodes.
pub fn bench_nodes<G: Game>(agent: &mut dyn Agent<G>, positions: &[G], depth: u32) -> BenchReport {
    let mut elapsed = Duration::ZERO;
    let nodes: Vec<u64> = positions
        .iter()
        .map(|position| {
            agent.new_game();
            let started = Instant::now();
            let decision = agent.select(position, &SearchLimits::depth(depth));
            elapsed += started.elapsed();
            decision.map_or(0, |d| d.nodes)
        })
        .collect();
    BenchReport {
        total_nodes: nodes.iter().sum(),
        nodes,
        elapsed,
    }
}
