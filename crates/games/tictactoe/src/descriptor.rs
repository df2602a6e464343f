//! The m,n,k-game as every front end sees it (see `ply_core::descriptor`).

use ply_core::Settings;
use ply_core::{
    Described, Descriptor, GameError, Notation, Param, ParamDefault, ParamKind, Protocol, Seat,
};

use crate::board::{TicTacToe, MAX_SIDE};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "tictactoe",
    title: "Tic-tac-toe (m,n,k-game)",
    summary: "Mark cells of a grid in turn (3x3 by default; Gomoku is 15x15 with k = 5).",
    goal: "Be the first to get k of your marks (3 by default) in an unbroken row, column or \
           diagonal; a full board without such a line is a draw.",
    params: &[
        Param {
            name: "width",
            help: "number of columns (if not given and k is larger: k)",
            kind: ParamKind::Int {
                min: 1,
                max: MAX_SIDE,
            },
            default: ParamDefault::Int(3),
            menu: &["3", "4", "5", "6", "7", "10", "15", "19"],
        },
        Param {
            name: "height",
            help: "number of rows (if not given and k is larger: k)",
            kind: ParamKind::Int {
                min: 1,
                max: MAX_SIDE,
            },
            default: ParamDefault::Int(3),
            menu: &["3", "4", "5", "6", "7", "10", "15", "19"],
        },
        Param {
            name: "k",
            help: "marks in a row needed to win (at most the longer side)",
            kind: ParamKind::Int {
                min: 3,
                max: MAX_SIDE,
            },
            default: ParamDefault::Int(3),
            menu: &["3", "4", "5"],
        },
    ],
    seats: &[
        Seat {
            name: "X",
            colour: "#d1495b",
            mark: "X",
        },
        Seat {
            name: "O",
            colour: "#edae49",
            mark: "O",
        },
    ],
    notation: Notation {
        summary: "a cell: its column letter from the left and its row number from the bottom \
                  (b2 is the centre of 3x3)",
        example: "b2",
        help: "A move is a cell: its column letter, a from the left, then its row number, 1 \
               from the bottom. On 3x3, a1 is the bottom-left corner, b2 the centre and c3 \
               the top-right corner; there a digit 1 to 9 works too, numbered like a \
               telephone keypad from the top left (5 is the centre). Bigger boards go on \
               with more letters and numbers: h8 is the centre of 15x15.",
    },
    values: "tree searches: open lines counted, more for lines nearer completion (3x3: 1 \
             and 10 for one and two marks), ±(1000000 − plies) for a proven result; MCTS: \
             the mean reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocols: &[Protocol::Text],
};

impl Described for TicTacToe {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// an open line with two marks on 3x3 (the line count).
    const VALUE_UNIT: f64 = 10.0;

    fn from_settings(settings: &Settings) -> Result<TicTacToe, GameError> {
        DESCRIPTOR.check_names(settings)?;
        TicTacToe::from_options(
            DESCRIPTOR.int(settings, "width")?,
            DESCRIPTOR.int(settings, "height")?,
            DESCRIPTOR.int(settings, "k")?,
        )
    }
}
