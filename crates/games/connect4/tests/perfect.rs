//! `perfect` against seed 001's alpha-beta (depth 9, centre-first, window heuristic) from
//! random 4-move openings, each opening played from both sides. A random opening can be
//! lost already, so a lost game passes only if the solver proves the opening was lost for
//! `perfect`'s side. The 100-game version is the `perfect_match` example.

use ply_connect4::{catalog, Connect4, Solver};
use ply_core::{Game, SearchLimits};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn random_opening(seed: u64) -> Connect4 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = Connect4::standard();
    let mut moves = Vec::new();
    for _ in 0..4 {
        state.legal_moves(&mut moves);
        state.play(*moves.choose(&mut rng).unwrap());
    }
    state
}

/// Plays one game; returns perfect's score (1 win, ½ draw, 0 loss) and the moves.
fn play(opening: &Connect4, perfect_seat: usize, time_ms: u64) -> (f64, String) {
    let catalog = catalog();
    let mut perfect = catalog
        .build(&format!("perfect:time={time_ms}ms"), 1)
        .unwrap();
    let mut other = catalog.build("seed001-alphabeta", 1).unwrap();
    let mut state = opening.clone();
    let mut line = String::new();
    while !state.is_terminal() {
        let agent = if state.to_move() == perfect_seat {
            &mut perfect
        } else {
            &mut other
        };
        let mv = agent.select(&state, &SearchLimits::none()).unwrap().mv;
        line.push_str(&state.format_move(mv));
        state.play(mv);
    }
    (state.outcome().unwrap().get(perfect_seat), line)
}

#[test]
fn perfect_never_loses_a_game_that_was_not_already_lost() {
    let games = if cfg!(debug_assertions) { 1 } else { 2 };
    for seed in 0..games {
        let opening = random_opening(seed);
        for seat in 0..2 {
            let (score, line) = play(&opening, seat, 300);
            if score == 0.0 {
                // The opening position: the first player is to move after 4 moves.
                let sign = Solver::new().solve(&opening, true);
                let lost_for_perfect = if seat == 0 { sign < 0 } else { sign > 0 };
                assert!(
                    lost_for_perfect,
                    "perfect ({} player) lost from a {} opening: {}|{line}",
                    ["first", "second"][seat],
                    ["lost", "drawn", "won"][(sign + 1) as usize],
                    opening.to_text()
                );
            }
        }
    }
}
