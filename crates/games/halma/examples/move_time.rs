//! Time per move of an agent on reproducible mid-game positions (checks the time limit).
//!
//! `cargo run --release -p ply-halma --example move_time -- BOARD PLAYERS SPEC [POSITIONS]`

use std::time::Instant;

use ply_core::SearchLimits;
use ply_halma::{bench_positions, catalog, BoardKind};

const USAGE: &str =
    "usage: move_time BOARD PLAYERS SPEC [POSITIONS], e.g. move_time star 3 strongest 40";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, players, spec] = [0, 1, 2].map(|i| args.get(i).cloned());
    let (Some(board), Some(players), Some(spec)) = (board, players, spec) else {
        return Err(USAGE.to_string());
    };
    let kind: BoardKind = board.parse().map_err(|e| format!("{e}"))?;
    let players: usize = players
        .parse()
        .map_err(|_| format!("PLAYERS '{players}' is not a number; {USAGE}"))?;
    let count: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let mut agent = catalog().build(&spec, 1).map_err(|e| e.to_string())?;
    let mut times = Vec::new();
    for state in bench_positions(kind, players, count) {
        let t = Instant::now();
        let Some(decision) = agent.select(&state, &SearchLimits::none()) else {
            continue;
        };
        let spent = t.elapsed().as_secs_f64() * 1000.0;
        times.push(spent);
        println!(
            "{spent:.1} ms, depth {}, nodes {}",
            decision.depth, decision.nodes
        );
    }
    if times.is_empty() {
        return Err("no position to time".to_string());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "mean {:.1} ms, median {:.1} ms, max {:.1} ms",
        times.iter().sum::<f64>() / times.len() as f64,
        times[times.len() / 2],
        times[times.len() - 1]
    );
    Ok(())
}
