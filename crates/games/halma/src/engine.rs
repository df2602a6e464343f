//! The JSON line protocol of the course server, as a library.
//!
//! Each input line is one position, `{"A": [[x,y],…], "B": […], "turn": "B"}` (`turn`
//! defaults to the first player); the answer is one line, the move as a JSON list of cells
//! `[[3,-6],[3,-4]]`. Anything wrong with a line gives one line `{"error": "…"}` naming the
//! problem, and the engine reads on. Blank lines are ignored; end of input ends the run.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use serde_json::{json, Value};

use ply_core::{Agent, Game, SearchLimits};
use ply_search::spec::SpecError;

use crate::board::{Halma, LETTERS};
use crate::geometry::BoardKind;
use crate::notation::position_from_json;
use crate::settings::HalmaSettings;

/// How the engine is set up.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    pub board: BoardKind,
    pub players: usize,
    /// The rule set and the other rule settings (`HalmaSettings::for_board` by default).
    pub settings: HalmaSettings,
    /// The agent, as a catalog spec (`champion`, `seed003-s5`, `paranoid:depth=3`, …).
    pub agent: String,
    pub rng_seed: u64,
    /// Time per move: the agent's search budget (it replaces a preset's own time; a `time=`
    /// written in the agent spec wins, see [`Engine::note`]).
    pub time: Option<Duration>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            board: BoardKind::Star,
            players: 2,
            settings: HalmaSettings::for_board(BoardKind::Star),
            agent: "champion".into(),
            rng_seed: 1,
            time: None,
        }
    }
}

/// Why an engine could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum EngineSetupError {
    #[error(transparent)]
    Game(#[from] ply_core::GameError),
    #[error(transparent)]
    Agent(#[from] SpecError),
}

/// A running engine: the game settings and the agent that answers.
pub struct Engine {
    start: Halma,
    agent: Box<dyn Agent<Halma>>,
    limits: SearchLimits,
    note: Option<String>,
}

impl Engine {
    pub fn new(options: &EngineOptions) -> Result<Engine, EngineSetupError> {
        let start = Halma::with_settings(options.board, options.players, options.settings)?;
        let catalog = crate::agents::catalog();
        let timed = catalog.with_time(&options.agent, options.time, "--time")?;
        let agent = catalog.build(&timed.spec, options.rng_seed)?;
        let limits = SearchLimits {
            time: timed.limit,
            ..SearchLimits::default()
        };
        Ok(Engine {
            start,
            agent,
            limits,
            note: timed.note,
        })
    }

    /// Set when the agent spec's own `time=` wins over the time option: what to tell the
    /// user.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The answer to one input line: a move, an error object, or `None` for a blank line.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(match self.answer(line) {
            Ok(mv) => mv,
            Err(message) => json!({ "error": message }).to_string(),
        })
    }

    fn answer(&mut self, line: &str) -> Result<String, String> {
        let state = position_from_json(&self.start, line).map_err(|e| match e {
            ply_core::GameError::Position { reason, .. } => {
                format!("bad position: {}", ply_core::tame(&reason))
            }
            other => other.to_string(),
        })?;
        let asked = requested_turn(line, &self.start);
        let players = self.start.num_players();
        if state.is_terminal() || state.to_move() != asked {
            let letter = LETTERS[asked];
            let why = if state.has_finished(asked) {
                "has every peg home"
            } else if !state.has_any_move(asked) {
                "has no legal move"
            } else {
                "cannot move: the game is over"
            };
            return Err(format!(
                "it is {letter}'s turn but {letter} {why} ({players} players)"
            ));
        }
        let decision = self
            .agent
            .select(&state, &self.limits)
            .ok_or_else(|| "the agent found no move".to_string())?;
        Ok(state.format_move(decision.mv))
    }
}

/// The seat the line says is to move (the first player when it does not say; the position
/// parser has already rejected a bad `turn`).
fn requested_turn(line: &str, start: &Halma) -> usize {
    let first = start.settings().first_player;
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(_) => return first,
    };
    value
        .get("turn")
        .and_then(Value::as_str)
        .and_then(|t| t.chars().next())
        .and_then(|c| LETTERS.iter().position(|&l| l == c.to_ascii_uppercase()))
        .unwrap_or(first)
}

/// Answers every line of `input` on `output`, flushing after each answer.
pub fn run<R: BufRead, W: Write>(input: R, mut output: W, engine: &mut Engine) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if let Some(answer) = engine.handle_line(&line) {
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
    }
    Ok(())
}
