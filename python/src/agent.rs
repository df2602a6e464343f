//! `ply.Agent` and `ply.Decision`: any agent spec of the games' catalogs, choosing moves
//! with the GIL released.

use std::sync::Mutex;
use std::time::Duration;

use ply_core::{Agent as CoreAgent, Decision as CoreDecision, Game, SearchLimits};
use ply_registry::{with_game, GameId, Registered};
use pyo3::prelude::*;

use crate::args::{optional, seconds};
use crate::errors::value_error;
use crate::interrupt::interruptible;
use crate::registry::parse_game;
use crate::session::{DynState, Playable, Session};
use crate::state::{Move, State};

/// A decision with its moves written in the notation of the positions they are played in.
pub struct DecisionInfo {
    pub mv: Move,
    pub value: f64,
    pub pv: Vec<Move>,
    pub nodes: u64,
    pub depth: u32,
    pub elapsed: Duration,
    pub iterations: u64,
}

/// An agent of one game, behind a face the Python class can hold.
pub trait DynAgent: Send {
    /// The agent's choice in `state` (a state of the agent's game); `None` once it is over.
    fn select(&mut self, state: &dyn DynState, limits: &SearchLimits) -> Option<DecisionInfo>;
    fn new_game(&mut self);
}

struct Built<G: Game>(Box<dyn CoreAgent<G>>);

/// `decision`'s moves written along the line they are played in, from `state`.
pub fn describe<G: Playable>(state: &G, decision: CoreDecision<G::Move>) -> DecisionInfo {
    let mut line = state.clone();
    let mut pv = Vec::new();
    for &mv in &decision.pv {
        // A principal variation from a table may run past the end or off the rules: it is
        // shown as far as it is legal.
        if line.check_move(mv).is_err() {
            break;
        }
        pv.push(Move {
            notation: line.format_move(mv),
            action: line.action_of(mv),
        });
        line.play(mv);
    }
    DecisionInfo {
        mv: Move {
            notation: state.format_move(decision.mv),
            action: state.action_of(decision.mv),
        },
        value: decision.value,
        pv,
        nodes: decision.nodes,
        depth: decision.depth,
        elapsed: decision.elapsed,
        iterations: decision.iterations,
    }
}

impl<G: Playable> DynAgent for Built<G> {
    fn select(&mut self, state: &dyn DynState, limits: &SearchLimits) -> Option<DecisionInfo> {
        let session = state
            .as_any()
            .downcast_ref::<Session<G>>()
            .expect("agents are built for the game of the state they are given");
        let decision = self.0.select(&session.state, limits)?;
        Some(describe(&session.state, decision))
    }

    fn new_game(&mut self) {
        self.0.new_game();
    }
}

/// An agent of `game` from `spec`, or the catalog's message.
fn build(game: GameId, spec: &str, rng_seed: u64) -> Result<Box<dyn DynAgent>, String> {
    with_game!(game, |G| {
        G::catalog()
            .build(spec, rng_seed)
            .map(|agent| Box::new(Built::<G>(agent)) as Box<dyn DynAgent>)
            .map_err(|e| e.to_string())
    })
}

/// Whether `game`'s catalog accepts `spec` (its name and keys), without building it.
fn check(game: GameId, spec: &str) -> Result<(), String> {
    with_game!(game, |G| G::catalog()
        .table_bytes(spec)
        .map(|_| ())
        .map_err(|e| e.to_string()))
}

/// A move chooser built from an agent spec (`"alphabeta:depth=6"`, `"mcts:time=500ms"`,
/// `"perfect"`): the specs `ply list GAME` shows. An agent serves every game whose catalog
/// accepts its spec; it is built for a game the first time it sees one of its states.
#[pyclass(module = "ply")]
pub struct Agent {
    spec: String,
    rng_seed: u64,
    /// The games whose catalog accepts the spec (the one given, or every one that does).
    games: Vec<GameId>,
    /// The agent built per game. Agents are `Send` but not `Sync`, and Python objects must
    /// be both: the mutex makes them so (methods taking `&mut self` reach in without locking).
    built: Mutex<Vec<(GameId, Box<dyn DynAgent>)>>,
}

impl Agent {
    fn built_mut(&mut self) -> &mut Vec<(GameId, Box<dyn DynAgent>)> {
        self.built.get_mut().unwrap_or_else(|e| e.into_inner())
    }

    /// The agent for `game`, built now if it was not yet.
    fn for_game(&mut self, game: GameId) -> PyResult<&mut Box<dyn DynAgent>> {
        let built = self.built.get_mut().unwrap_or_else(|e| e.into_inner());
        let index = match built.iter().position(|(g, _)| *g == game) {
            Some(i) => i,
            None => {
                let agent = build(game, &self.spec, self.rng_seed).map_err(|e| {
                    value_error(format!("agent spec {:?} for {game}: {e}", self.spec))
                })?;
                built.push((game, agent));
                built.len() - 1
            }
        };
        Ok(&mut built[index].1)
    }
}

