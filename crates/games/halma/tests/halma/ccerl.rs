//! The CCERL rule set (`CCZ-121-Strict-LG-v2`): move counts against the rating list's
//! rules oracle, goal locking, the end conditions in their order, repetition, the
//! COMPACT121 position text and cell-id moves.

use ply_core::conformance::{check_encoding, check_game, check_hashing, ConformanceConfig};
use ply_core::{perft, Game, ZobristHash};
use ply_halma::ccerl::CcerlEnd;
use ply_halma::{BoardKind, Halma, HalmaMove, HalmaSettings};

fn start() -> Halma {
    Halma::with_settings(BoardKind::Star121, 2, HalmaSettings::ccerl()).unwrap()
}

fn at(text: &str) -> Halma {
    start().from_text(text).unwrap_or_else(|e| panic!("{e}"))
}

/// A COMPACT121 string with player 0's pegs on `zeros` and player 1's on `ones`.
fn cells(zeros: &[u8], ones: &[u8]) -> String {
    let mut c = vec![b'.'; 121];
    for &z in zeros {
        c[z as usize] = b'0';
    }
    for &o in ones {
        c[o as usize] = b'1';
    }
    String::from_utf8(c).unwrap()
}

fn position(zeros: &[u8], ones: &[u8], player: usize, ply: u32) -> Halma {
    at(&format!(
        "cells {} player {player} ply {ply}",
        cells(zeros, ones)
    ))
}

const START_COUNTS: [u64; 5] = [14, 196, 4_760, 115_600, 3_188_520];

/// Suite position v2_0001 of the rating list's benchmark (player 0 to move, ply 8).
const V2_0001: &str = "cells 0000..0000.................0...........0...........\
                       ..............................1............1................11111..111 \
                       player 0 ply 8";
const V2_0001_COUNTS: [u64; 4] = [35, 1_295, 49_878, 1_939_856];

/// Checks perft from `state` at depths 1, 2, … against `counts`.
fn assert_counts(name: &str, mut state: Halma, counts: &[u64]) {
    for (depth, &count) in counts.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&mut state, depth), count, "{name} depth {depth}");
    }
}

/// The oracle's counts of distinct from→to moves (`perft_v2` over the rating list's
/// `cczero`), from the start position.
#[test]
fn start_position_counts_match_the_oracle() {
    assert_counts("start", start(), &START_COUNTS);
}

#[test]
fn suite_position_v2_0001_counts_match_the_oracle() {
    assert_counts("v2_0001", at(V2_0001), &V2_0001_COUNTS);
}

/// More suite rows of the benchmark (`official_elo_v2.jsonl`): id, COMPACT121, player, ply
/// and the oracle's counts at depths 1 to 3.
const SUITE_ROWS: [(&str, &str, usize, u32, [u64; 3]); 10] = [
    ("v2_0002", ".00...0.00....00......................00.........0...................1.........11..........1............1......1..11..11.", 0, 16, [53, 2_581, 140_478]),
    ("v2_0014", ".00...00.0......0.............0..........000..............1.........1............1....................1........1111...11.", 0, 16, [62, 2_914, 172_067]),
    ("v2_0022", "..0....000....00..0.......0.0..........0....................1........1..........1..........1..........1........1..1..111.", 0, 12, [68, 3_845, 246_140]),
    ("v2_0023", ".00...0.........0..........0...............0...1101...0..00...................1...............1.......1.1.1...........11.", 0, 24, [60, 3_141, 187_457]),
    ("v2_0035", ".00...............0.....1.0..0.0......00.0....1..0..........................1............1................1....1111.1....", 0, 24, [58, 3_074, 181_195]),
    ("v2_0040", ".00..0...0....01............0.........0.........0..1......0.1......0..1...................................1....1..11..11.", 0, 16, [66, 3_528, 214_212]),
    ("v2_0061", "00....00.0......0.......................................1..1......1.0..........0.........100............1......1111..1...", 0, 24, [53, 2_718, 142_234]),
    ("v2_0062", ".000..0.0.........0..........0.......................1........0.....11..0.....1....1.........1..........1........0.1..11.", 0, 24, [48, 2_866, 140_010]),
    ("v2_0074", ".00...0..0................10............1.......1.1.......0.0................00...............1.......1.1.1.....0.....11.", 0, 24, [62, 4_155, 239_802]),
    ("v2_0083", ".00...........0...0.......0....0.................10.........0..................10.1........1..1........111......0..1...1.", 0, 24, [49, 3_004, 153_528]),
];

