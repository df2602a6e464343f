//! The Quoridor Text Protocol (seed 002's command set; crates/games/quoridor/README.md, "QTP") as a library.
//!
//! [`QtpEngine::handle_line`] turns one input line into the full reply text (`= …` or
//! `? …` and the empty line after it); [`run`] drives an engine over any reader and writer,
//! flushing after every reply. A failed command changes nothing.

mod budget;
mod command;
mod options;

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use ply_core::{Agent, Game, Player};

use crate::board::{Quoridor, WHITE};
use crate::geometry::{Move, Square, Wall};
use crate::notation::format_move_qtp;

pub use budget::TimeBudget;
pub use command::{CellName, Command, CommandError, COMMANDS};
pub use options::{run_stdio, EngineOptions, DEFAULT_AGENT};

/// The name `name` answers.
pub const ENGINE_NAME: &str = "ply-quoridor";

/// The longest line the engine reads, in bytes without its line end (`\n` or `\r\n`).
/// The rest of a longer line is read and dropped without being kept, and the line is
/// answered [`line_too_long`].
pub const MAX_LINE: usize = 64 * 1024;

/// The answer to a line of `bytes` bytes, over [`MAX_LINE`].
pub fn line_too_long(bytes: usize) -> String {
    format!("? line too long ({bytes} bytes, the limit is {MAX_LINE})\n\n")
}

/// `state`, if it is a two-player game: QTP names only black and white.
fn two_players(state: Quoridor) -> Result<Quoridor, String> {
    if state.players() == 2 {
        Ok(state)
    } else {
        Err(format!(
            "QTP plays Quoridor for 2 players; this position has {}",
            state.players()
        ))
    }
}

/// A QTP engine: a board, its history for `undo`, and the agent that answers `genmove`.
pub struct QtpEngine {
    state: Quoridor,
    history: Vec<Quoridor>,
    walls: u32,
    agent: Box<dyn Agent<Quoridor>>,
    budget: TimeBudget,
    used: Duration,
    quit: bool,
    verbose: bool,
}

impl QtpEngine {
    /// An engine on the standard 9x9 board with 10 walls, playing with the strongest agent
    /// seeded with `rng_seed`.
    pub fn new(rng_seed: u64, budget: TimeBudget) -> Self {
        Self::with_agent(crate::agents::strongest(rng_seed), budget)
    }

    /// An engine whose `genmove` asks `agent`.
    pub fn with_agent(agent: Box<dyn Agent<Quoridor>>, budget: TimeBudget) -> Self {
        QtpEngine {
            state: Quoridor::standard(),
            history: Vec::new(),
            walls: Quoridor::default_walls(9),
            agent,
            budget,
            used: Duration::ZERO,
            quit: false,
            verbose: false,
        }
    }

    /// Report each decision (move, value, depth, nodes, time) on standard error.
    pub fn set_verbose(&mut self, verbose: bool) {
        self.verbose = verbose;
    }

    pub fn state(&self) -> &Quoridor {
        &self.state
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The reply to one line, `None` for a blank line or a comment. CR is dropped.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let length = line.strip_suffix('\r').unwrap_or(line).len();
        if length > MAX_LINE {
            return Some(line_too_long(length));
        }
        let line = line.replace('\r', "");
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let reply = match Command::parse(line) {
            Ok(command) => self.execute(command),
            Err(CommandError::Unknown) => Err("unknown command".to_string()),
            Err(CommandError::Syntax) => Err("syntax error".to_string()),
        };
        Some(match reply {
            Ok(text) => format!("= {text}\n\n"),
            Err(text) => format!("? {text}\n\n"),
        })
    }

    fn execute(&mut self, command: Command) -> Result<String, String> {
        match command {
            Command::Name => Ok(ENGINE_NAME.to_string()),
            Command::KnownCommand(c) => Ok(COMMANDS
                .contains(&c.to_ascii_lowercase().as_str())
                .to_string()),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::Quit => {
                self.quit = true;
                Ok(String::new())
            }
            Command::BoardSize(n) => {
                let state = Quoridor::new(n, self.walls).map_err(|_| "unacceptable size")?;
                self.new_game(state);
                Ok(String::new())
            }
            Command::ClearBoard => {
                let state = Quoridor::new(self.state.size(), self.walls)
                    .expect("the current size is valid");
                self.new_game(state);
                Ok(String::new())
            }
            Command::Walls(n) => {
                // A setting, not a move: `undo` does not take it back.
                self.walls = n;
                self.state.set_walls_left(n);
                Ok(String::new())
            }
            Command::PlayMove(player, cell) => {
                let to = self.square(cell).ok_or("illegal move")?;
                let from = self.state.pawn(player);
                self.play(player, Move::Pawn { from, to })
            }
            Command::PlayWall(player, cell, orientation) => {
                let n = self.state.size();
                // The protocol names a wall by the upper-left cell of its block.
                if cell.col + 1 >= n || cell.row < 2 || cell.row > n {
                    return Err("illegal move".to_string());
                }
                let slot = Square::new(cell.col as u8, (cell.row - 2) as u8);
                self.play(player, Move::Wall(Wall { slot, orientation }))
            }
            Command::GenMove(player) => self.generate(player),
            Command::Undo(n) => {
                if n > self.history.len() {
                    return Err("cannot undo".to_string());
                }
                for _ in 0..n {
                    self.state = self.history.pop().expect("checked above");
                }
                Ok(String::new())
            }
            Command::Winner => Ok(match self.state.winner() {
                Some(WHITE) => "true white".to_string(),
                Some(_) => "true black".to_string(),
                None => "false".to_string(),
            }),
            Command::ShowBoard => Ok(format!("\n{}", self.state)),
            Command::Position => Ok(self.state.to_text()),
            Command::SetPosition(text) => {
                let state = self.state.from_text(&text).map_err(|e| e.to_string())?;
                let state = two_players(state)?;
                self.walls = state.walls_per_player();
                self.new_game(state);
                Ok(String::new())
            }
            Command::LoadRecord(path) => {
                let record = ply_core::record::read_first(std::path::Path::new(&path))
                    .map_err(|e| e.to_string())?;
                let replay = record.replay::<Quoridor>().map_err(|e| e.to_string())?;
                let end = two_players(replay.end)?;
                // Each position of the record goes on the history, so `undo` takes its
                // moves back one by one.
                let mut history = Vec::with_capacity(replay.moves.len());
                let mut state = replay.start;
                for &mv in &replay.moves {
                    history.push(state.clone());
                    state.play(mv);
                }
                self.walls = end.walls_per_player();
                self.new_game(end);
                self.history = history;
                Ok(String::new())
            }
        }
    }

