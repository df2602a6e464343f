//! Searches for games of any number of players.
//!
//! - [`Paranoid`]: the root player against a coalition of all the others; alpha-beta.
//! - [`MaxN`]: every player maximises its own value; optional shallow pruning.
//! - [`BestReply`]: the root player's moves alternate with the single best reply among all
//!   opponents' moves; alpha-beta.
//!
//! All three read whose turn it is from the game at every node, value finished games by
//! standing (see [`value`]), evaluate the horizon with an [`ply_core::Evaluator`] (once per
//! player that matters), share [`SearchOptions`] (depth, time, nodes, evaluator, ordering)
//! and deepen iteratively, so a time-limited search always answers in time with the best
//! move of its last completed iteration.

mod bestreply;
mod context;
mod iterative;
mod maxn;
mod options;
mod paranoid;
mod register;
pub mod value;

pub use bestreply::{BestReply, DefaultMove};
pub use maxn::MaxN;
pub use options::{SearchOptions, DEFAULT_DEPTH, MAX_DEPTH};
pub use paranoid::Paranoid;
pub use register::register_agents;
pub use value::{terminal_value, SumBound, ValueVector};
