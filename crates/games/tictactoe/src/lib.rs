//! The m,n,k-game: tic-tac-toe (3,3,3, the default) and its generalisations, up to 19x19 —
//! Gomoku is 15,15,5. The reference game for the search library.
//!
//! Tic-tac-toe is small enough to search completely, so every exact search can be checked
//! against plain minimax on every position, and its published counts (perft 9 … 127872, 5478
//! reachable states, 255168 games) check the rules.

pub mod agents;
mod board;
pub mod descriptor;
mod encode;
mod eval;
pub mod ladder;
mod notation;
mod view;

pub use agents::catalog;
pub use board::{Cell, Marks, TicTacToe, MAX_CELLS, MAX_SIDE};
pub use eval::{CenterCornerOrdering, LineCount, NearMarks, BIG_BOARD};
