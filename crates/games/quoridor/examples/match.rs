//! Plays two agents against each other on Quoridor and prints the score and the time each
//! spent per game.
//!
//! `cargo run --release -p ply-quoridor --example match -- A_SPEC B_SPEC [GAMES] [SIZE] [OPENING_PLIES]`
//!
//! Games come in pairs from the same random opening (`OPENING_PLIES` random legal moves,
//! seeded by the pair's number), once with each agent as black. `MATCH_TRACE=1` prints every
//! move with its value, depth and time, and each final board.

use std::time::{Duration, Instant};

use ply_core::{Game, SearchLimits};
use ply_quoridor::agents::build_agent;
use ply_quoridor::Quoridor;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

struct Tally {
    wins: u32,
    time: Duration,
    moves: u32,
    longest: Duration,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec_a = args.first().map_or("strongest", String::as_str).to_string();
    let spec_b = args.get(1).map_or("seed002", String::as_str).to_string();
    let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let size: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(9);
    let opening: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(2);
    let walls = Quoridor::default_walls(size);
    let mut tallies = [
        Tally {
            wins: 0,
            time: Duration::ZERO,
            moves: 0,
            longest: Duration::ZERO,
        },
        Tally {
            wins: 0,
            time: Duration::ZERO,
            moves: 0,
            longest: Duration::ZERO,
        },
    ];
    let mut draws = 0;
    for game in 0..games {
        let pair = game / 2;
        let a_is_black = game % 2 == 0;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1000 + pair as u64);
        let mut state = Quoridor::new(size, walls).expect("valid size");
        let mut moves = Vec::new();
        for _ in 0..opening {
            state.legal_moves(&mut moves);
            let mv = *moves.choose(&mut rng).expect("opening moves");
            state.play(mv);
        }
        let mut agents = [
            build_agent(&spec_a, game as u64).expect("spec A"),
            build_agent(&spec_b, game as u64).expect("spec B"),
        ];
        // agents[i] plays colour seat[i]
        let seat = if a_is_black { [0, 1] } else { [1, 0] };
        let mut plies = 0;
        while !state.is_terminal() && plies < 400 {
            let who = if seat[0] == state.to_move() { 0 } else { 1 };
            let start = Instant::now();
            let decision = agents[who]
                .select(&state, &SearchLimits::none())
                .expect("a move");
            let spent = start.elapsed();
            tallies[who].time += spent;
            tallies[who].moves += 1;
            tallies[who].longest = tallies[who].longest.max(spent);
            if std::env::var_os("MATCH_TRACE").is_some() {
                eprintln!(
                    "{} {} plays {} (value {}, depth {}, nodes {}, {:?})",
                    plies,
                    ["black", "white"][state.to_move()],
                    state.format_move(decision.mv),
                    decision.value,
                    decision.depth,
                    decision.nodes,
                    spent
                );
            }
            state
                .try_play(decision.mv)
                .expect("agents play legal moves");
            plies += 1;
        }
        if std::env::var_os("MATCH_TRACE").is_some() {
            eprintln!("{state}");
        }
        match state.outcome() {
            Some(scores) => {
                let winner = if scores.get(seat[0]) > 0.5 { 0 } else { 1 };
                tallies[winner].wins += 1;
            }
            None => draws += 1,
        }
        eprintln!(
            "game {game}: {} black, {} plies, score {}-{}",
            if a_is_black { "A" } else { "B" },
            plies,
            tallies[0].wins,
            tallies[1].wins
        );
    }
    for (name, t) in [(&spec_a, &tallies[0]), (&spec_b, &tallies[1])] {
        println!(
            "{name}: {} wins of {games} ({:.1}%), {:.3}s per game, {:.1}ms per move, longest {:.0}ms",
            t.wins,
            100.0 * t.wins as f64 / games as f64,
            t.time.as_secs_f64() / games as f64,
            1000.0 * t.time.as_secs_f64() / t.moves.max(1) as f64,
            t.longest.as_secs_f64() * 1000.0
        );
    }
    if draws > 0 {
        println!("unfinished after 400 plies: {draws}");
    }
}
