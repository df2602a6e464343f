//! Halma's difficulty ladder.
//!
//! Measured on the star with 3 players on 2026-11-26 (`ply levels halma --players 3
//! --measure`): a round robin of every group of three of the 5 measured levels, 6 games per
//! group (every seating; 60 games, 30 of them unfinished at the 900-ply limit and scored as
//! draws), start position, a 300 ms cap per move. Random is not measured: it never brings
//! its pegs home, so every game with it ends drawn at the limit. Anchored on greedy, so the
//! levels below it have negative ratings. See docs/levels/halma-3p/. The last rung, the
//! champion with its own time, is the default of `ply play` and the page; it is not rated.

use ply_core::{rung, Rung};

/// Weakest first (by the measured ratings).
pub const LADDER: &[Rung] = &[
    rung("random", "random", "random", false, None),
    rung(
        "halma-ab-50ms",
        "alpha-beta, 50 ms",
        "halma-ab:time=50ms",
        true,
        Some((-165.0, 107.0)),
    ),
    rung(
        "seed003-s2",
        "seed 003 strategy 2",
        "seed003-s2",
        true,
        Some((-157.0, 106.0)),
    ),
    rung(
        "seed003-s5",
        "seed 003 strategy 5, 3 plies",
        "seed003-s5",
        true,
        Some((-70.0, 103.0)),
    ),
    rung("greedy", "greedy", "greedy", true, Some((0.0, 0.0))),
    rung(
        "champion-50ms",
        "champion, 50 ms",
        "champion:time=50ms",
        true,
        Some((41.0, 105.0)),
    ),
    rung("strongest", "champion, 100 ms", "strongest", false, None),
];
