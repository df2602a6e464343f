//! Runs the strong search on a fixed middle-game position for profiling, built with the line
//! tables kept (docs/development.md, "Profiling"):
//! `cargo build --profile profiling -p ply-quoridor --example profile_search`, then
//! `perf record target/profiling/examples/profile_search`.

use std::time::Duration;

use ply_core::{Game, SearchLimits};
use ply_quoridor::agents::build_agent;
use ply_quoridor::Quoridor;

fn main() {
    let spec = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "strongest".into());
    let mut state = Quoridor::standard();
    for m in [
        "e8", "e2", "e7", "e3", "e6", "e4", "d7h", "d2h", "f7h", "f2h",
    ] {
        state.play_notation(m).expect("legal");
    }
    let mut agent = build_agent(&spec, 1).expect("spec");
    let d = agent
        .select(&state, &SearchLimits::time(Duration::from_secs(3)))
        .expect("move");
    println!(
        "{}: depth {}, nodes {}, {:?}, {:.0} nodes/s",
        state.format_move(d.mv),
        d.depth,
        d.nodes,
        d.elapsed,
        d.nodes as f64 / d.elapsed.as_secs_f64()
    );
}
