//! A perfect Connect Four solver in the style of Pascal Pons' (negamax, alpha-beta,
//! null-window bisection of the score range, a transposition table, threat-ordered moves,
//! moves that lose at once pruned before the search), for every board this crate plays.
//!
//! Scores are Pons' test-set convention for the side to move: positive = a win, the number
//! of the winner's stones still in hand after the winning move plus one (so on 7x6 a win
//! with one's k-th stone scores 22 − k); negative = a loss, likewise; 0 = a draw.

mod book;
pub mod book_build;
mod near;
mod parity;
mod search;
mod sorter;
mod split;
mod table;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::board::Connect4;

pub use book::{Book, BookError, BookValue};
pub use sorter::center_order;
pub use table::{
    machine_table_bits, Hit, TableError, TranspositionTable, DEFAULT_TABLE_BITS, MAX_TABLE_BITS,
    MIN_TABLE_BITS, TABLE_BITS_RULE,
};

/// The most threads a solve runs (more gain little past the cores of one machine).
pub const MAX_THREADS: usize = 64;

/// A solver setting that cannot be had. The messages state the rule; callers name the
/// flag or key (`--table-bits`, `table=`, `--threads`) and the value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolverError {
    #[error(transparent)]
    Table(#[from] TableError),
    #[error("{threads} is not a supported thread count: a solve runs 1 to {MAX_THREADS} threads")]
    Threads { threads: usize },
}

/// A solver with its table; reuse one across positions of the same shape (the table keeps
/// what earlier positions proved). Positions of another shape clear it first.
pub struct Solver {
    table: TranspositionTable,
    nodes: u64,
    /// Threads per solve: they share what they prove through the table, and the moves of
    /// the nodes near each probe's root through a ledger (see `split`); the first orders
    /// moves as if alone, the others perturb their order at close calls.
    threads: usize,
    /// Width, height and k of the positions the table's entries belong to.
    shape: Option<(usize, usize, usize)>,
    /// Exact scores of every position of one depth, for boards of its shape.
    book: Option<Arc<Book>>,
    /// Set from outside to make every solve give up as if its deadline had passed (a
    /// caller's interrupt: Ctrl-C in Python, an arena ending).
    interrupt: Option<Arc<AtomicBool>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table (2^24 entries, 128 MiB).
    ///
    /// # Panics
    ///
    /// If those 128 MiB cannot be allocated; [`Solver::with_table_bits`] returns an error
    /// instead.
    pub fn new() -> Self {
        Solver::with_table_bits(DEFAULT_TABLE_BITS).expect("the default table fits in memory")
    }

    /// A solver whose table has `2^bits` entries of 8 bytes: an error if `bits` is outside
    /// [`MIN_TABLE_BITS`]`..=`[`MAX_TABLE_BITS`] (22 to 28: 32 MiB to 2 GiB) or the memory
    /// cannot be allocated.
    pub fn with_table_bits(bits: u32) -> Result<Self, SolverError> {
        Ok(Solver {
            table: TranspositionTable::new(bits)?,
            nodes: 0,
            threads: 1,
            shape: None,
            book: None,
            interrupt: None,
        })
    }

