//! Every error a caller can cause becomes a Python exception that names the input and the
//! rule: `ValueError`, or its subclass `IllegalMoveError` for a move the rules refuse.

use ply_core::GameError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    ply,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse here (or any move once the game is over)."
);

/// The exception for a game's error: illegal moves and moves after the end are
/// `IllegalMoveError`, unreadable moves, settings and positions `ValueError`.
pub fn game_error(e: GameError) -> PyErr {
    match e {
        GameError::Illegal { .. } | GameError::GameOver => IllegalMoveError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A `ValueError` with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
