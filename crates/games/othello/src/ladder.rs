//! Othello's difficulty ladder.
//!
//! Measured on 8x8 on 2026-12-05 (`ply levels othello --measure --games 50`): a round robin
//! of the 6 measured levels, 50 games per pairing (750 games), 2 random opening plies, a
//! 200 ms cap per move, anchored on random. Levels are ordered by the measured rating; the
//! 95 % intervals are about ±120, so greedy and MCTS are not told apart. See
//! docs/results/othello.md. The last rung, alpha-beta with a second a move, is the default of
//! `ply play` and the page; it is not rated.

use ply_core::{rung, Rung};

/// Weakest first.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, Some((0.0, 0.0))),
    rung(
        "mobility-2",
        "alpha-beta, mobility, 2 plies",
        "alphabeta:depth=2,eval=mobility,order=squares",
        true,
        Some((297.0, 108.0)),
    ),
    rung("greedy", "greedy", "greedy", true, Some((558.0, 120.0))),
    rung(
        "mcts-1000",
        "MCTS, 1000 playouts",
        "mcts:iterations=1000",
        true,
        Some((612.0, 122.0)),
    ),
    rung(
        "corners-3",
        "alpha-beta, corners, 3 plies",
        "alphabeta:depth=3,eval=corners,order=squares",
        true,
        Some((742.0, 127.0)),
    ),
    rung(
        "alphabeta-5",
        "alpha-beta, 5 plies",
        "alphabeta:depth=5,order=squares",
        true,
        Some((1234.0, 187.0)),
    ),
    rung("strongest", "alpha-beta, 1 s", "strongest", false, None),
];
