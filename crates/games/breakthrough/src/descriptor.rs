//! Breakthrough as every front end sees it (see `ply_core::descriptor`). The defaults of
//! `rows` and `columns` are stated here only: the constructor reads them from the
//! parameters.

use ply_core::Settings;
use ply_core::{
    Described, Descriptor, GameError, Notation, Param, ParamDefault, ParamKind, Protocol, Seat,
};

use crate::board::{Breakthrough, MAX_COLUMNS, MAX_ROWS, MIN_SIDE};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "breakthrough",
    title: "Breakthrough",
    summary: "Step your pieces forward and capture diagonally (OpenSpiel's rules, 8x8 by \
              default).",
    goal: "Be the first to bring a piece to the far row (Black down to row 1, White up to \
           the top row), or capture every piece of the other side.",
    params: &[
        Param {
            name: "rows",
            help: "number of rows (two rows of pieces a side from 6 rows up, one below; at \
                   most 64 cells)",
            kind: ParamKind::Int {
                min: MIN_SIDE,
                max: MAX_ROWS,
            },
            default: ParamDefault::Int(8),
            menu: &["8", "7", "6", "5"],
        },
        Param {
            name: "columns",
            help: "number of columns (at most 64 cells)",
            kind: ParamKind::Int {
                min: MIN_SIDE,
                max: MAX_COLUMNS,
            },
            default: ParamDefault::Int(8),
            menu: &["8", "7", "6", "5"],
        },
    ],
    seats: &[
        Seat {
            name: "Black",
            colour: "#1d1d1d",
            mark: "b",
        },
        Seat {
            name: "White",
            colour: "#fafafa",
            mark: "w",
        },
    ],
    notation: Notation {
        summary: "the cell a piece leaves and the cell it reaches, * after a capture, as \
                  OpenSpiel writes them (a7a6, b7c6*)",
        example: "a7a6",
        help: "A move is the cell a piece leaves, then the cell it reaches: a column letter, \
               a on the left, and a row number, 1 at the bottom. Black starts on the top \
               rows and moves down; White starts at the bottom and moves up. A piece steps \
               one row forward, straight ahead onto an empty cell or diagonally onto an \
               empty cell or an enemy piece, which it captures. On 8x8 Black's first moves \
               include a7a6 and a7b6, and d5e4* takes the piece on e4 (the * may be left \
               out; d5-e4 and d5xe4 are read too).",
    },
    values: "tree searches: 100 a piece, plus its advance and its safety (attacked, \
             defended), ±(1000000 − plies) for a proven result; MCTS: the mean reward, 0 \
             to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocols: &[Protocol::Text],
};

impl Described for Breakthrough {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// a piece (the material evaluator's unit).
    const VALUE_UNIT: f64 = 100.0;

    fn from_settings(settings: &Settings) -> Result<Breakthrough, GameError> {
        DESCRIPTOR.check_names(settings)?;
        Breakthrough::with_shape(
            DESCRIPTOR.int_or_default(settings, "rows")?,
            DESCRIPTOR.int_or_default(settings, "columns")?,
        )
    }
}
