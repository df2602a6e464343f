//! `ply.Agent` and `ply.Decision`: any agent spec of the games' catalogs, choosing moves
//! with the GIL released.

use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use ply_core::{Agent as CoreAgent, Decision as CoreDecision, Game, SearchLimits};
use ply_registry::{with_game, GameId, Registered};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

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
    /// Why the agent cannot play `state`'s variant (a network for another board), if so.
    fn fits(&mut self, state: &dyn DynState) -> Result<(), String>;
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

    fn fits(&mut self, state: &dyn DynState) -> Result<(), String> {
        let session = state
            .as_any()
            .downcast_ref::<Session<G>>()
            .expect("agents are built for the game of the state they are given");
        self.0.fits(&session.state)
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

/// Whether `game`'s catalog builds `spec`: its name and keys, and the values of its keys,
/// which only building reads (`depth=x`). The agent is dropped at once: its tables are
/// had again when it is used.
fn check(game: GameId, spec: &str) -> Result<(), String> {
    with_game!(game, |G| {
        let catalog = G::catalog();
        catalog.table_bytes(spec).map_err(|e| e.to_string())?;
        catalog.build(spec, 0).map(drop).map_err(|e| e.to_string())
    })
}

/// A move chooser built from an agent spec (`"alphabeta:depth=6"`, `"mcts:time=500ms"`,
/// `"perfect"`): the specs `ply list GAME` shows. An agent serves every game whose catalog
/// accepts its spec; it is built for a game the first time it sees one of its states.
#[pyclass(module = "ply", frozen)]
pub struct Agent {
    spec: String,
    rng_seed: u64,
    /// The game the agent was built for, if one was given.
    given: Option<GameId>,
    /// The games whose catalog accepts the spec (the one given, or every one that does).
    games: Vec<GameId>,
    /// The agent built per game. Agents are `Send` but not `Sync`, and Python objects must
    /// be both: the mutex makes them so, and tells a second thread that it came while the
    /// first is searching.
    built: Mutex<PerGame>,
}

/// The agents built so far, one per game.
type PerGame = Vec<(GameId, Box<dyn DynAgent>)>;

impl Agent {
    /// The agents built so far, or an error saying what to do when another thread is using
    /// them (one search at a time: an agent's tables and trees are its own).
    fn lock(&self) -> PyResult<MutexGuard<'_, PerGame>> {
        match self.built.try_lock() {
            Ok(built) => Ok(built),
            Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(format!(
                "this ply.Agent ({:?}) is choosing a move on another thread: an agent searches \
                 for one thread at a time; give each thread its own (ply.agent({:?}) again, \
                 or copy.copy(agent))",
                self.spec, self.spec
            ))),
        }
    }

    /// The agent for `game` among `built`, built now if it was not yet.
    fn for_game<'a>(
        &self,
        built: &'a mut PerGame,
        game: GameId,
    ) -> PyResult<&'a mut Box<dyn DynAgent>> {
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
        let given = game.map(parse_game).transpose()?;
        let mut agent = Agent {
            spec: spec.to_string(),
            rng_seed: optional(seed, "seed", 0, u64::MAX)?.unwrap_or(0),
            given,
            games: Vec::new(),
            built: Mutex::new(Vec::new()),
        };
        match given {
            Some(game) => {
                let mut built = Vec::new();
                agent.for_game(&mut built, game)?;
                agent.built = Mutex::new(built);
                agent.games.push(game);
            }
            None => {
                // Checked, one game at a time, and built on first use: keeping an agent for
                // every game would hold the tables of all of them to use one.
                let mut reasons: Vec<(String, Vec<GameId>)> = Vec::new();
                for &game in GameId::ALL {
                    match check(game, spec) {
                        Ok(()) => agent.games.push(game),
                        Err(e) => match reasons.iter_mut().find(|(r, _)| *r == e) {
                            Some((_, games)) => games.push(game),
                            None => reasons.push((e, vec![game])),
                        },
                    }
                }
                if agent.games.is_empty() {
                    let reasons: Vec<String> = reasons
                        .iter()
                        .map(|(reason, games)| {
                            let games: Vec<&str> = games.iter().map(|g| g.name()).collect();
                            format!("{}: {reason}", games.join(", "))
                        })
                        .collect();
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
        &self,
        py: Python<'_>,
        state: &Bound<'_, State>,
        time: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        iterations: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Decision> {
        let limits = limits(time, depth, nodes, iterations)?;
        // The search runs on a copy, so the state is free for other threads meanwhile.
        let position = state.borrow().inner.boxed_clone();
        if position.scores().is_some() {
            return Err(value_error("the game is over: there is no move to choose"));
        }
        let mut built = self.lock()?;
        let agent = self.for_game(&mut built, position.game())?;
        agent.fits(position.as_ref()).map_err(value_error)?;
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
    fn new_game(&self) -> PyResult<()> {
        for (_, agent) in self.lock()?.iter_mut() {
            agent.new_game();
        }
        Ok(())
    }

    /// Pickles (and copies) as its spec, game and seed: the copy is the agent as built,
    /// without what this one learned in its games (tables, trees).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let agent = slf.get();
        let args = (
            agent.spec.clone(),
            agent.given.map(|g| g.name()),
            agent.rng_seed,
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
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
    /// A decision from its parts (what unpickling calls).
    #[new]
    #[pyo3(signature = (move_, value, depth, nodes, pv, time, iterations))]
    fn new(
        move_: Move,
        value: f64,
        depth: u32,
        nodes: u64,
        pv: Vec<Move>,
        time: f64,
        iterations: u64,
    ) -> Self {
        Decision {
            mv: move_,
            value,
            depth,
            nodes,
            pv,
            time,
            iterations,
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let d = slf.get();
        let args = (
            d.mv.clone(),
            d.value,
            d.depth,
            d.nodes,
            d.pv.clone(),
            d.time,
            d.iterations,
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }

    fn __repr__(&self) -> String {
        let pv: Vec<&str> = self.pv.iter().map(|m| m.notation.as_str()).collect();
        format!(
            "Decision(move={:?}, value={}, depth={}, nodes={}, pv={:?}, time={:.3}s)",
            self.mv.notation, self.value, self.depth, self.nodes, pv, self.time
        )
    }
}
