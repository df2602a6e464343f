//! Game-agnostic searches for `ply`, each one an [`Agent`](ply_core::Agent) with an options
//! builder, and the [`spec::Catalog`] that turns spec strings (`alphabeta:depth=9`) into
//! agents.
//!
//! | module | search |
//! |---|---|
//! | [`minimax`] | plain depth-limited negamax: the reference every exact search is checked against |
//! | [`alphabeta`] | negamax alpha-beta with ordering hook, iterative deepening, transposition table, PVS, killers, history, horizon move filter |
//! | [`expectimax`] | root player maximises, the others' replies are averaged (seed 004) |
//! | [`mcts`] | UCT with pluggable rollouts, MCTS-solver, per-player rewards (max-n backup) |
//! | [`puct`] | AlphaZero's tree search, guided by a prior and a value per seat (a network, or random playouts), batched leaves, root noise, tree reuse, proofs |
//! | [`greedy`], [`random`] | one ply with an evaluator; a uniformly random legal move |
//! | `multiplayer` | paranoid, max-n, best-reply |
//!
//! Values: the tree searches report integers for the side to move, a finished game being
//! ±(`WIN` − plies) ([`value`]); MCTS reports a mean reward in 0..=1.
//!
//! Minimax and alpha-beta are negamax searches: they assume two players who alternate. On a
//! game with more players they still play legal moves (each player taken to play against
//! the next), but the multi-player searches and MCTS are the ones meant for it.
//!
//! Determinism: a search with no time limit and no stop flag visits the same nodes on every
//! run ([`bench::bench_nodes`] gives `ply bench` its node counts); randomised agents take a
//! rng_seed. [`synthetic::SyntheticGame`] is a random game tree of any depth, for tests and
//! timings beyond tic-tac-toe.

pub mod alphabeta;
pub mod analysis;
pub mod bench;
pub mod deepening;
pub mod expectimax;
pub mod greedy;
pub mod mcts;
pub mod minimax;
pub mod multiplayer;
pub mod puct;
pub mod random;
pub mod spec;
pub mod synthetic;
pub mod texel;
pub mod value;

/// The seeded generator every randomised agent uses, so a random seed replays a game exactly.
pub type SearchRng = rand_xoshiro::Xoshiro256PlusPlus;

pub use alphabeta::{AlphaBeta, HorizonFilter, NoTable, Table, TranspositionTable};
pub use expectimax::Expectimax;
pub use greedy::Greedy;
pub use mcts::{Mcts, RolloutPolicy, UniformRollout};
pub use minimax::Minimax;
pub use puct::{Puct, PuctAgent, PuctOptions};
pub use random::RandomAgent;
