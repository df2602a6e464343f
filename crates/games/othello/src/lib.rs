//! Othello (Reversi), as OpenSpiel's `othello` plays it: Black and White place discs in
//! turn, each placement flipping the discs of the other colour it outflanks; a player with
//! no placement passes, and the pass is a move; the game ends when neither can place, and
//! the side with more discs wins. 8x8 by default, 6x6 and 4x4 as variants.
//!
//! Its counts (perft 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 from the 8x8 start)
//! and random games move by move are checked against the published counts and OpenSpiel
//! (see README.md).

pub mod agents;
mod board;
pub mod descriptor;
mod encode;
mod eval;
mod geometry;
pub mod ladder;
mod notation;
mod view;

pub use agents::catalog;
pub use board::{Move, Othello, BLACK, WHITE};
pub use eval::{Combined, Corners, Mobility, SquareOrder};
pub use geometry::{MAX_SIDE, MIN_SIDE};
