//! Seed 003's five strategies, as the report describes them.
//!
//! | name | strategy |
//! |---|---|
//! | `seed003-s1` | steps and single hops only, by compass priority NW, N, W, E, SE, S |
//! | `seed003-s2` | the peg farthest from the goal moves (chains too), side points avoided, compass priority |
//! | `seed003-s3` | minimax + alpha-beta, depth 5, over the farthest peg's moves; hops first; a saved table of best moves |
//! | `seed003-s4` | minimax + alpha-beta, depth 3, over every move (duplicates removed), sorted by distance to the goal |
//! | `seed003-s5` | strategy 4 for three players: the others minimise the mover's value (paranoid) |
//!
//! Compass directions are A's (bottom → top) and turn with each seat's orientation. Ties are
//! broken at random from the agent's rng_seed, so repeated games differ.

mod book;
mod compass;
mod minimax;
mod simple;

pub use book::{MoveBook, TableError, TABLE_HEADER};
pub use compass::{compass_rank, COMPASS_PRIORITY};
pub use minimax::{SeedMinimax, SeedMoves};
pub use simple::{DirectionAgent, FarthestPegAgent};
