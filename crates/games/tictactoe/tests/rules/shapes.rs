//! The m,n,k-game beyond 3x3: settings and their errors, perft against an independent
//! brute-force counter, the conformance kit, notation, freestyle Gomoku lines, and searches
//! on 15x15.

use std::time::{Duration, Instant};

use ply_core::conformance::{check_encoding, check_game, check_hashing, ConformanceConfig};
use ply_core::{perft, Game, GameError, SearchLimits};
use ply_tictactoe::{catalog, Cell, TicTacToe, MAX_SIDE};

fn gomoku() -> TicTacToe {
    let (w, h, k) = TicTacToe::GOMOKU;
    TicTacToe::with_shape(w, h, k).unwrap()
}

/// The setting an error names and its message.
fn setting_error(result: Result<TicTacToe, GameError>) -> (String, String) {
    match result {
        Err(err @ GameError::Setting { .. }) => {
            let GameError::Setting { ref setting, .. } = err else {
                unreachable!()
            };
            (setting.clone(), err.to_string())
        }
        Err(other) => panic!("not a setting error: {other}"),
        Ok(state) => panic!("accepted: {}", state.variant()),
    }
}

#[test]
fn shapes_and_their_accessors() {
    let standard = TicTacToe::new();
    assert_eq!(
        (standard.width(), standard.height(), standard.k()),
        TicTacToe::standard()
    );
    assert_eq!(TicTacToe::with_shape(3, 3, 3).unwrap(), standard);
    assert_eq!(TicTacToe::from_options(None, None, None).unwrap(), standard);
    assert_eq!(standard.variant(), "");
    let g = gomoku();
    assert_eq!((g.width(), g.height(), g.k(), g.cells()), (15, 15, 5, 225));
    assert_eq!(g.variant(), "15x15, 5 in a row");
    assert_eq!(
        TicTacToe::from_options(Some(15), Some(15), Some(5)).unwrap(),
        g
    );
    let tall = TicTacToe::from_options(None, Some(7), None).unwrap();
    assert_eq!((tall.width(), tall.height(), tall.k()), (3, 7, 3));
    let biggest = TicTacToe::with_shape(MAX_SIDE, MAX_SIDE, MAX_SIDE).unwrap();
    assert_eq!(biggest.cells(), 361);
    assert!(TicTacToe::with_shape(1, 3, 3).is_ok());
    assert!(TicTacToe::with_shape(19, 1, 19).is_ok());
}

#[test]
fn bad_shapes_name_the_setting_and_the_range() {
    for width in [0, 20, usize::MAX] {
        let (setting, err) = setting_error(TicTacToe::with_shape(width, 3, 3));
        assert_eq!(setting, "width", "{err}");
        assert!(err.contains(&width.to_string()), "{err}");
        assert!(err.contains("the board has 1 to 19 columns"), "{err}");
    }
    for height in [0, 20, usize::MAX] {
        let (setting, err) = setting_error(TicTacToe::with_shape(3, height, 3));
        assert_eq!(setting, "height", "{err}");
        assert!(err.contains("the board has 1 to 19 rows"), "{err}");
    }
    for (width, height) in [(1, 1), (2, 2), (1, 2), (2, 1)] {
        for k in [0, 3, 4] {
            let (setting, err) = setting_error(TicTacToe::with_shape(width, height, k));
            assert_eq!(setting, "width x height", "{err}");
            assert!(err.contains(&format!("{width}x{height}")), "{err}");
            assert!(err.contains("at least 3"), "{err}");
        }
    }
    for k in [0, 1, 2] {
        let (setting, err) = setting_error(TicTacToe::with_shape(15, 15, k));
        assert_eq!(setting, "k", "{err}");
        assert!(
            err.contains("at least 3") && err.contains("3 to 15"),
            "{err}"
        );
    }
    for (width, height, k) in [(3, 3, 4), (15, 15, 16), (4, 2, 5), (19, 19, 20)] {
        let (setting, err) = setting_error(TicTacToe::with_shape(width, height, k));
        assert_eq!(setting, "k", "{err}");
        let longest = width.max(height);
        assert!(
            err.contains(&format!("{width}x{height}")) && err.contains(&format!("3 to {longest}")),
            "{err}"
        );
    }
    // Through the front ends' constructor: the same errors.
    let (setting, _) = setting_error(TicTacToe::from_options(Some(2), Some(2), None));
    assert_eq!(setting, "width x height");
    let (setting, _) = setting_error(TicTacToe::from_options(Some(3), Some(3), Some(4)));
    assert_eq!(setting, "k");
    // A k alone gets a board it fits (sides not given are at least k, at most 19).
    let four = TicTacToe::from_options(None, None, Some(4)).unwrap();
    assert_eq!((four.width(), four.height(), four.k()), (4, 4, 4));
    let narrow = TicTacToe::from_options(Some(3), None, Some(5)).unwrap();
    assert_eq!((narrow.width(), narrow.height(), narrow.k()), (3, 5, 5));
    let (setting, err) = setting_error(TicTacToe::from_options(None, None, Some(20)));
    assert_eq!(setting, "k", "{err}");
    assert!(err.contains("19x19") && err.contains("3 to 19"), "{err}");
}

