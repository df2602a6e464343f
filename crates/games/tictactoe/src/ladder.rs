//! Tic-tac-toe's difficulty ladder. Not measured: perfect play draws, so the top levels
//! cannot be told apart.

use ply_core::{rung, Rung};

/// Weakest first; the last is perfect play.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, None),
    rung("greedy", "greedy", "greedy", true, None),
    rung(
        "minimax-2",
        "minimax, 2 plies",
        "minimax:depth=2",
        true,
        None,
    ),
    rung(
        "alphabeta-4",
        "alpha-beta, 4 plies",
        "alphabeta:depth=4",
        true,
        None,
    ),
    rung(
        "mcts-2000",
        "MCTS, 2000 playouts",
        "mcts:iterations=2000",
        true,
        None,
    ),
    rung("strongest", "perfect", "strongest", true, None),
];
