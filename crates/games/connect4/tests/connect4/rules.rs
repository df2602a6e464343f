//! Connect Four rules against published counts and the conformance kit.

use std::collections::HashSet;

use ply_connect4::{Board, Connect4};
use ply_core::conformance::{check_encoding, check_game, check_hashing, ConformanceConfig};
use ply_core::{perft, Game, GameError, Scores};

/// Perft of the 7x6 board, depths 1–10 (OEIS A212693's companion counts; John Tromp's
/// "Connect Four Playground" and Pons' sources agree).
#[test]
fn perft_matches_published_counts() {
    let expected: [u64; 10] = [
        7, 49, 343, 2401, 16807, 117649, 823536, 5673234, 39394572, 268031646,
    ];
    let mut state = Connect4::standard();
    let depths = if cfg!(debug_assertions) { 8 } else { 10 };
    for (i, &count) in expected.iter().enumerate().take(depths) {
        assert_eq!(perft(&mut state, i as u32 + 1), count, "depth {}", i + 1);
    }
}

fn exact_key(state: &Connect4) -> u128 {
    match state.board() {
        Board::Narrow(p) => p.key() as u128,
        Board::Wide(p) => p.key(),
        Board::Huge(_) => unreachable!("7x6 is a narrow board"),
    }
}

