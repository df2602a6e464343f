//! A perfect Connect Four solver in the style of Pascal Pons' (negamax, alpha-beta,
//! null-window bisection of the score range, a transposition table, threat-ordered moves,
//! moves that lose at once pruned before the search), for every board this crate plays.
//!
//! Scores are Pons' test-set convention for the side to move: positive = a win, the number
//! of the winner's stones still in hand after the winning move plus one (so on 7x6 a win
//! with one's k-th stone scores 22 − k); negative = a loss, likewise; 0 = a draw.

mod search;
mod sorter;
mod table;

use std::time::Instant;

use crate::game::{on_board, Connect4};

pub use sorter::center_order;
pub use table::{TranspositionTable, DEFAULT_TABLE_BITS};

/// A solver with its table; reuse one across positions of the same shape (the table keeps
/// what earlier positions proved). Positions of another shape clear it first.
pub struct Solver {
    table: TranspositionTable,
    nodes: u64,
    /// Width, height and k of the positions the table's entries belong to.
    shape: Option<(usize, usize, usize)>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table (2^24 entries, 128 MiB).
    pub fn new() -> Self {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver whose table has about `2^bits` entries of 8 bytes (`bits` in 16..=32).
    pub fn with_table_bits(bits: u32) -> Self {
        Solver {
            table: TranspositionTable::new(bits),
            nodes: 0,
            shape: None,
        }
    }

    /// Positions searched since the last [`Solver::reset_nodes`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Forgets everything the table holds.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn prepare(&mut self, state: &Connect4) {
        let shape = (state.width(), state.height(), state.k());
        if self.shape != Some(shape) {
            self.table.clear();
            self.shape = Some(shape);
        }
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
        self.prepare(state);
        let mut search = search::Search::new(&mut self.table, state.width(), deadline);
        let score = on_board!(state.board(), p => search.solve(p, weak));
        self.nodes += search.nodes;
        score
    }

    /// The score of every column for the player to move: `None` for a full column (or any
    /// column once the game is over), else the score after playing it (weak: its sign).
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
        for col in center_order(state.width()) {
            if !state.can_play(col) {
                continue;
            }
            scores[col] = Some(if state.is_winning_move(col) {
                if weak {
                    1
                } else {
                    (cells + 1 - moves) / 2
                }
            } else {
                let mut child = state.clone();
                child.play(col as u8);
                -self.solve_until(&child, weak, deadline)?
            });
        }
        Some(scores)
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
