//! Runs many time-limited searches and reports how far past its limit each kind of search
//! went, against the promise "limit + 5 % + 10 ms".
//!
//! ```text
//! cargo run --release -p ply-search --example time_limits [runs] [limit-ms]
//! ```
//!
//! Searches: alpha-beta and MCTS on tic-tac-toe (random positions), and on a synthetic game
//! tree (branching up to 12, lines up to 200 plies) with a cheap evaluator and with one that
//! costs about 20 µs per call (as a path-finding evaluator would).

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::eval::HashNoise;
use ply_core::{Agent, Evaluator, Game, Player, SearchLimits};
use ply_search::synthetic::SyntheticGame;
use ply_search::{AlphaBeta, Mcts};
use ply_tictactoe::{LineCount, TicTacToe};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Hash noise that takes its time: a stand-in for an expensive evaluator.
struct SlowNoise;

impl Evaluator<SyntheticGame> for SlowNoise {
    fn name(&self) -> &str {
        "slow-noise"
    }

    fn evaluate(&self, state: &SyntheticGame, player: Player) -> i32 {
        let started = Instant::now();
        let mut value = HashNoise { spread: 1000 }.evaluate(state, player);
        while started.elapsed() < Duration::from_micros(20) {
            value = std::hint::black_box(value);
        }
        value
    }
}

fn positions<G: Game>(start: &G, count: usize, max_plies: usize, rng_seed: u64) -> Vec<G> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    let mut moves = Vec::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut state = start.clone();
        for _ in 0..rng.random_range(0..=max_plies) {
            state.legal_moves(&mut moves);
            match moves.choose(&mut rng) {
                Some(&mv) => state.play(mv),
                None => break,
            }
        }
        if !state.is_terminal() {
            out.push(state);
        }
    }
    out
}

struct Report {
    label: String,
    runs: usize,
    worst: Duration,
    mean: Duration,
    broken: usize,
    mean_depth: f64,
}

fn measure<G: Game>(
    label: &str,
    agent: &mut dyn Agent<G>,
    positions: &[G],
    limit: Duration,
) -> Report {
    let promise = limit + limit / 20 + Duration::from_millis(10);
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let mut broken = 0;
    let mut depth = 0u64;
    for state in positions {
        agent.new_game();
        let started = Instant::now();
        let decision = agent
            .select(state, &SearchLimits::time(limit))
            .expect("positions are not finished");
        let elapsed = started.elapsed();
        assert!(
            state.check_move(decision.mv).is_ok(),
            "{label}: illegal move"
        );
        worst = worst.max(elapsed);
        total += elapsed;
        depth += u64::from(decision.depth);
        if elapsed > promise {
            broken += 1;
        }
    }
    Report {
        label: label.to_string(),
        runs: positions.len(),
        worst,
        mean: total / positions.len() as u32,
        broken,
        mean_depth: depth as f64 / positions.len() as f64,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let limit = Duration::from_millis(args.next().and_then(|a| a.parse().ok()).unwrap_or(20));
    let promise = limit + limit / 20 + Duration::from_millis(10);

    let tictactoe = positions(&TicTacToe::new(), runs, 6, 1);
    let synthetic_start = SyntheticGame::new(2026, 12, 200).expect("valid settings");
    let synthetic = positions(&synthetic_start, runs, 30, 2);
    let noise: Arc<dyn Evaluator<SyntheticGame>> = Arc::new(HashNoise { spread: 1000 });
    let slow: Arc<dyn Evaluator<SyntheticGame>> = Arc::new(SlowNoise);

    let reports = [
        measure(
            "alpha-beta, tic-tac-toe",
            &mut AlphaBeta::new(Arc::new(LineCount)).table(4),
            &tictactoe,
            limit,
        ),
        measure("mcts, tic-tac-toe", &mut Mcts::new(1), &tictactoe, limit),
        measure(
            "alpha-beta, synthetic",
            &mut AlphaBeta::new(noise.clone()).table(16),
            &synthetic,
            limit,
        ),
        measure(
            "alpha-beta, synthetic, slow eval",
            &mut AlphaBeta::new(slow).table(16),
            &synthetic,
            limit,
        ),
        measure(
            "alpha-beta, synthetic, no table",
            &mut AlphaBeta::new(noise),
            &synthetic,
            limit,
        ),
        measure("mcts, synthetic", &mut Mcts::new(2), &synthetic, limit),
    ];

    println!(
        "{runs} searches each, limit {} ms, promise {:.1} ms (limit + 5 % + 10 ms)",
        limit.as_millis(),
        promise.as_secs_f64() * 1e3
    );
    println!(
        "{:<34} {:>6} {:>10} {:>10} {:>9} {:>7}",
        "search", "runs", "mean ms", "worst ms", "depth", "broken"
    );
    for r in &reports {
        println!(
            "{:<34} {:>6} {:>10.2} {:>10.2} {:>9.1} {:>7}",
            r.label,
            r.runs,
            r.mean.as_secs_f64() * 1e3,
            r.worst.as_secs_f64() * 1e3,
            r.mean_depth,
            r.broken
        );
    }
    let worst = reports.iter().map(|r| r.worst).max().unwrap_or_default();
    let overrun = worst.saturating_sub(limit);
    println!(
        "worst overrun {:.2} ms past the limit ({} of {} searches broke the promise)",
        overrun.as_secs_f64() * 1e3,
        reports.iter().map(|r| r.broken).sum::<usize>(),
        reports.iter().map(|r| r.runs).sum::<usize>()
    );
}