#[test]
fn more_suite_rows_match_the_oracle() {
    for (name, cells, player, ply, counts) in SUITE_ROWS {
        let state = at(&format!("cells {cells} player {player} ply {ply}"));
        assert_counts(name, state, &counts);
    }
}

/// Endgames from greedy self-play, pegs locked in the goals and games ending within three
/// plies (anti-block, all pegs home, equal turns), with the oracle's counts at depths 1 to
/// 3. The counts stop at finished games, as ply's perft does everywhere (`perft_v2`'s
/// terminal-aware count; the oracle's own perft plays on past the end).
const ENDGAMES: [(&str, usize, u32, [u64; 3]); 5] = [
    ("1111111.11................1..............................................................................0.....0.00000000", 0, 130, [10, 120, 1_248]),
    ("11111.1.......1...............1............................................................1..........0...0.....000001000", 0, 122, [13, 345, 4_914]),
    ("11111.1.......1...........11......................................................1.....................0......0.00000000", 1, 145, [30, 330, 9_539]),
    ("11111.1.......1................................1................1.....................................0.0......00.0000100", 0, 116, [14, 342, 4_876]),
    ("111111........1...........................................1.........1....................................00....00.0000010", 1, 127, [27, 405, 10_805]),
];

#[test]
fn endgames_match_the_oracle() {
    for (cells, player, ply, counts) in ENDGAMES {
        let state = at(&format!("cells {cells} player {player} ply {ply}"));
        assert_counts(cells, state, &counts);
    }
}

#[test]
fn conformance_kit() {
    let config = ConformanceConfig {
        games: 8,
        max_plies: 300,
        ..Default::default()
    };
    let short = Halma::with_settings(
        BoardKind::Star121,
        2,
        HalmaSettings {
            max_plies: 40,
            ..HalmaSettings::ccerl()
        },
    )
    .unwrap();
    let endgames = ENDGAMES.map(|(c, p, ply, _)| at(&format!("cells {c} player {p} ply {ply}")));
    for state in [start(), at(V2_0001), short].iter().chain(&endgames) {
        check_game(state, &config);
        check_hashing(state, &config);
        check_encoding(state, &config);
    }
}

fn id(state: &Halma, x: i8, y: i8) -> u8 {
    state.board().cell_at(x, y).expect("on the board")
}

fn outcome(state: &Halma) -> Option<Vec<f64>> {
    state.outcome().map(|s| s.as_slice().to_vec())
}

/// Player 0's pegs not in the way: its start point but for cells 0 and 1.
const FAR_ZEROS: [u8; 7] = [2, 3, 4, 5, 7, 8, 9];

/// A chain that lands in the goal may not leave it again: from (-1,3) over (-1,4) into the
/// goal at (-1,5), then over (0,4) out to (1,3) is a move under the classic rules, not
/// under CCERL's.
#[test]
fn goal_locking_holds_within_a_chain() {
    let s = start();
    let (from, over_a, over_b, goal, out) = (
        id(&s, -1, 3),
        id(&s, -1, 4),
        id(&s, 0, 4),
        id(&s, -1, 5),
        id(&s, 1, 3),
    );
    let zeros = [&FAR_ZEROS[..], &[from, over_a, over_b]].concat();
    let ones = [115, 116, 117, 118, 119, 120, 111, 112, 40, 41];
    let ccerl = position(&zeros, &ones, 0, 20);
    let classic = Halma::with_settings(
        BoardKind::Star121,
        2,
        HalmaSettings::for_rules(ply_halma::RuleSet::Classic),
    )
    .unwrap()
    .from_text(&ply_halma::notation::position_to_json(&ccerl, false))
    .unwrap();
    for state in [&ccerl, &classic] {
        assert_ne!(state.destinations(from) & (1u128 << goal), 0);
    }
    assert_ne!(classic.destinations(from) & (1u128 << out), 0);
    assert_eq!(ccerl.destinations(from) & (1u128 << out), 0);
    let err = ccerl
        .check_move(HalmaMove::new(from, out))
        .unwrap_err()
        .to_string();
    assert!(err.contains("no step or hop chain"), "{err}");
}

