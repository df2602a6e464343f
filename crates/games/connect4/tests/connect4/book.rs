//! Opening books built by the solver, checked against the solver without them.

use ply_connect4::solver::book_build::{book_key, book_positions};
use ply_connect4::solver::{Book, MIN_TABLE_BITS};
use ply_connect4::{Connect4, Solver};
use ply_core::hash::splitmix64;
use ply_core::Game;

/// The book of every `start` position with `depth` stones, as `ply solve connect4-book`
/// builds it.
fn build(start: &Connect4, depth: usize) -> Book {
    build_layer(start, depth, false)
}

/// Like [`build`]; with `outcomes`, an outcome layer from weak solves (`--outcomes`).
fn build_layer(start: &Connect4, depth: usize, outcomes: bool) -> Book {
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    let positions = book_positions(start, depth).unwrap();
    let scores = positions
        .iter()
        .map(|s| (book_key(s).unwrap(), solver.solve(s, outcomes)));
    let ply_connect4::Board::Narrow(p) = start.board() else {
        panic!("a narrow board")
    };
    if outcomes {
        Book::from_outcomes(p.shape(), depth as u32, scores)
    } else {
        Book::from_scores(p.shape(), depth as u32, scores)
    }
}

/// A random unfinished position of `start`'s board with `plies` stones, if the walk did not
/// end the game.
fn random_position(start: &Connect4, plies: usize, seed: u64) -> Option<Connect4> {
    let mut state = start.clone();
    let mut rng = seed;
    for _ in 0..plies {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let (next, r) = splitmix64(rng);
        rng = next;
        state.play(moves[(r % moves.len() as u64) as usize]);
        if state.is_terminal() {
            return None;
        }
    }
    Some(state)
}

/// Checks that a solver with `book` gives the same exact and weak scores as one without on
/// random positions of fewer than `max_plies` stones (one per seed, at least half of them
/// unfinished), and returns both solvers cleared, with their node counts at 0.
fn same_scores_with_and_without(
    start: &Connect4,
    book: std::sync::Arc<Book>,
    seeds: std::ops::Range<u64>,
    max_plies: usize,
) -> (Solver, Solver) {
    let mut plain = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    let mut booked = Solver::with_table_bits(MIN_TABLE_BITS)
        .unwrap()
        .with_book(Some(book));
    let board = format!("{}x{}", start.width(), start.height());
    let mut compared = 0;
    for seed in seeds.clone() {
        let plies = (seed as usize) % max_plies;
        let Some(state) = random_position(start, plies, seed) else {
            continue;
        };
        for weak in [false, true] {
            assert_eq!(
                booked.solve(&state, weak),
                plain.solve(&state, weak),
                "{board} seed {seed} weak {weak}"
            );
        }
        compared += 1;
    }
    assert!(2 * compared > seeds.count(), "{board}: {compared}");
    for solver in [&mut plain, &mut booked] {
        solver.clear();
        solver.reset_nodes();
    }
    (plain, booked)
}

/// On random positions before, at and after the book's depth, the solver with the book gives
/// the same exact and weak scores as without it, and the empty board costs far fewer nodes.
#[test]
fn with_a_book_every_score_is_the_same_and_early_ones_are_cheap() {
    for (width, height, depth) in [(5, 4, 4), (6, 4, 5), (4, 5, 4)] {
        let start = Connect4::new(width, height, 4).unwrap();
        let book = std::sync::Arc::new(build(&start, depth));
        assert!(book.len() > 10, "{width}x{height}");
        let (mut plain, mut booked) = same_scores_with_and_without(&start, book, 0..60, depth + 4);
        assert_eq!(booked.solve(&start, false), plain.solve(&start, false));
        assert!(
            booked.nodes() * 4 < plain.nodes(),
            "{width}x{height}: {} nodes with the book, {} without",
            booked.nodes(),
            plain.nodes()
        );
    }
}

/// An outcome layer deeper than the exact one changes no score, strong or weak, and makes
/// weak solves of the positions before it cheap.
#[test]
fn an_outcome_layer_keeps_every_score_and_makes_weak_solves_cheap() {
    for (width, height, exact, outcomes) in [(5, 4, 2, 5), (6, 4, 3, 6), (4, 5, 2, 5)] {
        let start = Connect4::new(width, height, 4).unwrap();
        let book = build(&start, exact)
            .merged(build_layer(&start, outcomes, true))
            .unwrap();
        assert_eq!(book.depth(), outcomes as u32);
        let book = std::sync::Arc::new(book);
        let (mut plain, mut booked) =
            same_scores_with_and_without(&start, book, 100..180, outcomes + 4);
        assert_eq!(booked.solve(&start, true), plain.solve(&start, true));
        assert!(
            booked.nodes() * 4 < plain.nodes(),
            "{width}x{height}: {} nodes with the book, {} without",
            booked.nodes(),
            plain.nodes()
        );
    }
}

/// The book's bytes read back to the same book, and a book for another board is not used.
#[test]
fn a_built_book_round_trips_and_serves_only_its_board() {
    let start = Connect4::new(5, 4, 4).unwrap();
    let book = build(&start, 3);
    assert_eq!(Book::from_bytes(&book.to_bytes()), Ok(book.clone()));
    assert!(book.is_for(5, 4, 4) && !book.is_for(7, 6, 4));
    // On 7x6 the book is ignored: the solve is the plain one.
    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS)
        .unwrap()
        .with_book(Some(std::sync::Arc::new(book)));
    let late = Connect4::standard().after("44554433").unwrap();
    let mut plain = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
    assert_eq!(solver.solve(&late, true), plain.solve(&late, true));
}

/// The bundled book holds the exact score of every 7x6 position with 6 stones, with 8 and
/// with 10, and with it the solver gives Pascal Pons' published scores for the positions of
/// his begin sets with at most 10 stones.
#[test]
fn the_bundled_book_is_whole_and_agrees_with_pons_sets() {
    use std::collections::HashSet;
    let book = Book::bundled();
    assert_eq!((book.shape(), book.depth()), ((7, 6, 4), 10));
    assert_eq!(
        book.layers().collect::<Vec<_>>(),
        [(6, false, 8_231), (8, false, 91_295), (10, false, 809_464)]
    );
    let start = Connect4::standard();
    let keys: HashSet<u64> = book.scores().map(|(key, _)| key).collect();
    assert_eq!(keys.len(), 8_231 + 91_295 + 809_464);
    for depth in [6, 8, 10] {
        let positions = book_positions(&start, depth).unwrap();
        assert!(
            positions
                .iter()
                .all(|s| keys.contains(&book_key(s).unwrap())),
            "depth {depth}"
        );
    }

    let mut solver = Solver::with_table_bits(MIN_TABLE_BITS)
        .unwrap()
        .with_book(Some(book));
    let mut checked = 0;
    for name in ["Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        let set = ply_connect4::testset::bundled(name).unwrap();
        let cases = ply_connect4::testset::parse_test_set(set.text).unwrap();
        for case in cases.iter().filter(|c| c.moves.len() <= 10) {
            let state = start.after(&case.moves).unwrap();
            assert_eq!(
                solver.solve(&state, false),
                case.expected,
                "{name} line {}",
                case.line
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 1_653);
}
