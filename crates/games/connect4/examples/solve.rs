//! Solves one position and prints its score, nodes and time:
//! `cargo run --release --example solve -- [MOVES] [--weak] [--table BITS] [--threads N]`
//! (no moves: the empty 7x6 board).

use std::time::Instant;

use ply_connect4::testset::thread_cpu_time;
use ply_connect4::{Connect4, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let weak = args.iter().any(|a| a == "--weak");
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let bits = flag("--table").map_or(Ok(24), |b| b.parse())?;
    let threads = flag("--threads").map_or(Ok(1), |t| t.parse())?;
    // The moves: the argument that is neither a flag nor a flag's value.
    let moves = args
        .iter()
        .enumerate()
        .find(|&(i, a)| !a.starts_with("--") && (i == 0 || !args[i - 1].starts_with("--t")))
        .map(|(_, a)| a.clone())
        .unwrap_or_default();
    let state = Connect4::standard().after(&moves)?;
    let mut solver = Solver::with_table_bits(bits).with_threads(threads);
    let (clock, cpu) = (Instant::now(), thread_cpu_time());
    let score = solver.solve(&state, weak);
    println!(
        "'{moves}' {} score {score}: {} nodes, {:.2?} wall, {:.2?} cpu (main thread)",
        if weak { "weak" } else { "strong" },
        solver.nodes(),
        clock.elapsed(),
        thread_cpu_time() - cpu
    );
    Ok(())
}
