//! The strength targets, as `#[ignore]`d tests (minutes of play): run them with
//! `cargo test --release -p ply-halma --test strength -- --ignored`.
//! Figures from the same matches (examples/halma_arena.rs) are in the crate's report.

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Agent, Game, SearchLimits};
use ply_halma::{catalog, BoardKind, Halma};

/// Mean points of `hero` over `games` games with the other seats held by `opponent`, the
/// hero's seat rotating, after two random opening plies; and its slowest move.
fn match_points(players: usize, games: usize, hero: &str, opponent: &str) -> (f64, Duration) {
    let catalog = catalog();
    let mut total = 0.0;
    let mut slowest = Duration::ZERO;
    for game in 0..games {
        let hero_seat = game % players;
        let mut agents: Vec<Box<dyn Agent<Halma>>> = (0..players)
            .map(|seat| {
                let spec = if seat == hero_seat { hero } else { opponent };
                catalog.build(spec, (game * 10 + seat) as u64 + 1).unwrap()
            })
            .collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(game as u64);
        let mut state = Halma::new(BoardKind::Star, players).unwrap();
        let mut moves = Vec::new();
        while !state.is_terminal() {
            let seat = state.to_move();
            let mv = if state.ply() < 2 {
                state.legal_moves(&mut moves);
                *moves.choose(&mut rng).unwrap()
            } else {
                let t = Instant::now();
                let mv = agents[seat]
                    .select(&state, &SearchLimits::none())
                    .unwrap()
                    .mv;
                if seat == hero_seat {
                    slowest = slowest.max(t.elapsed());
                }
                mv
            };
            state.try_play(mv).unwrap();
        }
        total += state.outcome().unwrap().get(hero_seat);
    }
    (total / games as f64, slowest)
}

#[test]
#[ignore = "minutes of play"]
fn champion_scores_95_percent_against_each_seed_strategy() {
    for strategy in 1..=5 {
        let opponent = format!("seed003-s{strategy}");
        let (points, slowest) = match_points(2, 20, "champion", &opponent);
        println!("champion vs {opponent}: {points:.3}, slowest move {slowest:?}");
        assert!(points >= 0.95, "champion vs {opponent}: {points}");
    }
}

#[test]
#[ignore = "a quarter of an hour of play"]
fn champion_averages_1_6_points_against_two_strategy_five_players() {
    let (points, slowest) = match_points(3, 120, "champion", "seed003-s5");
    println!("champion with two seed003-s5: {points:.3} points of 2, slowest move {slowest:?}");
    assert!(points >= 1.6, "{points}");
}
