//! The Connect Four agent catalog: the generic searches with this crate's evaluators and
//! ordering, seed 001's three players as presets, and `perfect`, the solver as a player.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::eval::Proven;
use ply_core::{Agent, Decision, Game, SearchLimits};
use ply_search::alphabeta::{AlphaBeta, TranspositionTable as SearchTable};
use ply_search::spec::{Catalog, KeyInfo, KeyKind, Params, SpecError};

use crate::board::{Column, Connect4};
use crate::eval::{CenterFirst, Seed001, Threats};
use crate::solver::{Book, Solver, SolverError, MAX_TABLE_BITS, MIN_TABLE_BITS, TABLE_BITS_RULE};

/// Keys of the `perfect` agent.
const PERFECT_KEYS: &[KeyInfo] = &[
    KeyInfo::new("time", "1s", "time budget per move"),
    KeyInfo::new(
        "table",
        "22",
        "solver table size as log2 of its 8-byte entries, 22 to 28 (22 = 32 MiB, 28 = 2 GiB)",
    )
    .of_kind(KeyKind::Memory),
    BOOK_KEY,
    THREADS_KEY,
];

/// The `threads` key of `perfect` and `solver`.
const THREADS_KEY: KeyInfo = KeyInfo::new(
    "threads",
    "1",
    "threads of each solve, sharing the table, 1 to 64 (more than one helps only when the \
     agent has the cores to itself)",
)
.of_kind(KeyKind::Threads);

/// The `book` key of `perfect` and `solver`.
const BOOK_KEY: KeyInfo = KeyInfo::new(
    "book",
    "true",
    "prove the first ten moves on 7x6 at once from the bundled opening book (exact scores at 6, 8 and 10 stones)",
);

/// The bundled book if the `book` key asks for it.
fn book(params: &Params) -> Result<Option<Arc<Book>>, SpecError> {
    Ok(params.bool("book")?.then(Book::bundled))
}

/// Every Connect Four agent, evaluator, ordering and preset, for `ply list`, `play`,
/// `arena` and the server.
///
/// - evaluators: `threats` (the default: windows + threats by row parity) and `seed001`
///   (seed 001's window heuristic, exactly);
/// - ordering: `center` (3, 2, 4, 1, 5, 0, 6 on seven columns);
/// - presets: `seed001-minimax` (minimax depth 5), `seed001-alphabeta` (plain alpha-beta
///   depth 9, centre-first), `seed001-mcts` (UCT, C = 2, 0.75 s per move, random playouts);
/// - preset `strongest` (`perfect:time=1s`);
/// - agent: `solver` (the exact solver: best column and exact score, for analysis);
/// - agent: `perfect` (a move the solver proves keeps the position's outcome, within
///   `time`; when the solver cannot finish, the move of the deepest completed alpha-beta
///   iteration).
pub fn catalog() -> Catalog<Connect4> {
    let mut catalog = Catalog::generic(Arc::new(Threats));
    catalog.add_evaluator(Arc::new(Seed001));
    catalog.add_ordering(Arc::new(CenterFirst));
    catalog.add_preset(
        "seed001-minimax",
        "seed 001's minimax: depth 5, window heuristic",
        "minimax:depth=5,eval=seed001",
    );
    catalog.add_preset(
        "seed001-alphabeta",
        "seed 001's alpha-beta: depth 9, columns 3,2,4,1,5,0,6, window heuristic, no table",
        "alphabeta:depth=9,eval=seed001,order=center,tt=0,id=false,pvs=false,killers=false,history=false",
    );
    catalog.add_preset(
        "seed001-mcts",
        "seed 001's MCTS: UCT with C = 2, random playouts, 0.75 s per move",
        "mcts:time=750ms,c=2,solver=false",
    );
    catalog.add_preset(
        "strongest",
        "the strongest agent: the solver with a second per move",
        "perfect:time=1s",
    );
    catalog.add_agent(
        "perfect",
        "plays a move the solver proves keeps the win or draw (or, when lost, the longest \
         resistance; in the opening book's range, the best exact score: the quickest win), \
         within the time budget; falls back to the deepest completed alpha-beta \
         search when the solver cannot finish",
        PERFECT_KEYS,
        |params: &Params, _seed| {
            let time = params.duration("time")?;
            let bits = table_bits(params)?;
            let threads = params.u32("threads")? as usize;
            let perfect = Perfect::new(time, bits)
                .map_err(|e| params.bad_value("table", &format!("a table that fits: {e}")))?
                .with_book(book(params)?)
                .with_threads(threads)
                .map_err(|e| params.bad_value("threads", &e.to_string()))?;
            Ok(Box::new(perfect) as Box<dyn Agent<Connect4>>)
        },
    );
    catalog.set_table_memory("perfect", |params| {
        Ok(perfect_table_bytes(table_bits(params)?))
    });
    catalog.add_agent(
        "solver",
        "the exact solver as an analyst: scores every column and plays the best; its value \
         is the exact score (Pons' scale). Without a time limit it always finishes (early in \
         7x6 a strong solve takes minutes); out of time it plays the centre-most column \
         with no value",
        SOLVER_KEYS,
        |params: &Params, _seed| {
            let bits = table_bits(params)?;
            let threads = params.u32("threads")? as usize;
            let solver = crate::exact::ExactSolver::new(bits, params.bool("weak")?)
                .map_err(|e| params.bad_value("table", &format!("a table that fits: {e}")))?
                .with_book(book(params)?)
                .with_threads(threads)
                .map_err(|e| params.bad_value("threads", &e.to_string()))?;
            Ok(Box::new(solver) as Box<dyn Agent<Connect4>>)
        },
    );
    catalog.set_table_memory("solver", |params| Ok(8u64 << table_bits(params)?));
    catalog
}

