//! `ply.arena`: the tournaments of `ply arena`, with the same records and summary, and
//! Python callables among the agents.

use std::time::Duration;

use ply_arena::{report, run_tournament, Format, OpeningSource, TimeControl, TournamentConfig};
use ply_core::Agent as CoreAgent;
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::pyagent::PyAgent;
use crate::session::{DynState, Playable, Session};
use crate::state::State;

/// A tournament's settings as Python passes them (the `ply arena` flags).
#[derive(Clone)]
pub struct ArenaSettings {
    pub format: String,
    pub games: usize,
    pub openings: String,
    pub concurrency: Option<usize>,
    pub time_per_move: Option<f64>,
    pub time_per_game: Option<f64>,
    pub tolerance: f64,
    pub hang_timeout: f64,
    pub max_plies: usize,
    pub rng_seed: u64,
    pub anchor: Option<String>,
}

/// Seconds as a duration, refusing what is not a non-negative finite number.
fn seconds(flag: &str, value: f64) -> PyResult<Duration> {
    if value.is_finite() && value >= 0.0 {
        Ok(Duration::from_secs_f64(value.min(1e9)))
    } else {
        Err(value_error(format!(
            "{flag} {value}: a time is a non-negative number of seconds"
        )))
    }
}

fn config(specs: Vec<String>, s: &ArenaSettings) -> PyResult<TournamentConfig> {
    let mut config = TournamentConfig::new(specs);
    config.format = match s.format.as_str() {
        "round-robin" | "round_robin" => Format::RoundRobin,
        "gauntlet" => Format::Gauntlet,
        other => {
            return Err(value_error(format!(
                "format {other:?}: the formats are round-robin and gauntlet"
            )))
        }
    };
    config.games_per_pairing = s.games;
    config.openings =
        OpeningSource::from_arg(&s.openings).map_err(|e| value_error(e.to_string()))?;
    if let Some(j) = s.concurrency {
        config.concurrency = j;
    }
    config.time = TimeControl {
        per_move: s
            .time_per_move
            .map(|t| seconds("time_per_move", t))
            .transpose()?,
        per_game: s
            .time_per_game
            .map(|t| seconds("time_per_game", t))
            .transpose()?,
        tolerance: seconds("tolerance", s.tolerance)?,
        hang_timeout: seconds("hang_timeout", s.hang_timeout)?,
    };
    config.max_plies = s.max_plies;
    config.rng_seed = s.rng_seed;
    config.anchor = s.anchor.clone();
    config.validate().map_err(|e| value_error(e.to_string()))?;
    Ok(config)
}

/// What a tournament leaves: the result (config and summary) and each game, as the JSON
/// `ply arena --json` prints and `games.jsonl` holds, and the markdown report.
pub struct ArenaOutput {
    pub result_json: String,
    pub records_json: Vec<String>,
    pub report: String,
}

/// Plays the tournament from `start` of game `G`.
fn run<G: Playable>(
    py: Python<'_>,
    start: &G,
    config: &TournamentConfig,
    callables: &[(String, Py<PyAny>)],
) -> PyResult<ArenaOutput> {
    let catalog = G::catalog();
    let factory = |spec: &str, rng_seed: u64| -> Result<Box<dyn CoreAgent<G>>, String> {
        match callables.iter().find(|(name, _)| name == spec) {
            Some((name, function)) => {
                let function = Python::with_gil(|py| function.clone_ref(py));
                Ok(Box::new(PyAgent::<G>::new(name.clone(), function)))
            }
            // As in `ply arena`: the time per move is the agent's budget unless its spec
            // sets its own (`Catalog::with_time`).
            None => catalog
                .with_time(spec, config.time.per_move, "time_per_move")
                .and_then(|timed| catalog.build(&timed.spec, rng_seed))
                .map_err(|e| e.to_string()),
        }
    };
    // The games run on the arena's threads; Python agents among them take the GIL in turn.
    let result = py
        .allow_threads(|| run_tournament(start, &factory, config, &|_| {}))
        .map_err(|e| value_error(e.to_string()))?;
    let to_json = |e: serde_json::Error| value_error(e.to_string());
    let records_json = result
        .records
        .iter()
        .map(|r| serde_json::to_string(r).map_err(to_json))
        .collect::<PyResult<Vec<String>>>()?;
    Ok(ArenaOutput {
        result_json: serde_json::to_string(&result).map_err(to_json)?,
        records_json,
        report: report::markdown(&result, false),
    })
}

/// Plays a tournament from `state` between `specs` (catalog specs, and the names of
/// `callables`) and returns its result, records and report.
pub fn arena(
    py: Python<'_>,
    state: &State,
    specs: Vec<String>,
    callables: Vec<(String, Py<PyAny>)>,
    settings: &ArenaSettings,
) -> PyResult<ArenaOutput> {
    let config = config(specs, settings)?;
    let inner: &dyn DynState = state.inner.as_ref();
    ply_registry::with_game!(inner.game(), |G| {
        let session = inner
            .as_any()
            .downcast_ref::<Session<G>>()
            .expect("the state is of its own game");
        run::<G>(py, &session.state, &config, &callables)
    })
}
