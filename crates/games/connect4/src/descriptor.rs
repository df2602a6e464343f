//! Connect Four as every front end sees it (see `ply_core::descriptor`).

use ply_core::Settings;
use ply_core::{Described, Descriptor, GameError, Notation, Param, ParamKind, Protocol, Seat};

use crate::board::{Connect4, MAX_HEIGHT, MAX_K, MAX_WIDTH};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "connect4",
    title: "Connect Four",
    summary: "Drop stones into columns; k in a row wins (7x6, 4 in a row by default).",
    params: &[
        Param {
            name: "width",
            help: "number of columns",
            kind: ParamKind::Int {
                min: 1,
                max: MAX_WIDTH,
            },
            default: "7",
            menu: &["4", "5", "6", "7", "8", "9", "10"],
        },
        Param {
            name: "height",
            help: "number of rows (width·(height+1) at most 256)",
            kind: ParamKind::Int {
                min: 1,
                max: MAX_HEIGHT,
            },
            default: "6",
            menu: &["4", "5", "6", "7", "8"],
        },
        Param {
            name: "k",
            help: "stones in a row needed to win (at most the longer side)",
            kind: ParamKind::Int { min: 3, max: MAX_K },
            default: "4",
            menu: &["3", "4", "5"],
        },
    ],
    seats: &[
        Seat {
            name: "Red",
            colour: "#d1495b",
            mark: "x",
        },
        Seat {
            name: "Yellow",
            colour: "#edae49",
            mark: "o",
        },
    ],
    notation: Notation {
        summary: "a column: 1-9, then 0 for the tenth, then a-z; a game is the string of its \
                  columns, as 4453",
        example: "4",
        help: "A move is the column to drop a stone into, counted from the left as the labels \
               under the board show: 1 to 9, then 0 for the tenth and a to z from the \
               eleventh on. The stone falls to the lowest empty cell of that column.",
    },
    values: "tree searches: the threat evaluation in stone-window units, ±(1000000 − plies) \
             for a proven result; perfect: the proven outcome, 1 win, 0 draw, −1 loss (the \
             alpha-beta fallback's value when unproven); MCTS: the mean reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocols: &[Protocol::Text],
};

impl Described for Connect4 {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// a threat on an unfavourable row (the threats evaluation).
    const VALUE_UNIT: f64 = 30.0;
    /// Analysis is exact: the solver scores every position.
    const ANALYST: Option<&'static str> = Some("solver");

    fn from_settings(settings: &Settings) -> Result<Connect4, GameError> {
        DESCRIPTOR.check_names(settings)?;
        Connect4::from_options(
            DESCRIPTOR.int(settings, "width")?,
            DESCRIPTOR.int(settings, "height")?,
            DESCRIPTOR.int(settings, "k")?,
        )
    }
}
