//! The solver against published scores: Pascal Pons' test sets, Christophe Steininger's
//! 9x5 and 10x6 sets, and the solved values of small boards (crates/games/connect4/README.md,
//! "Solved small boards", from John Tromp's "John's Connect Four Playground" and Steininger's c4 readme).
//!
//! The sets are the copies bundled in the crate (`data/`, provenance in `data/SOURCES.md`).
//! The larger ones are slow without optimisation, so builds with debug assertions run only
//! a tenth of each; `cargo test` (the optimised test profile) runs them all.

use std::ops::Range;

use ply_connect4::solver::MIN_TABLE_BITS;
use ply_connect4::testset::{bundled, parse_test_set, run_test_set, TestCase};
use ply_connect4::{ColumnBase, Connect4, Solver};

/// The first `limit` lines of the bundled set `name`.
fn cases(name: &str, limit: usize) -> Vec<TestCase> {
    cases_in(name, 0..limit)
}

/// The lines of the bundled set `name` whose 0-based indices are in `lines`.
fn cases_in(name: &str, lines: Range<usize>) -> Vec<TestCase> {
    let set = bundled(name).unwrap_or_else(|| panic!("no bundled set {name}"));
    let cases = parse_test_set(set.text).unwrap();
    cases[lines.start.min(cases.len())..lines.end.min(cases.len())].to_vec()
}

/// Solves the first `limit` lines of the bundled set `name` and asserts every score.
fn check_set(name: &str, limit: usize) {
    check_lines(name, 0..limit);
}

/// Solves the lines of the bundled set `name` in `lines` (a tenth of them in debug builds)
/// and asserts every score. The slow sets are checked in slices, one test each, so the
/// test threads share them out.
fn check_lines(name: &str, lines: Range<usize>) {
    let set = bundled(name).unwrap();
    let lines = if cfg!(debug_assertions) {
        lines.start..lines.start + (lines.len() / 10).max(1)
    } else {
        lines
    };
    let cases = cases_in(name, lines);
    let start = Connect4::new(set.width, set.height, 4).unwrap();
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    let report = run_test_set(&mut solver, &start, &cases, set.base, false);
    assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
    assert!(
        report.wrong.is_empty(),
        "{name}: (line, expected, found) {:?}",
        &report.wrong[..report.wrong.len().min(10)]
    );
    assert_eq!(report.correct, cases.len());
    eprintln!("{name}: {report}");
}

#[test]
fn pons_end_easy_all() {
    check_set("Test_L3_R1", 1000);
}

#[test]
fn pons_middle_easy_all() {
    check_set("Test_L2_R1", 1000);
}

#[test]
fn pons_middle_medium_all() {
    check_set("Test_L2_R2", 1000);
}

#[test]
fn pons_begin_easy_all() {
    check_set("Test_L1_R1", 1000);
}

// The two hardest sets are sampled: their first lines take most of a clean `cargo test`'s
// minute of solving already. Every line of every set is checked by
// `ply bench connect4-solver --set NAME` (a benchmark, minutes a set).

#[test]
fn pons_begin_medium_lines_1_to_50() {
    check_lines("Test_L1_R2", 0..50);
}

#[test]
fn pons_begin_medium_lines_51_to_100() {
    check_lines("Test_L1_R2", 50..100);
}

#[test]
fn pons_begin_hard_lines_1_to_5() {
    check_lines("Test_L1_R3", 0..5);
}

#[test]
fn pons_begin_hard_lines_6_to_10() {
    check_lines("Test_L1_R3", 5..10);
}

#[test]
fn steininger_9x5_endgame_all_and_midgame_first_100() {
    check_set("steininger/9x5/endgame_L1", 1000);
    check_set("steininger/9x5/midgame_L1", 100);
}

#[test]
fn steininger_10x6_endgame_all_and_midgame_first_100() {
    check_set("steininger/10x6/endgame_L1", 1000);
    check_set("steininger/10x6/midgame_L1", 100);
}

/// Small boards solved from empty, against the published values (crates/games/connect4/README.md,
/// "Solved small boards": John Tromp's "John's Connect Four Playground"; Steininger's c4 readme).
/// A first-player win ending on move m scores (W·H + 2 − m) / 2, a second-player win the
/// negation, a draw 0.
#[test]
fn small_boards_from_empty_match_the_published_values() {
    let published: &[(usize, usize, i32)] = &[
        (4, 4, 0),                     // = 16
        (5, 4, 0),                     // = 20
        (6, 4, -(6 * 4 + 2 - 24) / 2), // 2nd wins on move 24
        (4, 5, 0),                     // = 20
        (5, 5, 0),                     // = 25
        (6, 5, 0),                     // = 30
        (4, 6, 0),                     // = 24
    ];
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    for &(w, h, score) in published {
        let empty = Connect4::new(w, h, 4).unwrap();
        assert_eq!(solver.solve(&empty, false), score, "{w}x{h}");
    }
}

