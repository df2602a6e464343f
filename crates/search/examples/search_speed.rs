//! Speed and deterministic node counts of the searches, for the report and for `ply bench`.
//!
//! ```text
//! cargo run --release -p ply-search --example search_speed
//! ```
//!
//! Fixed-depth alpha-beta node counts are exact and repeat on every machine; the rates
//! (nodes or playouts per second) depend on the machine and its load.

use std::sync::Arc;
use std::time::Instant;

use ply_core::eval::HashNoise;
use ply_core::{Agent, Evaluator, Game, SearchLimits};
use ply_search::bench::bench_nodes;
use ply_search::synthetic::SyntheticGame;
use ply_search::{AlphaBeta, Mcts, Minimax};
use ply_tictactoe::{CenterCornerOrdering, LineCount, TicTacToe};

fn rate(nodes: u64, seconds: f64) -> String {
    format!("{:.2} M/s", nodes as f64 / seconds.max(1e-9) / 1e6)
}

fn main() {
    let start = TicTacToe::new();
    let lines: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);

    let t = Instant::now();
    let d = Minimax::new(lines.clone())
        .depth(9)
        .select(&start, &SearchLimits::none())
        .unwrap();
    println!(
        "minimax, tic-tac-toe depth 9:          {:>9} nodes  {}",
        d.nodes,
        rate(d.nodes, t.elapsed().as_secs_f64())
    );

    let mut plain = AlphaBeta::new(lines.clone())
        .iterative_deepening(false)
        .pvs(false)
        .killers(false)
        .history(false);
    let report = bench_nodes(&mut plain, std::slice::from_ref(&start), 9);
    println!(
        "alpha-beta plain, tic-tac-toe depth 9: {:>9} nodes  {}",
        report.total_nodes,
        rate(report.total_nodes, report.elapsed.as_secs_f64())
    );

    let mut full = AlphaBeta::new(lines)
        .ordering(Arc::new(CenterCornerOrdering))
        .table(16);
    let report = bench_nodes(&mut full, std::slice::from_ref(&start), 9);
    println!(
        "alpha-beta full, tic-tac-toe depth 9:  {:>9} nodes  {}",
        report.total_nodes,
        rate(report.total_nodes, report.elapsed.as_secs_f64())
    );

    let synthetic = SyntheticGame::new(2026, 12, 200).unwrap();
    let noise: Arc<dyn Evaluator<SyntheticGame>> = Arc::new(HashNoise { spread: 1000 });
    let mut moves = Vec::new();
    synthetic.legal_moves(&mut moves);
    let positions: Vec<SyntheticGame> = moves
        .iter()
        .map(|&mv| {
            let mut p = synthetic.clone();
            p.play(mv);
            p
        })
        .collect();
    let mut full = AlphaBeta::new(noise.clone()).table(16);
    let report = bench_nodes(&mut full, &positions, 7);
    println!(
        "alpha-beta full, synthetic depth 7:    {:>9} nodes  {}  ({} positions)",
        report.total_nodes,
        rate(report.total_nodes, report.elapsed.as_secs_f64()),
        positions.len()
    );
    let mut no_table = AlphaBeta::new(noise);
    let report = bench_nodes(&mut no_table, &positions, 7);
    println!(
        "alpha-beta no table, synthetic depth 7:{:>9} nodes  {}",
        report.total_nodes,
        rate(report.total_nodes, report.elapsed.as_secs_f64())
    );

    for (label, state) in [("tic-tac-toe", None), ("synthetic", Some(synthetic))] {
        let t = Instant::now();
        let d = match &state {
            None => Mcts::new(1)
                .iterations(100_000)
                .solver(false)
                .select(&start, &SearchLimits::none()),
            Some(s) => Mcts::new(1)
                .iterations(20_000)
                .select(s, &SearchLimits::none()),
        }
        .unwrap();
        let seconds = t.elapsed().as_secs_f64();
        println!(
            "mcts, {label:<12} {:>7} playouts  {:.0} playouts/s  {}",
            d.iterations,
            d.iterations as f64 / seconds,
            rate(d.nodes, seconds)
        );
    }
}