/// An independent m,n,k-game: a vector of cells, a whole-board scan for a line after every
/// move. Counts the move sequences of exactly `depth` plies, as perft does.
struct Plain {
    width: usize,
    height: usize,
    k: usize,
    cells: Vec<Option<usize>>,
}

impl Plain {
    fn new(width: usize, height: usize, k: usize) -> Self {
        Plain {
            width,
            height,
            k,
            cells: vec![None; width * height],
        }
    }

    fn at(&self, col: isize, row: isize) -> Option<Option<usize>> {
        let inside =
            col >= 0 && row >= 0 && (col as usize) < self.width && (row as usize) < self.height;
        inside.then(|| self.cells[row as usize * self.width + col as usize])
    }

    fn someone_won(&self) -> bool {
        for row in 0..self.height as isize {
            for col in 0..self.width as isize {
                let Some(Some(player)) = self.at(col, row) else {
                    continue;
                };
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..self.k as isize)
                        .all(|i| self.at(col + i * dc, row + i * dr) == Some(Some(player)))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn perft(&mut self, depth: u32, mover: usize) -> u64 {
        if self.someone_won() || self.cells.iter().all(Option::is_some) {
            return 0;
        }
        if depth == 0 {
            return 1;
        }
        let mut count = 0;
        for i in 0..self.cells.len() {
            if self.cells[i].is_none() {
                self.cells[i] = Some(mover);
                count += if depth == 1 {
                    1
                } else {
                    self.perft(depth - 1, 1 - mover)
                };
                self.cells[i] = None;
            }
        }
        count
    }
}

#[test]
fn perft_of_other_shapes_matches_a_brute_force_counter() {
    // (width, height, k, deepest depth checked): whole games on the boards of one column or row.
    for (w, h, k, deepest) in [
        (4, 3, 3, 6),
        (3, 4, 3, 6),
        (4, 4, 3, 5),
        (4, 4, 4, 5),
        (5, 4, 4, 4),
        (5, 1, 3, 5),
        (1, 6, 3, 6),
        (2, 5, 3, 7),
        (7, 2, 4, 5),
    ] {
        let mut state = TicTacToe::with_shape(w, h, k).unwrap();
        for depth in 1..=deepest {
            let expected = Plain::new(w, h, k).perft(depth, 0);
            assert_eq!(
                perft(&mut state, depth),
                expected,
                "{w}x{h} k={k} depth {depth}"
            );
        }
    }
}

#[test]
fn conformance_kit_on_other_shapes() {
    for (w, h, k, games, max_plies) in [
        (4, 4, 3, 200, 400),
        (5, 4, 4, 200, 400),
        (3, 7, 3, 100, 400),
        (15, 15, 5, 12, 120),
        (19, 19, 19, 2, 60),
    ] {
        let start = TicTacToe::with_shape(w, h, k).unwrap();
        let config = ConformanceConfig {
            games,
            max_plies,
            ..Default::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
    }
}

#[test]
fn notation_on_15x15() {
    let g = gomoku();
    assert_eq!(g.parse_move("o15").unwrap(), 14, "top-right");
    assert_eq!(g.parse_move("a15").unwrap(), 0, "top-left");
    assert_eq!(g.parse_move("a1").unwrap(), 14 * 15, "bottom-left");
    assert_eq!(g.parse_move("H8").unwrap(), 7 * 15 + 7, "centre");
    for cell in 0..225 as Cell {
        assert_eq!(g.parse_move(&g.format_move(cell)).unwrap(), cell);
    }
    assert_eq!(g.format_move(14), "o15");
    for bad in ["p1", "a16", "a0", "15", "o", "oo15", "a-1"] {
        let err = g.parse_move(bad).unwrap_err().to_string();
        assert!(err.contains(bad), "{err}");
    }
    // The 19x19 board's last column is s.
    let go = TicTacToe::with_shape(19, 19, 5).unwrap();
    assert_eq!(go.format_move(18), "s19");
    assert_eq!(go.parse_move("s1").unwrap(), 18 * 19 + 18);
}

/// Plays `moves` (X's and O's alternately) and returns the state.
fn after(start: &TicTacToe, moves: &[&str]) -> TicTacToe {
    let mut state = start.clone();
    for mv in moves {
        state
            .play_notation(mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    state
}

/// X's five (or more) along `xs`, O answering far away on `os`: the game ends with X's last
/// move and not before.
fn x_wins_with(xs: &[&str], os: &[&str]) {
    let g = gomoku();
    let mut moves = Vec::new();
    for (i, x) in xs.iter().enumerate() {
        moves.push(*x);
        if i + 1 < xs.len() {
            moves.push(os[i]);
        }
    }
    let before = after(&g, &moves[..moves.len() - 1]);
    assert!(!before.is_terminal(), "{xs:?}");
    let won = after(&g, &moves);
    assert_eq!(won.outcome().unwrap().as_slice(), &[1.0, 0.0], "{xs:?}");
    // The same position read from text is won too.
    let read = g.from_text(&won.to_text()).unwrap();
    assert_eq!(read.outcome(), won.outcome());
}

#[test]
fn gomoku_fives_in_every_direction() {
    let os = ["a1", "a3", "a5", "a7", "a9", "a11"];
    // Horizontal, finished in the middle.
    x_wins_with(&["d8", "e8", "g8", "h8", "f8"], &os);
    // Vertical, on the right edge.
    x_wins_with(&["o1", "o2", "o3", "o4", "o5"], &os);
    // Diagonal up-right, ending in the corner.
    x_wins_with(&["k11", "l12", "m13", "n14", "o15"], &os);
    // Diagonal down-right.
    x_wins_with(&["c10", "d9", "f7", "g6", "e8"], &os);
    // Four is not enough.
    let four = after(&gomoku(), &["d8", "a1", "e8", "a3", "f8", "a5", "g8"]);
    assert!(!four.is_terminal());
    // A broken five (a gap) is not a line.
    let gap = after(
        &gomoku(),
        &["d8", "a1", "e8", "a3", "g8", "a5", "h8", "a7", "j8"],
    );
    assert!(!gap.is_terminal());
}

#[test]
fn freestyle_six_in_a_row_wins() {
    // X has d8 e8 f8 and h8 i8 (two apart, O elsewhere); g8 makes six.
    x_wins_with(
        &["d8", "e8", "f8", "h8", "i8", "g8"],
        &["a1", "a3", "a5", "a7", "a9"],
    );
    // O wins too: the second player's five.
    let o_wins = after(
        &gomoku(),
        &["a1", "h4", "a3", "h5", "a5", "h6", "a7", "h7", "c9", "h8"],
    );
    assert_eq!(o_wins.outcome().unwrap().as_slice(), &[0.0, 1.0]);
}

#[test]
fn text_and_display_on_big_boards() {
    let g = after(&gomoku(), &["h8", "h9"]);
    let text = g.to_text();
    assert_eq!(text.len(), 225);
    let back = gomoku().from_text(&text).unwrap();
    assert_eq!(back, g);
    assert!(gomoku().from_text(&text[1..]).is_err());
    let drawn = g.to_string();
    assert!(drawn.contains("15") && drawn.contains('o'), "{drawn}");
    // A 5x4 board with 4 in a row: a full board without a line is a draw.
    let start = TicTacToe::with_shape(5, 4, 4).unwrap();
    let drawn = start.from_text("xxoox ooxxo xxoox ooxxo".replace(' ', "").as_str());
    let drawn = drawn.unwrap();
    assert_eq!(drawn.outcome().unwrap().as_slice(), &[0.5, 0.5]);
}

fn select(spec: &str, state: &TicTacToe) -> (String, Duration) {
    let mut agent = catalog().build(spec, 1).unwrap();
    let started = Instant::now();
    let decision = agent.select(state, &SearchLimits::none()).unwrap();
    (state.format_move(decision.mv), started.elapsed())
}

#[test]
fn alpha_beta_takes_an_immediate_win_on_15x15() {
    // X: f8 g8 h8 i8 (an open four); O has three in column b. X to move.
    let state = after(&gomoku(), &["f8", "b2", "g8", "b3", "h8", "b4", "i8", "b9"]);
    for spec in [
        "alphabeta:depth=2,order=center-corner",
        "near:depth=3",
        "near:depth=1",
    ] {
        let (mv, _) = select(spec, &state);
        assert!(mv == "e8" || mv == "j8", "{spec}: {mv}");
    }
}

#[test]
fn alpha_beta_blocks_an_immediate_loss_on_15x15() {
    // O has four in a row on column c (c2 to c5), closed at c1 by X: only c6 saves X.
    let state = after(
        &gomoku(),
        &["h8", "c2", "c1", "c3", "k4", "c4", "m12", "c5"],
    );
    assert_eq!(state.to_move(), 0);
    for spec in [
        "alphabeta:depth=2,order=center-corner",
        "near:depth=2",
        "near:depth=4",
    ] {
        let (mv, _) = select(spec, &state);
        assert_eq!(mv, "c6", "{spec}");
    }
}

#[test]
fn searches_answer_quickly_on_15x15() {
    let state = after(&gomoku(), &["h8", "i9", "g7"]);
    for spec in [
        "near",
        "mcts:iterations=2000",
        "alphabeta:depth=2",
        "strongest",
    ] {
        let (mv, took) = select(spec, &state);
        assert!(state.parse_move(&mv).is_ok());
        assert!(took < Duration::from_secs(20), "{spec}: {took:?}");
    }
    // The empty board: near plays the centre.
    assert_eq!(select("near", &gomoku()).0, "h8");
}
