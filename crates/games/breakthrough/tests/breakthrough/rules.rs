//! The rules case by case: the start, steps and captures, the two ways to win, the board's
//! bounds, and the position text. Positions are drawn top row first, as `ply` prints them.

use ply_breakthrough::{Breakthrough, Step, BLACK, WHITE};
use ply_core::{Described, Game, GameError, Settings};

/// The position drawn as `rows` (the top row first; `b`, `w`, `.`) with `side` to move.
fn drawn(rows: &[&str], side: &str) -> Breakthrough {
    let board = Breakthrough::with_shape(rows.len(), rows[0].len()).unwrap();
    board
        .from_text(&format!("{} {side}", rows.concat()))
        .unwrap()
}

fn legal(state: &Breakthrough) -> Vec<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
    names.sort();
    names
}

/// The rule an illegal move breaks, checking the state did not change.
fn refusal(state: &mut Breakthrough, text: &str) -> String {
    let before = state.clone();
    let err = state.play_notation(text).unwrap_err();
    assert_eq!(*state, before, "{text} changed the state");
    err.to_string()
}

#[test]
fn the_start_has_two_rows_a_side_from_six_rows_and_black_moves_first() {
    let start = Breakthrough::new();
    assert_eq!((start.rows(), start.columns()), (8, 8));
    assert_eq!(
        start.to_text(),
        format!("{}{}{} b", "b".repeat(16), ".".repeat(32), "w".repeat(16))
    );
    assert_eq!(start.to_move(), BLACK);
    assert_eq!(start.variant(), "");
    let small = Breakthrough::with_shape(5, 3).unwrap();
    assert_eq!(small.to_text(), "bbb.........www b");
    assert_eq!(small.variant(), "5 rows x 3 columns");
    let six = Breakthrough::with_shape(6, 6).unwrap();
    assert_eq!(six.variant(), "6x6");
    assert_eq!(
        six.to_string(),
        " 6  b b b b b b\n 5  b b b b b b\n 4  . . . . . .\n 3  . . . . . .\n \
         2  w w w w w w\n 1  w w w w w w\n    a b c d e f"
    );
}

#[test]
fn the_first_moves_are_openspiels() {
    let openspiel = "a7a6 a7b6 b7a6 b7b6 b7c6 c7b6 c7c6 c7d6 d7c6 d7d6 d7e6 e7d6 e7e6 e7f6 \
                     f7e6 f7f6 f7g6 g7f6 g7g6 g7h6 h7g6 h7h6";
    let mut expected: Vec<&str> = openspiel.split_whitespace().collect();
    expected.sort();
    assert_eq!(legal(&Breakthrough::new()), expected);
}

#[test]
fn pieces_step_forward_and_capture_only_diagonally() {
    let mut state = drawn(&[".b..", ".wb.", "...w", "w..."], "b");
    assert_eq!(legal(&state), ["b4a3", "c3b2", "c3c2", "c3d2*"]);
    for (text, rule) in [
        (
            "b4b3",
            "b3 is taken: a piece moves straight only to an empty cell",
        ),
        ("b4c3", "c3 holds a Black piece"),
        ("c3c4", "steps to the next row (Black moves down the board)"),
        ("c3c1", "steps to the next row"),
        ("c3b3", "steps to the next row"),
        ("a1a2", "a1 holds no Black piece (Black to move)"),
        ("a2a1", "a2 holds no Black piece"),
    ] {
        let err = refusal(&mut state, text);
        assert!(err.contains(text) && err.contains(rule), "{text}: {err}");
    }
    let err = refusal(&mut state, "c3c2*");
    assert!(err.contains("c2 holds no White piece to take"), "{err}");
    let err = state.play_notation("c3a1");
    assert!(matches!(err, Err(GameError::Illegal { .. })), "{err:?}");
    // The capture mark may be left out, or written as x.
    let capture = state.parse_move("c3d2").unwrap();
    assert!(capture.capture);
    assert_eq!(state.parse_move("c3xd2").unwrap(), capture);
    state.play(capture);
    assert_eq!(state.pieces(WHITE).count_ones(), 2);
    // White moves up, and reaches its goal row: the game is over.
    assert_eq!(legal(&state), ["a1a2", "a1b2", "b3a4", "b3c4"]);
    state.play_notation("b3a4").unwrap();
    assert_eq!(state.winner(), Some(WHITE));
    assert_eq!(state.outcome().unwrap().as_slice(), &[0.0, 1.0]);
    assert!(legal(&state).is_empty());
    assert_eq!(state.play_notation("a1a2"), Err(GameError::GameOver));
}

