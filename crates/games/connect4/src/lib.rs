//! Connect Four for `ply`: the rules on bitboards for any width, height and line length,
//! seed 001's evaluator and players, a stronger evaluator, and a perfect solver.
//!
//! - [`Connect4`] implements the core `Game` and `ZobristHash` traits for every size:
//!   `Connect4::new(width, height, k)` picks a `u64`, `u128` or 256-bit [`Board`];
//!   `Connect4::standard()` is 7x6, four in a row. A move is a 0-based [`Column`]; the
//!   notation is one character per column ([`notation`]: `1`–`9`, `0` for the tenth, then
//!   `a`–`z`), so a position is its move string, e.g. `4453` ([`Connect4::after`]).
//! - [`Solver`] gives exact scores in the test-set convention ([`Solver::solve`],
//!   [`Solver::analyze`], [`Solver::best_move`]); [`testset`] reads and runs test sets and
//!   [`report`] formats the `solve` command's lines.
//! - [`eval`]: evaluators `seed001` ([`Seed001`]) and `threats` ([`Threats`]), ordering
//!   `center` ([`CenterFirst`]).
//! - [`catalog`]: every agent by name, with seed 001's presets and the `perfect` agent.

pub mod agents;
pub mod bits;
mod board;
pub mod descriptor;
mod encode;
pub mod eval;
pub mod exact;
pub mod ladder;
pub mod notation;
pub mod position;
pub mod report;
pub mod solver;
pub mod testset;
mod text;
pub mod u256;
mod view;

pub use agents::{catalog, Perfect};
pub use board::{Board, Column, Connect4, MAX_BOARD_BITS, MAX_HEIGHT, MAX_K, MAX_WIDTH};
pub use eval::{CenterFirst, Seed001, Threats};
pub use exact::ExactSolver;
pub use notation::ColumnBase;
pub use solver::Solver;
