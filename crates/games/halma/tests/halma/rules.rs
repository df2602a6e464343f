//! The rules of FAUhalma (crates/games/halma/README.md), one test per rule.

use ply_core::{Game, GameError, ZobristHash};
use ply_halma::{cells_of, BoardKind, Cell, Halma, HalmaMove, HalmaSettings};

fn position(kind: BoardKind, players: usize, json: &str) -> Halma {
    Halma::new(kind, players)
        .unwrap()
        .from_text(json)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn cell(state: &Halma, x: i8, y: i8) -> Cell {
    state.board().cell_at(x, y).expect("on the board")
}

fn coords_of(state: &Halma, set: u128) -> Vec<(i8, i8)> {
    cells_of(set).map(|c| state.board().coords(c)).collect()
}

#[test]
fn fauhalma_start_has_six_steps_and_four_hops() {
    for kind in [BoardKind::Star, BoardKind::Rhombus] {
        let state = Halma::new(kind, 2).unwrap();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert_eq!(moves.len(), 10, "{kind}");
        let hops = moves
            .iter()
            .filter(|m| state.board().distance(m.from, m.to) == 2)
            .count();
        assert_eq!(hops, 4, "{kind}");
    }
}

#[test]
fn settings_are_checked() {
    let err = Halma::new(BoardKind::Rhombus, 3).unwrap_err().to_string();
    assert!(err.contains("players") && err.contains("rhombus"), "{err}");
    let err = Halma::new(BoardKind::Star121, 5).unwrap_err().to_string();
    assert!(err.contains("2, 3, 4 or 6"), "{err}");
    let bad_first = HalmaSettings {
        first_player: 2,
        ..HalmaSettings::default()
    };
    assert!(Halma::with_settings(BoardKind::Star, 2, bad_first).is_err());
    let c_first = HalmaSettings {
        first_player: 2,
        ..HalmaSettings::default()
    };
    let state = Halma::with_settings(BoardKind::Star, 3, c_first).unwrap();
    assert_eq!(state.to_move(), 2);
}

/// A peg hops four times in a row, turning once; the chain is printed in full.
#[test]
fn long_hop_chain() {
    let state = position(
        BoardKind::Star,
        2,
        r#"{"A": [[0,-3],[0,-2],[0,0],[0,2],[-1,3],[3,-6]],
            "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#,
    );
    let from = cell(&state, 0, -3);
    let dest = state.destinations(from);
    for (x, y) in [(0, -1), (0, 1), (0, 3), (-2, 3)] {
        assert!(dest & (1u128 << cell(&state, x, y)) != 0, "({x},{y})");
    }
    let mv = HalmaMove::new(from, cell(&state, -2, 3));
    assert_eq!(state.format_move(mv), "[[0,-3],[0,-1],[0,1],[0,3],[-2,3]]");
    assert_eq!(state.parse_move(&state.format_move(mv)).unwrap(), mv);
    assert_eq!(state.parse_move("0,-3 -2,3").unwrap(), mv);
    let mut after = state.clone();
    after.try_play(mv).unwrap();
    assert_eq!(after.owner(cell(&state, -2, 3)), Some(0));
    after.undo(mv);
    assert_eq!(after, state);
}

/// Three pegs round the start let a chain come back to it; landing there again is not
/// allowed, the start is never a destination, and each destination is one move.
#[test]
fn chain_that_comes_back_to_its_start() {
    let state = position(
        BoardKind::Star,
        2,
        r#"{"A": [[0,0],[1,0],[2,-1],[1,-1],[3,-6],[3,-5]],
            "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#,
    );
    let from = cell(&state, 0, 0);
    let hops = state.hop_destinations(from);
    assert_eq!(coords_of(&state, hops), vec![(2, -2), (2, 0)]);
    assert_eq!(state.destinations(from) & (1u128 << from), 0);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut pairs: Vec<_> = moves.iter().map(|m| (m.from, m.to)).collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), moves.len(), "no destination twice");
    // The direct hop is printed, not the loop through (2,0).
    let mv = HalmaMove::new(from, cell(&state, 2, -2));
    assert_eq!(state.format_move(mv), "[[0,0],[2,-2]]");
    let err = state
        .check_move(HalmaMove::new(from, from))
        .unwrap_err()
        .to_string();
    assert!(err.contains("another cell"), "{err}");
}

const SWAP_POSITION: &str = r#"{"A": [[-1,3],[1,2],[0,3],[3,-6],[3,-5],[2,-5]],
    "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#;

#[test]
fn swap_rule_exchanges_pegs_in_the_movers_home() {
    let state = position(BoardKind::Star, 2, SWAP_POSITION);
    let (peg, target) = (cell(&state, -1, 3), cell(&state, -1, 4));
    let mv = HalmaMove::new(peg, target);
    assert!(state.check_move(mv).is_ok());
    let mut after = state.clone();
    after.play(mv);
    assert_eq!(after.owner(target), Some(0));
    assert_eq!(after.owner(peg), Some(1), "B's peg goes to A's start cell");
    assert_eq!(after.zobrist(), after.zobrist_from_scratch());
    after.undo(mv);
    assert_eq!(after, state);
    assert_eq!(after.zobrist(), state.zobrist());
    // Outside A's home an occupied cell stays occupied.
    let blocked = HalmaMove::new(cell(&state, 1, 2), cell(&state, 0, 3));
    let err = state.check_move(blocked).unwrap_err().to_string();
    assert!(err.contains("own peg"), "{err}");
}

