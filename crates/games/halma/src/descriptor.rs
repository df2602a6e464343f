//! Halma (FAUhalma / Chinese Checkers) as every front end sees it (see
//! `ply_core::descriptor`).

use ply_core::Settings;
use ply_core::{Described, Descriptor, GameError, Notation, Param, ParamKind, Protocol, Seat};

use crate::board::Halma;
use crate::geometry::BoardKind;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "halma",
    title: "Halma",
    summary: "FAUhalma / Chinese Checkers: step and hop your pegs into the opposite point.",
    params: &[
        Param {
            name: "board",
            help: "board shape",
            kind: ParamKind::Choice(&["star", "rhombus", "star121"]),
            default: "star",
            menu: &["star", "rhombus", "star121"],
        },
        Param {
            name: "players",
            help: "number of players (star: 2 or 3, rhombus: 2, star121: 2, 3, 4 or 6)",
            kind: ParamKind::Int { min: 2, max: 6 },
            default: "2",
            menu: &["2", "3", "4", "6"],
        },
    ],
    seats: &[
        Seat {
            name: "A",
            colour: "#d1495b",
        },
        Seat {
            name: "B",
            colour: "#edae49",
        },
        Seat {
            name: "C",
            colour: "#00798c",
        },
        Seat {
            name: "D",
            colour: "#30638e",
        },
        Seat {
            name: "E",
            colour: "#6a4c93",
        },
        Seat {
            name: "F",
            colour: "#3d405b",
        },
    ],
    notation: Notation {
        summary: "the cells a peg visits, as JSON ([[1,-4],[1,-3]]) or only its two ends \
                  (1,-4 1,-3); cells are axial coordinates x,y",
        example: "1,-4 1,-3",
    },
    values: "tree searches: the opponents' remaining cost minus the mover's (progress: 10 \
             a cell of distance to the home tip, 2 a cell off the axis; seed 003: its \
             weighted distances ×100), ±(1000000 − plies) for a proven result; MCTS: the \
             mean reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[("players", "3")],
    protocol: Protocol::JsonLines,
};

impl Described for Halma {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;

    fn from_settings(settings: &Settings) -> Result<Halma, GameError> {
        DESCRIPTOR.check_names(settings)?;
        let board = match DESCRIPTOR.choice(settings, "board")? {
            Some(name) => BoardKind::ALL
                .into_iter()
                .find(|b| b.name() == name)
                .expect("the descriptor lists every board"),
            None => BoardKind::Star,
        };
        Halma::new(board, DESCRIPTOR.int(settings, "players")?.unwrap_or(2))
    }
}
