//! Every fuzz target, by name.

pub mod arena;
pub mod command_line;
pub mod connect4;
pub mod duration;
pub mod http;
pub mod moves;
pub mod protocols;
pub mod records;
pub mod spec;

use ply_connect4::Connect4;
use ply_halma::{BoardKind, Halma};
use ply_quoridor::Quoridor;
use ply_tictactoe::TicTacToe;

use crate::runner::Target;
use moves::{MoveNotation, PositionText};

/// The names of every target, in the order they run.
pub const NAMES: &[&str] = &[
    "duration",
    "spec-tictactoe",
    "spec-connect4",
    "spec-quoridor",
    "spec-halma",
    "moves-tictactoe",
    "moves-gomoku",
    "moves-mnk-7x4",
    "moves-connect4",
    "moves-quoridor",
    "moves-quoridor-4p",
    "moves-halma",
    "moves-halma-3p",
    "moves-halma-star121",
    "position-tictactoe",
    "position-gomoku",
    "position-connect4",
    "position-quoridor",
    "position-quoridor-4p",
    "position-halma",
    "connect4-sequence",
    "connect4-testset",
    "flags",
    "play",
    "qtp",
    "engine-tictactoe",
    "engine-gomoku",
    "engine-connect4",
    "halma-json",
    "ccp",
    "http",
    "arena-resume",
    "records-connect4",
    "records-halma",
];

const QUORIDOR_WORDS: &[&str] = &["a", "e", "i", "1", "9", "h", "v", "e2", "e8", "a1h", "wall"];
/// Four players on 7x7: red starts on a4 and green on g4, and race to columns g and a.
const QUORIDOR_4P_WORDS: &[&str] = &[
    "a", "d", "g", "1", "4", "7", "h", "v", "a4", "g4", "d7", "b4", "red=", "green=", "turn=red",
];
const HALMA_WORDS: &[&str] = &["[", "]", ",", "-", "[[3,-6],[3,-4]]", "3,-6", " ", "(", ")"];
const CONNECT4_WORDS: &[&str] = &["1", "4", "7", "0", "a", "10"];
const TICTACTOE_WORDS: &[&str] = &["a", "b", "c", "1", "2", "3", "b2"];
/// Gomoku's board reaches column o and row 15: the words aim at its edges and beyond.
const GOMOKU_WORDS: &[&str] = &["a", "h", "o", "p", "1", "8", "15", "16", "h8", "o15", "p16"];
const POSITION_WORDS: &[&str] = &[".", "x", "o", "/", "|", "\n", "{", "}", "\"A\"", ":", ","];

/// The m,n,k-game on another shape than tic-tac-toe's 3x3.
fn mnk(width: usize, height: usize, k: usize) -> TicTacToe {
    TicTacToe::with_shape(width, height, k).expect("a supported m,n,k shape")
}

fn halma(board: BoardKind, players: usize) -> Halma {
    Halma::new(board, players).expect("a supported board and player count")
}

