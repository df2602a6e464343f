//! Halma / Chinese Checkers: FAUhalma's 73-hole star and 49-cell rhombus (seed 003) and the
//! classic 121-hole star, with FAUhalma's, the classic and the CCERL rating list's rules.
//!
//! Rules (crates/games/halma/README.md): a move is a step to an empty neighbour or a chain of hops over pegs;
//! a player's home cells holding an opponent's peg may be moved into, swapping the pegs; a
//! player without a legal move loses (drops out when more than two play); the first with
//! every peg home wins and the others play on for the places, scored n − 1 … 0.

pub mod agents;
mod bench;
mod board;
pub mod ccerl;
pub mod ccerl_agent;
pub mod ccp;
pub mod descriptor;
mod display;
mod encode;
pub mod engine;
pub mod eval;
mod geometry;
pub mod ladder;
mod layout;
mod movegen;
pub mod notation;
pub mod pruning;
pub mod seed003;
mod settings;
mod view;

pub use agents::{catalog, Champion};
pub use bench::bench_positions;
pub use board::{Halma, LETTERS};
pub use eval::{CcerlEval, ProgressEval, ProgressOrdering, Seed003Eval};
pub use geometry::{bit, cells_of, hex_distance, Board, BoardKind, Cell, CellSet, UnknownBoard};
pub use layout::{rotate, Layout, Seat};
pub use movegen::HalmaMove;
pub use settings::{HalmaSettings, RuleSet, UnknownRuleSet};