/// A peg in its goal may step or hop only to another goal cell.
#[test]
fn a_peg_in_its_goal_stays_there() {
    let s = start();
    let peg = id(&s, -1, 5);
    let below = id(&s, -1, 4);
    let zeros = [&FAR_ZEROS[..], &[peg, 0, 1]].concat();
    let ones = [115, 116, 117, 118, 119, 120, 111, 40, 41, 42];
    let state = position(&zeros, &ones, 0, 30);
    let goal = state.seat(0).home;
    assert_eq!(state.destinations(peg) & !goal, 0);
    assert_ne!(
        state.destinations(peg) & goal,
        0,
        "it may move inside the goal"
    );
    let err = state
        .check_move(HalmaMove::new(peg, below))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("goal locking") && err.contains("114-105"),
        "{err}"
    );
}

const GOAL_0: [u8; 10] = [111, 112, 113, 114, 115, 116, 117, 118, 119, 120];

#[test]
fn end_conditions_in_their_order() {
    let s = start();
    let (hole, outside) = (id(&s, 1, -5), id(&s, 1, -4));
    assert_eq!(hole, 6);
    let nine: Vec<u8> = (0..10).filter(|&c| c != hole).collect();
    let far = [&nine[..], &[60]].concat();
    let near = [&nine[..], &[outside]].concat();
    let everything: Vec<u8> = (0..10).collect();
    // Player 0's pegs, player 1's, the player to move, the end, the scores.
    type Case = (Vec<u8>, Vec<u8>, usize, CcerlEnd, [f64; 2]);
    let cases: [Case; 6] = [
        (
            GOAL_0.to_vec(),
            everything.clone(),
            1,
            CcerlEnd::BothComplete,
            [0.5, 0.5],
        ),
        (
            GOAL_0.to_vec(),
            near.clone(),
            1,
            CcerlEnd::EqualTurns,
            [0.5, 0.5],
        ),
        // Player 1 cannot complete on its reply, or it is not its turn: player 0 wins.
        (
            GOAL_0.to_vec(),
            far.clone(),
            1,
            CcerlEnd::Complete(0),
            [1.0, 0.0],
        ),
        (GOAL_0.to_vec(), near, 0, CcerlEnd::Complete(0), [1.0, 0.0]),
        (
            (40..50).collect(),
            everything,
            0,
            CcerlEnd::Complete(1),
            [0.0, 1.0],
        ),
        // Player 1's goal: 9 cells of its own and player 0's peg on the tenth.
        (
            [&[hole][..], &(40..49).collect::<Vec<u8>>()].concat(),
            far,
            0,
            CcerlEnd::AntiBlock(1),
            [0.0, 1.0],
        ),
    ];
    for (zeros, ones, player, end, scores) in cases {
        let state = position(&zeros, &ones, player, 100);
        assert_eq!(state.ccerl_end(), Some(end), "{}", state.to_text());
        assert_eq!(outcome(&state), Some(scores.to_vec()), "{end:?}");
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }
}

/// Both goals full with blockers: player 0's anti-block is checked first.
#[test]
fn anti_block_checks_player_0_first() {
    let zeros: Vec<u8> = (111..120).chain([0]).collect();
    let ones: Vec<u8> = (1..10).chain([120]).collect();
    let state = position(&zeros, &ones, 1, 80);
    assert_eq!(state.ccerl_end(), Some(CcerlEnd::AntiBlock(0)));
    // Without a peg of its own in the goal the goal full of blockers wins nothing.
    let zeros: Vec<u8> = [&FAR_ZEROS[..], &[0, 1, 40]].concat();
    let state = position(&zeros, &GOAL_0, 0, 80);
    assert_eq!(state.ccerl_end(), None);
}

/// The ply count a position carries reaches the 240-ply limit: a draw.
#[test]
fn the_move_limit_counts_the_positions_ply() {
    let start_cells = cells(&(0..10).collect::<Vec<_>>(), &GOAL_0);
    let mut state = at(&format!("cells {start_cells} player 1 ply 239"));
    assert!(!state.is_terminal());
    state.play_notation("114-105").unwrap();
    assert_eq!(state.ccerl_end(), Some(CcerlEnd::MoveLimit));
    assert_eq!(outcome(&state), Some(vec![0.5, 0.5]));
    let over = at(&format!("cells {start_cells} player 0 ply 240"));
    assert_eq!(over.ccerl_end(), Some(CcerlEnd::MoveLimit));
}

