//! Halma (FAUhalma / Chinese Checkers) as every front end sees it (see
//! `ply_core::descriptor`).

use ply_core::Settings;
use ply_core::{
    Described, Descriptor, GameError, Notation, Param, ParamDefault, ParamKind, Protocol, Seat,
};

use crate::board::{Halma, LETTERS};
use crate::geometry::BoardKind;
use crate::settings::{HalmaSettings, RuleSet};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "halma",
    title: "Halma",
    summary: "FAUhalma / Chinese Checkers: pegs step to a neighbouring hole or hop over \
              pegs, in chains.",
    goal: "Move all your pegs into the point opposite your own; the first to fill it wins \
           (under the FAUhalma rules the others play on for the places).",
    params: &[
        Param {
            name: "board",
            help: "board shape (auto: star121 under the ccerl rules, star otherwise)",
            kind: ParamKind::Choice(&["auto", "star", "rhombus", "star121"]),
            default: ParamDefault::Choice("auto"),
            menu: &["auto", "star", "rhombus", "star121"],
        },
        Param {
            name: "players",
            help: "number of players (star: 2 or 3, rhombus: 2, star121: 2, 3, 4 or 6)",
            kind: ParamKind::Int { min: 2, max: 6 },
            default: ParamDefault::Int(2),
            menu: &["2", "3", "4", "6"],
        },
        Param {
            name: "rules",
            help: "rule set (fauhalma: swaps in the mover's home, a blocked player drops \
                   out, the others play on for the places; classic: no swaps, a blocked \
                   player passes, the first home wins, the move limit is a draw; ccerl: the \
                   Chinese Checkers engine rating list's CCZ-121-Strict-LG-v2, star121 for 2 \
                   players, goal locking, anti-block wins, threefold repetition and 240 plies \
                   draw; auto: classic on star121, fauhalma on the others)",
            kind: ParamKind::Choice(&["auto", "fauhalma", "classic", "ccerl"]),
            default: ParamDefault::Choice("auto"),
            menu: &["auto", "fauhalma", "classic", "ccerl"],
        },
        Param {
            name: "first-seat",
            help: "first seat (the letter of the seat that moves first, any case)",
            kind: ParamKind::Choice(&["a", "b", "c", "d", "e", "f"]),
            default: ParamDefault::Choice("a"),
            // Seats C to F exist only with more players; the command line takes them.
            menu: &["a", "b"],
        },
        Param {
            name: "move-limit",
            help: "move limit (a game still going after this many plies ends; fauhalma ranks \
                   the players by pegs home, classic and ccerl call it a draw)",
            kind: ParamKind::Int {
                min: 1,
                max: 1_000_000,
            },
            default: ParamDefault::Computed("1000, ccerl: 240"),
            menu: &["", "200", "1000", "5000"],
        },
        Param {
            name: "swap-mid-chain",
            help: "swaps mid-chain (fauhalma: whether a swap cell may also be a landing in \
                   the middle of a hop chain; the source says no)",
            kind: ParamKind::Choice(&["no", "yes"]),
            default: ParamDefault::Choice("no"),
            menu: &["no", "yes"],
        },
    ],
    seats: &[
        Seat {
            name: "A",
            colour: "#d1495b",
            mark: "A",
        },
        Seat {
            name: "B",
            colour: "#edae49",
            mark: "B",
        },
        Seat {
            name: "C",
            colour: "#00798c",
            mark: "C",
        },
        Seat {
            name: "D",
            colour: "#30638e",
            mark: "D",
        },
        Seat {
            name: "E",
            colour: "#6a4c93",
            mark: "E",
        },
        Seat {
            name: "F",
            colour: "#3d405b",
            mark: "F",
        },
    ],
    notation: Notation {
        summary: "the cells a peg visits, as JSON ([[1,-4],[1,-3]]) or only its two ends \
                  (1,-4 1,-3); cells are axial coordinates x,y; under the ccerl rules also \
                  cell ids 0-120 joined by - (8-17, or a whole chain 4-15-28)",
        example: "1,-4 1,-3",
        help: "A move takes one of your pegs to another cell, by a step to a neighbouring \
               cell or by a chain of hops over single pegs. A cell is two numbers x,y: the \
               board shows y at the left of each row and the row's x range at the right \
               (x grows to the right, y up and to the right). Type the two ends, as 3,-6 \
               3,-4, and ply finds the chain; or every landing, as 1,-4 1,-2 -1,0; or the \
               JSON the engine speaks, [[1,-4],[1,-3]]. Under the ccerl rules a cell is also \
               its id, 0-120; each row shows its ids, which run left to right: type 8-17. moves lists every \
               legal move.",
    },
    values: "tree searches: the opponents' remaining cost minus the mover's (progress: 10 \
             a cell of distance to the home tip, 2 a cell off the axis; ccerl: progress plus \
             up to 40 a peg still in its start point, from ply 30; seed 003: its weighted \
             distances ×100), ±(1000000 − plies) for a proven result; MCTS: the mean reward, \
             0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[("players", "3")],
    protocols: &[Protocol::JsonLines, Protocol::Ccp],
};

impl Described for Halma {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// a cell of distance to the home tip (the progress evaluation).
    const VALUE_UNIT: f64 = 10.0;

    fn from_settings(settings: &Settings) -> Result<Halma, GameError> {
        DESCRIPTOR.check_names(settings)?;
        let asked_rules = match DESCRIPTOR.choice_or_default(settings, "rules")? {
            "auto" => None,
            name => Some(name.parse::<RuleSet>().expect("the descriptor's choices")),
        };
        let board = match DESCRIPTOR.choice_or_default(settings, "board")? {
            "auto" => asked_rules
                .and_then(RuleSet::fixed_board)
                .unwrap_or(BoardKind::Star),
            name => BoardKind::ALL
                .into_iter()
                .find(|b| b.name() == name)
                .expect("the descriptor lists every board"),
        };
        let mut rules = match asked_rules {
            Some(asked) => HalmaSettings::for_rules(asked),
            None => HalmaSettings::for_board(board),
        };
        let letter = DESCRIPTOR.choice_or_default(settings, "first-seat")?;
        rules.first_player = LETTERS
            .iter()
            .position(|l| l.eq_ignore_ascii_case(&letter.chars().next().unwrap_or('?')))
            .expect("the descriptor lists seat letters");
        if let Some(plies) = DESCRIPTOR.int(settings, "move-limit")? {
            rules.max_plies = plies as u32;
        }
        rules.swap_cells_mid_chain =
            DESCRIPTOR.choice_or_default(settings, "swap-mid-chain")? == "yes";
        let players = DESCRIPTOR.int_or_default(settings, "players")?;
        Halma::with_settings(board, players, rules)
    }
}