    /// Solves with `threads` threads sharing the table: an error unless `threads` is in
    /// `1..=`[`MAX_THREADS`].
    pub fn with_threads(mut self, threads: usize) -> Result<Self, SolverError> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(SolverError::Threads { threads });
        }
        self.threads = threads;
        Ok(self)
    }

    /// Takes values (exact scores or outcomes, by layer) from `book` in positions of its
    /// board (none: search only). The book's values are trusted: a book built for another
    /// rule would give wrong answers.
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> Self {
        self.book = book;
        self
    }

    /// Like [`Solver::with_book`], in place.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Makes the solves from now on give up (as a passed deadline does: the `_until`
    /// methods return `None`) once `interrupt` is set; `None` for solves nothing interrupts.
    pub fn set_interrupt(&mut self, interrupt: Option<Arc<AtomicBool>>) {
        self.interrupt = interrupt;
    }

    /// The book this solver reads, if any.
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// `book` if it is for `state`'s board (a function of the field, so the table and the
    /// node count stay free to borrow).
    fn book_for<'b>(book: &'b Option<Arc<Book>>, state: &Connect4) -> Option<&'b Book> {
        let book = book.as_deref()?;
        book.is_for(state.width(), state.height(), state.k())
            .then_some(book)
    }

    /// Threads per solve.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Positions searched since the last [`Solver::reset_nodes`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Forgets everything the table holds (and touches every page of it, so a benchmark
    /// that clears first is not charged the page faults of a fresh table).
    pub fn clear(&mut self) {
        self.table.clear();
        self.shape = None;
    }

    /// Clears the table when `state` has another shape than the positions before it (a
    /// new or just cleared table holds nothing, so the first shape costs no clearing).
    fn prepare(&mut self, state: &Connect4) {
        let shape = (state.width(), state.height(), state.k());
        if self.shape.is_some_and(|before| before != shape) {
            self.table.clear();
        }
        self.shape = Some(shape);
    }

    /// The exact score of `state` for the player to move (only its sign, −1/0/1, when
    /// `weak`). A finished game scores as it ended: 0 for a full board, the loss for the
    /// player to move when the last stone completed a line.
    pub fn solve(&mut self, state: &Connect4, weak: bool) -> i32 {
        self.solve_until(state, weak, None)
            .expect("no deadline, so the search completes")
    }

    /// Like [`Solver::solve`], but gives up (returning `None`) once `deadline` passes.
    pub fn solve_until(
        &mut self,
        state: &Connect4,
        weak: bool,
        deadline: Option<Instant>,
    ) -> Option<i32> {
        self.solve_guessing(state, weak, None, deadline)
    }

    /// [`Solver::solve_until`] with a guess of the score, which places the first probes
    /// (see `Search::solve`): the same score, sooner when the guess is right.
    fn solve_guessing(
        &mut self,
        state: &Connect4,
        weak: bool,
        guess: Option<i32>,
        deadline: Option<Instant>,
    ) -> Option<i32> {
        self.prepare(state);
        let width = state.width();
        let book = Self::book_for(&self.book, state);
        if self.threads == 1 {
            let mut search = search::Search::new(&self.table, width, deadline)
                .with_book(book)
                .interrupted_by(self.interrupt.as_deref());
            let score = search.solve_board(state.board(), weak, guess);
            self.nodes += search.nodes;
            return score;
        }
        let stop = AtomicBool::new(false);
        let split = split::SplitLedger::default();
        let table = &self.table;
        let interrupt = self.interrupt.as_deref();
        let run = |thread: u64| {
            let mut search = search::Search::new(table, width, deadline)
                .with_book(book)
                .interrupted_by(interrupt)
                .parallel(&stop, &split, thread);
            let score = search.solve_board(state.board(), weak, guess);
            if score.is_some() {
                // The first to finish stops the others: they only fed the table.
                stop.store(true, Ordering::Relaxed);
            }
            (score, search.nodes)
        };
        let results = on_threads(self.threads, run);
        self.nodes += results.iter().map(|&(_, nodes)| nodes).sum::<u64>();
        results.into_iter().find_map(|(score, _)| score)
    }

    /// Whether the exact score of `state` for the player to move is at most `bound` (one
    /// null-window search: far cheaper than the score itself). `None` if `deadline` passes
    /// first.
    pub fn at_most_until(
        &mut self,
        state: &Connect4,
        bound: i32,
        deadline: Option<Instant>,
    ) -> Option<bool> {
        self.prepare(state);
        let book = Self::book_for(&self.book, state);
        let mut search = search::Search::new(&self.table, state.width(), deadline)
            .with_book(book)
            .interrupted_by(self.interrupt.as_deref());
        let answer = search.at_most_board(state.board(), bound);
        self.nodes += search.nodes;
        answer
    }

    /// A column that keeps the outcome (win, draw or loss) of `state` for the player to
    /// move, with that outcome (+1, 0, −1): a weak solve of the position, then one
    /// null-window test per column in `preference` order until one holds the outcome
    /// (usually the first: the solve has filled the table). All columns lose when the
    /// outcome is −1; the first playable one in `preference` is returned then. `None` if
    /// `deadline` passes first or the game is over.
    pub fn keep_outcome_until(
        &mut self,
        state: &Connect4,
        preference: impl IntoIterator<Item = usize>,
        deadline: Option<Instant>,
    ) -> Option<(usize, i32)> {
        use ply_core::Game;
        if state.is_terminal() {
            return None;
        }
        let outcome = self.solve_until(state, true, deadline)?;
        for col in preference {
            if !state.can_play(col) {
                continue;
            }
            if state.is_winning_move(col) || outcome == -1 {
                return Some((col, outcome));
            }
            let mut child = state.clone();
            child.play(col as u8);
            // The column keeps a win if the child is lost for the opponent (score ≤ −1),
            // a draw if the child is at most a draw for them.
            if self.at_most_until(&child, -outcome, deadline)? {
                return Some((col, outcome));
            }
        }
        None
    }

    /// The score of every column for the player to move: `None` for a full column (or any
    /// column once the game is over), else the score after playing it (weak: its sign).
    /// With several threads, each thread solves whole columns, all sharing the table.
    pub fn analyze(&mut self, state: &Connect4, weak: bool) -> Vec<Option<i32>> {
        self.analyze_until(state, weak, None)
            .expect("no deadline, so the search completes")
    }

    /// Like [`Solver::analyze`], but gives up (returning `None`) once `deadline` passes.
    pub fn analyze_until(
        &mut self,
        state: &Connect4,
        weak: bool,
        deadline: Option<Instant>,
    ) -> Option<Vec<Option<i32>>> {
        use ply_core::Game;
        let mut scores = vec![None; state.width()];
        if state.is_terminal() {
            return Some(scores);
        }
        let cells = (state.width() * state.height()) as i32;
        let moves = state.moves_played() as i32;
        let mut children = Vec::new();
        for col in center_order(state.width()) {
            if !state.can_play(col) {
                continue;
            }
            if state.is_winning_move(col) {
                scores[col] = Some(if weak { 1 } else { (cells + 1 - moves) / 2 });
            } else {
                let mut child = state.clone();
                child.play(col as u8);
                children.push((col, child));
            }
        }
        // Neighbouring columns often score alike, so each child's solve starts by testing
        // the score of the one before; with threads, each child is solved whole by one
        // thread (on one child at a time they did more work in all). Both measured in
        // docs/results/connect4.md ("The analysis suite").
        let solved = if self.threads > 1 && children.len() > 1 {
            self.solve_side_by_side(&children, weak, deadline)?
        } else {
            let mut guess = None;
            let mut solved = Vec::with_capacity(children.len());
            for (col, child) in &children {
                let score = self.solve_guessing(child, weak, guess, deadline)?;
                guess = Some(score);
                solved.push((*col, score));
            }
            solved
        };
        for (col, score) in solved {
            scores[col] = Some(-score);
        }
        Some(scores)
    }

    /// What can be proven of every column's score for the player to move before `deadline`:
    /// `None` for a full column (or any once the game is over), else the least and the most
    /// the score can be. First who wins after each column (one or two null-window tests
    /// each, cheap: a win scores at least 1, a loss at most −1, a draw 0), within the first
    /// `outcome_share` of the time; then the exact scores with the rest. A column nothing was
    /// proven of has the whole range of scores. The table keeps what was proven, so asking
    /// again goes further.
    pub fn bounds_until(
        &mut self,
        state: &Connect4,
        deadline: Instant,
        outcome_share: f64,
    ) -> Vec<Option<(i32, i32)>> {
        use ply_core::Game;
        let mut bounds = vec![None; state.width()];
        if state.is_terminal() {
            return bounds;
        }
        let cells = (state.width() * state.height()) as i32;
        let moves = state.moves_played() as i32;
        // A child's score is for the opponent, in the range of a position one stone on; the
        // mover's is that range turned round.
        let whole = (-(cells - moves) / 2, (cells - moves - 1) / 2);
        let now = Instant::now();
        let outcomes_by = now
            + deadline
                .saturating_duration_since(now)
                .mul_f64(outcome_share);
        let mut open = Vec::new();
        for col in center_order(state.width()) {
            if !state.can_play(col) {
                continue;
            }
            if state.is_winning_move(col) {
                let score = (cells + 1 - moves) / 2;
                bounds[col] = Some((score, score));
                continue;
            }
            let mut child = state.clone();
            child.play(col as u8);
            bounds[col] = Some(whole);
            // The mover wins if the child is lost for the opponent (at most −1), draws if
            // it is at most 0 for them (and not lost), else loses.
            let outcome = match self.at_most_until(&child, -1, Some(outcomes_by)) {
                Some(true) => Some((1, whole.1)),
                Some(false) => match self.at_most_until(&child, 0, Some(outcomes_by)) {
                    Some(true) => Some((0, 0)),
                    Some(false) => Some((whole.0, -1)),
                    None => Some((whole.0, 0)),
                },
                None => None,
            };
            if let Some(range) = outcome {
                bounds[col] = Some(range);
            }
            open.push((col, child));
        }
        for (col, child) in open {
            if bounds[col].is_some_and(|(lo, hi)| lo == hi) {
                continue;
            }
            match self.solve_until(&child, false, Some(deadline)) {
                Some(score) => bounds[col] = Some((-score, -score)),
                None => break,
            }
        }
        bounds
    }

    /// The scores of `children` (columns and positions of one board), each solved whole by
    /// one of the solver's threads, all sharing the table: `(column, score)` pairs, or
    /// `None` if the deadline passed (or the interrupt came) first.
    fn solve_side_by_side(
        &mut self,
        children: &[(usize, Connect4)],
        weak: bool,
        deadline: Option<Instant>,
    ) -> Option<Vec<(usize, i32)>> {
        let first = &children[0].1;
        self.prepare(first);
        let book = Self::book_for(&self.book, first);
        let (table, interrupt, width) = (&self.table, self.interrupt.as_deref(), first.width());
        let next = AtomicUsize::new(0);
        let run = |_| {
            let mut search = search::Search::new(table, width, deadline)
                .with_book(book)
                .interrupted_by(interrupt);
            let mut guess = None;
            let mut solved = Vec::new();
            while let Some((col, child)) = children.get(next.fetch_add(1, Ordering::Relaxed)) {
                let Some(score) = search.solve_board(child.board(), weak, guess) else {
                    return (None, search.nodes);
                };
                guess = Some(score);
                solved.push((*col, score));
            }
            (Some(solved), search.nodes)
        };
        let results = on_threads(self.threads.min(children.len()), run);
        self.nodes += results.iter().map(|&(_, nodes)| nodes).sum::<u64>();
        let mut solved = Vec::with_capacity(children.len());
        for (part, _) in results {
            solved.extend(part?);
        }
        Some(solved)
    }

    /// A best column and its score; among equally good columns the one nearest the centre.
    pub fn best_move(&mut self, state: &Connect4) -> Option<(usize, i32)> {
        self.best_move_until(state, None)
    }

    /// Like [`Solver::best_move`], but `None` also when `deadline` passes first.
    pub fn best_move_until(
        &mut self,
        state: &Connect4,
        deadline: Option<Instant>,
    ) -> Option<(usize, i32)> {
        let scores = self.analyze_until(state, false, deadline)?;
        let mut best: Option<(usize, i32)> = None;
        for col in center_order(state.width()) {
            if let Some(score) = scores[col] {
                if best.is_none_or(|(_, b)| score > b) {
                    best = Some((col, score));
                }
            }
        }
        best
    }
}

/// `run(0)` on this thread and `run(1)` to `run(threads - 1)` on as many others, their
/// results in that order.
fn on_threads<T: Send>(threads: usize, run: impl Fn(u64) -> T + Sync) -> Vec<T> {
    let run = &run;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads as u64)
            .map(|thread| scope.spawn(move || run(thread)))
            .collect();
        let mut results = vec![run(0)];
        results.extend(
            helpers
                .into_iter()
                .map(|h| h.join().expect("a solver thread never panics")),
        );
        results
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A guess, right or wrong, inside the score's range or outside it, changes no score.
    #[test]
    fn a_guess_changes_no_score() {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
        let state = Connect4::standard().after("32164625").unwrap();
        for weak in [false, true] {
            let expected = if weak { 1 } else { 11 };
            for guess in -25..=25 {
                solver.clear();
                let score = solver.solve_guessing(&state, weak, Some(guess), None);
                assert_eq!(score, Some(expected), "guess {guess}, weak {weak}");
            }
        }
    }
}