/// Both players step forth and back: the start comes back a third time after 8 plies and
/// the game is drawn; undo reopens it.
#[test]
fn threefold_repetition_draws_and_undo_reopens() {
    let mut state = start();
    let key = state.repetition_key();
    let shuffle = ["6-15", "114-105", "15-6", "105-114"];
    let mut played = Vec::new();
    for round in 0..2 {
        for text in shuffle {
            assert!(!state.is_terminal(), "round {round} {text}");
            played.push(state.play_notation(text).unwrap());
        }
        assert_eq!(state.repetition_key(), key);
        assert_eq!(state.occurrences(), round + 2);
    }
    assert_eq!(state.ccerl_end(), Some(CcerlEnd::Repetition));
    assert_eq!(outcome(&state), Some(vec![0.5, 0.5]));
    let text = state.to_text();
    assert!(text.ends_with("ply 8 repetition"), "{text}");
    assert_eq!(state.from_text(&text).unwrap(), state);
    let last = played.pop().unwrap();
    let hash = state.zobrist();
    state.undo(last);
    assert!(!state.is_terminal());
    assert_eq!(
        state.occurrences(),
        2,
        "the position before it occurred twice"
    );
    state.play(last);
    assert_eq!(state.zobrist(), hash);
    assert_eq!(state.ccerl_end(), Some(CcerlEnd::Repetition));
    // The same position read from its text has no history: it goes on.
    let fresh = state
        .from_text(&start().to_text().replace("ply 0", "ply 8"))
        .unwrap();
    assert!(!fresh.is_terminal());
}

#[test]
fn positions_are_compact121_with_player_and_ply() {
    let state = start();
    let text = state.to_text();
    assert_eq!(
        text,
        format!(
            "cells {}{}{} player 0 ply 0",
            "0".repeat(10),
            ".".repeat(101),
            "1".repeat(10)
        )
    );
    assert_eq!(state.from_text(&text).unwrap(), state);
    let v2 = at(V2_0001);
    assert_eq!(v2.to_move(), 0);
    assert_eq!(v2.ply(), 8);
    assert_eq!(at(&v2.to_text()), v2);
    // The JSON form of the other rule sets is read too.
    let json = ply_halma::notation::position_to_json(&v2, false);
    let read = start().from_text(&json).unwrap();
    assert_eq!(read.pegs(0), v2.pegs(0));
    assert_eq!(read.pegs(1), v2.pegs(1));
}

