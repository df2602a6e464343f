//! Quoridor for `ply`: rules on every odd board from 3x3 to 25x25 with any number of walls
//! (seeds 002 and 004), the seeds' evaluators and engines, a stronger engine of its own, and
//! the Quoridor Text Protocol (QTP) as a library.
//!
//! Players: 0 = black (moves first, starts on row n, races to row 1), 1 = white.

pub mod agents;
mod board;
mod display;
pub mod eval;
mod game;
pub mod geometry;
pub mod notation;
pub mod paths;
pub mod qtp;
mod rules;
pub mod search;
mod text;

pub use board::{Quoridor, BLACK, WHITE};
pub use eval::{RaceEval, Seed002Eval, Seed004Eval};
pub use geometry::{Direction, Move, Orientation, Square, Wall};
pub use rules::{blocked_passages, PawnTargets, WallProblem};
pub use search::{AlphaBetaAgent, SearchOptions, WallFilter};
