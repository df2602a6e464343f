//! Searches for games of any number of players.
//!
//! - [`Paranoid`]: the root player against a coalition of all the others; alpha-beta,
//!   optional transposition table.
//! - [`MaxN`]: every player maximises its own value; optional shallow pruning.
//! - [`BestReply`]: the root player's moves alternate with the single best reply among all
//!   opponents' moves; alpha-beta.
//!
//! All three read whose turn it is from the game at every node, value finished games by
//! standing (see [`value`]), evaluate the horizon with an [`ply_core::Evaluator`] (once per
//! player that matters), share [`SearchOptions`] (depth, time, nodes, evaluator, ordering,
//! killer moves) and deepen iteratively, so a time-limited search always answers in time
//! with the best move of its last completed iteration.
//!
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! use ply_core::{Agent, SearchLimits};
//! use ply_search::multiplayer::{BestReply, MaxN, Paranoid, SearchOptions};
//! use ply_search::spec::Catalog;
//! use ply_tictactoe::{LineCount, TicTacToe};
//!
//! let options = SearchOptions::new(Arc::new(LineCount)).depth(9).time(Duration::from_secs(5));
//! let mut paranoid = Paranoid::new(options.clone());
//! let decision = paranoid.select(&TicTacToe::new(), &SearchLimits::none()).unwrap();
//! assert_eq!(decision.value, 0.0); // tic-tac-toe is a draw
//! let _max_n = MaxN::new(options.clone());
//! let _best_reply = BestReply::new(options);
//!
//! // From a spec string: `Catalog::generic` registers the three agents.
//! let catalog = Catalog::generic(Arc::new(LineCount));
//! let mut agent = catalog.build("bestreply:depth=4,default=greedy", 1).unwrap();
//! assert!(agent.select(&TicTacToe::new(), &SearchLimits::none()).is_some());
//! ```

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
