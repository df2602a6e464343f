//! One game being played: its start position, the moves so far and the catalog of agents
//! that may move in it. [`Session`] hides the game type so the server can keep every game
//! in one table.

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Game, GameError, ZobristHash};
use ply_search::spec::{parse_spec, Catalog};
use serde::Serialize;
use serde_json::Value;

use crate::engine::Budget;
use crate::error::ApiError;
use crate::memory::check_table_memory;
use crate::views::{position_json, BoardView};

/// What the engine found, in the game's notation.
#[derive(Debug, Clone, Serialize)]
pub struct EngineReport {
    /// The move chosen.
    #[serde(rename = "move")]
    pub mv: String,
    /// The agent spec that chose it.
    pub agent: String,
    /// The value for the mover, in the agent's own scale.
    pub value: f64,
    /// Deepest completed depth in plies.
    pub depth: u32,
    pub nodes: u64,
    /// Time the search itself took.
    pub time_ms: f64,
    /// The thinking time the server gave it.
    pub budget_ms: f64,
    /// Playouts or iterations completed.
    pub iterations: u64,
    /// The expected line, starting with the move.
    pub pv: Vec<String>,
}

/// A search ready to run on another thread: a copy of the position and the agent to build.
pub trait SearchJob: Send {
    /// The agent spec the job builds, to name it when it fails.
    fn spec(&self) -> &str;
    /// Builds the agent, then searches within what the budget gives at that moment.
    fn run(self: Box<Self>, budget: &Budget) -> Result<EngineReport, ApiError>;
}

/// A game in play, whatever the game.
pub trait Session: Send {
    /// The view of the current position (see `views`), with the move history.
    fn view(&self) -> Value;
    /// Plays a move given in the game's notation; returns it as the game writes it.
    fn play(&mut self, text: &str) -> Result<String, ApiError>;
    /// Takes back the last `count` moves (none: a no-op that succeeds).
    fn undo(&mut self, count: usize) -> Result<(), ApiError>;
    /// Prepares the engine's search of the current position with the agent `spec`, refusing
    /// a spec that does not build or whose tables would take more than `max_search_mb` MiB.
    fn search_job(
        &self,
        spec: &str,
        seed: u64,
        max_search_mb: u64,
    ) -> Result<Box<dyn SearchJob>, ApiError>;
    /// The game record: a `#` header naming the game and variant, then the moves.
    fn record(&self) -> String;
    /// Counts every change of position, so a search can tell if its position is stale.
    fn version(&self) -> u64;
    fn game_name(&self) -> &'static str;
}

/// A session of one game type.
pub struct GameSession<G: Game> {
    start: G,
    state: G,
    moves: Vec<G::Move>,
    catalog: Arc<Catalog<G>>,
    version: u64,
}

impl<G: Game + ZobristHash + BoardView> GameSession<G> {
    pub fn new(start: G, catalog: Arc<Catalog<G>>) -> Self {
        GameSession {
            state: start.clone(),
            start,
            moves: Vec::new(),
            catalog,
            version: 0,
        }
    }

    /// The moves played so far, each written in the position where it was played.
    fn history(&self) -> Vec<String> {
        let mut replay = self.start.clone();
        self.moves
            .iter()
            .map(|&mv| {
                let text = replay.format_move(mv);
                replay.play(mv);
                text
            })
            .collect()
    }
}

impl<G: Game + ZobristHash + BoardView> Session for GameSession<G> {
    fn view(&self) -> Value {
        let mut scratch = Vec::new();
        let mut view = position_json(&self.state, &mut scratch);
        view["moves"] = Value::from(self.history());
        view["version"] = Value::from(self.version);
        view
    }

    fn play(&mut self, text: &str) -> Result<String, ApiError> {
        // A finished game takes no move, whatever the text: 409 `game_over`, as documented,
        // rather than whatever the game's parser or rules would say.
        if self.state.is_terminal() {
            return Err(ApiError::Game(GameError::GameOver));
        }
        let mv = self.state.parse_move(text)?;
        let written = self.state.format_move(mv);
        self.state.try_play(mv)?;
        self.moves.push(mv);
        self.version += 1;
        Ok(written)
    }

    fn undo(&mut self, count: usize) -> Result<(), ApiError> {
        // Taking back nothing succeeds and changes nothing, as in QTP.
        if count == 0 {
            return Ok(());
        }
        if count > self.moves.len() {
            return Err(ApiError::CannotUndo {
                asked: count,
                played: self.moves.len(),
            });
        }
        for _ in 0..count {
            if let Some(mv) = self.moves.pop() {
                self.state.undo(mv);
            }
        }
        self.version += 1;
        Ok(())
    }

    fn search_job(
        &self,
        spec: &str,
        seed: u64,
        max_search_mb: u64,
    ) -> Result<Box<dyn SearchJob>, ApiError> {
        if self.state.is_terminal() {
            return Err(ApiError::GameOver);
        }
        // A spec that does not even parse is refused before it waits for a search slot.
        if let Err(error) = parse_spec(spec, "") {
            let known: Vec<String> = self.catalog.entries().into_iter().map(|e| e.name).collect();
            return Err(ApiError::Spec(
                parse_spec(spec, &known.join(", ")).err().unwrap_or(error),
            ));
        }
        // Its tables are weighed before it is built: refused, they are never allocated.
        let bytes = self.catalog.table_bytes(spec)?;
        check_table_memory(spec, bytes, max_search_mb)?;
        Ok(Box::new(Job {
            state: self.state.clone(),
            catalog: self.catalog.clone(),
            spec: spec.to_string(),
            seed,
        }))
    }

    fn record(&self) -> String {
        let variant = self.state.variant();
        let header = if variant.is_empty() {
            format!("# {}", self.state.name())
        } else {
            format!("# {} {}", self.state.name(), variant)
        };
        format!("{header}\n{}\n", self.state.record_body(&self.history()))
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn game_name(&self) -> &'static str {
        self.state.name()
    }
}

struct Job<G: Game> {
    state: G,
    catalog: Arc<Catalog<G>>,
    spec: String,
    seed: u64,
}

impl<G: Game + ZobristHash> SearchJob for Job<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn run(self: Box<Self>, budget: &Budget) -> Result<EngineReport, ApiError> {
        let mut agent = self.catalog.build(&self.spec, self.seed)?;
        let limits = budget.limits();
        let decision = agent
            .select(&self.state, &limits)
            .ok_or_else(|| ApiError::NoMove(self.spec.clone()))?;
        let mv = self.state.format_move(decision.mv);
        // Each move of the line is written in the position where it would be played; a line
        // that stops being legal (a stale table entry) is cut there.
        let mut line = self.state.clone();
        let mut pv = Vec::with_capacity(decision.pv.len());
        for &step in &decision.pv {
            if line.check_move(step).is_err() {
                break;
            }
            pv.push(line.format_move(step));
            line.play(step);
        }
        Ok(EngineReport {
            mv,
            agent: agent.name(),
            value: decision.value,
            depth: decision.depth,
            nodes: decision.nodes,
            time_ms: duration_ms(decision.elapsed),
            budget_ms: limits.time.map_or(0.0, duration_ms),
            iterations: decision.iterations,
            pv,
        })
    }
}

pub(crate) fn duration_ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}
