//! `perfect` against seed 001's alpha-beta (depth 9) from random 4-move openings, each
//! opening played twice with the sides swapped:
//! `cargo run --release --example perfect_match -- [GAMES] [TIME_MS] [SEED]`.

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
    let seed = *args.get(2).unwrap_or(&1);
    let catalog = catalog();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
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
            .build(&format!("perfect:time={time_ms}ms"), game)
            .unwrap();
        let mut other = catalog.build("seed001-alphabeta", game).unwrap();
        let mut line = String::new();
        while !state.is_terminal() {
            let agent = if state.to_move() == perfect_seat {
                &mut perfect
            } else {
                &mut other
            };
            let decision = agent.select(&state, &SearchLimits::none()).unwrap();
            line.push_str(&state.format_move(decision.mv));
            state.play(decision.mv);
        }
        let outcome = state.outcome().unwrap();
        let result = outcome.get(perfect_seat);
        match result {
            r if r > 0.75 => wins += 1,
            r if r < 0.25 => losses += 1,
            _ => draws += 1,
        }
        println!(
            "game {game}: perfect plays {}, result {result} ({} moves: {opening_line}|{line})",
            ["first", "second"][perfect_seat],
            state.moves_played()
        );
    }
    println!("perfect: {wins} wins, {draws} draws, {losses} losses in {games} games");
}
