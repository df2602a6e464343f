//! Tic-tac-toe against its published counts and the conformance kit; the other m,n,k
//! shapes (Gomoku included) in `rules/shapes.rs`.

#[path = "rules/shapes.rs"]
mod shapes;

use std::collections::HashSet;

use ply_core::conformance::{
    check_encoding, check_game, check_hashing, check_records, ConformanceConfig,
};
use ply_core::{perft, Game, GameError, Settings, ZobristHash};
use ply_tictactoe::TicTacToe;

#[test]
fn perft_matches_published_counts() {
    let expected = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    let mut state = TicTacToe::new();
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&mut state, depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
    assert_eq!(perft(&mut state, 10), 0, "no game lasts ten plies");
}

fn walk(state: &mut TicTacToe, seen: &mut HashSet<u64>, games: &mut u64) {
    seen.insert(state.zobrist());
    if state.is_terminal() {
        *games += 1;
        return;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    for mv in moves {
        state.play(mv);
        walk(state, seen, games);
        state.undo(mv);
    }
}

#[test]
fn reachable_states_and_complete_games() {
    let mut seen = HashSet::new();
    let mut games = 0;
    walk(&mut TicTacToe::new(), &mut seen, &mut games);
    assert_eq!(
        seen.len(),
        5478,
        "reachable states, the empty board included"
    );
    assert_eq!(games, 255168, "complete games");
}

#[test]
fn conformance_kit() {
    let config = ConformanceConfig {
        games: 300,
        ..Default::default()
    };
    check_game(&TicTacToe::new(), &config);
    check_hashing(&TicTacToe::new(), &config);
    check_encoding(&TicTacToe::new(), &config);
    check_records::<TicTacToe>(&Settings::new(), &config);
}

#[test]
fn illegal_moves_name_the_rule_and_change_nothing() {
    let mut s = TicTacToe::new();
    s.play_notation("b2").unwrap();
    let before = s.clone();
    let err = s.play_notation("b2").unwrap_err();
    assert!(err.to_string().contains("already marked X"), "{err}");
    assert!(matches!(
        s.play_notation("d4"),
        Err(GameError::Parse { .. })
    ));
    assert_eq!(s, before);

    let mut won = TicTacToe::from_cells(&[0, 3, 1, 4, 2]).unwrap();
    assert_eq!(won.outcome().unwrap().as_slice(), &[1.0, 0.0]);
    assert_eq!(won.play_notation("c1"), Err(GameError::GameOver));
}

#[test]
fn text_form_rejects_impossible_positions() {
    let t = TicTacToe::new();
    assert!(t.from_text("xxx......").is_err(), "too many X");
    assert!(t.from_text("xxxooo...").is_err(), "two winners");
    assert!(t.from_text("x.o").is_err(), "short");
    assert!(t.from_text("x.o.z....").is_err(), "bad char");
    assert_eq!(t.from_text("x...o....").unwrap().to_move(), 0);
}
