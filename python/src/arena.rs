//! `ply.arena`: the tournaments of `ply arena`, with the same records and summary, and
//! Python callables among the agents.

use std::time::Duration;

use ply_arena::config::{MAX_CONCURRENCY, MAX_GAMES_PER_PAIRING, MAX_PLIES};
use ply_arena::{
    report, ArenaError, Format, OpeningSource, RunControl, TimeControl, Tournament,
    TournamentConfig,
};
use ply_core::{Agent as CoreAgent, Settings};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::{optional, seconds, whole};
use crate::errors::value_error;
use crate::interrupt::interruptible;
use crate::pyagent::PyAgent;
use crate::session::{DynState, Playable, Session};
use crate::state::State;

/// The keywords a tournament takes (`ply arena`'s flags, in Python's spelling).
const SETTINGS: [&str; 11] = [
    "format",
    "games",
    "openings",
    "concurrency",
    "time_per_move",
    "time_per_game",
    "tolerance",
    "hang_timeout",
    "max_plies",
    "seed",
    "anchor",
];

/// The tournament between `specs` that the keyword `settings` describe (each missing one
/// at the arena's default); every number is checked here, naming its keyword.
pub fn config_from(specs: Vec<String>, settings: &Bound<'_, PyDict>) -> PyResult<TournamentConfig> {
    for key in settings.keys() {
        let key: String = key.extract()?;
        if !SETTINGS.contains(&key.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "unknown tournament setting {key:?}; the settings are {}",
                SETTINGS.join(", ")
            )));
        }
    }
    let get = |key: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        Ok(settings.get_item(key)?.filter(|v| !v.is_none()))
    };
    let time = |key: &str| -> PyResult<Option<Duration>> {
        get(key)?.map(|v| seconds(&v, key, false)).transpose()
    };
    let mut config = TournamentConfig::new(specs);
    if let Some(format) = get("format")? {
        config.format = match format.extract::<String>()?.as_str() {
            "round-robin" | "round_robin" => Format::RoundRobin,
            "gauntlet" => Format::Gauntlet,
            other => {
                return Err(value_error(format!(
                    "format {other:?}: the formats are round-robin and gauntlet"
                )))
            }
        };
    }
    if let Some(games) = get("games")? {
        config.games_per_pairing = whole(&games, "games", 1, MAX_GAMES_PER_PAIRING)?;
    }
    if let Some(openings) = get("openings")? {
        let text = openings.extract::<String>()?;
        config.openings = OpeningSource::from_arg(&text).map_err(|e| openings_error(&text, e))?;
    }
    if let Some(j) = optional(
        get("concurrency")?.as_ref(),
        "concurrency",
        1,
        MAX_CONCURRENCY,
    )? {
        config.concurrency = j;
    }
    let defaults = TimeControl::default();
    config.time = TimeControl {
        per_move: time("time_per_move")?,
        per_game: time("time_per_game")?,
        tolerance: time("tolerance")?.unwrap_or(defaults.tolerance),
        hang_timeout: time("hang_timeout")?.unwrap_or(defaults.hang_timeout),
    };
    if let Some(plies) = get("max_plies")? {
        config.max_plies = whole(&plies, "max_plies", 1, MAX_PLIES)?;
    }
    if let Some(seed) = get("seed")? {
        config.rng_seed = whole(&seed, "seed", 0, u64::MAX)?;
    }
    config.anchor = get("anchor")?.map(|a| a.extract()).transpose()?;
    config.validate().map_err(|e| value_error(e.to_string()))?;
    Ok(config)
}

/// The error for an `openings` keyword that is neither an opening spec nor a file of
/// openings, in the keyword's terms (the arena's own names the command's `--openings`).
fn openings_error(text: &str, error: ArenaError) -> PyErr {
    let why = match error {
        ArenaError::Input { error, .. } => error.to_string(),
        ArenaError::Setting { rule, .. } => rule,
        other => other.to_string(),
    };
    value_error(format!(
        "openings={text:?}: expected an opening spec (\"start\", \"none\" or \"random:K\") or \
         the path of a file of openings, one a line: {why}"
    ))
}

/// What a tournament leaves: the result (config and summary) and each game, as the JSON
/// `ply arena --json` prints and `games.jsonl` holds, and the markdown report.
pub struct ArenaOutput {
    pub result_json: String,
    pub records_json: Vec<String>,
    pub report: String,
}

/// The output of a finished (or stopped) tournament.
pub fn output(result: &ply_arena::TournamentResult) -> PyResult<ArenaOutput> {
    let to_json = |e: serde_json::Error| value_error(e.to_string());
    let records_json = result
        .records
        .iter()
        .map(|r| serde_json::to_string(r).map_err(to_json))
        .collect::<PyResult<Vec<String>>>()?;
    Ok(ArenaOutput {
        result_json: serde_json::to_string(result).map_err(to_json)?,
        records_json,
        report: report::markdown(result, false),
    })
}

/// Plays the tournament from `start` of game `G` (a position of the variant `settings`).
fn run<G: Playable>(
    py: Python<'_>,
    start: &G,
    settings: &Settings,
    config: &TournamentConfig,
    callables: &[(String, Py<PyAny>)],
) -> PyResult<ArenaOutput> {
    let catalog = G::catalog();
    let factory = |spec: &str, rng_seed: u64| -> Result<Box<dyn CoreAgent<G>>, String> {
        match callables.iter().find(|(name, _)| name == spec) {
            Some((name, function)) => {
                let function = Python::with_gil(|py| function.clone_ref(py));
                Ok(Box::new(PyAgent::<G>::new(
                    name.clone(),
                    function,
                    settings.clone(),
                )))
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
    // Ctrl-C aborts the games in progress and raises `KeyboardInterrupt`.
    let result = interruptible(py, |abort| {
        Tournament::new(start, &factory, config)?.run(RunControl {
            abort: Some(abort),
            ..RunControl::new(&|_| {})
        })
    })?
    .map_err(|e| value_error(e.to_string()))?;
    output(&result)
}

/// Plays a tournament from `state` between `specs` (catalog specs, and the names of
/// `callables`) and returns its result, records and report.
pub fn arena(
    py: Python<'_>,
    state: &State,
    specs: Vec<String>,
    callables: Vec<(String, Py<PyAny>)>,
    settings: &Bound<'_, PyDict>,
) -> PyResult<ArenaOutput> {
    let config = config_from(specs, settings)?;
    let inner: &dyn DynState = state.inner.as_ref();
    ply_registry::with_game!(inner.game(), |G| {
        let session = inner
            .as_any()
            .downcast_ref::<Session<G>>()
            .expect("the state is of its own game");
        run::<G>(py, &session.state, &session.settings, &config, &callables)
    })
}