/// Keys of the `solver` agent.
const SOLVER_KEYS: &[KeyInfo] = &[
    KeyInfo::new(
        "table",
        "24",
        "solver table size as log2 of its 8-byte entries, 22 to 28 (24 = 128 MiB)",
    )
    .of_kind(KeyKind::Memory),
    KeyInfo::new(
        "weak",
        "false",
        "prove only win, draw or loss (scores 1, 0, -1): far faster early in the game",
    ),
    BOOK_KEY,
    THREADS_KEY,
];

/// The `table` key of `perfect`, checked.
fn table_bits(params: &Params) -> Result<u32, SpecError> {
    let bits = params.u32("table")?;
    if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&bits) {
        return Err(params.bad_value("table", TABLE_BITS_RULE));
    }
    Ok(bits)
}

/// Size in MB of the fallback alpha-beta's table.
const FALLBACK_TABLE_MB: u64 = 16;

/// The bytes the tables of a `perfect` agent with a solver table of `2^bits` entries take:
/// the solver's (8 bytes an entry; its 2 MiB of alignment slack left out) and the fallback
/// alpha-beta's.
pub fn perfect_table_bytes(bits: u32) -> u64 {
    (8u64 << bits) + (FALLBACK_TABLE_MB << 20)
}

/// Share of the budget the fallback search gets first, so a move is always ready.
const FALLBACK_SHARE: f64 = 0.2;

/// The solver as a player.
///
/// Each move: a short iterative-deepening alpha-beta (threats evaluator, centre-first,
/// table) secures a move; then, with what is left of the budget, the solver proves the
/// outcome of the position (win / draw / loss: a weak solve, far cheaper than the exact
/// score) and a column that keeps it, trying the alpha-beta choice first, then from the
/// centre out. Keeping a proven win move after move wins (the board is finite, so a won
/// position cannot last forever), and keeping a draw never loses. A lost position (a random
/// opening can be one) is resisted: the column whose loss comes last by exact score, so an
/// imperfect opponent has the longest way to go wrong. When the budget runs out first, the
/// alpha-beta choice is played. In the opening book's range (fewer stones than its depth)
/// every column's exact score comes at once, so the best of them is played instead: the
/// quickest win, the longest resistance. The solver's table is kept between moves, so
/// later moves are proven sooner.
pub struct Perfect {
    time: Duration,
    table_bits: u32,
    solver: Solver,
    fallback: AlphaBeta<Connect4, SearchTable<Connect4>>,
}

