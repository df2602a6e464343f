//! Breakthrough, as OpenSpiel's `breakthrough`: two rows of pieces each (one on boards of
//! fewer than 6 rows) step forward, straight or diagonally, and capture diagonally; the
//! first to reach the far row, or to capture every piece of the other, wins. 8x8 by default,
//! any board from 2x2 up to 64 cells (one 64-bit word a side).
//!
//! Its counts (perft 22, 484, 11,132, 256,036, 6,182,818 from the 8x8 start) and random
//! positions' move lists are checked against OpenSpiel's (see README.md).

pub mod agents;
mod board;
pub mod descriptor;
mod encode;
mod eval;
pub mod ladder;
mod notation;
mod view;

pub use agents::catalog;
pub use board::{Breakthrough, Step, BLACK, MAX_CELLS, WHITE};
pub use eval::{CapturesFirst, Material, Safety};
