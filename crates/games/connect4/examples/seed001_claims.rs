//! Seed 001's claims, measured: the depth minimax (≤ 5) and alpha-beta (≤ 9) complete within
//! 1 s per move, and the MCTS playouts in 0.75 s, on the same positions.
//! `cargo run --release --example seed001_claims`. Times are the searching thread's CPU
//! time, so a busy machine does not distort them.

use std::time::Duration;

use ply_connect4::testset::thread_cpu_time;
use ply_connect4::{catalog, Connect4};
use ply_core::SearchLimits;

const POSITIONS: [&str; 4] = ["", "4453", "44455554221", "5455174361263362"];

fn main() {
    let catalog = catalog();
    println!("| position | agent | deepest depth within 1 s | its time | nodes |");
    println!("|---|---|---|---|---|");
    for moves in POSITIONS {
        let state = Connect4::standard().after(moves).unwrap();
        for (label, spec) in [
            ("minimax (seed001)", "minimax:eval=seed001"),
            ("alpha-beta (seed001-alphabeta)", "seed001-alphabeta"),
        ] {
            let mut best = None;
            for depth in 1..=20 {
                let joiner = if spec.contains(':') { ',' } else { ':' };
                let spec = format!("{spec}{joiner}depth={depth}");
                let mut agent = catalog.build(&spec, 1).unwrap();
                let cpu = thread_cpu_time();
                let decision = agent.select(&state, &SearchLimits::none()).unwrap();
                let used = thread_cpu_time() - cpu;
                if used > Duration::from_secs(1) {
                    break;
                }
                best = Some((depth, used, decision.nodes));
            }
            if let Some((depth, used, nodes)) = best {
                println!("| '{moves}' | {label} | {depth} | {used:.2?} | {nodes} |");
            }
        }
        let mut mcts = catalog.build("seed001-mcts", 1).unwrap();
        let decision = mcts.select(&state, &SearchLimits::none()).unwrap();
        println!(
            "| '{moves}' | MCTS (seed001-mcts, 0.75 s wall) | {} playouts | {:.2?} | {} |",
            decision.iterations, decision.elapsed, decision.nodes
        );
    }
}
