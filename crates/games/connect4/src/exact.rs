//! `solver`: the solver as an analyst. Every move it scores every column exactly and plays
//! the best (nearest the centre among equals); its value is the position's exact score in
//! Pascal Pons' scale (crates/games/connect4/README.md, "Scores"), so `ply analyze` can mark each move that
//! changed the outcome or lost distance to the result. Out of time, it has no value (NaN).

use std::time::Instant;

use ply_core::{Agent, Decision, Game, SearchLimits, ValueScale};

use crate::board::{Column, Connect4};
use crate::solver::{Solver, SolverError};

/// The exact solver behind the agent trait.
pub struct ExactSolver {
    table_bits: u32,
    weak: bool,
    solver: Solver,
}

impl ExactSolver {
    /// A solver with a table of `2^table_bits` entries; `weak` proves only win / draw / loss
    /// (scores −1, 0, 1), which is far cheaper early in the game.
    pub fn new(table_bits: u32, weak: bool) -> Result<Self, SolverError> {
        Ok(ExactSolver {
            table_bits,
            weak,
            solver: Solver::with_table_bits(table_bits)?,
        })
    }
}

impl ExactSolver {
    /// Takes values (exact scores or outcomes, by layer) from `book` on boards of its size.
    pub fn with_book(mut self, book: Option<std::sync::Arc<crate::solver::Book>>) -> Self {
        self.solver.set_book(book);
        self
    }

    /// Solves with `threads` threads sharing the table: an error unless `threads` is in
    /// `1..=`[`crate::solver::MAX_THREADS`].
    pub fn with_threads(mut self, threads: usize) -> Result<Self, SolverError> {
        self.solver = self.solver.with_threads(threads)?;
        Ok(self)
    }
}

impl Agent<Connect4> for ExactSolver {
    fn name(&self) -> String {
        format!(
            "solver:table={},weak={},book={},threads={}",
            self.table_bits,
            self.weak,
            self.solver.book().is_some(),
            self.solver.threads()
        )
    }

    /// Without a time limit the answer is exact: early in a 7x6 game a strong solve takes
    /// minutes (a weak one less); from about move 12 on, well under a second. With one, a
    /// solve that cannot finish in time (or is stopped through `limits.stop`) gives the centre-most playable column and no value
    /// (NaN): the agent never guesses a score.
    fn select(&mut self, state: &Connect4, limits: &SearchLimits) -> Option<Decision<Column>> {
        if state.is_terminal() {
            return None;
        }
        let started = Instant::now();
        let deadline = limits.time.and_then(|t| started.checked_add(t));
        self.solver.set_interrupt(limits.stop.clone());
        let nodes = self.solver.nodes();
        let Some(scores) = self.solver.analyze_until(state, self.weak, deadline) else {
            let col = crate::solver::center_order(state.width()).find(|&c| state.can_play(c))?;
            return Some(Decision {
                value: f64::NAN,
                nodes: self.solver.nodes() - nodes,
                elapsed: started.elapsed(),
                ..Decision::just(col as Column)
            });
        };
        let mut best: Option<(usize, i32)> = None;
        for col in crate::solver::center_order(state.width()) {
            if let Some(score) = scores[col] {
                if best.is_none_or(|(_, b)| score > b) {
                    best = Some((col, score));
                }
            }
        }
        let (col, score) = best?;
        Some(Decision {
            mv: col as Column,
            value: score as f64,
            pv: vec![col as Column],
            nodes: self.solver.nodes() - nodes,
            depth: (state.width() * state.height() - state.moves_played()) as u32,
            elapsed: started.elapsed(),
            iterations: 1,
        })
    }

    fn new_game(&mut self) {
        self.solver.clear();
    }

    fn value_scale(&self, _state: &Connect4) -> ValueScale {
        ValueScale::Exact
    }

    /// Every playable column with its exact score for the player to move (Pons' scale:
    /// see the module's introduction), or `None` out of time.
    fn move_values(
        &mut self,
        state: &Connect4,
        limits: &SearchLimits,
    ) -> Option<Vec<(Column, f64)>> {
        if state.is_terminal() {
            return None;
        }
        let deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
        self.solver.set_interrupt(limits.stop.clone());
        let scores = self.solver.analyze_until(state, self.weak, deadline)?;
        Some(
            scores
                .iter()
                .enumerate()
                .filter_map(|(col, score)| score.map(|s| (col as Column, s as f64)))
                .collect(),
        )
    }

