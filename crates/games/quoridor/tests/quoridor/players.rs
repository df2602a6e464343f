//! Quoridor for 3 and 4 players: perft against OpenSpiel, the conformance kit, and the rules
//! that only arise with more than two pawns (blocked jumps, passes, column goals).

use ply_core::conformance::{check_encoding, check_game, check_hashing, ConformanceConfig};
use ply_core::{perft, Described, Game, Settings};
use ply_quoridor::{Move, Quoridor, Square, GREEN, RED};

fn start(size: usize, walls: u32, players: usize) -> Quoridor {
    Quoridor::with_players(size, walls, players).unwrap()
}

/// Counts from OpenSpiel 2.0.2 (`pip install open_spiel==2.0.2`), game `quoridor` with
/// `players`, `board_size` and `wall_count` as below: the number of leaves of its
/// legal-action tree, counted by a small Python driver (`state.legal_actions()`, `clone`,
/// `apply_action`, terminal states not expanded). Its lists held no duplicate action in
/// any of these trees. OpenSpiel's player ids are ply's seat numbers.
const OPENSPIEL_PERFT: &[(usize, usize, u32, &[u64])] = &[
    // (players, size, walls, counts at depth 1, 2, ...)
    (4, 5, 3, &[35, 1_109, 31_365, 776_775]),
    (3, 5, 3, &[35, 1_109, 31_437, 785_047]),
    (4, 7, 6, &[75, 5_357, 363_681]),
    (4, 9, 10, &[131, 16_677, 2_062_065]),
    (3, 9, 10, &[131, 16_677, 2_062_101]),
];

/// Crowded 3x3 boards, where OpenSpiel 2.0.2 lists a side-step twice when two neighbouring
/// pawns both offer it (ply lists it once) and offers a pass it cannot apply (its pass
/// action is the pawn's internal board index, not an action id: `apply_action` fails with
/// `board_[move.xy] == kPlayerNone`). The counts are OpenSpiel's trees with each node's
/// duplicate actions counted once, to the depth its pass lets the driver reach; in
/// brackets OpenSpiel's raw count where it differs: 4 players, no walls, depth 6 to 10:
/// (230), (441), (859), (1566), (3118); 3 players: (235), (484), (1115), (2298), (5183);
/// 4 players, 1 wall, depth 4: (1279).
const OPENSPIEL_PERFT_CROWDED: &[(usize, usize, u32, &[u64])] = &[
    (4, 3, 0, &[3, 8, 24, 59, 102, 227, 425, 800, 1_488, 2_917]),
    (3, 3, 0, &[3, 9, 24, 47, 112, 228, 478, 1_091, 2_266, 4_993]),
    (4, 3, 1, &[11, 68, 326, 1_273]),
    (
        4,
        5,
        0,
        &[3, 9, 27, 81, 270, 897, 2_990, 9_956, 33_012, 109_051],
    ),
    (3, 5, 0, &[3, 9, 27, 90, 300, 1_000, 3_313, 11_024, 36_185]),
];

/// Checks every count of `table`: (players, size, walls each, counts from depth 1).
fn check_perft(table: &[(usize, usize, u32, &[u64])]) {
    for &(players, size, walls, counts) in table {
        let mut state = start(size, walls, players);
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&mut state, depth as u32 + 1),
                expected,
                "{players} players, {size}x{size}, {walls} walls, depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn perft_matches_openspiel_on_crowded_boards() {
    check_perft(OPENSPIEL_PERFT_CROWDED);
}

#[test]
fn perft_matches_openspiel() {
    // The deepest 9x9 count takes a few seconds; the test profile is optimised.
    check_perft(OPENSPIEL_PERFT);
}

#[test]
fn conformance_with_three_and_four_players() {
    for (players, size, walls, games) in [
        (3, 3, 0, 30),
        (4, 3, 1, 30),
        (3, 5, 2, 20),
        (4, 5, 3, 20),
        (4, 5, 20, 10),
        (3, 7, 4, 8),
        (4, 9, 5, 6),
        (4, 13, 10, 2),
        (4, 25, 30, 1),
    ] {
        let start = start(size, walls, players);
        let config = ConformanceConfig {
            games,
            rng_seed: players as u64 * 100_000 + size as u64 * 1000 + walls as u64,
            max_plies: 300,
            ..Default::default()
        };
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
    }
}

