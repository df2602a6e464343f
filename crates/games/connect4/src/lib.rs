//! Connect Four for `ply`: the rules on bitboards for any width, height and line length,
//! seed 001's evaluator and players, a stronger evaluator, and a perfect solver.

pub mod bits;
mod game;
pub mod notation;
pub mod position;
mod text;
pub mod wide;

pub use game::{Board, Column, Connect4};
pub use notation::ColumnBase;
pub mod solver;

pub use solver::Solver;
pub mod eval;
pub mod report;
pub mod testset;

pub use eval::{CenterFirst, Seed001, Threats};
pub mod agents;

pub use agents::{catalog, Perfect};
