//! Quoridor's difficulty ladder.
//!
//! Measured on 9x9 with 10 walls on 2026-11-26 (`ply levels quoridor --measure`): a round
//! robin of the 6 measured levels, 6 games per pairing (90 games: 78 finished, 10 drawn at
//! the 300-ply limit, 2 lost on time under load), 2 random opening plies, a 200 ms cap per
//! move, anchored on random. See docs/levels/quoridor/. The last rung, the strongest agent
//! with its own time, is the default of `ply play` and the page; it is not rated.

use ply_core::{rung, Rung};

/// Weakest first.
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", true, Some((0.0, 0.0))),
    rung(
        "seed004-expectimax",
        "seed 004 expectimax, 2 plies",
        "seed004-expectimax",
        true,
        Some((269.0, 231.0)),
    ),
    rung("greedy", "greedy", "greedy", true, Some((329.0, 235.0))),
    rung(
        "seed004-minimax",
        "seed 004 minimax, 2 plies",
        "seed004-minimax",
        true,
        Some((433.0, 243.0)),
    ),
    rung(
        "seed002-100ms",
        "seed 002 engine, 0.1 s",
        "seed002:time=100ms",
        true,
        Some((579.0, 259.0)),
    ),
    rung(
        "strongest-100ms",
        "strongest, 0.1 s",
        "strongest:time=100ms",
        true,
        Some((775.0, 293.0)),
    ),
    rung("strongest", "strongest", "strongest", false, None),
];
