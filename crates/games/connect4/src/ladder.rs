//! Connect Four's difficulty ladder.
//!
//! Measured on 7x6 on 2026-11-26 (`ply levels connect4 --measure`, the binary of that night):
//! a round robin of the 7 measured levels, 6 games per pairing (126 games), 2 random opening
//! plies, a 200 ms cap per move, anchored on random. Levels are ordered by the measured
//! rating; the 95 % intervals are wide (about ±230), so only levels two or more rungs apart
//! are told apart with confidence. Seed 001's alpha-beta without a table completes no depth
//! within 0.1 s and falls below plain alpha-beta at 4 plies. See docs/levels/connect4/.
//! The last rung, the solver with a second per move, is what `ply play` and the page use by
//! default; it is not rated.

use ply_core::{rung, Rung};

/// Weakest first.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, Some((0.0, 0.0))),
    rung("greedy", "greedy", "greedy", true, Some((316.0, 226.0))),
    rung(
        "seed001-alphabeta-100ms",
        "seed 001 alpha-beta, 0.1 s",
        "seed001-alphabeta:time=100ms",
        true,
        Some((345.0, 228.0)),
    ),
    rung(
        "alphabeta-4",
        "alpha-beta, 4 plies",
        "alphabeta:depth=4",
        true,
        Some((466.0, 233.0)),
    ),
    rung(
        "seed001-minimax",
        "seed 001 minimax, 5 plies",
        "seed001-minimax",
        true,
        Some((511.0, 236.0)),
    ),
    rung(
        "mcts-100ms",
        "MCTS, 0.1 s",
        "mcts:time=100ms",
        true,
        Some((549.0, 238.0)),
    ),
    rung(
        "perfect-100ms",
        "perfect, 0.1 s",
        "perfect:time=100ms",
        true,
        Some((749.0, 262.0)),
    ),
    rung("strongest", "perfect, 1 s", "strongest", false, None),
];
