//! The analysis suites of `data/suite/`: each is what its generator makes, and the 7x6
//! suite's scores are the solver's (the positions the solver answers quickly here; `ply
//! bench connect4-solver --analyze --set suite/7x6` checks every one).

use ply_connect4::solver::{Book, Solver, MIN_TABLE_BITS};
use ply_connect4::testset::suite::{
    generate, parse_suite, suite_line, Expected, SuiteCase, SUITE_POSITIONS, SUITE_SEED,
};
use ply_connect4::testset::{bundled_in, BUNDLED_SUITES};
use ply_connect4::Connect4;

fn suite(name: &str) -> (Connect4, Vec<SuiteCase>) {
    let set = bundled_in(BUNDLED_SUITES, name).unwrap();
    let start = Connect4::new(set.width, set.height, 4).unwrap();
    let cases = parse_suite(set.text, set.width).unwrap();
    (start, cases)
}

/// The 7x6 suite starts with the positions its generator makes from its seed, in order (the
/// first 200: a suite's first positions do not depend on its length, and the whole takes
/// some seconds; `cargo run --release -p ply-connect4 --example analysis_suite` prints it
/// all), and holds every number of stones from 0 to 41, each position once.
#[test]
fn the_7x6_suite_is_what_its_generator_makes() {
    let (start, cases) = suite("suite/7x6");
    let moves: Vec<String> = cases.iter().map(|c| c.moves.clone()).collect();
    assert_eq!(moves.len(), SUITE_POSITIONS);
    assert_eq!(moves[..200], generate(&start, SUITE_SEED, 200));
    let mut stones: Vec<usize> = moves.iter().map(String::len).collect();
    stones.sort_unstable();
    stones.dedup();
    assert_eq!(stones, (0..42).collect::<Vec<_>>());
    let distinct: std::collections::HashSet<&String> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len());
}

/// The larger boards' suites start as their generator makes them (the first 100 of each:
/// a suite's first positions do not depend on its length), and hold no scores.
#[test]
fn the_larger_suites_are_what_their_generator_makes() {
    for name in ["suite/8x7", "suite/9x7"] {
        let (start, cases) = suite(name);
        assert_eq!(cases.len(), SUITE_POSITIONS, "{name}");
        let first: Vec<String> = cases.iter().take(100).map(|c| c.moves.clone()).collect();
        assert_eq!(first, generate(&start, SUITE_SEED, 100), "{name}");
        assert!(cases
            .iter()
            .all(|c| c.expected.iter().all(|&e| e == Expected::Unknown)));
    }
}

/// Every score of the 7x6 suite that the solver finds quickly (positions with at most 5
/// stones, from the bundled book, and those with 13 or more) is the solver's, as is every
/// full column. The others (6 to 12 stones) take minutes in all: the benchmark checks them.
#[test]
fn the_7x6_suite_scores_are_the_solvers() {
    let (start, cases) = suite("suite/7x6");
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS)
        .unwrap()
        .with_book(Some(Book::bundled()));
    let mut checked = 0;
    for case in cases
        .iter()
        .filter(|c| c.moves.len() <= 5 || c.moves.len() >= 13)
    {
        let state = start.after(&case.moves).unwrap();
        let found: Vec<Expected> = solver
            .analyze(&state, false)
            .into_iter()
            .map(Expected::found)
            .collect();
        assert_eq!(
            suite_line(&case.moves, &found),
            suite_line(&case.moves, &case.expected),
            "line {}",
            case.line
        );
        checked += 1;
    }
    assert!(checked > 800, "{checked}");
}

#[test]
fn suite_lines_read_back_and_bad_ones_name_their_line() {
    let text = " -2 -1 0 1 0 -1 -2\n4453 -5 -5 -2 -3 -4 -2 -2\n\n1111112 full ? 3 ? ? ? ?\n";
    let cases = parse_suite(text, 7).unwrap();
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[0].moves, "");
    assert_eq!(cases[2].line, 4);
    assert_eq!(
        cases[2].expected[..3],
        [Expected::Full, Expected::Unknown, Expected::Score(3)]
    );
    for (case, line) in cases.iter().zip(text.lines().filter(|l| !l.is_empty())) {
        assert_eq!(suite_line(&case.moves, &case.expected), line);
    }
    let err = parse_suite("4453 1 2 3\n", 7).unwrap_err().to_string();
    assert!(err.contains("line 1") && err.contains("4 fields"), "{err}");
    let err = parse_suite("\n4453 1 2 3 4 5 6 x\n", 7)
        .unwrap_err()
        .to_string();
    assert!(err.contains("line 2") && err.contains("'x'"), "{err}");
}
