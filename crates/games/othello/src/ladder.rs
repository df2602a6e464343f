//! Othello's difficulty ladder (not rated yet).

use ply_core::{rung, Rung};

/// Weakest first.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, None),
    rung("greedy", "greedy", "greedy", true, None),
    rung(
        "mcts-1000",
        "MCTS, 1000 playouts",
        "mcts:iterations=1000",
        true,
        None,
    ),
    rung(
        "mobility-2",
        "alpha-beta, mobility, 2 plies",
        "alphabeta:depth=2,eval=mobility,order=squares",
        true,
        None,
    ),
    rung(
        "corners-3",
        "alpha-beta, corners, 3 plies",
        "alphabeta:depth=3,eval=corners,order=squares",
        true,
        None,
    ),
    rung(
        "alphabeta-5",
        "alpha-beta, 5 plies",
        "alphabeta:depth=5,order=squares",
        true,
        None,
    ),
    rung("strongest", "alpha-beta, 1 s", "strongest", false, None),
];