impl Perfect {
    /// The player with `time` per move and a solver table of `2^table_bits` entries: an
    /// error if `table_bits` is outside 22..=28 or the table cannot be allocated.
    pub fn new(time: Duration, table_bits: u32) -> Result<Self, SolverError> {
        Ok(Perfect {
            time,
            table_bits,
            solver: Solver::with_table_bits(table_bits)?,
            fallback: AlphaBeta::new(Arc::new(Threats))
                .ordering(Arc::new(CenterFirst))
                .table(FALLBACK_TABLE_MB as usize),
        })
    }

    /// Takes values from `book`'s layers (on boards of its size): every position with fewer
    /// stones than its depth is then proven at once.
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> Self {
        self.solver.set_book(book);
        self
    }

    /// Solves with `threads` threads sharing the table: an error unless `threads` is in
    /// `1..=`[`crate::solver::MAX_THREADS`].
    pub fn with_threads(self, threads: usize) -> Result<Self, SolverError> {
        Ok(Perfect {
            solver: self.solver.with_threads(threads)?,
            ..self
        })
    }

    /// In a lost position, the column whose exact score is highest (the loss furthest
    /// away), among those solved before `deadline`, trying columns in `preference` order
    /// (so ties go to the earlier one), with that score. `None` if not even the first could be
    /// solved.
    fn longest_resistance(
        &mut self,
        state: &Connect4,
        preference: impl IntoIterator<Item = usize>,
        deadline: Instant,
    ) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        for col in preference {
            if !state.can_play(col) {
                continue;
            }
            let mut child = state.clone();
            child.play(col as Column);
            let Some(child_score) = self.solver.solve_until(&child, false, Some(deadline)) else {
                break;
            };
            if best.is_none_or(|(_, score)| -child_score > score) {
                best = Some((col, -child_score));
            }
        }
        best
    }
}

/// The plies from `state` to the end of a game whose exact score for the player to move is
/// `score` (Pons' scale, not 0): a win comes with the mover's own stone, a loss with the
/// opponent's (see [`crate::solver`]'s scores).
fn plies_to_end(state: &Connect4, score: i32) -> u32 {
    let cells = (state.width() * state.height()) as i32;
    let stones = state.moves_played() as i32;
    let plies = if score > 0 {
        // The mover's k-th stone from here wins: plies 2k − 1.
        let k = (cells + 1 - stones) / 2 - score + 1;
        2 * k - 1
    } else {
        // The opponent's k-th stone wins: plies 2k.
        let k = (cells - stones) / 2 + score + 1;
        2 * k
    };
    plies.max(1) as u32
}

/// A proven result as a decision's value, in the tree searches' scale (so every front end
/// reads it alike): `score` is the exact score when it is known, else only its sign.
fn proven_value(state: &Connect4, score: i32, exact: bool) -> f64 {
    if score == 0 {
        return 0.0;
    }
    let proven = Proven {
        mover_wins: score > 0,
        plies: exact.then(|| plies_to_end(state, score)),
    };
    f64::from(proven.value())
}

impl Agent<Connect4> for Perfect {
    fn name(&self) -> String {
        format!(
            "perfect:time={}ms,table={},book={},threads={}",
            self.time.as_millis(),
            self.table_bits,
            self.solver.book().is_some(),
            self.solver.threads()
        )
    }

