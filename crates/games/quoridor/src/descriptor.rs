//! Quoridor as every front end sees it (see `ply_core::descriptor`).

use ply_core::Settings;
use ply_core::{
    Described, Descriptor, GameError, Notation, Param, ParamDefault, ParamKind, Protocol, Seat,
};

use crate::board::Quoridor;
use crate::geometry::MAX_SIZE;
use crate::seats::MAX_PLAYERS;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "quoridor",
    title: "Quoridor",
    summary: "Move your pawn or place a wall, on a 9x9 board by default, for 2, 3 or 4 \
              players.",
    goal: "Be the first to bring your pawn to the far side (Black down to row 1, White up \
           to the top row; Red and Green across); walls slow the others but never shut a \
           pawn in.",
    params: &[
        Param {
            name: "size",
            help: "board size, odd",
            kind: ParamKind::Int {
                min: 3,
                max: MAX_SIZE,
            },
            default: ParamDefault::Int(9),
            menu: &["3", "5", "7", "9", "11", "13"],
        },
        Param {
            name: "walls",
            help: "walls per player",
            kind: ParamKind::Int {
                min: 0,
                max: u32::MAX as usize,
            },
            default: ParamDefault::Computed(
                "floor(7n/4 − 23/4) for 2 players (10 on 9x9); with 3 or 4 the two players' \
                 total shared out, rounded down (6 and 5 on 9x9)",
            ),
            menu: &[
                "", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "15", "20",
            ],
        },
        Param {
            name: "players",
            help: "number of players (3: black, red, white; 4: black, red, white, green, \
                   moving in that order round the board)",
            kind: ParamKind::Int {
                min: 2,
                max: MAX_PLAYERS,
            },
            default: ParamDefault::Int(2),
            menu: &["2", "3", "4"],
        },
    ],
    seats: &[
        Seat {
            name: "Black",
            colour: "#1d1d1d",
            mark: "B",
        },
        Seat {
            name: "White",
            colour: "#fafafa",
            mark: "W",
        },
        Seat {
            name: "Red",
            colour: "#c62828",
            mark: "R",
        },
        Seat {
            name: "Green",
            colour: "#2e7d32",
            mark: "G",
        },
    ],
    notation: Notation {
        summary: "a pawn step names its square (e8); a wall names the upper-left cell of its \
                  2x2 block and h or v (e3h)",
        example: "e8",
        help: "A move either moves your pawn or places a wall. A pawn move names the cell \
               the pawn goes to, as e8 (columns are letters from a on the left, rows \
               numbers from 1 at the bottom), for a step, a jump over a pawn or a \
               side-step alike. A wall is two cells long: name the upper-left cell of the \
               2x2 block of cells it borders, then h (horizontal) or v (vertical). e3h \
               lies under e3 and f3, e3v to the right of e3 and e2; a wall's cell is in \
               columns a to the last but one and rows 2 to the top. e3 h and E3 \
               horizontal are read too.",
    },
    values: "tree searches: 10 a step of shortest-path difference (the opponent's path \
             minus the mover's) plus smaller terms for walls in hand and the next row, \
             ±(1000000 − plies) for a proven result; MCTS: the mean reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocols: &[Protocol::Qtp],
};

impl Described for Quoridor {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// One step of shortest-path difference in the race evaluation.
    const VALUE_UNIT: f64 = 10.0;

    fn from_settings(settings: &Settings) -> Result<Quoridor, GameError> {
        DESCRIPTOR.check_names(settings)?;
        let size = DESCRIPTOR.int_or_default(settings, "size")?;
        Quoridor::check_size(size)?;
        let players = DESCRIPTOR.int_or_default(settings, "players")?;
        Quoridor::check_players(players)?;
        let walls = match DESCRIPTOR.int(settings, "walls")? {
            // In range, so it fits.
            Some(walls) => walls as u32,
            None => Quoridor::default_walls_for(size, players),
        };
        Quoridor::with_players(size, walls, players)
    }
}