#[test]
fn capturing_the_last_piece_wins() {
    let mut state = drawn(&["....", ".b..", "w...", "...."], "b");
    state.play_notation("b3a2*").unwrap();
    assert_eq!(state.pieces(WHITE), 0);
    assert_eq!(state.winner(), Some(BLACK));
    assert_eq!(state.outcome().unwrap().as_slice(), &[1.0, 0.0]);
}

#[test]
fn reaching_the_far_row_wins_even_past_an_enemy() {
    // On 2 rows Black's first move captures onto White's home row, which is its goal.
    let mut state = Breakthrough::with_shape(2, 2).unwrap();
    assert_eq!(legal(&state), ["a2b1*", "b2a1*"]);
    state.play_notation("a2b1*").unwrap();
    assert_eq!(state.winner(), Some(BLACK));
}

#[test]
fn boards_are_2x2_up_to_64_cells_and_errors_name_the_setting() {
    for (rows, columns) in [(2, 2), (32, 2), (2, 26), (4, 16), (8, 8), (9, 7)] {
        assert_eq!(
            Breakthrough::with_shape(rows, columns).unwrap().cells(),
            rows * columns
        );
    }
    for (rows, columns, setting, rule) in [
        (1, 8, "rows", "2 to 32 rows"),
        (33, 2, "rows", "2 to 32 rows"),
        (8, 1, "columns", "2 to 26 columns"),
        (2, 27, "columns", "2 to 26 columns"),
        (9, 8, "rows x columns", "at most 64 cells"),
        (10, 10, "rows x columns", "not 100"),
    ] {
        let err = Breakthrough::with_shape(rows, columns).unwrap_err();
        let GameError::Setting { setting: named, .. } = &err else {
            panic!("{err}")
        };
        assert_eq!(named, setting, "{err}");
        assert!(err.to_string().contains(rule), "{err}");
    }
}

#[test]
fn settings_default_to_8x8_and_are_checked_by_name() {
    assert_eq!(
        Breakthrough::from_settings(&Settings::new()).unwrap(),
        Breakthrough::new()
    );
    let six = Settings::new().with("rows", 6).with("columns", 6);
    assert_eq!(
        Breakthrough::from_settings(&six).unwrap(),
        Breakthrough::with_shape(6, 6).unwrap()
    );
    let tall = Settings::new().with("rows", 7);
    assert_eq!(Breakthrough::from_settings(&tall).unwrap().columns(), 8);
    for (name, value, says) in [
        ("rows", "33", "2 to 32"),
        ("rows", "x", "2 to 32"),
        ("columns", "0", "2 to 26"),
        ("rows", "9", "at most 64 cells"),
        ("width", "8", "no setting 'width'"),
    ] {
        let err = Breakthrough::from_settings(&Settings::new().with(name, value))
            .unwrap_err()
            .to_string();
        assert!(err.contains(says), "{name}={value}: {err}");
    }
}

#[test]
fn position_texts_that_cannot_arise_are_refused() {
    let board = Breakthrough::with_shape(4, 4).unwrap();
    for (text, reason) in [
        ("bbbb........wwww", "expected 16 cells"),
        ("bbbb........wwww x", "expected 16 cells"),
        ("bbbb........www b", "expected 16 cells"),
        ("bbbb........wwww b extra", "expected 16 cells"),
        ("bbbb....q...wwww b", "'q' is not b, w or ."),
        (
            "bbbbb.......wwww b",
            "Black has 5 pieces; a side starts with 4",
        ),
        (
            "bbb.........wwwb b",
            "Black has won, so it cannot be its turn",
        ),
        ("wbb.........wwwb w", "both sides cannot have won"),
        ("bbbb............ b", "Black has won"),
        ("................ b", "both sides cannot have won"),
    ] {
        let err = board.from_text(text).map(|s| s.to_text());
        let err = err.expect_err(text).to_string();
        assert!(err.contains(reason), "{text}: {err}");
    }
    // Upper case and a finished game are read.
    let won = board.from_text("BBB.........WWWB W").unwrap();
    assert_eq!(won.winner(), Some(BLACK));
}

#[test]
fn a_step_made_up_by_a_program_is_refused_by_its_rule() {
    let mut state = Breakthrough::with_shape(6, 6).unwrap();
    let before = state.clone();
    for (from, to, capture, rule) in [
        (40, 34, false, "the board has cells 0 to 35"),
        (30, 255, false, "the board has cells 0 to 35"),
        // b5 to b4 marked as a capture, b4 being empty.
        (
            25,
            19,
            true,
            "the capture mark does not match the board: b4 is empty",
        ),
    ] {
        let err = state.try_play(Step { from, to, capture }).unwrap_err();
        assert!(err.to_string().contains(rule), "{err}");
        assert_eq!(state, before);
    }
}
