//! `ply._ply`, the native half of the `ply` Python package: every game of the registry
//! (`ply_registry`), its agents, perft, the Connect Four solver and the arena. The Python
//! half (`python/ply`) adds the typed conveniences, PettingZoo environments and docs.
//!
//! Nothing here names a game except the tensor encodings (`encode/`): the rest reaches the
//! games through the registry's `with_game!`.

mod agent;
mod arena;
mod args;
mod errors;
mod game;
mod info;
mod interrupt;
mod learn;
mod pyagent;
mod registry;
mod session;
mod solve;
mod state;
mod units;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::agent::{Agent, Decision};
use crate::errors::{value_error, IllegalMoveError};
use crate::interrupt::interruptible;
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

/// The deepest perft counted: far past any count that ends in a lifetime.
const MAX_PERFT_DEPTH: u32 = 64;

/// Leaf count at exactly `depth` plies from `state` (games that end earlier add nothing);
/// runs with the GIL released, and Ctrl-C stops it with `KeyboardInterrupt`.
#[pyfunction]
fn perft(py: Python<'_>, state: &Bound<'_, State>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
    let depth = args::whole(depth, "depth", 0, MAX_PERFT_DEPTH)?;
    let position = state.borrow().inner.boxed_clone();
    interruptible(py, |stop| position.perft(depth, stop))?
        .ok_or_else(|| value_error("perft was interrupted"))
}

/// The native arena: `ply.arena` wraps it (the keywords are its tournament settings).
#[pyfunction]
#[pyo3(signature = (state, specs, callables, **settings))]
fn _arena(
    py: Python<'_>,
    state: &State,
    specs: Vec<String>,
    callables: Vec<(String, Py<PyAny>)>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<(String, Vec<String>, String)> {
    let empty = PyDict::new(py);
    let out = arena::arena(py, state, specs, callables, settings.unwrap_or(&empty))?;
    Ok((out.result_json, out.records_json, out.report))
}

#[pymodule]
fn _ply(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Before any thread of ours starts (see its documentation).
    ply_learn::settle_threads();
    m.add_class::<State>()?;
    m.add_class::<Move>()?;
    m.add_class::<Agent>()?;
    m.add_class::<Decision>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<units::NativeTournament>()?;
    m.add_class::<units::NativeRunFolder>()?;
    m.add_class::<units::NativeBookBuild>()?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add_function(wrap_pyfunction!(_games_json, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_connect4, m)?)?;
    m.add_function(wrap_pyfunction!(solve::analyze_connect4, m)?)?;
    m.add_function(wrap_pyfunction!(_arena, m)?)?;
    m.add_function(wrap_pyfunction!(learn::_run_settings, m)?)?;
    m.add_function(wrap_pyfunction!(learn::_self_play, m)?)?;
    m.add_function(wrap_pyfunction!(learn::_examples, m)?)?;
    m.add_function(wrap_pyfunction!(learn::_train, m)?)?;
    Ok(())
}
