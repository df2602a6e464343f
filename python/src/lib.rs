//! `ply._ply`, the native half of the `ply` Python package: every game of the registry
//! (`ply_registry`), its agents, perft, the Connect Four solver and the arena. The Python
//! half (`python/ply`) adds the typed conveniences, PettingZoo environments and docs.
//!
//! Nothing here names a game except the tensor encodings (`encode/`): the rest reaches the
//! games through the registry's `with_game!`.

mod agent;
mod arena;
mod errors;
mod info;
mod pyagent;
mod registry;
mod session;
mod solve;
mod state;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::agent::{Agent, Decision};
use crate::arena::ArenaSettings;
use crate::errors::{value_error, IllegalMoveError};
use crate::state::{Move, State};

/// Every game's descriptor and catalog, as JSON (see `ply.games()`).
#[pyfunction]
fn _games_json() -> String {
    info::games_json()
}

/// The start position of `game` in the variant the keyword settings ask for.
#[pyfunction]
#[pyo3(signature = (game, **settings))]
fn new_game(game: &str, settings: Option<&Bound<'_, PyDict>>) -> PyResult<State> {
    let id = registry::parse_game(game)?;
    let settings = registry::settings_from(settings)?;
    registry::start(id, &settings).map(State::new)
}

/// Leaf count at exactly `depth` plies from `state` (games that end earlier add nothing);
/// runs with the GIL released.
#[pyfunction]
fn perft(py: Python<'_>, state: &State, depth: u32) -> PyResult<u64> {
    if depth > 64 {
        return Err(value_error(format!(
            "depth {depth}: perft counts at most 64 plies"
        )));
    }
    let position = state.inner.boxed_clone();
    Ok(py.allow_threads(move || position.perft(depth)))
}

/// The native arena: `ply.arena` wraps it.
#[pyfunction]
#[pyo3(signature = (state, specs, callables, format, games, openings, concurrency,
    time_per_move, time_per_game, tolerance, hang_timeout, max_plies, seed, anchor))]
#[allow(clippy::too_many_arguments)]
fn _arena(
    py: Python<'_>,
    state: &State,
    specs: Vec<String>,
    callables: Vec<(String, Py<PyAny>)>,
    format: String,
    games: usize,
    openings: String,
    concurrency: Option<usize>,
    time_per_move: Option<f64>,
    time_per_game: Option<f64>,
    tolerance: f64,
    hang_timeout: f64,
    max_plies: usize,
    seed: u64,
    anchor: Option<String>,
) -> PyResult<(String, Vec<String>, String)> {
    let settings = ArenaSettings {
        format,
        games,
        openings,
        concurrency,
        time_per_move,
        time_per_game,
        tolerance,
        hang_timeout,
        max_plies,
        rng_seed: seed,
        anchor,
    };
    let out = arena::arena(py, state, specs, callables, &settings)?;
    Ok((out.result_json, out.records_json, out.report))
}

#[pymodule]
fn _ply(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<State>()?;
    m.add_class::<Move>()?;
    m.add_class::<Agent>()?;
    m.add_class::<Decision>()?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add_function(wrap_pyfunction!(_games_json, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_connect4, m)?)?;
    m.add_function(wrap_pyfunction!(solve::analyze_connect4, m)?)?;
    m.add_function(wrap_pyfunction!(_arena, m)?)?;
    Ok(())
}