#[test]
fn bad_positions_name_the_problem() {
    let ok = cells(&(0..10).collect::<Vec<_>>(), &GOAL_0);
    let short = &ok[..120];
    let bad_char = ok.replacen('.', "x", 1);
    let eleven = ok.replacen('.', "0", 1);
    for (text, needle) in [
        (format!("cells {short} player 0 ply 0"), "121, not 120"),
        (format!("cells {bad_char} player 0 ply 0"), "cell 10 is 'x'"),
        (
            format!("cells {eleven} player 0 ply 0"),
            "player 0 has 11 pegs",
        ),
        (format!("cells {ok} player 2 ply 0"), "neither 0 nor 1"),
        (
            format!("cells {ok} player 0 ply -1"),
            "not a count of plies",
        ),
        (
            format!("cells {ok} player 0 ply 99999999999"),
            "not a count of plies",
        ),
        (format!("cells {ok} ply 3"), "player to move is missing"),
        ("player 0 ply 3".to_string(), "cells are missing"),
        (format!("cells {ok} player 0 player 1"), "given twice"),
        (format!("cells {ok} player 0 ply"), "'ply' needs a value"),
        (
            format!("cells {ok} player 0 colour red"),
            "unexpected word 'colour'",
        ),
        (String::new(), "cells are missing"),
    ] {
        let err = start().from_text(&text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn moves_are_cell_id_paths() {
    let state = at(V2_0001);
    let mv = state.parse_move("8-17").unwrap();
    assert_eq!(state.format_move(mv), "8-17");
    // A chain is written whole (its shortest path) and read by its ends.
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let chain = moves
        .iter()
        .copied()
        .find(|&m| state.move_path(m).unwrap().len() >= 4)
        .expect("v2_0001 has a chain of three hops");
    let path = state.move_path(chain).unwrap();
    let text = state.format_move(chain);
    let ids: Vec<String> = path.iter().map(|c| c.to_string()).collect();
    assert_eq!(text, ids.join("-"));
    assert_eq!(state.parse_move(&text).unwrap(), chain);
    // Coordinates still work.
    let (x, y) = state.board().coords(8);
    let (u, v) = state.board().coords(17);
    assert_eq!(state.parse_move(&format!("{x},{y} {u},{v}")).unwrap(), mv);
    for (text, needle) in [
        ("8", "at least two cell ids"),
        ("8-121", "'121' is not a cell id"),
        ("8--17", "'' is not a cell id"),
        ("8-60", "neither a step"),
        ("8-17-18", "neither a step"),
    ] {
        let err = state.parse_move(text).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn ccerl_needs_the_121_hole_star_for_two_with_seat_a_first() {
    for (board, players) in [(BoardKind::Star, 2), (BoardKind::Star121, 3)] {
        let err = Halma::with_settings(board, players, HalmaSettings::ccerl())
            .unwrap_err()
            .to_string();
        assert!(err.contains("star121 board by 2 players"), "{err}");
    }
    let b_first = HalmaSettings {
        first_player: 1,
        ..HalmaSettings::ccerl()
    };
    let err = Halma::with_settings(BoardKind::Star121, 2, b_first)
        .unwrap_err()
        .to_string();
    assert!(err.contains("seat A"), "{err}");
    assert_eq!(HalmaSettings::ccerl().max_plies, 240);
}

/// From a game against the rating list's tt-pvs: its pegs wall the mouth of player 0's
/// goal, three of player 0's pegs are inside and one hole is free. The win is two moves
/// inside the goal (gaining no row) and a hop in: the forward filter must keep moves inside
/// the goal, and the ccerl agent finds the plan.
#[test]
fn moves_inside_the_goal_survive_the_forward_filter() {
    use ply_core::SearchLimits;
    use ply_search::HorizonFilter;
    let state = at(
        "cells ..111.1.............................................................\
                    ........................00........00000....1111110.00 player 0 ply 200",
    );
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    ply_halma::pruning::ForwardFilter::default().filter(&state, 5, &mut moves);
    let inside = state.parse_move("119-118").unwrap();
    assert!(moves.contains(&inside), "{moves:?}");
    let mut agent = ply_halma::catalog()
        .build("ccerl:depth=5,time=none", 1)
        .unwrap();
    let decision = agent.select(&state, &SearchLimits::none()).unwrap();
    assert_eq!(state.format_move(decision.mv), "119-118");
}

/// The glance (the CCP engine's answer when its search is late) sees a win two plies deep
/// that the move gaining most misses: here stepping into the last free hole of a goal that
/// the opponent's blockers fill wins by anti-block; a hop elsewhere gains more rows.
#[test]
fn the_glance_takes_a_win_the_greediest_move_misses() {
    let goal = [113, 115, 116, 117, 118, 119, 120];
    let zeros: Vec<u8> = goal.iter().copied().chain([105, 60, 70]).collect();
    let state = position(&zeros, &[111, 112, 0, 1, 2, 3, 4, 5, 6, 7], 0, 100);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let wins = |mv: HalmaMove| {
        let mut after = state.clone();
        after.play(mv);
        outcome(&after) == Some(vec![1.0, 0.0])
    };
    let greediest = *moves
        .iter()
        .max_by_key(|&&m| ply_halma::eval::ProgressOrdering::gain(&state, m))
        .unwrap();
    assert!(!wins(greediest), "{}", state.format_move(greediest));
    let glanced = ply_halma::ccerl_agent::glance(&state).unwrap();
    assert_eq!(state.format_move(glanced), "105-114");
    assert!(wins(glanced));
    assert_eq!(
        ply_halma::ccerl_agent::glance(&{
            let mut over = state.clone();
            over.play(glanced);
            over
        }),
        None
    );
}

/// The board drawn for a person names each row's cell ids under the ccerl rules (its moves
/// are ids), and only there.
#[test]
fn the_drawn_board_shows_cell_ids() {
    let drawn = start().to_string();
    assert!(drawn.contains("| 4..4  id 0\n"), "{drawn}");
    assert!(drawn.contains("| -8..4  ids 98-110\n"), "{drawn}");
    let classic = Halma::with_settings(BoardKind::Star121, 2, HalmaSettings::default()).unwrap();
    assert!(!classic.to_string().contains("ids"), "{classic}");
}
