//! The catalog and the ladder: every level plays a legal move, and the searches see the
//! wins and the defences a game turns on. Searches are bounded by depth or nodes, never by
//! the clock.

use ply_breakthrough::{catalog, ladder::LADDER, Breakthrough};
use ply_core::{Game, SearchLimits};

fn drawn(rows: &[&str], side: &str) -> Breakthrough {
    let board = Breakthrough::with_shape(rows.len(), rows[0].len()).unwrap();
    board
        .from_text(&format!("{} {side}", rows.concat()))
        .unwrap()
}

/// The move `spec` chooses in `state`.
fn choice(spec: &str, state: &Breakthrough) -> String {
    let mut agent = catalog().build(spec, 1).unwrap();
    let decision = agent.select(state, &SearchLimits::none()).unwrap();
    assert!(state.check_move(decision.mv).is_ok(), "{spec}");
    state.format_move(decision.mv)
}

#[test]
fn every_level_plays_a_legal_move() {
    let mut state = Breakthrough::with_shape(6, 6).unwrap();
    for rung in LADDER {
        // The top rung searches for a second: bound it by nodes instead.
        let spec = if rung.id == "strongest" {
            "strongest:nodes=3000"
        } else {
            rung.spec
        };
        let mv = choice(spec, &state);
        state.play_notation(&mv).unwrap();
    }
    assert_eq!(LADDER.last().unwrap().id, "strongest");
}

#[test]
fn the_searches_take_a_win_and_stop_a_breakthrough() {
    // Black to move can step onto row 1 from b2.
    let win = drawn(
        &["b.....", "......", "...w..", "..w...", ".b....", "....ww"],
        "b",
    );
    // White to move must take the black piece on d2, which would win next move.
    let defend = drawn(
        &["bb....", "......", "......", "..w...", "...b..", "w...ww"],
        "w",
    );
    for spec in [
        "alphabeta:depth=2",
        "alphabeta:depth=2,eval=material,order=captures",
        "strongest:nodes=20000",
        "mcts:iterations=2000",
    ] {
        assert!(choice(spec, &win).starts_with("b2"), "{spec}");
        assert_eq!(choice(spec, &defend), "e1d2*", "{spec}");
    }
}
