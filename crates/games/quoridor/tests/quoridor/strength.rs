//! Cheap checks that `strongest` keeps its strength: it walls a runner it cannot outrun,
//! converts a won position instead of stepping back and forth, and beats seed 002 from a
//! few openings. Node budgets keep every game the same on any machine.

use ply_core::{Agent, Game, SearchLimits};
use ply_quoridor::agents::build_agent;
use ply_quoridor::{Move, Quoridor, BLACK, WHITE};
use rand::seq::IndexedRandom;
use rand::SeedableRng;

/// Plays `agents[p]` for each colour p from `state` for at most `max_plies`; the winner.
fn play_out(
    mut state: Quoridor,
    agents: &mut [Box<dyn Agent<Quoridor>>; 2],
    max_plies: usize,
) -> Option<usize> {
    for _ in 0..max_plies {
        if let Some(winner) = state.winner() {
            return Some(winner);
        }
        let mover = state.to_move();
        let decision = agents[mover]
            .select(&state, &SearchLimits::none())
            .expect("a move in a running game");
        state.try_play(decision.mv).expect("a legal move");
    }
    state.winner()
}

#[test]
fn strongest_walls_a_runner_it_cannot_outrun() {
    // Black is one step from row 1 and holds no walls; white is far away: any pawn move
    // loses at once, only a wall across black's path keeps the game going.
    let state = Quoridor::standard()
        .from_text("size=9 walls=10 turn=white black=e2,0 white=e5,10 h= v=")
        .unwrap();
    let mut agent = build_agent("strongest:nodes=5000", 0).unwrap();
    let mv = agent.select(&state, &SearchLimits::none()).unwrap().mv;
    assert!(matches!(mv, Move::Wall(_)), "{}", state.format_move(mv));
    let mut after = state.clone();
    after.play(mv);
    assert!(after.distance_to_goal(BLACK).unwrap() > 1);
}

/// The opening of the match example's game pair `pair`: two random plies.
fn opening(pair: u64) -> Quoridor {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1000 + pair);
    let mut state = Quoridor::standard();
    let mut moves = Vec::new();
    for _ in 0..2 {
        state.legal_moves(&mut moves);
        state.play(*moves.choose(&mut rng).unwrap());
    }
    state
}

#[test]
fn strongest_converts_a_won_position_instead_of_shuffling() {
    // In this game strongest (white) once reached a won position, 8 walls against 2, and
    // then stepped between f1 and g1 for 370 plies while seed 002 stepped between d7 and
    // d8. Scoring repetitions as draws makes it go forward and win.
    let mut agents = [
        build_agent("seed002", 0).unwrap(),
        build_agent("strongest:nodes=8000", 0).unwrap(),
    ];
    assert_eq!(play_out(opening(17), &mut agents, 300), Some(WHITE));
}

#[test]
fn strongest_beats_seed002_from_a_few_openings() {
    // Three openings of two random plies (as the match example makes them), each played
    // with both colours.
    let mut wins = 0;
    for pair in 1..=3u64 {
        for strongest_colour in [BLACK, WHITE] {
            let strongest = build_agent("strongest:nodes=8000", 0).unwrap();
            let seed002 = build_agent("seed002", 0).unwrap();
            let mut agents = if strongest_colour == BLACK {
                [strongest, seed002]
            } else {
                [seed002, strongest]
            };
            if play_out(opening(pair), &mut agents, 300) == Some(strongest_colour) {
                wins += 1;
            }
        }
    }
    assert!(
        wins >= 5,
        "strongest won only {wins} of 6 games against seed002"
    );
}
