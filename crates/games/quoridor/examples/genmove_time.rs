//! Times one decision of seed 002's search (and the strong search) on the empty board.
//!
//! `cargo run --release -p ply-quoridor --example genmove_time -- [SIZE]`

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::{Agent, Game, SearchLimits};
use ply_quoridor::{AlphaBetaAgent, Quoridor, RaceEval, SearchOptions, Seed002Eval};

fn main() {
    let size: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let state = Quoridor::new(size, Quoridor::default_walls(size)).expect("valid size");
    let mut seed002 =
        AlphaBetaAgent::new("seed002", SearchOptions::seed002(), Arc::new(Seed002Eval));
    let start = Instant::now();
    let d = seed002
        .select(&state, &SearchLimits::none())
        .expect("a move");
    println!(
        "seed002 {size}x{size}: {} in {:?}, {} nodes, depth {}, value {}",
        state.format_move(d.mv),
        start.elapsed(),
        d.nodes,
        d.depth,
        d.value
    );
    let mut strong = AlphaBetaAgent::new(
        "strong",
        SearchOptions::strong(Duration::from_secs(1)),
        Arc::new(RaceEval::race()),
    );
    let start = Instant::now();
    let d = strong
        .select(&state, &SearchLimits::none())
        .expect("a move");
    println!(
        "strong  {size}x{size}: {} in {:?}, {} nodes, depth {}, value {}",
        state.format_move(d.mv),
        start.elapsed(),
        d.nodes,
        d.depth,
        d.value
    );
}