/// Distinct positions after n plies, n = 0..=11 (OEIS A212693).
#[test]
fn distinct_positions_per_ply_match_oeis_a212693() {
    let expected: [usize; 12] = [
        1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683,
    ];
    let plies = if cfg!(debug_assertions) { 9 } else { 12 };
    let mut layer = vec![Connect4::standard()];
    let mut moves = Vec::new();
    for (ply, &count) in expected.iter().enumerate().take(plies) {
        assert_eq!(layer.len(), count, "ply {ply}");
        if ply + 1 == plies {
            break;
        }
        let mut seen = HashSet::with_capacity(count * 4);
        let mut next = Vec::with_capacity(count * 4);
        for state in &layer {
            state.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = state.clone();
                child.play(mv);
                if seen.insert(exact_key(&child)) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
}

const VARIANTS: [(usize, usize, usize); 15] = [
    (7, 6, 4),
    (5, 4, 4),
    (6, 5, 4),
    (8, 7, 4),
    (9, 7, 4),
    (10, 7, 4),
    (8, 8, 4),
    (10, 6, 4),
    (9, 5, 4),
    (7, 6, 5),
    (9, 7, 5),
    (4, 4, 3),
    (3, 12, 3),
    (15, 15, 5),
    (20, 11, 4),
];

#[test]
fn conformance_kit_passes_on_every_named_variant() {
    for (w, h, k) in VARIANTS {
        let start = Connect4::new(w, h, k).unwrap();
        let config = ConformanceConfig {
            games: 30,
            ..ConformanceConfig::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
    }
}

#[test]
fn wide_boards_use_the_128_bit_board() {
    for (w, h) in [(10, 6), (10, 7), (9, 7), (8, 8)] {
        assert!(matches!(
            Connect4::new(w, h, 4).unwrap().board(),
            Board::Wide(_)
        ));
    }
    for (w, h) in [(7, 6), (8, 7), (9, 5), (5, 4)] {
        assert!(matches!(
            Connect4::new(w, h, 4).unwrap().board(),
            Board::Narrow(_)
        ));
    }
}

#[test]
fn bad_settings_name_the_setting_and_the_rule() {
    let err = Connect4::new(7, 6, 2).unwrap_err();
    assert!(matches!(err, GameError::Setting { ref setting, .. } if setting == "k"));
    assert!(err.to_string().contains("at least 3"), "{err}");
    assert!(Connect4::new(0, 6, 4).is_err());
    assert!(Connect4::new(7, 0, 4).is_err());
    assert!(Connect4::new(3, 3, 4)
        .unwrap_err()
        .to_string()
        .contains("does not fit"));
    assert!(matches!(
        Connect4::new(15, 15, 4).unwrap().board(),
        Board::Huge(_)
    ));
    assert!(Connect4::new(16, 16, 4)
        .unwrap_err()
        .to_string()
        .contains("256"));
    assert!(Connect4::new(37, 2, 4)
        .unwrap_err()
        .to_string()
        .contains("36"));
}

#[test]
fn wins_in_every_direction_and_draws() {
    let g = Connect4::standard();
    for (moves, winner) in [
        ("4545454", 0),     // vertical
        ("1122334", 0),     // horizontal
        ("12233434474", 0), // diagonal, rising to the right
        ("76655454414", 0), // diagonal, rising to the left
        ("71122334", 1),    // horizontal for the second player
    ] {
        let s = g.after(moves).unwrap();
        assert_eq!(s.outcome(), Some(Scores::win(winner)), "{moves}");
        let before_last = g.after(&moves[..moves.len() - 1]).unwrap();
        assert!(!before_last.is_terminal(), "{moves} ends early");
    }
    // Five in a row: four is not enough.
    let five = Connect4::new(7, 6, 5).unwrap();
    assert!(!five.after("1122334").unwrap().is_terminal());
    assert!(five.after("112233445").unwrap().is_terminal());
    // A full 4x4 board with k = 4 where nobody has a line is a draw.
    let small = Connect4::new(4, 4, 4).unwrap();
    let drawn = small.after("1234123421432143").unwrap();
    assert_eq!(drawn.outcome(), Some(Scores::draw()));
}

#[test]
fn illegal_moves_say_why_and_change_nothing() {
    let mut s = Connect4::standard().after("444444").unwrap();
    let before = s.clone();
    let err = s.try_play(3).unwrap_err();
    assert!(err.to_string().contains("column 4 is full"), "{err}");
    assert_eq!(s, before);
    assert!(s.try_play(7).unwrap_err().to_string().contains("7 columns"));
    let mut won = Connect4::standard().after("4545454").unwrap();
    let err = won.try_play(0).unwrap_err();
    assert!(err.to_string().contains("already won"), "{err}");
    let err = Connect4::standard().after("44444445").unwrap_err();
    assert!(err.to_string().contains("move 7"), "{err}");
    assert!(Connect4::standard().parse_move("8").is_err());
}

#[test]
fn board_text_round_trips_and_rejects_impossible_boards() {
    let g = Connect4::standard();
    let s = g.after("4453").unwrap();
    let text = s.to_text();
    assert_eq!(text, "......./......./......./......./...o.../..oxx.. x");
    assert_eq!(g.from_text(&text).unwrap(), s);
    // The side to move may be left out, and the other forms name the same position.
    for same in [
        "......./......./......./......./...o.../..oxx..",
        "4453",
        "pons:4453 -3",
        "4453 12",
        "steininger:3342 0",
    ] {
        assert_eq!(g.from_text(same).unwrap(), s, "{same}");
    }
    for (bad, reason) in [
        (
            "......./......./......./...x.../......./.......",
            "resting on an empty",
        ),
        (
            "......./......./......./......./......./xx.....",
            "as many stones",
        ),
        ("......./......./.......", "expected 6 rows"),
        (
            "......./......./......./......./......./..q....",
            "not x, o",
        ),
        (
            "......./......./......./......./...o.../..oxx.. o",
            "o cannot be to move",
        ),
        (
            "......./......./......./......./...o.../..oxx.. z",
            "not x or o",
        ),
        ("4453 x", "not a score"),
        ("44444445", "move 7"),
        ("4458", "not a column"),
        ("steininger:7", "not a column"),
        ("4545454 0 1", "optionally followed by its score"),
    ] {
        let err = g.from_text(bad).unwrap_err().to_string();
        assert!(err.contains(reason), "{bad}: {err}");
    }
}

#[test]
fn every_line_of_the_bundled_test_sets_reads_as_a_position() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
    let g = Connect4::standard();
    for (file, prefix) in [
        ("Test_L2_R1", ""),
        ("steininger/7x6/midgame_L1.txt", "steininger:"),
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        for line in text.lines().take(200) {
            let state = g.from_text(&format!("{prefix}{line}")).unwrap();
            let moves = line.split_whitespace().next().unwrap();
            assert_eq!(state.moves_played(), moves.len(), "{file}: {line}");
            assert_eq!(g.from_text(&state.to_text()).unwrap(), state);
        }
    }
}