    fn select(&mut self, state: &Connect4, limits: &SearchLimits) -> Option<Decision<Column>> {
        if state.is_terminal() {
            return None;
        }
        let started = Instant::now();
        self.solver.set_interrupt(limits.stop.clone());
        let budget = limits.time.map_or(self.time, |t| t.min(self.time));
        let deadline = started + budget;
        let fallback_limits = SearchLimits {
            time: Some(budget.mul_f64(FALLBACK_SHARE)),
            stop: limits.stop.clone(),
            ..SearchLimits::default()
        };
        // Below the book's depth the solver answers at once: no fallback needed.
        let in_book = self.solver.book().is_some_and(|book| {
            book.is_for(state.width(), state.height(), state.k())
                && state.moves_played() < book.depth() as usize
        });
        let fallback = if in_book {
            let col = crate::solver::center_order(state.width()).find(|&c| state.can_play(c))?;
            Decision::just(col as Column)
        } else {
            self.fallback.select(state, &fallback_limits)?
        };
        let nodes_before = self.solver.nodes();
        let first = fallback.mv as usize;
        let preference: Vec<usize> = std::iter::once(first)
            .chain(crate::solver::center_order(state.width()).filter(|&c| c != first))
            .collect();
        // In the book's range every column's exact score is a lookup or a short search to
        // the book, so the best of them is played: the quickest win, the longest resistance.
        let best = if in_book {
            self.solver.best_move_until(state, Some(deadline))
        } else {
            None
        };
        // The column and its value: exact where the score is known, else the outcome.
        let proven = match best {
            Some((col, score)) => Some((col, proven_value(state, score, true))),
            None => match self.solver.keep_outcome_until(
                state,
                preference.iter().copied(),
                Some(deadline),
            ) {
                // Lost against perfect play: resist as long as possible, which leaves an
                // imperfect opponent the most chances to go wrong.
                Some((_, -1)) => self
                    .longest_resistance(state, preference, deadline)
                    .map(|(col, score)| (col, proven_value(state, score, true))),
                Some((col, outcome)) => Some((col, proven_value(state, outcome, false))),
                None => None,
            },
        };
        let nodes = fallback.nodes + (self.solver.nodes() - nodes_before);
        let elapsed = started.elapsed();
        Some(match proven {
            Some((col, value)) => Decision {
                mv: col as Column,
                value,
                pv: vec![col as Column],
                nodes,
                depth: (state.width() * state.height() - state.moves_played()) as u32,
                elapsed,
                iterations: 1,
            },
            None => Decision {
                nodes,
                elapsed,
                ..fallback
            },
        })
    }

    fn new_game(&mut self) {
        self.solver.clear();
        self.fallback.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_builds_every_named_agent() {
        let catalog = catalog();
        for spec in [
            "seed001-minimax",
            "seed001-alphabeta",
            "seed001-mcts:time=50ms",
            "perfect:time=100ms",
            "alphabeta:depth=4,eval=seed001,order=center",
            "alphabeta:depth=4,eval=threats",
        ] {
            assert!(catalog.build(spec, 1).is_ok(), "{spec}");
        }
        assert!(catalog.evaluator("seed001").is_some());
        assert!(catalog.evaluator("threats").is_some());
        let err = catalog
            .build("perfect:table=99", 1)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("table"), "{err}");
    }

    #[test]
    fn the_book_and_threads_keys_are_honoured_and_checked() {
        let catalog = catalog();
        let name = |spec: &str| catalog.build(spec, 1).unwrap().name();
        assert!(name("perfect").contains("book=true,threads=1"));
        assert!(name("perfect:book=false,threads=2").contains("book=false,threads=2"));
        assert!(name("solver").ends_with("book=true,threads=1"));
        assert!(name("solver:book=false,threads=2").ends_with("book=false,threads=2"));
        for (spec, says) in [
            ("perfect:threads=0", "'0' for key 'threads'"),
            ("perfect:threads=65", "1 to 64"),
            ("perfect:threads=-1", "'-1' for key 'threads'"),
            ("perfect:book=maybe", "'maybe' for key 'book'"),
            ("solver:book=2", "'2' for key 'book'"),
            ("solver:threads=0", "'0' for key 'threads'"),
            ("solver:threads=65", "1 to 64"),
        ] {
            let err = catalog.build(spec, 1).err().unwrap().to_string();
            assert!(err.contains(says), "{spec}: {err}");
        }
    }