/// The target named `name`.
pub fn by_name(name: &str) -> Option<Box<dyn Target>> {
    let quoridor = || Quoridor::new(9, 10).expect("the standard board");
    let quoridor_4p = || Quoridor::with_players(7, 3, 4).expect("four players on 7x7");
    Some(match name {
        "duration" => Box::new(duration::Durations),
        "spec-tictactoe" => Box::new(spec::AgentSpecs::new(
            name_of(name),
            ply_tictactoe::catalog(),
        )),
        "spec-connect4" => Box::new(spec::AgentSpecs::new(
            name_of(name),
            ply_connect4::catalog(),
        )),
        "spec-quoridor" => Box::new(spec::AgentSpecs::new(
            name_of(name),
            ply_quoridor::agents::catalog(),
        )),
        "spec-halma" => Box::new(spec::AgentSpecs::new(name_of(name), ply_halma::catalog())),
        "moves-tictactoe" => Box::new(MoveNotation::new(
            name_of(name),
            TicTacToe::new(),
            TICTACTOE_WORDS.to_vec(),
        )),
        "moves-gomoku" => Box::new(MoveNotation::new(
            name_of(name),
            mnk(15, 15, 5),
            GOMOKU_WORDS.to_vec(),
        )),
        "moves-mnk-7x4" => Box::new(MoveNotation::new(
            name_of(name),
            mnk(7, 4, 3),
            TICTACTOE_WORDS.iter().chain(&["g", "4", "5", "h1"]).copied().collect(),
        )),
        "moves-connect4" => Box::new(MoveNotation::new(
            name_of(name),
            Connect4::new(12, 8, 4).expect("12x8"),
            CONNECT4_WORDS.to_vec(),
        )),
        "moves-quoridor" => Box::new(MoveNotation::new(
            name_of(name),
            quoridor(),
            QUORIDOR_WORDS.to_vec(),
        )),
        "moves-quoridor-4p" => Box::new(MoveNotation::new(
            name_of(name),
            quoridor_4p(),
            QUORIDOR_4P_WORDS.to_vec(),
        )),
        "moves-halma" => Box::new(MoveNotation::new(
            name_of(name),
            halma(BoardKind::Star, 2),
            HALMA_WORDS.to_vec(),
        )),
        "moves-halma-3p" => Box::new(MoveNotation::new(
            name_of(name),
            halma(BoardKind::Star, 3),
            HALMA_WORDS.to_vec(),
        )),
        "moves-halma-star121" => Box::new(MoveNotation::new(
            name_of(name),
            halma(BoardKind::Star121, 6),
            HALMA_WORDS.to_vec(),
        )),
        "position-tictactoe" => Box::new(PositionText::new(
            name_of(name),
            TicTacToe::new(),
            POSITION_WORDS.to_vec(),
        )),
        "position-gomoku" => Box::new(PositionText::new(
            name_of(name),
            mnk(15, 15, 5),
            POSITION_WORDS.to_vec(),
        )),
        "position-connect4" => Box::new(PositionText::new(
            name_of(name),
            Connect4::standard(),
            POSITION_WORDS.to_vec(),
        )),
        "position-quoridor" => Box::new(PositionText::new(
            name_of(name),
            quoridor(),
            POSITION_WORDS.to_vec(),
        )),
        "position-quoridor-4p" => Box::new(PositionText::new(
            name_of(name),
            quoridor_4p(),
            POSITION_WORDS.iter().chain(QUORIDOR_4P_WORDS).copied().collect(),
        )),
        "position-halma" => Box::new(PositionText::new(
            name_of(name),
            halma(BoardKind::Star, 3),
            POSITION_WORDS.to_vec(),
        )),
        "connect4-sequence" => Box::new(connect4::Sequences::new()),
        "connect4-testset" => Box::new(connect4::TestSets),
        "flags" => Box::new(command_line::Flags::new()),
        "play" => Box::new(command_line::Play::new()),
        "qtp" => Box::new(protocols::Qtp::new()),
        "engine-tictactoe" => Box::new(protocols::TextProtocol::new(
            name_of(name),
            TicTacToe::new(),
            ply_tictactoe::catalog(),
            vec![
                "play b2\ngenmove\nundo 2\nwinner\nposition",
                "setposition x.o/.x./..o\nlegal_moves\nplay c1",
                "play a1\nplay a1\nundo 5\nundo x\nclear_board",
            ],
        )),
        "engine-gomoku" => Box::new(protocols::TextProtocol::new(
            name_of(name),
            mnk(15, 15, 5),
            ply_tictactoe::catalog(),
            vec![
                "play h8\ngenmove\nundo 2\nwinner\nposition",
                "play a1\nplay o15\nplay p16\nlegal_moves\nshowboard",
                "play h8\nplay h9\nplay i8\nplay i9\nplay j8\nplay j9\nplay k8\nplay k9\nplay l8\nwinner",
            ],
        )),
        "engine-connect4" => Box::new(protocols::TextProtocol::new(
            name_of(name),
            Connect4::standard(),
            ply_connect4::catalog(),
            vec![
                "play 4\ngenmove\nundo\nshowboard\nposition",
                "play 4\nplay 4\nplay 4\nplay 4\nplay 4\nplay 4\nplay 4",
                "setposition 4453\nwinner\nlegal_moves",
            ],
        )),
        "halma-json" => Box::new(protocols::HalmaJson::new()),
        "ccp" => Box::new(protocols::Ccp::new()),
        "http" => Box::new(http::Http::new()),
        "arena-resume" => Box::new(arena::ArenaResume::new()),
        "records-connect4" => Box::new(records::Records::<Connect4>::new(
            name_of(name),
            ply_core::Settings::new(),
        )),
        "records-halma" => Box::new(records::Records::<Halma>::new(
            name_of(name),
            ply_core::Settings::new().with("players", 3),
        )),
        _ => return None,
    })
}

/// The `'static` copy of a target name from [`NAMES`].
fn name_of(name: &str) -> &'static str {
    NAMES
        .iter()
        .find(|n| **n == name)
        .copied()
        .unwrap_or("unknown")
}