#[test]
fn swap_cell_ends_a_chain_unless_the_setting_allows_more() {
    let state = position(BoardKind::Star, 2, SWAP_POSITION);
    let from = cell(&state, 1, 2);
    let hops = state.hop_destinations(from);
    let has = |set: u128, x, y| set & (1u128 << cell(&state, x, y)) != 0;
    assert!(has(hops, -1, 4), "a swap cell is a destination");
    assert!(
        !has(hops, -3, 6) && !has(hops, -3, 4),
        "but not a stepping stone"
    );

    let settings = HalmaSettings {
        swap_cells_mid_chain: true,
        ..HalmaSettings::default()
    };
    let open = Halma::with_settings(BoardKind::Star, 2, settings)
        .unwrap()
        .from_text(SWAP_POSITION)
        .unwrap();
    let hops = open.hop_destinations(from);
    assert!(has(hops, -1, 4) && has(hops, -3, 6) && has(hops, -3, 4));
    let mv = HalmaMove::new(from, cell(&state, -3, 6));
    assert_eq!(open.format_move(mv), "[[1,2],[-1,4],[-3,6]]");
}

/// B's pegs fill the lower-right point and A and C wall it in: B drops out, scores 0, and
/// A and C play on.
#[test]
fn blocked_player_drops_out_and_scores_nothing() {
    let mut state = position(
        BoardKind::Star,
        3,
        r#"{"A": [[3,0],[3,-1],[3,-2],[3,-3],[2,1],[1,-4]],
            "B": [[4,-1],[4,-2],[4,-3],[5,-2],[5,-3],[6,-3]],
            "C": [[2,0],[2,-1],[2,-2],[2,-3],[-5,3],[-6,3]], "turn": "A"}"#,
    );
    assert!(!state.has_any_move(1));
    assert!(
        !state.has_dropped_out(1),
        "B is only dropped when its turn comes"
    );
    let mv = state.parse_move("1,-4 1,-3").unwrap();
    let before = state.clone();
    state.try_play(mv).unwrap();
    assert!(state.has_dropped_out(1));
    assert_eq!(state.to_move(), 2, "B's turn is skipped");
    assert!(!state.is_terminal());
    assert_eq!(state.zobrist(), state.zobrist_from_scratch());
    let mut undone = state.clone();
    undone.undo(mv);
    assert_eq!(undone, before);
    assert_eq!(undone.zobrist(), before.zobrist());
    // Play the game out at random: B never moves again and comes last.
    let mut moves = Vec::new();
    let mut i = 0usize;
    while !state.is_terminal() {
        state.legal_moves(&mut moves);
        assert_ne!(state.to_move(), 1);
        state.play(moves[(i * 7919) % moves.len()]);
        i += 1;
    }
    let scores = state.outcome().unwrap();
    assert_eq!(scores.get(1), 0.0);
    assert_eq!(scores.total(), 3.0);
}

/// A finishes first (2 points), B second (1), C last (0); a finished player is skipped.
#[test]
fn three_player_ranking_scores_two_one_zero() {
    let mut state = position(
        BoardKind::Star,
        3,
        r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,3]],
            "B": [[-3,-3],[-2,-3],[-3,-2],[-1,-3],[-2,-2],[-2,-1]],
            "C": [[-4,1],[-4,2],[-4,3],[-5,2],[-5,3],[-6,3]]}"#,
    );
    state.play_notation("[[-1,3],[-1,4]]").unwrap();
    assert!(state.has_finished(0));
    assert!(!state.is_terminal(), "the others play on for second place");
    assert_eq!(state.to_move(), 1);
    state.play_notation("-2,-1 -1,-1").unwrap();
    assert_eq!(state.to_move(), 2);
    state.play_notation("-4,1 -3,1").unwrap();
    assert_eq!(state.to_move(), 1, "A has finished and is skipped");
    state.play_notation("-1,-1 -2,-1").unwrap();
    state.play_notation("-3,1 -4,1").unwrap();
    state.play_notation("-2,-1 -3,-1").unwrap();
    assert!(state.is_terminal());
    assert_eq!(state.outcome().unwrap().as_slice(), &[2.0, 1.0, 0.0]);
    assert!(matches!(
        state.check_move(HalmaMove::new(0, 1)),
        Err(GameError::GameOver)
    ));
}