#[test]
fn seats_start_in_the_middle_of_their_sides_and_move_round_the_board() {
    let mut s = start(9, 5, 4);
    assert_eq!(s.num_players(), 4);
    assert_eq!(
        s.to_text(),
        "size=9 walls=5 turn=black black=e9,5 white=e1,5 red=a5,5 green=i5,5 h= v="
    );
    let mut order = Vec::new();
    for mv in ["e8", "b5", "e2", "h5", "e7"] {
        order.push(s.to_move());
        s.play_notation(mv).unwrap();
    }
    assert_eq!(order, [0, RED, 1, GREEN, 0]);
    let mut three = start(5, 2, 3);
    assert_eq!(
        three.to_text(),
        "size=5 walls=2 turn=black black=c5,2 white=c1,2 red=a3,2 h= v="
    );
    let mut order = Vec::new();
    for mv in ["c4", "b3", "c2", "c3"] {
        order.push(three.to_move());
        three.play_notation(mv).unwrap();
    }
    assert_eq!(order, [0, RED, 1, 0]);
}

#[test]
fn settings_give_players_and_shared_out_walls() {
    let mut settings = Settings::new();
    settings.set("players", "4");
    let s = Quoridor::from_settings(&settings).unwrap();
    assert_eq!((s.num_players(), s.walls_per_player()), (4, 5));
    settings.set("players", "3");
    assert_eq!(
        Quoridor::from_settings(&settings)
            .unwrap()
            .walls_per_player(),
        6
    );
    settings.set("players", "5");
    let err = Quoridor::from_settings(&settings).unwrap_err().to_string();
    assert!(err.contains("players"), "{err}");
    let err = Quoridor::with_players(9, 10, 1).unwrap_err().to_string();
    assert!(err.contains("2, 3 or 4 players"), "{err}");
    assert_eq!(Quoridor::default_walls_for(5, 4), 1);
}

/// Red and green race to columns: the first pawn on its goal side wins and scores 1.
#[test]
fn red_wins_on_the_last_column() {
    // 3x3: black b3, white b1, red a2, green c2.
    let mut s = start(3, 0, 4);
    play_all(&mut s, &["a3", "b2", "a1", "c3", "a2"]);
    assert!(!s.is_terminal(), "{}", s.to_text());
    play_all(&mut s, &["c2"]);
    let scores = s.outcome().expect("red is home");
    assert_eq!(scores.as_slice(), [0.0, 0.0, 1.0, 0.0]);
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

fn play_all(state: &mut Quoridor, moves: &[&str]) {
    for m in moves {
        state
            .play_notation(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", state.to_text()));
    }
}

/// A pawn behind the neighbour blocks the jump and gives no side-step; a wall behind it
/// gives the side-steps, onto free cells only.
#[test]
fn a_second_pawn_blocks_the_jump() {
    // Red on b3 faces green on c3 with white on d3 behind it: no move to the right.
    let s = start(5, 0, 4)
        .from_text("size=5 walls=0 turn=red black=c5,0 white=d3,0 red=b3,0 green=c3,0 h= v=")
        .unwrap();
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| s.format_move(m)).collect();
    assert_eq!(names, ["b4", "b2", "a3"], "{s}");
    // With a wall behind green instead, red steps to either side of it.
    let s = start(5, 0, 4)
        .from_text("size=5 walls=0 turn=red black=c5,0 white=c1,0 red=b3,0 green=c3,0 h= v=c4")
        .unwrap();
    s.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| s.format_move(m)).collect();
    assert_eq!(names, ["b4", "b2", "a3", "c4", "c2"], "{s}");
}

/// A player boxed in by walls and pawns, with no wall to place, passes by naming its own
/// square; the pass is refused while any other move exists.
#[test]
fn a_boxed_in_player_passes() {
    // Red on a3: walls above and below it, green on b3 with black on c3 behind.
    let text = "size=5 walls=0 turn=red black=c3,0 white=c1,0 red=a3,0 green=b3,0 h=a4,a3 v=";
    let s = start(5, 0, 4).from_text(text).unwrap();
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let here = Square::new(0, 2);
    assert_eq!(
        moves,
        [Move::Pawn {
            from: here,
            to: here
        }],
        "{s}"
    );
    assert_eq!(s.format_move(moves[0]), "a3");
    let mut passed = s.clone();
    passed.play_notation("a3").unwrap();
    assert_eq!(passed.to_move(), 1);
    assert_eq!(passed.pawn(RED), here);
    passed.undo(moves[0]);
    assert_eq!(passed, s);
    // Black is not boxed in: staying put is refused with the rule.
    let black = start(5, 0, 4)
        .from_text(&text.replace("turn=red", "turn=black"))
        .unwrap();
    let err = black.clone().play_notation("c3").unwrap_err().to_string();
    assert!(
        err.contains("only when its player has no other move"),
        "{err}"
    );
}

