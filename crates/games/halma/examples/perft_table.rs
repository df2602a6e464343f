//! Prints perft counts for every board and player count (the numbers recorded in
//! tests/perft.rs): `cargo run --release -p ply-halma --example perft_table -- [max_depth]`.

use std::time::Instant;

use ply_core::perft;
use ply_halma::{BoardKind, Halma};

fn main() {
    let max_depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    for kind in BoardKind::ALL {
        for &players in kind.allowed_players() {
            let mut state = Halma::new(kind, players).expect("a seated variant");
            let counts: Vec<String> = (1..=max_depth)
                .map(|d| {
                    let t = Instant::now();
                    let n = perft(&mut state, d);
                    eprintln!("{kind} {players}p depth {d}: {n} ({:?})", t.elapsed());
                    n.to_string()
                })
                .collect();
            println!("{kind} {players}: {}", counts.join(", "));
        }
    }
}
