//! Searches one position, given as the moves from the start, with an agent spec and a node
//! budget, and prints the decision: for looking into a traced game.
//!
//! `cargo run --release -p ply-quoridor --example analyse -- SPEC NODES MOVE...`

use ply_core::{Game, SearchLimits};
use ply_quoridor::agents::build_agent;
use ply_quoridor::Quoridor;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(spec), Some(nodes)) = (args.first(), args.get(1).and_then(|n| n.parse().ok())) else {
        eprintln!("usage: analyse SPEC NODES MOVE...");
        std::process::exit(2);
    };
    let mut state = Quoridor::standard();
    for m in &args[2..] {
        if let Err(e) = state.play_notation(m) {
            eprintln!("{m}: {e}");
            std::process::exit(2);
        }
    }
    println!("{state}\n{}", state.to_text());
    let mut agent = match build_agent(spec, 1) {
        Ok(agent) => agent,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    match agent.select(&state, &SearchLimits::nodes(nodes)) {
        Some(d) => {
            let pv: Vec<String> = d.pv.iter().map(|&m| state.format_move(m)).collect();
            println!(
                "{}: value {}, depth {}, nodes {}, {:?}, pv {}",
                state.format_move(d.mv),
                d.value,
                d.depth,
                d.nodes,
                d.elapsed,
                pv.join(" ")
            );
        }
        None => println!("no move: the game is over"),
    }
}
