//! Solves one position and prints its score, nodes and time:
//! `cargo run --release --example solve -- [MOVES] [--weak] [--table BITS]`
//! (no moves: the empty 7x6 board).

use std::time::Instant;

use ply_connect4::testset::thread_cpu_time;
use ply_connect4::{Connect4, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let weak = args.iter().any(|a| a == "--weak");
    let bits = args
        .iter()
        .position(|a| a == "--table")
        .and_then(|i| args.get(i + 1))
        .map_or(Ok(24), |b| b.parse())?;
    let moves = args
        .iter()
        .find(|a| a.chars().all(|c| c.is_ascii_digit()) && !a.is_empty() && a.len() < 42)
        .cloned()
        .unwrap_or_default();
    let state = Connect4::standard().after(&moves)?;
    let mut solver = Solver::with_table_bits(bits);
    let (clock, cpu) = (Instant::now(), thread_cpu_time());
    let score = solver.solve(&state, weak);
    println!(
        "'{moves}' {} score {score}: {} nodes, {:.2?} wall, {:.2?} cpu",
        if weak { "weak" } else { "strong" },
        solver.nodes(),
        clock.elapsed(),
        thread_cpu_time() - cpu
    );
    Ok(())
}
