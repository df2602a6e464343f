//! Othello as every front end sees it (see `ply_core::descriptor`). The default `size` is
//! stated here only: the constructor reads it from the parameter.

use ply_core::Settings;
use ply_core::{
    Described, Descriptor, GameError, Notation, Param, ParamDefault, ParamKind, Protocol, Seat,
};

use crate::board::Othello;
use crate::geometry::{MAX_SIDE, MIN_SIDE};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "othello",
    title: "Othello",
    summary: "Place discs that outflank the other colour's and flip them (8x8 by default).",
    goal: "Have more discs of your colour than the other side when neither can move; a \
           player with no flipping move passes.",
    params: &[Param {
        name: "size",
        // The page's label is cut at the first comma or bracket: "board side".
        help: "board side (even: 8, 6 or 4)",
        kind: ParamKind::Int {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        default: ParamDefault::Int(8),
        menu: &["8", "6"],
    }],
    seats: &[
        Seat {
            name: "Black",
            colour: "#1d1d1d",
            mark: "X",
        },
        Seat {
            name: "White",
            colour: "#fafafa",
            mark: "O",
        },
    ],
    notation: Notation {
        summary: "the cell a disc goes on, column letter then row number, row 1 at the top \
                  (d3), or pass",
        example: "d3",
        help: "A move is the cell you place a disc on: a column letter, a on the left, and a \
               row number, 1 at the top. A disc must outflank a line of the other colour's \
               discs (across, down or diagonally) with one of yours; those discs flip. On \
               8x8 Black's first moves are d3, c4, f5 and e6 (the board marks them *). When \
               you cannot place a disc, type pass; the game ends when neither player can \
               place one, and the one with more discs wins.",
    },
    values: "tree searches: corners and mobility (100 a corner, 10 a placement), \
             ±(1000000 − plies) for a proven result; MCTS: the mean reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocols: &[Protocol::Text],
};

impl Described for Othello {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// A quarter of a corner (the evaluators' unit: see `eval.rs`).
    const VALUE_UNIT: f64 = 25.0;

    fn from_settings(settings: &Settings) -> Result<Othello, GameError> {
        DESCRIPTOR.check_names(settings)?;
        Othello::with_size(DESCRIPTOR.int_or_default(settings, "size")?)
    }
}
