//! Breakthrough's difficulty ladder: not yet rated. The last rung, alpha-beta with a second
//! a move, is the default of `ply play` and the page.

use ply_core::{rung, Rung};

/// Weakest first.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, None),
    rung(
        "mcts-1000",
        "MCTS, 1000 playouts",
        "mcts:iterations=1000",
        true,
        None,
    ),
    rung("greedy", "greedy", "greedy", true, None),
    rung(
        "material-2",
        "alpha-beta, material, 2 plies",
        "alphabeta:depth=2,eval=material,order=captures",
        true,
        None,
    ),
    rung(
        "alphabeta-3",
        "alpha-beta, 3 plies",
        "alphabeta:depth=3,order=captures",
        true,
        None,
    ),
    rung(
        "alphabeta-5",
        "alpha-beta, 5 plies",
        "alphabeta:depth=5,order=captures",
        true,
        None,
    ),
    rung("strongest", "alpha-beta, 1 s", "strongest", false, None),
];
