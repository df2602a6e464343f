//! QTP commands: one enum, parsed from a line.

use ply_core::Player;

use crate::board::{BLACK, WHITE};
use crate::geometry::Orientation;

/// A cell as the protocol writes it: a column letter and a row number, whether or not it is
/// on the current board (that is the engine's question, answered with `illegal move`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellName {
    pub col: usize,
    pub row: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Name,
    KnownCommand(String),
    ListCommands,
    Quit,
    BoardSize(usize),
    ClearBoard,
    Walls(u32),
    PlayMove(Player, CellName),
    PlayWall(Player, CellName, Orientation),
    GenMove(Player),
    Undo(usize),
    Winner,
    ShowBoard,
    /// Extensions a referee never sends (ply's own, listed by `list_commands`):
    /// `position` prints the position text, `setposition TEXT` sets it, `loadrecord FILE`
    /// replays a game record.
    Position,
    SetPosition(String),
    LoadRecord(String),
}

/// Why a line is not a command the engine can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandError {
    Unknown,
    Syntax,
}

/// Every command, in the order `list_commands` gives them: seed 002's, then ply's three
/// extensions.
pub const COMMANDS: [&str; 16] = [
    "name",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "walls",
    "playmove",
    "playwall",
    "genmove",
    "undo",
    "winner",
    "showboard",
    "position",
    "setposition",
    "loadrecord",
];

fn colour(word: &str) -> Result<Player, CommandError> {
    match word.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(BLACK),
        "white" | "w" => Ok(WHITE),
        _ => Err(CommandError::Syntax),
    }
}

fn cell(word: &str) -> Result<CellName, CommandError> {
    let lower = word.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    if bytes.len() < 2
        || bytes.len() > 4
        || !bytes[0].is_ascii_lowercase()
        || !bytes[1..].iter().all(u8::is_ascii_digit)
    {
        return Err(CommandError::Syntax);
    }
    let row = lower[1..].parse().map_err(|_| CommandError::Syntax)?;
    Ok(CellName {
        col: (bytes[0] - b'a') as usize,
        row,
    })
}

fn orientation(word: &str) -> Result<Orientation, CommandError> {
    match word.to_ascii_lowercase().as_str() {
        "horizontal" | "h" => Ok(Orientation::Horizontal),
        "vertical" | "v" => Ok(Orientation::Vertical),
        _ => Err(CommandError::Syntax),
    }
}

fn number<T: std::str::FromStr>(word: &str) -> Result<T, CommandError> {
    word.parse().map_err(|_| CommandError::Syntax)
}

impl Command {
    /// Reads a line that is not blank and not a comment.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Err(CommandError::Unknown);
        };
        let name = name.to_ascii_lowercase();
        let exact = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(CommandError::Syntax)
            }
        };
        match name.as_str() {
            "name" => exact(0).map(|_| Command::Name),
            "known_command" => exact(1).map(|_| Command::KnownCommand(args[0].to_string())),
            "list_commands" => exact(0).map(|_| Command::ListCommands),
            "quit" => exact(0).map(|_| Command::Quit),
            "boardsize" => {
                exact(1)?;
                Ok(Command::BoardSize(number(args[0])?))
            }
            "clear_board" => exact(0).map(|_| Command::ClearBoard),
            "walls" => {
                exact(1)?;
                Ok(Command::Walls(number(args[0])?))
            }
            "playmove" => {
                exact(2)?;
                Ok(Command::PlayMove(colour(args[0])?, cell(args[1])?))
            }
            "playwall" => {
                exact(3)?;
                Ok(Command::PlayWall(
                    colour(args[0])?,
                    cell(args[1])?,
                    orientation(args[2])?,
                ))
            }
            "genmove" => {
                exact(1)?;
                Ok(Command::GenMove(colour(args[0])?))
            }
            "undo" => match args {
                [] => Ok(Command::Undo(1)),
                [n] => Ok(Command::Undo(number(n)?)),
                _ => Err(CommandError::Syntax),
            },
            "winner" => exact(0).map(|_| Command::Winner),
            "showboard" => exact(0).map(|_| Command::ShowBoard),
            "position" => exact(0).map(|_| Command::Position),
            "setposition" if !args.is_empty() => Ok(Command::SetPosition(args.join(" "))),
            "loadrecord" if !args.is_empty() => Ok(Command::LoadRecord(args.join(" "))),
            "setposition" | "loadrecord" => Err(CommandError::Syntax),
            _ => Err(CommandError::Unknown),
        }
    }
}
