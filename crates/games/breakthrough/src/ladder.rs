//! Breakthrough's difficulty ladder.
//!
//! Measured on 8x8 on 2026-11-29 (`ply levels breakthrough --measure --games 20`): a round
//! robin of the 6 measured levels, 20 games per pairing (300 games, none drawn: the game has
//! no draws), 2 random opening plies, a 200 ms cap per move, anchored on random. Levels are
//! ordered by the measured rating; the 95 % intervals are about ±250, so greedy and MCTS, and
//! alpha-beta at 2 and 3 plies, are not told apart. See docs/results/breakthrough.md. The
//! last rung, alpha-beta with a second a move, is the default of `ply play` and the page; it
//! is not rated.

use ply_core::{rung, Rung};

/// Weakest first.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, Some((0.0, 0.0))),
    rung("greedy", "greedy", "greedy", true, Some((452.0, 228.0))),
    rung(
        "mcts-1000",
        "MCTS, 1000 playouts",
        "mcts:iterations=1000",
        true,
        Some((540.0, 235.0)),
    ),
    rung(
        "material-2",
        "alpha-beta, material, 2 plies",
        "alphabeta:depth=2,eval=material,order=captures",
        true,
        Some((988.0, 270.0)),
    ),
    rung(
        "alphabeta-3",
        "alpha-beta, 3 plies",
        "alphabeta:depth=3,order=captures",
        true,
        Some((1009.0, 271.0)),
    ),
    rung(
        "alphabeta-5",
        "alpha-beta, 5 plies",
        "alphabeta:depth=5,order=captures",
        true,
        Some((1186.0, 281.0)),
    ),
    rung("strongest", "alpha-beta, 1 s", "strongest", false, None),
];
