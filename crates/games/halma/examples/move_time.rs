//! Time per move of an agent on reproducible mid-game positions (checks the time limit).
//!
//! `cargo run --release -p ply-halma --example move_time -- BOARD PLAYERS SPEC [POSITIONS]`

use std::time::Instant;

use ply_core::SearchLimits;
use ply_halma::{bench_positions, catalog, BoardKind};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind: BoardKind = args[0].parse().unwrap_or_else(|e| panic!("{e}"));
    let players: usize = args[1].parse().expect("players");
    let count: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let mut agent = catalog()
        .build(&args[2], 1)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut times = Vec::new();
    for state in bench_positions(kind, players, count) {
        let t = Instant::now();
        let decision = agent.select(&state, &SearchLimits::none()).expect("a move");
        let spent = t.elapsed().as_secs_f64() * 1000.0;
        times.push(spent);
        println!(
            "{spent:.1} ms, depth {}, nodes {}",
            decision.depth, decision.nodes
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "mean {:.1} ms, median {:.1} ms, max {:.1} ms",
        times.iter().sum::<f64>() / times.len() as f64,
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
