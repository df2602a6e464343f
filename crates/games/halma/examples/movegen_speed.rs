//! Legal moves generated per second on a mid-game 121-hole star (the figure in the report;
//! `cargo bench -p ply-halma --features bench` measures the same with criterion).
//!
//! `cargo run --release -p ply-halma --example movegen_speed -- [players]`

use std::time::Instant;

use ply_core::Game;
use ply_halma::{BoardKind, Halma};

fn main() {
    let players: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let positions = ply_halma::bench_positions(BoardKind::Star121, players, 16);
    let mut moves = Vec::with_capacity(256);
    let mut generated = 0u64;
    let mut calls = 0u64;
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < 2.0 {
        for state in &positions {
            state.legal_moves(&mut moves);
            generated += moves.len() as u64;
            calls += 1;
        }
    }
    let seconds = t.elapsed().as_secs_f64();
    let sample: &Halma = &positions[0];
    println!(
        "star121 {players}p mid-game: {:.1} M moves/s, {:.2} M move lists/s, {:.0} moves per list \
         (first position {})",
        generated as f64 / seconds / 1e6,
        calls as f64 / seconds / 1e6,
        generated as f64 / calls as f64,
        sample.to_text()
    );
}