    /// Every playable column with the least and the most its score can be: who wins after
    /// it first (within a quarter of the time), then its exact score (see
    /// [`Solver::bounds_until`]). Without a time limit, the exact scores.
    fn move_bounds(
        &mut self,
        state: &Connect4,
        limits: &SearchLimits,
    ) -> Option<Vec<(Column, f64, f64)>> {
        let Some(deadline) = limits.time.and_then(|t| Instant::now().checked_add(t)) else {
            let values = self.move_values(state, limits)?;
            return Some(values.into_iter().map(|(c, v)| (c, v, v)).collect());
        };
        if state.is_terminal() || self.weak {
            // A weak solver's scores are outcomes already: nothing to bound.
            let values = self.move_values(state, limits)?;
            return Some(values.into_iter().map(|(c, v)| (c, v, v)).collect());
        }
        self.solver.set_interrupt(limits.stop.clone());
        let bounds = self.solver.bounds_until(state, deadline, OUTCOME_SHARE);
        Some(
            bounds
                .iter()
                .enumerate()
                .filter_map(|(col, b)| b.map(|(lo, hi)| (col as Column, lo as f64, hi as f64)))
                .collect(),
        )
    }
}

/// The share of a bounded solve's time spent first on who wins after each column.
const OUTCOME_SHARE: f64 = 0.25;

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn it_scores_exactly_or_says_it_has_no_value() {
        let mut solver = ExactSolver::new(22, false).unwrap();
        // Red has three on the floor: the win is the next stone (score 18 for the mover).
        let won = Connect4::standard().after("445566").unwrap();
        let d = solver.select(&won, &SearchLimits::none()).unwrap();
        assert_eq!((d.mv, d.value), (2, 18.0));
        // The empty board cannot be solved in a millisecond: the centre, and no value.
        let d = solver
            .select(
                &Connect4::standard(),
                &SearchLimits::time(Duration::from_millis(1)),
            )
            .unwrap();
        assert_eq!(d.mv, 3);
        assert!(d.value.is_nan());
        assert_eq!(solver.value_scale(&won), ValueScale::Exact);
    }

    /// Two threads sharing the table score every column as one does.
    #[test]
    fn threads_score_as_one_thread_does() {
        let state = Connect4::standard().after("44455554221").unwrap();
        let limits = SearchLimits::none();
        let one = ExactSolver::new(22, false)
            .unwrap()
            .move_values(&state, &limits);
        let two = ExactSolver::new(22, false)
            .unwrap()
            .with_threads(2)
            .unwrap()
            .move_values(&state, &limits);
        assert!(one.is_some());
        assert_eq!(one, two);
        assert!(ExactSolver::new(22, false)
            .unwrap()
            .with_threads(0)
            .is_err());
    }

    /// Out of time, every column's bounds hold its exact score; given the time, they meet.
    #[test]
    fn bounds_hold_the_exact_scores_and_meet_in_time() {
        let state = Connect4::standard().after("444435").unwrap();
        // Pons' scores of every column (`ply solve connect4 --analyze`).
        let exact = [-2.0, -2.0, -3.0, -3.0, -2.0, -3.0, -4.0];
        let mut solver = ExactSolver::new(22, false).unwrap();
        let quick = SearchLimits::time(Duration::from_millis(1));
        let bounds = solver.move_bounds(&state, &quick).unwrap();
        assert_eq!(bounds.len(), 7);
        for &(col, low, high) in &bounds {
            let score = exact[col as usize];
            assert!(
                low <= score && score <= high,
                "{col}: {low}..{high} vs {score}"
            );
        }
        let whole = solver.move_bounds(&state, &SearchLimits::none()).unwrap();
        for &(col, low, high) in &whole {
            assert_eq!((low, high), (exact[col as usize], exact[col as usize]));
        }
        // A fresh solver with an hour: the same, through the timed path.
        let mut fresh = ExactSolver::new(22, false).unwrap();
        let hour = SearchLimits::time(Duration::from_secs(3600));
        assert_eq!(fresh.move_bounds(&state, &hour).unwrap(), whole);
    }

    #[test]
    fn it_scores_every_playable_column_or_none_out_of_time() {
        let mut solver = ExactSolver::new(22, false).unwrap();
        // Red's three on the floor win at once at either end (18); any other column lets
        // Yellow block, and wins no sooner.
        let won = Connect4::standard().after("445566").unwrap();
        let values = solver.move_values(&won, &SearchLimits::none()).unwrap();
        assert_eq!(values.len(), 7);
        assert!(values.contains(&(2, 18.0)) && values.contains(&(6, 18.0)));
        assert!(values
            .iter()
            .all(|&(col, v)| col == 2 || col == 6 || v < 18.0));
        let full = Connect4::standard().after("1111112").unwrap();
        let cols: Vec<Column> = solver
            .move_values(&full, &SearchLimits::none())
            .unwrap()
            .iter()
            .map(|&(c, _)| c)
            .collect();
        assert_eq!(cols, vec![1, 2, 3, 4, 5, 6]);
        let quick = SearchLimits::time(Duration::from_millis(1));
        assert_eq!(solver.move_values(&Connect4::standard(), &quick), None);
    }
}
