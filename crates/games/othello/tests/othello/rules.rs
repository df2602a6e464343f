//! The rules case by case: the start, placements and flips, the pass, the end of the game,
//! the board's sizes, refusals, and the position text. Positions are written as the
//! position text reads them, row 1 first.

use ply_core::{Described, Game, GameError, Settings};
use ply_othello::{Move, Othello, BLACK, WHITE};

fn legal(state: &Othello) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
    names.sort();
    names
}

/// The state after `moves` from the start of `size` x `size`.
fn after(size: usize, moves: &str) -> Othello {
    let mut state = Othello::with_size(size).unwrap();
    for mv in moves.split_whitespace() {
        state
            .play_notation(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    state
}

/// The rule an illegal move breaks, checking the state did not change.
fn refusal(state: &mut Othello, text: &str) -> String {
    let before = state.clone();
    let err = state.play_notation(text).unwrap_err();
    assert_eq!(*state, before, "{text} changed the state");
    err.to_string()
}

#[test]
fn the_start_has_four_discs_in_the_centre_and_black_moves_first() {
    let start = Othello::new();
    assert_eq!(start.size(), 8);
    assert_eq!(start.variant(), "");
    assert_eq!(start.to_move(), BLACK);
    assert_eq!(
        start.to_text(),
        "---------------------------OX------XO--------------------------- X"
    );
    // As OpenSpiel lists them: d3 c4 f5 e6.
    assert_eq!(legal(&start), ["c4", "d3", "e6", "f5"]);
    let four = Othello::with_size(4).unwrap();
    assert_eq!(four.variant(), "4x4");
    assert_eq!(
        four.to_string(),
        "    a b c d\n 1  - * - -\n 2  * O X -\n 3  - X O *\n 4  - - * -\n\
         Black (X) 2, White (O) 2"
    );
    assert_eq!(Othello::with_size(6).unwrap().variant(), "6x6");
}

#[test]
fn a_disc_flips_every_line_it_closes_and_undo_restores_them() {
    // Black's f5 closes e5 (across, from d5).
    let state = after(8, "f5");
    assert_eq!(
        state.to_text(),
        "---------------------------OX------XXX-------------------------- O"
    );
    assert_eq!(legal(&state), ["d6", "f4", "f6"]);
    // c3 closes three lines at once: d3 (across, to e3), c4 (down, to c5) and d4
    // (diagonally, to e5); the lines up and to the left are empty.
    let rows = [
        "--------", "--------", "---OX---", "--OOX---", "--XXX---", "--------", "--------",
        "--------",
    ];
    let mut state = Othello::new()
        .from_text(&format!("{} X", rows.concat()))
        .unwrap();
    let before = state.clone();
    let c3 = state.parse_move("c3").unwrap();
    let cells = |names: &[&str]| {
        names
            .iter()
            .map(|name| 1u64 << state.parse_move(name).unwrap().cell)
            .fold(0, |all, bit| all | bit)
    };
    assert_eq!(c3.flips, cells(&["d3", "c4", "d4"]));
    state.play(c3);
    assert_eq!(state.discs(WHITE), 0);
    assert_eq!(state.discs(BLACK).count_ones(), 9);
    assert!(
        state.is_terminal(),
        "White has no disc left, Black no line to close"
    );
    state.undo(c3);
    assert_eq!(state, before);
}

#[test]
fn a_player_who_cannot_place_passes_and_the_pass_is_a_move() {
    // After these eight plies Black has no placement; White has e3 and f6.
    let mut state = after(8, "d3 c3 b3 b2 f5 a3 a1 c1");
    assert_eq!(state.to_move(), BLACK);
    assert_eq!(state.placements(BLACK), 0);
    assert_eq!(legal(&state), ["pass"]);
    assert!(!state.is_terminal());
    let err = refusal(&mut state, "e3");
    assert!(
        err.contains("Black cannot place a disc anywhere, so Black must pass"),
        "{err}"
    );
    let hash = ply_core::ZobristHash::zobrist(&state);
    state.play_notation("pass").unwrap();
    assert_eq!(state.to_move(), WHITE);
    assert_ne!(
        ply_core::ZobristHash::zobrist(&state),
        hash,
        "the side changed"
    );
    assert_eq!(legal(&state), ["e3", "f6"]);
    // White may not pass while it can place a disc.
    let err = refusal(&mut state, "pass");
    assert!(
        err.contains("White can place a disc (e3 f6): a player passes only when it cannot"),
        "{err}"
    );
    state.undo(Move::PASS);
    assert_eq!(state, after(8, "d3 c3 b3 b2 f5 a3 a1 c1"));
}

#[test]
fn the_game_ends_when_neither_can_place_and_more_discs_win() {
    // The shortest games end after nine plies: here Black has taken every White disc.
    let mut state = after(8, "d3 c3 b3 d2 e1 d6 d7 e3");
    state.play_notation("f4").unwrap();
    assert!(state.is_terminal());
    assert_eq!(state.discs(WHITE), 0);
    assert_eq!(state.winner(), Some(BLACK));
    assert_eq!(state.outcome().unwrap().as_slice(), &[1.0, 0.0]);
    assert!(legal(&state).is_empty());
    assert_eq!(state.play_notation("pass"), Err(GameError::GameOver));
    assert_eq!(state.play_notation("a1"), Err(GameError::GameOver));
    // A full 4x4 board: 8 discs each is a draw, 9 to 7 a win.
    let board = Othello::with_size(4).unwrap();
    let drawn = board.from_text("XXXXOOOOXXXXOOOO X").unwrap();
    assert!(drawn.is_terminal());
    assert_eq!(drawn.winner(), None);
    assert_eq!(drawn.outcome().unwrap().as_slice(), &[0.5, 0.5]);
    let won = board.from_text("XXXXOOOOXXXXOOOX O").unwrap();
    assert_eq!(won.winner(), Some(BLACK));
    // Empty cells left, but no line to close for either: over too, White ahead.
    let six = Othello::with_size(6).unwrap();
    let stuck = six
        .from_text("X-------------OO----OO-------------- X")
        .unwrap();
    assert!(stuck.is_terminal());
    assert_eq!(stuck.winner(), Some(WHITE));
}

#[test]
fn illegal_placements_name_the_rule() {
    let mut state = Othello::new();
    for (text, rule) in [
        ("d4", "d4 is taken by a White disc"),
        ("e4", "e4 is taken by a Black disc"),
        ("a1", "a disc on a1 would flip no White disc"),
        ("d6", "a disc on d6 would flip no White disc"),
        ("pass", "Black can place a disc (d3 c4 f5 e6)"),
    ] {
        let err = refusal(&mut state, text);
        assert!(err.contains(text) && err.contains(rule), "{text}: {err}");
    }
}

#[test]
fn a_move_made_up_by_a_program_is_refused_by_its_rule() {
    let mut state = Othello::with_size(6).unwrap();
    let before = state.clone();
    let d2 = state.parse_move("c2").unwrap();
    for (mv, rule) in [
        (Move { cell: 36, flips: 0 }, "the board has cells 0 to 35"),
        (
            Move {
                cell: 200,
                flips: 1,
            },
            "the board has cells 0 to 35",
        ),
        (
            Move {
                cell: d2.cell,
                flips: d2.flips | 1,
            },
            "are not the ones a disc on c2 flips",
        ),
    ] {
        let err = state.try_play(mv).unwrap_err();
        assert!(err.to_string().contains(rule), "{err}");
        assert_eq!(state, before);
    }
    state.try_play(d2).unwrap();
}

#[test]
fn boards_are_even_from_4_to_8_and_errors_name_the_setting() {
    for size in [4, 6, 8] {
        let state = Othello::with_size(size).unwrap();
        assert_eq!(state.cells(), size * size);
        assert_eq!(legal(&state).len(), 4);
    }
    for size in [0, 2, 3, 5, 7, 9, 10, 64] {
        let err = Othello::with_size(size).unwrap_err();
        let GameError::Setting { setting, .. } = &err else {
            panic!("{err}")
        };
        assert_eq!(setting, "size", "{err}");
        assert!(err.to_string().contains("even, 4 to 8"), "{err}");
    }
    assert_eq!(
        Othello::from_settings(&Settings::new()).unwrap(),
        Othello::new()
    );
    for (name, value, says) in [
        ("size", "5", "even, 4 to 8"),
        ("size", "10", "4 to 8"),
        ("size", "x", "4 to 8"),
        ("rows", "8", "no setting 'rows'"),
    ] {
        let err = Othello::from_settings(&Settings::new().with(name, value))
            .unwrap_err()
            .to_string();
        assert!(err.contains(says), "{name}={value}: {err}");
    }
}

#[test]
fn position_texts_that_cannot_arise_are_refused() {
    let board = Othello::with_size(4).unwrap();
    for (text, reason) in [
        ("-----OX--XO-----", "expected 16 cells"),
        ("-----OX--XO----- Y", "expected 16 cells"),
        ("-----OX--XO----- XO", "expected 16 cells"),
        ("-----OX--XO---- X", "expected 16 cells"),
        ("-----OX--XO----- X extra", "expected 16 cells"),
        ("-----OX--XQ----- X", "'Q' is not X, O or -"),
        ("-----O---XO----- X", "c2 empty"),
        ("----------------- X", "expected 16 cells"),
        ("---------------- O", "b2 and c2 and b3 and c3 empty"),
    ] {
        let err = board.from_text(text).map(|s| s.to_text());
        let err = err.expect_err(text).to_string();
        assert!(err.contains(reason), "{text}: {err}");
    }
    // Other spellings, and a position where the side to move must pass, are read.
    let read = board.from_text("x----ow..bw..... b").unwrap();
    assert_eq!(read.to_text(), "X----OO--XO----- X");
    let pass = after(4, "b1 c1 d3 a1");
    assert_eq!(board.from_text(&pass.to_text()).unwrap(), pass);
    assert_eq!(legal(&pass), ["pass"]);
}
