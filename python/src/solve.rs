//! `ply.solve_connect4`: the exact score of a Connect Four position (Pons' convention).

use std::sync::Mutex;

use ply_connect4::solver::{machine_table_bits, MIN_TABLE_BITS};
use ply_connect4::{Connect4, Solver};
use ply_core::Described;
use pyo3::prelude::*;

use crate::errors::{game_error, value_error};
use crate::interrupt::interruptible;
use crate::registry::settings_from;
use crate::session::Session;
use crate::state::State;

/// One solver for the process: its table keeps what earlier solves proved (it clears itself
/// for a board of another shape), and it is 32 MiB to 128 MiB, too much to allocate per call.
static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);

/// The position to solve: a connect4 `State`, or a move string on the board `settings`
/// describe.
fn position_of(
    position: &Bound<'_, PyAny>,
    settings: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Connect4> {
    if let Ok(state) = position.downcast::<State>() {
        if settings.is_some_and(|s| !s.is_empty()) {
            return Err(value_error(
                "a State carries its own board: give settings only with a move string",
            ));
        }
        let state = state.borrow();
        return match state.inner.as_any().downcast_ref::<Session<Connect4>>() {
            Some(session) => Ok(session.state.clone()),
            None => Err(value_error(format!(
                "solve_connect4 solves connect4 positions, not {}",
                state.inner.game()
            ))),
        };
    }
    let moves: String = position.extract().map_err(|_| {
        value_error("a position is a connect4 State or a move string such as \"4453\"")
    })?;
    let start = Connect4::from_settings(&settings_from(settings)?).map_err(game_error)?;
    start.after(&moves).map_err(game_error)
}

/// Runs `f` on the shared solver with the GIL released, Ctrl-C raising `KeyboardInterrupt`
/// (the solve is interrupted: `f` sees its `_until` methods give up).
fn with_solver<T: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut Solver) -> Option<T> + Send,
) -> PyResult<T> {
    let solved = interruptible(py, |stop| {
        let mut slot = SOLVER.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            let bits = machine_table_bits().max(MIN_TABLE_BITS);
            *slot = Some(
                Solver::with_table_bits(bits)
                    .or_else(|_| Solver::with_table_bits(MIN_TABLE_BITS))
                    .map_err(|e| value_error(format!("cannot allocate the solver's table: {e}")))?,
            );
        }
        let solver = slot.as_mut().expect("just made");
        solver.set_interrupt(Some(stop.clone()));
        let answer = f(solver);
        solver.set_interrupt(None);
        Ok::<_, PyErr>(answer)
    })??;
    // Only an interrupt stops a solve without a deadline, and it raised above.
    solved.ok_or_else(|| value_error("the solve was interrupted"))
}

/// The exact score of a Connect Four position for the player to move: positive, a win
/// (the winner's stones still in hand after the winning one, plus one), negative a loss,
/// 0 a draw; with `weak`, only its sign. `position` is a connect4 `State` or a move string
/// of 1-based columns (`"4453"`, as in Pons' test sets) on the board `width`, `height`,
/// `k` describe (default 7x6, 4).
#[pyfunction]
#[pyo3(signature = (position, *, weak=false, **settings))]
pub fn solve_connect4(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    weak: bool,
    settings: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<i32> {
    let state = position_of(position, settings)?;
    with_solver(py, |solver| solver.solve_until(&state, weak, None))
}

/// The score of every column for the player to move (as `solve_connect4` scores the
/// position after it); `None` for a full column.
#[pyfunction]
#[pyo3(signature = (position, *, weak=false, **settings))]
pub fn analyze_connect4(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    weak: bool,
    settings: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Vec<Option<i32>>> {
    let state = position_of(position, settings)?;
    with_solver(py, |solver| solver.analyze_until(&state, weak, None))
}