/// Boards past 128 bits run on the four-limb integer: the same threats and scores.
#[test]
fn huge_boards_solve_short_tactics() {
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    let board = Connect4::new(12, 10, 4).unwrap();
    // Three in a row on the bottom, open on the right: a win with the 4th stone (move 7).
    let state = board.after("112233").unwrap();
    assert_eq!(solver.solve(&state, false), (120 + 1 - 6) / 2);
    // The opponent blocks at 4 but then cannot stop 5-6-7 ... here only the sign matters:
    // after 1122334 (blocked? no: 4 completes), the game is over and lost for the mover.
    let over = board.after("1122334").unwrap();
    assert_eq!(solver.solve(&over, false), -(120 + 2 - 7) / 2);
    assert_eq!(solver.solve(&over, true), -1);
}

/// The standard board: the first player wins, only by playing the centre column, on their
/// 21st stone (move 41, score 1). Minutes of work: run with `--ignored`.
#[test]
#[ignore]
fn empty_7x6_board_is_a_first_player_win_in_the_centre() {
    let mut solver = Solver::new();
    let empty = Connect4::standard();
    assert_eq!(solver.solve(&empty, true), 1);
    // Allis: the centre wins, its neighbours draw, the rest lose.
    let signs = solver.analyze(&empty, true);
    let expected = [-1, -1, 0, 1, 0, -1, -1];
    assert_eq!(signs, expected.map(Some).to_vec());
}

/// Two and three threads sharing the table and the moves near each probe's root give the
/// same scores as one, exact and weak, on positions long enough (tens of milliseconds) for
/// the threads to meet inside one another's moves.
#[test]
fn parallel_solver_agrees_with_the_published_scores() {
    let short = if cfg!(debug_assertions) { 5 } else { 100 };
    let long = if cfg!(debug_assertions) { 1 } else { 30 };
    let start = Connect4::standard();
    for threads in [2, 3] {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS)
            .unwrap()
            .with_threads(threads)
            .unwrap();
        assert_eq!(solver.threads(), threads);
        for (set, limit) in [("Test_L2_R2", short), ("Test_L1_R2", long)] {
            let cases = cases(set, limit);
            for weak in [false, true] {
                let report = run_test_set(&mut solver, &start, &cases, ColumnBase::One, weak);
                assert!(
                    report.wrong.is_empty(),
                    "{set} {threads} threads weak={weak}: {:?}",
                    report.wrong
                );
                assert_eq!(report.correct, cases.len());
            }
        }
    }
}

/// The score of `state` by plain negamax over every move, without pruning or table: the
/// reference the solver's pruning, tables and threads must all agree with.
fn plain_negamax(state: &Connect4) -> i32 {
    use ply_core::Game;
    let cells = (state.width() * state.height()) as i32;
    let moves = state.moves_played() as i32;
    if state.last_mover_won() {
        return -(cells + 2 - moves) / 2;
    }
    if state.is_terminal() {
        return 0;
    }
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    legal
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            -plain_negamax(&child)
        })
        .max()
        .expect("an unfinished game has a move")
}

/// `plies` random moves from `start` (fewer if the game ends), seeded by `seed`.
fn random_walk(start: &Connect4, plies: usize, seed: u64) -> Connect4 {
    use ply_core::Game;
    let mut state = start.clone();
    let mut rng = seed;
    let mut legal = Vec::new();
    for _ in 0..plies {
        legal.clear();
        state.legal_moves(&mut legal);
        let (next, r) = ply_core::hash::splitmix64(rng);
        rng = next;
        state.play(legal[(r % legal.len() as u64) as usize]);
        if state.is_terminal() {
            break;
        }
    }
    state
}

/// Solvers of one, two and three threads, with the smallest table.
fn one_to_three_threads() -> Vec<Solver> {
    [1, 2, 3]
        .into_iter()
        .map(|threads| {
            Solver::with_table_bits(MIN_TABLE_BITS)
                .unwrap()
                .with_threads(threads)
                .unwrap()
        })
        .collect()
}

