//! `perfect` against seed 001's alpha-beta (depth 9) from random 4-move openings, each
//! opening played twice with the sides swapped:
//! `cargo run --release --example perfect_match -- [GAMES] [TIME_MS] [SEED] [TABLE_BITS]`.
//!
//! A lost game is checked against the opening: a random opening can already be lost for
//! `perfect`'s side, and the solver says so.

use ply_connect4::{catalog, Connect4};
use ply_core::{Game, SearchLimits};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = *args.first().unwrap_or(&100);
    let time_ms = *args.get(1).unwrap_or(&1000);
    let rng_seed = *args.get(2).unwrap_or(&1);
    let table = *args.get(3).unwrap_or(&24);
    let mut judge = ply_connect4::Solver::with_table_bits(26).expect("a 512 MiB table");
    let mut lost_openings = 0;
    let started = std::time::Instant::now();
    let mut perfect_time = std::time::Duration::ZERO;
    let catalog = catalog();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut moves = Vec::new();
    let mut opening = Connect4::standard();
    let mut opening_line = String::new();
    for game in 0..games {
        if game % 2 == 0 {
            // A fresh opening for each pair of games.
            opening = Connect4::standard();
            opening_line.clear();
            for _ in 0..4 {
                opening.legal_moves(&mut moves);
                let mv = *moves.choose(&mut rng).expect("no game ends in 4 moves");
                opening_line.push_str(&opening.format_move(mv));
                opening.play(mv);
            }
        }
        let mut state = opening.clone();
        let perfect_seat = (game % 2) as usize;
        let mut perfect = catalog
            .build(&format!("perfect:time={time_ms}ms,table={table}"), game)
            .unwrap();
        let mut other = catalog.build("seed001-alphabeta", game).unwrap();
        let mut line = String::new();
        while !state.is_terminal() {
            let agent = if state.to_move() == perfect_seat {
                &mut perfect
            } else {
                &mut other
            };
            let clock = std::time::Instant::now();
            let decision = agent.select(&state, &SearchLimits::none()).unwrap();
            if state.to_move() == perfect_seat {
                perfect_time += clock.elapsed();
            }
            line.push_str(&state.format_move(decision.mv));
            state.play(decision.mv);
        }
        let outcome = state.outcome().unwrap();
        let result = outcome.get(perfect_seat);
        match result {
            r if r > 0.75 => wins += 1,
            r if r < 0.25 => {
                losses += 1;
                // Was the opening already lost for perfect's side?
                let sign = judge.solve(&opening, true);
                let mover_is_perfect = opening.to_move() == perfect_seat;
                if (sign == -1 && mover_is_perfect) || (sign == 1 && !mover_is_perfect) {
                    lost_openings += 1;
                    println!("  (the opening was already lost for perfect's side)");
                }
            }
            _ => draws += 1,
        }
        println!(
            "game {game}: perfect plays {}, result {result} ({} moves: {opening_line}|{line})",
            ["first", "second"][perfect_seat],
            state.moves_played()
        );
    }
    println!("perfect: {wins} wins, {draws} draws, {losses} losses in {games} games");
    println!(
        "losses from openings already lost: {lost_openings}; perfect's time: {:.1?} per game \
         ({:.1?} in all)",
        perfect_time / games.max(1) as u32,
        started.elapsed()
    );
}