    fn new_game(&mut self, state: Quoridor) {
        debug_assert_eq!(state.players(), 2, "QTP is a two-player protocol");
        self.state = state;
        self.history.clear();
        self.used = Duration::ZERO;
        self.agent.new_game();
    }

    fn square(&self, cell: CellName) -> Option<Square> {
        let n = self.state.size();
        (cell.col < n && (1..=n).contains(&cell.row))
            .then(|| Square::new(cell.col as u8, (cell.row - 1) as u8))
    }

    /// Plays `mv` for `player` (whoever's turn it was), or changes nothing.
    fn play(&mut self, player: Player, mv: Move) -> Result<String, String> {
        let mut next = self.state.clone();
        next.set_to_move(player);
        if let Err(e) = next.try_play(mv) {
            if self.verbose {
                eprintln!("{e}");
            }
            return Err("illegal move".to_string());
        }
        self.history.push(std::mem::replace(&mut self.state, next));
        Ok(String::new())
    }

    fn generate(&mut self, player: Player) -> Result<String, String> {
        if self.state.winner().is_some() {
            return Err("game is over".to_string());
        }
        let mut position = self.state.clone();
        position.set_to_move(player);
        let limits = self.budget.limits_for_move(&position, player, self.used);
        let (think, most) = (
            limits.time.unwrap_or_default(),
            limits.max_time.unwrap_or_default(),
        );
        let start = Instant::now();
        let decision = self.agent.select(&position, &limits);
        self.used += start.elapsed();
        let mv = match decision {
            Some(d) => {
                if self.verbose {
                    eprintln!(
                        "{} {}: value {} depth {} nodes {} in {:?} (budget {think:?}, at most \
                         {most:?})",
                        ["black", "white"][player],
                        format_move_qtp(d.mv),
                        d.value,
                        d.depth,
                        d.nodes,
                        d.elapsed
                    );
                }
                d.mv
            }
            None => return Err("game is over".to_string()),
        };
        position
            .try_play(mv)
            .map_err(|e| format!("engine error: {e}"))?;
        self.history
            .push(std::mem::replace(&mut self.state, position));
        Ok(format_move_qtp(mv))
    }
}

/// Runs `engine` over `input` until `quit` or the end of the input, writing each reply to
/// `output` and flushing it at once. A line over [`MAX_LINE`] bytes is answered
/// [`line_too_long`] without being kept; a line that is not UTF-8 is an unknown command.
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    engine: &mut QtpEngine,
) -> io::Result<()> {
    let mut buffer = Vec::new();
    while let Some(length) = read_capped_line(&mut input, &mut buffer)? {
        let reply = if length > MAX_LINE {
            Some(line_too_long(length))
        } else {
            match std::str::from_utf8(&buffer) {
                Ok(line) => engine.handle_line(line),
                // Bytes that are not UTF-8 cannot be a command.
                Err(_) => Some("? unknown command\n\n".to_string()),
            }
        };
        if let Some(reply) = reply {
            output.write_all(reply.as_bytes())?;
            output.flush()?;
        }
        if engine.has_quit() {
            break;
        }
    }
    Ok(())
}

/// Reads one line into `line` (without its `\n`) and returns its length in bytes, not
/// counting a `\r` before the `\n`; `None` at the end of the input. Of a line longer than
/// [`MAX_LINE`] only the first `MAX_LINE + 1` bytes are kept: the rest is read and dropped.
fn read_capped_line<R: BufRead>(input: &mut R, line: &mut Vec<u8>) -> io::Result<Option<usize>> {
    line.clear();
    let mut length = 0usize;
    let mut last = None;
    let mut read_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let (body, used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        length = length.saturating_add(body.len());
        if let Some(&b) = body.last() {
            last = Some(b);
        }
        // One byte over the limit is kept: room for the '\r' of a "\r\n" line end.
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&body[..body.len().min(room)]);
        input.consume(used);
        if ended {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if last == Some(b'\r') {
        length -= 1;
    }
    Ok(Some(length))
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn an_over_long_line_is_not_kept() {
        let long = io::repeat(b'x').take(8 * MAX_LINE as u64);
        let mut input = io::BufReader::new(long.chain(&b"\r\nname\n"[..]));
        let mut line = Vec::new();
        let length = read_capped_line(&mut input, &mut line).unwrap();
        assert_eq!(length, Some(8 * MAX_LINE));
        assert_eq!(line.len(), MAX_LINE + 1);
        assert!(line.capacity() <= 4 * MAX_LINE, "{}", line.capacity());
        assert_eq!(read_capped_line(&mut input, &mut line).unwrap(), Some(4));
        assert_eq!(line, b"name");
        assert_eq!(read_capped_line(&mut input, &mut line).unwrap(), None);
    }
}