/// Limits from Python's keywords: a time is a positive number of seconds, a depth at
/// least 1 ply, nodes and iterations whole numbers.
fn limits(
    time: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    iterations: Option<&Bound<'_, PyAny>>,
) -> PyResult<SearchLimits> {
    Ok(SearchLimits {
        depth: optional(depth, "depth", 1, u32::MAX)?,
        time: time.map(|t| seconds(t, "time", true)).transpose()?,
        max_time: None,
        nodes: optional(nodes, "nodes", 0, u64::MAX)?,
        iterations: optional(iterations, "iterations", 0, u64::MAX)?,
        stop: None,
    })
}

#[pymethods]
impl Agent {
    /// An agent from `spec`. With `game`, the spec is checked against that game's catalog
    /// now; without, against every game's (it must suit at least one), and the agent is
    /// built per game on first use. `seed` (default 0) seeds its randomness.
    #[new]
    #[pyo3(signature = (spec, game=None, seed=None))]
    fn new(spec: &str, game: Option<&str>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Agent> {
        let mut agent = Agent {
            spec: spec.to_string(),
            rng_seed: optional(seed, "seed", 0, u64::MAX)?.unwrap_or(0),
            games: Vec::new(),
            built: Mutex::new(Vec::new()),
        };
        match game {
            Some(name) => {
                let game = parse_game(name)?;
                agent.for_game(game)?;
                agent.games.push(game);
            }
            None => {
                // Checked, not built: building an agent for every game would allocate the
                // tables of four agents to use one.
                let mut reasons = Vec::new();
                for &game in GameId::ALL {
                    match check(game, spec) {
                        Ok(()) => agent.games.push(game),
                        Err(e) => reasons.push(format!("{game}: {e}")),
                    }
                }
                if agent.games.is_empty() {
                    return Err(value_error(format!(
                        "agent spec {spec:?} suits no game ({})",
                        reasons.join("; ")
                    )));
                }
            }
        }
        Ok(agent)
    }

    /// The spec the agent was built from.
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The names of the games whose catalog accepts the spec (only `game`'s when one was
    /// given).
    #[getter]
    fn games(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.name()).collect()
    }

    /// Chooses a move for the player to move in `state`, within the agent's own settings
    /// and any of `time` (seconds), `depth` (plies), `nodes` and `iterations` (MCTS
    /// playouts). The search runs with the GIL released; Ctrl-C stops it with
    /// `KeyboardInterrupt`. Raises `ValueError` once the game is over or when the spec does
    /// not suit the game.
    #[pyo3(signature = (state, *, time=None, depth=None, nodes=None, iterations=None))]
    fn choose(
        &mut self,
        py: Python<'_>,
        state: &State,
        time: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        iterations: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Decision> {
        let limits = limits(time, depth, nodes, iterations)?;
        if state.inner.scores().is_some() {
            return Err(value_error("the game is over: there is no move to choose"));
        }
        let position = state.inner.boxed_clone();
        let agent = self.for_game(position.game())?;
        let decision = interruptible(py, |stop| {
            let limits = SearchLimits {
                stop: Some(stop.clone()),
                ..limits
            };
            agent.select(position.as_ref(), &limits)
        })?;
        decision
            .map(Decision::from)
            .ok_or_else(|| value_error("the agent found no move"))
    }

    /// Forgets what the agent learned in earlier games (tables, trees).
    fn new_game(&mut self) {
        for (_, agent) in self.built_mut() {
            agent.new_game();
        }
    }

    fn __repr__(&self) -> String {
        format!("ply.agent({:?}, seed={})", self.spec, self.rng_seed)
    }
}

/// What an agent chose and what its search found on the way.
#[pyclass(module = "ply", frozen)]
pub struct Decision {
    /// The move chosen.
    #[pyo3(get, name = "move")]
    mv: Move,
    /// The value of the position for the mover, in the agent's own scale (see the game's
    /// `values` in `ply.games()`).
    #[pyo3(get)]
    value: f64,
    /// Deepest completed depth in plies (MCTS: the deepest tree node).
    #[pyo3(get)]
    depth: u32,
    /// Positions visited.
    #[pyo3(get)]
    nodes: u64,
    /// The expected line of play, starting with the move.
    #[pyo3(get)]
    pv: Vec<Move>,
    /// Seconds spent.
    #[pyo3(get)]
    time: f64,
    /// Playouts (MCTS) or iterations (iterative deepening) completed.
    #[pyo3(get)]
    iterations: u64,
}

impl From<DecisionInfo> for Decision {
    fn from(d: DecisionInfo) -> Self {
        Decision {
            mv: d.mv,
            value: d.value,
            depth: d.depth,
            nodes: d.nodes,
            pv: d.pv,
            time: d.elapsed.as_secs_f64(),
            iterations: d.iterations,
        }
    }
}

#[pymethods]
impl Decision {
    fn __repr__(&self) -> String {
        let pv: Vec<&str> = self.pv.iter().map(|m| m.notation.as_str()).collect();
        format!(
            "Decision(move={:?}, value={}, depth={}, nodes={}, pv={:?}, time={:.3}s)",
            self.mv.notation, self.value, self.depth, self.nodes, pv, self.time
        )
    }
}