/// A wall that would cut off any pawn, red and green included, is refused.
#[test]
fn walls_must_leave_every_pawn_a_path() {
    // Red on a3, walled in on the right (a4v) and above (a5h): a3h below would close it in.
    let s = start(5, 3, 4)
        .from_text("size=5 walls=3 turn=black black=c5,3 white=c1,3 red=a3,3 green=e3,3 h=a5 v=a4")
        .unwrap();
    let err = s.clone().play_notation("a3h").unwrap_err().to_string();
    assert!(err.contains("cut a pawn off"), "{err}");
    // The same wall in a two-player game is fine: no pawn stands there.
    let two = start(5, 3, 2)
        .from_text("size=5 walls=3 turn=black black=c5,3 white=c1,3 h=a5 v=a4")
        .unwrap();
    assert!(two.clone().play_notation("a3h").is_ok());
}

#[test]
fn text_rejects_impossible_positions_with_the_reason() {
    let s = start(5, 3, 4);
    for (bad, reason) in [
        (
            "size=5 walls=3 turn=black black=c5,3 white=c1,3 green=e3,3 h= v=",
            "needs 'red=' too",
        ),
        (
            "size=5 walls=3 turn=green black=c5,3 white=c1,3 red=a3,3 h= v=",
            "empty with 3 players",
        ),
        (
            "size=5 walls=3 turn=black black=c5,3 white=c1,3 red=a3,3 green=a3,3 h= v=",
            "red and green pawns stand on one square",
        ),
        (
            "size=5 walls=3 turn=black black=c5,3 white=c1,3 red=a3,3 green=e3,3 h=a5,a3 v=a4",
            "the red pawn has no path",
        ),
        (
            "size=5 walls=3 turn=purple black=c5,3 white=c1,3 red=a3,3 green=e3,3 h= v=",
            "not a seat's colour",
        ),
    ] {
        let err = s.from_text(bad).unwrap_err().to_string();
        assert!(err.contains(reason), "{bad}: {err}");
    }
}

#[test]
fn display_draws_every_pawn_and_hand() {
    let s = start(5, 3, 4);
    let drawing = s.to_string();
    for mark in [" B ", " W ", " R ", " G "] {
        assert!(drawing.contains(mark), "{mark}\n{drawing}");
    }
    for hand in [
        "black walls: 3",
        "white walls: 3",
        "red walls: 3",
        "green walls: 3",
    ] {
        assert!(drawing.contains(hand), "{hand}\n{drawing}");
    }
    assert!(!start(5, 3, 3).to_string().contains("green"));
    let expected = "      A   B   C
     +---+---+---+
   3 |   | B |   | 3    black walls: 1
     +---+---+---+      red walls: 1
   2 | R |   | G | 2
     +---+---+---+      green walls: 1
   1 |   | W |   | 1    white walls: 1
     +---+---+---+
      A   B   C";
    assert_eq!(start(3, 1, 4).to_string(), expected);
}

/// With 3 or 4 pawns the wall generator's shortcut uses every pawn's path at once: it must
/// still list exactly the walls the full check accepts (brute force over every slot),
/// along random games that favour walls so the paths get tight.
#[test]
fn generated_walls_equal_brute_force_with_more_players() {
    let starts: Vec<(Quoridor, usize)> =
        [(4, 3, 2, 30), (3, 5, 6, 20), (4, 5, 6, 20), (4, 7, 8, 8)]
            .into_iter()
            .map(|(players, size, walls, games)| (start(size, walls, players), games))
            .collect();
    let cut_offs = crate::rules::walls_match_brute_force(&starts, 150, 11);
    assert!(
        cut_offs > 50,
        "the games must meet the path rule often ({cut_offs})"
    );
}

/// The page gets every pawn with its goal: a row for black and white, a column for red and
/// green, and every player's walls in the status line.
#[test]
fn view_gives_every_pawn_and_its_goal_side() {
    use ply_view::BoardView;
    let view = start(7, 3, 4).board_json();
    let pawns = view["pawns"].as_array().unwrap();
    assert_eq!(pawns.len(), 4);
    assert_eq!(pawns[0]["goal_row"], 0);
    assert_eq!(pawns[1]["goal_row"], 6);
    assert_eq!(pawns[2]["goal_col"], 6);
    assert_eq!(pawns[3]["goal_col"], 0);
    assert_eq!(pawns[2]["square"], "a4");
    assert_eq!(
        view["status"],
        "walls left: Black 3, White 3, Red 3, Green 3"
    );
    let two = Quoridor::new(7, 3).unwrap().board_json();
    assert_eq!(two["pawns"].as_array().unwrap().len(), 2);
    assert!(two["pawns"][0].get("goal_col").is_none());
}
