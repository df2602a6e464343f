//! Tic-tac-toe as every front end sees it (see `ply_core::descriptor`).

use ply_core::{Described, Descriptor, GameError, Notation, Protocol, Seat, Settings};

use crate::board::TicTacToe;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "tictactoe",
    title: "Tic-tac-toe",
    summary: "Mark cells in turn on a 3x3 board; three in a row wins.",
    params: &[],
    seats: &[
        Seat {
            name: "X",
            colour: "#d1495b",
        },
        Seat {
            name: "O",
            colour: "#30638e",
        },
    ],
    notation: Notation {
        summary: "a cell: its column letter from the left and its row number from the bottom \
                  (b2 is the centre)",
        example: "b2",
    },
    values: "tree searches: open lines, 1 and 10 for one and two own marks, the opponent's \
             counted against, ±(1000000 − plies) for a proven result; MCTS: the mean \
             reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocol: Protocol::Text,
};

impl Described for TicTacToe {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;

    fn from_settings(settings: &Settings) -> Result<TicTacToe, GameError> {
        DESCRIPTOR.check_names(settings)?;
        Ok(TicTacToe::new())
    }
}
