//! The catalog and the ladder: every level plays a legal move, passes when it must, takes a
//! corner that is offered, and the exact search solves 4x4. Searches are bounded by depth,
//! nodes or iterations, never by the clock.

use ply_core::eval::is_proven;
use ply_core::{Game, SearchLimits};
use ply_othello::{catalog, ladder::LADDER, Move, Othello};

/// The decision `spec` makes in `state`.
fn decide(spec: &str, state: &Othello) -> ply_core::Decision<Move> {
    let mut agent = catalog().build(spec, 1).unwrap();
    let decision = agent.select(state, &SearchLimits::none()).unwrap();
    assert!(state.check_move(decision.mv).is_ok(), "{spec}");
    decision
}

fn choice(spec: &str, state: &Othello) -> String {
    state.format_move(decide(spec, state).mv)
}

/// Every rung's spec, the top one bounded by nodes instead of its second.
fn levels() -> impl Iterator<Item = &'static str> {
    LADDER.iter().map(|rung| {
        if rung.id == "strongest" {
            "strongest:nodes=3000"
        } else {
            rung.spec
        }
    })
}

#[test]
fn every_level_plays_a_legal_move_and_passes_when_it_must() {
    let mut state = Othello::with_size(6).unwrap();
    for spec in levels() {
        let mv = choice(spec, &state);
        state.play_notation(&mv).unwrap();
    }
    assert_eq!(LADDER.last().unwrap().id, "strongest");
    // Black cannot place a disc here: every level passes.
    let mut must_pass = Othello::new();
    for mv in "d3 c3 b3 b2 f5 a3 a1 c1".split_whitespace() {
        must_pass.play_notation(mv).unwrap();
    }
    for spec in levels() {
        assert_eq!(choice(spec, &must_pass), "pass", "{spec}");
    }
}

#[test]
fn the_searches_take_an_offered_corner() {
    // Black may take a1, closing b1 against c1. (A deeper search plays c2 first: the
    // corner stays Black's to take.)
    let rows = ["-OX---", "-O----", "-XOX--", "--XO--", "------", "------"];
    let state = Othello::with_size(6)
        .unwrap()
        .from_text(&format!("{} X", rows.concat()))
        .unwrap();
    for spec in [
        "greedy",
        "alphabeta:depth=2,eval=corners",
        "alphabeta:depth=3,eval=mobility,order=squares",
        "alphabeta:depth=4",
    ] {
        assert_eq!(choice(spec, &state), "a1", "{spec}");
    }
}

#[test]
fn alpha_beta_solves_4x4_a_win_for_white() {
    // 4x4 Othello is a win for the second player (White) with best play.
    let start = Othello::with_size(4).unwrap();
    let decision = decide("alphabeta:depth=20,tt=1", &start);
    assert!(
        is_proven(decision.value as i32) && decision.value < 0.0,
        "{}",
        decision.value
    );
}
