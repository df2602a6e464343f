//! The classic rules (crates/games/halma/README.md, "Rule sets and settings"): no swaps, a blocked player passes, the
//! first player home ends the game, the move limit is a draw.

use ply_core::{Game, ZobristHash};
use ply_halma::{BoardKind, Cell, Halma, HalmaMove, HalmaSettings, RuleSet};

fn classic() -> HalmaSettings {
    HalmaSettings {
        rules: RuleSet::Classic,
        ..HalmaSettings::default()
    }
}

fn position(kind: BoardKind, players: usize, settings: HalmaSettings, json: &str) -> Halma {
    Halma::with_settings(kind, players, settings)
        .unwrap()
        .from_text(json)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn cell(state: &Halma, x: i8, y: i8) -> Cell {
    state.board().cell_at(x, y).expect("on the board")
}

/// A's peg next to B's peg in A's home: FAUhalma swaps them, the classic rules refuse.
const SWAP_POSITION: &str = r#"{"A": [[-1,3],[1,2],[0,3],[3,-6],[3,-5],[2,-5]],
    "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#;

#[test]
fn no_swaps() {
    let kind = BoardKind::Star;
    let fau = position(kind, 2, HalmaSettings::default(), SWAP_POSITION);
    let cls = position(kind, 2, classic(), SWAP_POSITION);
    let mv = HalmaMove::new(cell(&fau, -1, 3), cell(&fau, -1, 4));
    assert!(fau.check_move(mv).is_ok());
    let err = cls.check_move(mv).unwrap_err().to_string();
    assert!(err.contains("classic rules have no swaps"), "{err}");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    fau.legal_moves(&mut a);
    cls.legal_moves(&mut b);
    assert!(a.contains(&mv) && !b.contains(&mv));
    assert!(
        b.iter().all(|m| a.contains(m)),
        "classic moves are FAUhalma's minus swaps"
    );
}

/// B is walled in on the 3-player star: FAUhalma drops B out, the classic rules let B pass
/// and come back once it can move.
#[test]
fn a_blocked_player_passes() {
    let json = r#"{"A": [[3,0],[3,-1],[3,-2],[3,-3],[2,1],[1,-4]],
        "B": [[4,-1],[4,-2],[4,-3],[5,-2],[5,-3],[6,-3]],
        "C": [[2,0],[2,-1],[2,-2],[2,-3],[-5,3],[-6,3]], "turn": "A"}"#;
    let kind = BoardKind::Star;
    let mut state = position(kind, 3, classic(), json);
    assert!(!state.has_any_move(1));
    let before = state.clone();
    let mv = state.parse_move("1,-4 1,-3").unwrap();
    state.try_play(mv).unwrap();
    assert_eq!(state.to_move(), 2, "B passes");
    assert!(!state.has_dropped_out(1), "and stays in the game");
    assert!(!state.is_terminal());
    assert_eq!(state.zobrist(), state.zobrist_from_scratch());
    let mut undone = state.clone();
    undone.undo(mv);
    assert_eq!(undone, before);
    assert_eq!(undone.zobrist(), before.zobrist());
    // C opens the wall at (2,-1), A moves elsewhere, and B's turn comes back: it can hop.
    state.play_notation("2,-1 1,-1").unwrap();
    state.play_notation("1,-3 0,-3").unwrap();
    assert_eq!(state.to_move(), 1, "B's turn comes back once it can move");
}

/// A game cut short is a draw under the classic rules.
#[test]
fn a_game_cut_short_is_a_draw() {
    // A board where no seat can move is hard to reach; a move limit of one ply ends the
    // game the same way, and shows that the classic rules score it as a draw.
    let kind = BoardKind::Star121;
    let settings = HalmaSettings {
        max_plies: 1,
        ..classic()
    };
    let mut state = Halma::with_settings(kind, 2, settings).unwrap();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    state.play(moves[0]);
    assert!(state.is_terminal());
    assert_eq!(state.outcome().unwrap().as_slice(), &[0.5, 0.5]);
}

/// The first player with every peg home wins, and the game ends there even with three.
#[test]
fn the_first_player_home_ends_the_game() {
    let json = r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,3]],
        "B": [[-3,-3],[-2,-3],[-3,-2],[-1,-3],[-2,-2],[-2,-1]],
        "C": [[-4,1],[-4,2],[-4,3],[-5,2],[-5,3],[-6,3]]}"#;
    let kind = BoardKind::Star;
    let mut state = position(kind, 3, classic(), json);
    state.play_notation("[[-1,3],[-1,4]]").unwrap();
    assert!(state.is_terminal(), "no play on for second place");
    assert_eq!(state.outcome().unwrap().as_slice(), &[2.0, 0.5, 0.5]);

    let two = r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,3]],
        "B": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[0,-1]]}"#;
    let kind = BoardKind::Rhombus;
    let mut state = position(kind, 2, classic(), two);
    state.play_notation("-1,3 -1,4").unwrap();
    assert_eq!(state.outcome().unwrap().as_slice(), &[1.0, 0.0]);
}

/// FAUhalma ranks a game stopped by the move limit by pegs home; the classic rules call it
/// a draw whatever the pegs.
#[test]
fn the_move_limit_is_a_draw() {
    // A has five pegs home, B none.
    let json = r#"{"A": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[0,0]],
        "B": [[0,-1],[1,-1],[-1,-1],[0,-2],[1,-2],[-1,-2]]}"#;
    for (rules, expected) in [
        (RuleSet::FauHalma, [1.0, 0.0]),
        (RuleSet::Classic, [0.5, 0.5]),
    ] {
        let settings = HalmaSettings {
            rules,
            max_plies: 1,
            ..HalmaSettings::default()
        };
        let mut state = position(BoardKind::Rhombus, 2, settings, json);
        state.play_notation("0,0 1,0").unwrap();
        assert!(state.is_terminal());
        assert_eq!(state.outcome().unwrap().as_slice(), &expected, "{rules}");
    }
}

#[test]
fn rule_set_names() {
    assert_eq!("Classic".parse::<RuleSet>().unwrap(), RuleSet::Classic);
    assert_eq!("fauhalma".parse::<RuleSet>().unwrap(), RuleSet::FauHalma);
    assert_eq!("CCERL".parse::<RuleSet>().unwrap(), RuleSet::Ccerl);
    let err = "sternhalma".parse::<RuleSet>().unwrap_err().to_string();
    assert!(
        err.contains("'sternhalma'") && err.contains("fauhalma, classic or ccerl"),
        "{err}"
    );
    assert_eq!(RuleSet::default_for(BoardKind::Star121), RuleSet::Classic);
    assert_eq!(RuleSet::default_for(BoardKind::Star), RuleSet::FauHalma);
    assert_eq!(RuleSet::default_for(BoardKind::Rhombus), RuleSet::FauHalma);
}