#[test]
fn two_player_win_and_move_limit() {
    let mut state = position(
        BoardKind::Rhombus,
        2,
        r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,3]],
            "B": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[0,-1]]}"#,
    );
    state.play_notation("-1,3 -1,4").unwrap();
    assert_eq!(state.outcome().unwrap().as_slice(), &[1.0, 0.0]);

    let settings = HalmaSettings {
        max_plies: 4,
        ..HalmaSettings::default()
    };
    let mut short = Halma::with_settings(BoardKind::Star, 2, settings).unwrap();
    for text in ["3,-4 3,-3", "-3,4 -3,3", "3,-3 3,-2", "-3,3 -3,2"] {
        assert!(!short.is_terminal());
        short.play_notation(text).unwrap();
    }
    assert!(short.is_terminal(), "the move limit ends the game");
    assert_eq!(
        short.outcome().unwrap().as_slice(),
        &[0.5, 0.5],
        "equal pegs home: a draw"
    );
}

#[test]
fn illegal_moves_name_the_rule() {
    let state = Halma::new(BoardKind::Star, 2).unwrap();
    for (text, needle) in [
        ("-3,6 -3,5", "B's"),
        ("0,0 0,1", "no peg"),
        ("3,-6 3,-2", "no step or hop chain"),
        ("3,-4 2,-4", "own peg"),
    ] {
        let err = state.play_notation_checked(text);
        assert!(err.contains(needle), "{text}: {err}");
    }
}

trait CheckedText {
    fn play_notation_checked(&self, text: &str) -> String;
}

impl CheckedText for Halma {
    fn play_notation_checked(&self, text: &str) -> String {
        let mut copy = self.clone();
        match copy.play_notation(text) {
            Ok(_) => "accepted".into(),
            Err(e) => {
                assert_eq!(&copy, self, "a refused move changes nothing");
                e.to_string()
            }
        }
    }
}

#[test]
fn positions_round_trip_and_bad_ones_are_named() {
    let mut state = Halma::new(BoardKind::Star, 3).unwrap();
    for text in ["3,-4 3,-3", "1,3 1,2"] {
        state.play_notation(text).unwrap();
    }
    let text = state.to_text();
    assert_eq!(state.from_text(&text).unwrap(), state);
    let short = ply_halma::notation::position_to_json(&state, false);
    let read = state.from_text(&short).unwrap();
    assert_eq!(read.to_move(), state.to_move());
    assert_eq!(read.occupied(), state.occupied());

    let start = Halma::new(BoardKind::Star, 2).unwrap();
    for (json, needle) in [
        ("{\"A\": [[3,-6]", "not valid JSON"),
        ("[1,2]", "JSON object"),
        (r#"{"A": [[9,9]]}"#, "[9,9]"),
        (r#"{"A": [[3,-6],[3,-6]]}"#, "two pegs"),
        (r#"{"A": [[3,-6]], "B": []}"#, "has 1 pegs"),
        (r#"{"C": []}"#, "'C' is not a player"),
        (
            r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]]}"#,
            "pegs of B are missing",
        ),
    ] {
        let err = start.from_text(json).unwrap_err().to_string();
        assert!(err.contains(needle), "{json}: {err}");
    }
}

/// `finished` must agree with the pegs: no played game marks a player finished before every
/// peg is home, nor leaves a player with every peg home unmarked (unless it dropped out).
#[test]
fn finished_entries_must_agree_with_the_pegs() {
    let start = Halma::new(BoardKind::Star, 3).unwrap();
    let text = start.to_text();
    assert!(text.contains(r#""finished":{}"#), "{text}");
    let claimed = text.replace(r#""finished":{}"#, r#""finished":{"B":0}"#);
    let before = start.clone();
    let err = start.from_text(&claimed).unwrap_err().to_string();
    assert!(
        err.contains("B is marked finished") && err.contains("0 of its 6 pegs home"),
        "{err}"
    );
    assert_eq!(start, before, "a refused position changes nothing");

    let mut state = position(
        BoardKind::Star,
        3,
        r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,3]],
            "B": [[-3,-3],[-2,-3],[-3,-2],[-1,-3],[-2,-2],[-2,-1]],
            "C": [[-4,1],[-4,2],[-4,3],[-5,2],[-5,3],[-6,3]]}"#,
    );
    state.play_notation("[[-1,3],[-1,4]]").unwrap();
    let text = state.to_text();
    assert_eq!(
        state.from_text(&text).unwrap(),
        state,
        "a real finish reads back"
    );
    assert!(text.contains(r#""finished":{"A":1}"#), "{text}");
    let unmarked = text.replace(r#""finished":{"A":1}"#, r#""finished":{}"#);
    let err = state.from_text(&unmarked).unwrap_err().to_string();
    assert!(
        err.contains("A has every peg home but is not marked finished"),
        "{err}"
    );
    // A player who dropped out may have its pegs carried home by swaps.
    let dropped = unmarked.replace(r#""dropped":{}"#, r#""dropped":{"A":1}"#);
    assert!(state.from_text(&dropped).is_ok(), "{dropped}");
}

#[test]
fn display_draws_every_cell_with_coordinates() {
    let state = Halma::new(BoardKind::Star, 3).unwrap();
    let drawing = state.to_string();
    let marks = |c: char| drawing.chars().filter(|&ch| ch == c).count();
    assert_eq!(marks('A'), 6 + 2, "six pegs and two in the status line");
    assert_eq!(
        marks('.'),
        73 - 18 + 2 * 13,
        "empty cells and two dots per row"
    );
    assert!(drawing.contains("-3..-3"), "{drawing}");
}
