//! Compares agents head to head at a multi-player table: every ordered choice of distinct
//! agents for the seats plays `ROUNDS` games, so each agent sits in every seat against
//! every pair of the others.
//!
//! ```text
//! cargo run --release -p ply-halma --example halma_compare -- BOARD PLAYERS ROUNDS SPEC SPEC SPEC [SPEC…]
//! ```
//! Prints each game and the mean points per game of every agent (2 / 1 / 0 with three
//! players), with its mean and slowest time per move.

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Game, SearchLimits};
use ply_halma::{catalog, BoardKind, Halma};

/// Every ordered selection of `k` distinct indices out of `n`.
fn arrangements(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for prefix in arrangements(n, k - 1) {
        for i in 0..n {
            if !prefix.contains(&i) {
                let mut next = prefix.clone();
                next.push(i);
                out.push(next);
            }
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        eprintln!("usage: BOARD PLAYERS ROUNDS SPEC SPEC [SPEC…]");
        std::process::exit(2);
    }
    let kind: BoardKind = args[0].parse().unwrap_or_else(|e| panic!("{e}"));
    let players: usize = args[1].parse().expect("players");
    let rounds: usize = args[2].parse().expect("rounds");
    let specs = &args[3..];
    assert!(specs.len() >= players, "need at least one agent per seat");
    let catalog = catalog();
    let start = Halma::new(kind, players).unwrap_or_else(|e| panic!("{e}"));

    let mut points = vec![0.0; specs.len()];
    let mut games = vec![0u32; specs.len()];
    let mut time = vec![Duration::ZERO; specs.len()];
    let mut moves_made = vec![0u32; specs.len()];
    let mut slowest = vec![Duration::ZERO; specs.len()];
    let mut game_no = 0u64;
    for round in 0..rounds {
        for seating in arrangements(specs.len(), players) {
            game_no += 1;
            let mut agents: Vec<_> = seating
                .iter()
                .map(|&i| {
                    catalog
                        .build(&specs[i], game_no)
                        .unwrap_or_else(|e| panic!("{e}"))
                })
                .collect();
            // Three random plies, the same for every seating of a round.
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(round as u64);
            let mut state = start.clone();
            let mut buffer = Vec::new();
            while !state.is_terminal() {
                let seat = state.to_move();
                let mv = if state.ply() < 3 {
                    state.legal_moves(&mut buffer);
                    *buffer.choose(&mut rng).expect("moves")
                } else {
                    let t = Instant::now();
                    let decision = agents[seat]
                        .select(&state, &SearchLimits::none())
                        .expect("move");
                    let spent = t.elapsed();
                    let who = seating[seat];
                    time[who] += spent;
                    moves_made[who] += 1;
                    slowest[who] = slowest[who].max(spent);
                    decision.mv
                };
                state.try_play(mv).expect("legal");
            }
            let scores = state.outcome().expect("over");
            for (seat, &who) in seating.iter().enumerate() {
                points[who] += scores.get(seat);
                games[who] += 1;
            }
            let names: Vec<&str> = seating.iter().map(|&i| specs[i].as_str()).collect();
            println!(
                "{names:?}: {:?} after {} plies",
                scores.as_slice(),
                state.ply()
            );
        }
    }
    for (i, spec) in specs.iter().enumerate() {
        println!(
            "{spec}: {:.3} points per game over {} games; {:.1} ms per move, slowest {:.1} ms",
            points[i] / games[i].max(1) as f64,
            games[i],
            time[i].as_secs_f64() * 1000.0 / moves_made[i].max(1) as f64,
            slowest[i].as_secs_f64() * 1000.0
        );
    }
}