/// One, two and three threads against plain negamax on random positions of small boards
/// with eight to ten empty cells (seeded walks).
#[test]
fn every_thread_count_matches_plain_negamax_on_random_positions() {
    use ply_core::Game;
    let walks = if cfg!(debug_assertions) { 6 } else { 40 };
    let mut solvers = one_to_three_threads();
    let mut checked = 0;
    for (width, height) in [(4, 4), (5, 4), (4, 5)] {
        let start = Connect4::new(width, height, 4).unwrap();
        let cells = width * height;
        for seed in 0..walks {
            let plies = cells - 8 - (seed as usize % 3);
            let state = random_walk(&start, plies, seed ^ (cells as u64) << 32);
            if state.is_terminal() {
                continue;
            }
            let expected = plain_negamax(&state);
            for solver in &mut solvers {
                let threads = solver.threads();
                assert_eq!(
                    solver.solve(&state, false),
                    expected,
                    "{width}x{height} seed {seed}, {threads} threads"
                );
                assert_eq!(
                    solver.solve(&state, true),
                    expected.signum(),
                    "{width}x{height} seed {seed}, {threads} threads, weak"
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked >= walks as usize,
        "only {checked} unfinished positions"
    );
}

/// The analysis (every column's score) with one, two and three threads against plain
/// negamax on each child, on random positions of small boards: each child's solve starts
/// from a sibling's score, right or wrong, and with threads the children are solved side
/// by side.
#[test]
fn every_thread_count_analyses_as_plain_negamax_scores_each_column() {
    use ply_core::Game;
    let walks = if cfg!(debug_assertions) { 6 } else { 30 };
    let mut solvers = one_to_three_threads();
    let mut checked = 0;
    for (width, height) in [(5, 4), (4, 5)] {
        let start = Connect4::new(width, height, 4).unwrap();
        let cells = width * height;
        for seed in 0..walks {
            let plies = cells - 8 - (seed as usize % 3);
            let state = random_walk(&start, plies, seed ^ (cells as u64) << 40);
            if state.is_terminal() {
                continue;
            }
            let expected: Vec<Option<i32>> = (0..width)
                .map(|col| {
                    state.can_play(col).then(|| {
                        let mut child = state.clone();
                        child.play(col as u8);
                        -plain_negamax(&child)
                    })
                })
                .collect();
            for solver in &mut solvers {
                let threads = solver.threads();
                assert_eq!(
                    solver.analyze(&state, false),
                    expected,
                    "{width}x{height} seed {seed}, {threads} threads"
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked >= walks as usize,
        "only {checked} unfinished positions"
    );
}

/// `at_most_until` answers "is the score at most b" for every b around the true score, and
/// `keep_outcome_until` picks a column whose child has the outcome the position has.
#[test]
fn bound_tests_and_outcome_keeping_columns_agree_with_exact_scores() {
    let cases = cases("Test_L2_R1", 60);
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    let mut exact = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    for case in &cases {
        let state = Connect4::standard().after(&case.moves).unwrap();
        for bound in case.expected - 2..=case.expected + 2 {
            assert_eq!(
                solver.at_most_until(&state, bound, None),
                Some(case.expected <= bound),
                "{} at most {bound}",
                case.moves
            );
        }
        let (col, outcome) = solver
            .keep_outcome_until(&state, ply_connect4::solver::center_order(7), None)
            .unwrap();
        assert_eq!(outcome, case.expected.signum(), "{}", case.moves);
        let child_sign = if state.is_winning_move(col) {
            -1
        } else {
            let mut child = state.clone();
            ply_core::Game::play(&mut child, col as u8);
            exact.solve(&child, true)
        };
        // A column that keeps a loss may be any; one that keeps a win or draw must.
        if outcome >= 0 {
            assert_eq!(-child_sign, outcome, "{} column {col}", case.moves);
        }
    }
}

/// A raised interrupt makes every solve give up as a passed deadline does (Python's Ctrl-C
/// raises it), in one thread or several, and a lowered one lets the same solver finish.
#[test]
fn an_interrupt_gives_up_the_solve_and_the_solver_goes_on_after() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    // The empty 8x7 board: hours of search, so only the interrupt can end it here.
    let hard = Connect4::new(8, 7, 4).unwrap();
    let position = Connect4::standard().after("32164625").unwrap();
    for threads in [1, 2] {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS)
            .unwrap()
            .with_threads(threads)
            .unwrap();
        let flag = Arc::new(AtomicBool::new(true));
        solver.set_interrupt(Some(flag.clone()));
        assert_eq!(solver.solve_until(&hard, false, None), None);
        assert_eq!(solver.analyze_until(&hard, true, None), None);
        flag.store(false, Ordering::Relaxed);
        assert_eq!(solver.solve_until(&position, false, None), Some(11));
        solver.set_interrupt(None);
        assert_eq!(solver.solve(&position, false), 11);
    }
}
