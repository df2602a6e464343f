//! Tic-tac-toe: the reference game for the search library.
//!
//! Small enough to search completely, so every exact search can be checked against plain
//! minimax on every position, and its published counts (perft 9 … 127872, 5478 reachable
//! states, 255168 games) check the rules.

pub mod agents;
mod board;
pub mod descriptor;
mod eval;
pub mod ladder;
mod notation;

pub use agents::catalog;
pub use board::{Cell, TicTacToe};
pub use eval::{CenterCornerOrdering, LineCount};