    /// `table=30` used to be accepted: an 8 GiB table.
    #[test]
    fn perfect_table_sizes_are_bounded() {
        let catalog = catalog();
        for bits in [0, 21, 29, 30, 32, 64] {
            let err = catalog
                .build(&format!("perfect:table={bits}"), 1)
                .err()
                .unwrap()
                .to_string();
            assert!(err.contains(&format!("'{bits}' for key 'table'")), "{err}");
            assert!(err.contains("from 22 to 28"), "{err}");
        }
        for bits in [MIN_TABLE_BITS, MAX_TABLE_BITS] {
            assert!(catalog.build(&format!("perfect:table={bits}"), 1).is_ok());
        }
        assert!(Perfect::new(Duration::from_secs(1), 29).is_err());
    }

    #[test]
    fn perfect_declares_the_memory_of_its_tables() {
        let catalog = catalog();
        let mib = 1u64 << 20;
        assert_eq!(catalog.table_bytes("perfect"), Ok(32 * mib + 16 * mib));
        assert_eq!(
            catalog.table_bytes("perfect:table=28,time=10ms"),
            Ok(2048 * mib + 16 * mib)
        );
        let err = catalog
            .table_bytes("perfect:table=30")
            .unwrap_err()
            .to_string();
        assert!(err.contains("'30' for key 'table'"), "{err}");
        // Its presets over the generic searches report their `tt`.
        assert_eq!(catalog.table_bytes("seed001-alphabeta"), Ok(0));
        assert_eq!(catalog.table_bytes("alphabeta:tt=64"), Ok(64 * mib));
    }

    #[test]
    fn perfect_resists_a_lost_position_as_long_as_possible() {
        // From Pons' Test_L2_R1: the player to move loses, with score −11.
        let state = Connect4::standard().after("271713432331713132").unwrap();
        let scores = Solver::with_table_bits(MIN_TABLE_BITS)
            .unwrap()
            .analyze(&state, false);
        let longest = scores.iter().flatten().max().copied().unwrap();
        assert_eq!(longest, -11);
        assert!(
            scores.iter().flatten().any(|&s| s < longest),
            "some column loses sooner: {scores:?}"
        );
        let mut agent = catalog().build("perfect:time=1s", 1).unwrap();
        let d = agent.select(&state, &SearchLimits::none()).unwrap();
        assert_eq!(scores[d.mv as usize], Some(longest), "{scores:?}");
        // The loss, proven with its distance: score −11 with 18 stones is the opponent's
        // second stone from here, four plies on.
        assert_eq!(
            d.value, -999_996.0,
            "the loss is reported with its distance"
        );
        // Offered the quickest losses first, it still finds the longest resistance.
        let mut worst_first: Vec<usize> = (0..7).filter(|&c| scores[c].is_some()).collect();
        worst_first.sort_by_key(|&c| scores[c]);
        let mut perfect = Perfect::new(Duration::from_secs(1), MIN_TABLE_BITS).unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        let (col, score) = perfect
            .longest_resistance(&state, worst_first, deadline)
            .unwrap();
        assert_eq!((scores[col], score), (Some(longest), longest));
    }

    #[test]
    fn perfect_takes_a_win_and_blocks_a_loss() {
        let mut agent = catalog().build("perfect:time=300ms", 1).unwrap();
        let win = Connect4::standard().after("112233").unwrap();
        let d = agent.select(&win, &SearchLimits::none()).unwrap();
        assert_eq!(d.mv, 3, "completes the row");
        let block = Connect4::standard().after("1122335").unwrap();
        let d = agent.select(&block, &SearchLimits::none()).unwrap();
        assert_eq!(d.mv, 3, "blocks the row");
    }
}
