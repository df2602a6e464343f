//! `ply.State` and `ply.Move`: a game in progress, as Python holds it.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyString, PyTuple};

use crate::args::{as_int, optional, shown};
use crate::errors::{game_error, value_error, IllegalMoveError};
use crate::session::{DynState, MoveInfo};

/// A move of one position: its notation and its index in the variant's action space.
#[pyclass(module = "ply", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// The move in the game's notation (`"4"`, `"e8"`, `"e3h"`, `"1,-4 1,-3"`).
    #[pyo3(get)]
    pub notation: String,
    /// Its index in the variant's fixed action space (see `State.num_actions`).
    #[pyo3(get)]
    pub action: usize,
}

impl From<MoveInfo> for Move {
    fn from(info: MoveInfo) -> Self {
        Move {
            notation: info.notation,
            action: info.action,
        }
    }
}

#[pymethods]
impl Move {
    fn __str__(&self) -> String {
        self.notation.clone()
    }

    fn __repr__(&self) -> String {
        format!("Move({:?}, action={})", self.notation, self.action)
    }
}

/// A position of a game and the moves played to reach it through this object.
#[pyclass(module = "ply")]
pub struct State {
    pub inner: Box<dyn DynState>,
}

impl State {
    pub fn new(inner: Box<dyn DynState>) -> Self {
        State { inner }
    }
}

/// What `play` accepts: notation, a `Move`, or an action index.
pub enum MoveArg {
    Notation(String),
    Move(Move),
    Action(usize),
}

/// An action index: a whole number (NumPy's too) that names no legal move when it is
/// negative or too large, an `IllegalMoveError` like any other action that is not legal here.
fn action_index(int: &Bound<'_, PyInt>) -> PyResult<usize> {
    int.extract::<usize>().map_err(|_| {
        IllegalMoveError::new_err(format!(
            "illegal move: action {} is not an action index (0 or more)",
            shown(int.as_any())
        ))
    })
}

impl MoveArg {
    /// Reads a move by its type (an action index first: the fast path of learning loops),
    /// without trying each type in turn and building an error for each miss.
    pub fn read(value: &Bound<'_, PyAny>) -> PyResult<MoveArg> {
        if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
            return action_index(value.downcast::<PyInt>()?).map(MoveArg::Action);
        }
        if let Ok(text) = value.downcast::<PyString>() {
            return Ok(MoveArg::Notation(text.to_cow()?.into_owned()));
        }
        if let Ok(mv) = value.downcast::<Move>() {
            return Ok(MoveArg::Move(mv.get().clone()));
        }
        // Last, what only `__index__` makes a whole number (NumPy integers).
        if let Some(int) = as_int(value) {
            return action_index(&int).map(MoveArg::Action);
        }
        Err(PyTypeError::new_err(format!(
            "a move is a notation string, a ply.Move or an action index, not {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )))
    }
}

/// Plays `mv` on `state`, raising `IllegalMoveError` / `ValueError` naming it.
pub fn play_on(state: &mut dyn DynState, mv: MoveArg) -> PyResult<Move> {
    let played = match mv {
        MoveArg::Notation(text) => state.play_notation(&text),
        MoveArg::Move(m) => state.play_notation(&m.notation),
        MoveArg::Action(action) => state.play_action(action),
    };
    played.map(Move::from).map_err(game_error)
}

#[pymethods]
impl State {
    /// The game's name (`"connect4"`).
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().name()
    }

    /// The variant in words (`"7x6, 4 in a row"`).
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant()
    }

    /// How many players are seated.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// Every legal move, in the game's deterministic order (none once the game is over).
    fn legal_moves(&self) -> Vec<Move> {
        self.inner
            .legal_moves()
            .into_iter()
            .map(Move::from)
            .collect()
    }

    /// The action indices of the legal moves (same order as `legal_moves`).
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// Plays a move given as notation, a `Move` or an action index; returns the `Move`.
    /// An illegal move raises `IllegalMoveError` and changes nothing.
    #[pyo3(signature = (move_))]
    fn play(&mut self, move_: &Bound<'_, PyAny>) -> PyResult<Move> {
        play_on(self.inner.as_mut(), MoveArg::read(move_)?)
    }

    /// Plays the legal move with action index `action` and returns nothing: the fast path
    /// for loops over actions (OpenSpiel's name). Raises as `play` does.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = match as_int(action) {
            Some(int) => action_index(&int)?,
            None => {
                return Err(PyTypeError::new_err(format!(
                    "an action is a whole number, not {}",
                    shown(action)
                )))
            }
        };
        self.inner.apply_action(action).map_err(game_error)
    }

    /// A new state: this one (history included) after `move_`, which is given as to
    /// `play`. This state is left as it is.
    #[pyo3(signature = (move_))]
    fn child(&self, move_: &Bound<'_, PyAny>) -> PyResult<State> {
        let mut child = self.inner.boxed_clone();
        play_on(child.as_mut(), MoveArg::read(move_)?)?;
        Ok(State::new(child))
    }

    /// Takes back the last move played on this object; returns its notation. Raises
    /// `ValueError` when there is none (a position read with `from_position` has no past).
    fn undo(&mut self) -> PyResult<String> {
        self.inner
            .undo()
            .ok_or_else(|| value_error("nothing to undo: no move was played on this state"))
    }

    /// The moves played on this object, in notation.
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.scores().is_some()
    }

    /// One score per player once the game is over (win 1, draw ½, loss 0; three-player
    /// halma ranks 2/1/0); `None` while it goes on.
    fn scores(&self) -> Option<Vec<f64>> {
        self.inner.scores()
    }

    /// One return per player in −1..1, as OpenSpiel's `returns()`: the scores scaled so the
    /// best is 1 and the worst −1 (win 1, loss −1, draw 0 in a two-player game; halma's
    /// ranks evenly between); all 0 while the game goes on, and when every score is equal.
    fn returns(&self) -> Vec<f64> {
        let players = self.inner.num_players();
        let Some(scores) = self.inner.scores() else {
            return vec![0.0; players];
        };
        let low = scores.iter().copied().fold(f64::INFINITY, f64::min);
        let high = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if high <= low {
            return vec![0.0; players];
        }
        scores
            .iter()
            .map(|s| 2.0 * (s - low) / (high - low) - 1.0)
            .collect()
    }

    /// Pickles as the game, its settings, the first position and the moves played since,
    /// so a state comes back with its history (`undo` works after a round trip).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let settings = PyDict::new(py);
        for (name, value) in self.inner.settings().iter() {
            settings.set_item(name, value)?;
        }
        let restore = py.import("ply")?.getattr("_restore_state")?;
        let args = (
            self.inner.game().name(),
            settings,
            self.inner.first_position(),
            self.inner.history(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }

    /// The seat whose turn it is (0 first); meaningless once the game is over.
    fn to_move(&self) -> usize {
        self.inner.to_move()
    }

    /// An independent copy (history included).
    fn clone(&self) -> State {
        State::new(self.inner.boxed_clone())
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The whole position as one line of text (the game's `to_text`).
    fn position(&self) -> String {
        self.inner.position()
    }

    /// A new state at `position` (as `position()` writes it) in this state's variant.
    #[pyo3(name = "from_position")]
    fn at_position(&self, position: &str) -> PyResult<State> {
        self.inner
            .at_position(position)
            .map(State::new)
            .map_err(game_error)
    }

    /// The observation tensor's shape, `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.inner.observation_shape();
        (p, r, c)
    }

    /// What each plane of the observation holds, in order.
    fn observation_planes(&self) -> Vec<String> {
        self.inner.plane_names()
    }

    /// The size of the variant's fixed action space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The observation of `player` (default: the player to move) as a float32 NumPy array
    /// of shape `observation_shape`: planes from `player`'s side (`observation_planes()`
    /// names them; the game's encoding is in the README).
    #[pyo3(signature = (player=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let last = self.inner.num_players() - 1;
        let player = optional(player, "player", 0, last)?.unwrap_or_else(|| self.inner.to_move());
        let values = self.inner.observation(player);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let shape = self.observation_shape();
        numpy_array(py, &bytes, "float32")?.call_method1("reshape", (shape,))
    }

    /// The legal-action mask: an int8 NumPy array of `num_actions` entries, 1 where the
    /// action is legal.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numpy_array(py, &self.inner.action_mask(), "int8")
    }

    fn __str__(&self) -> String {
        self.inner.board()
    }

    fn __repr__(&self) -> String {
        format!(
            "<ply.State {} ({}) position={:?}>",
            self.inner.game().name(),
            self.inner.variant(),
            self.inner.position()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<State>() {
            Ok(other) => {
                let other = other.borrow();
                self.inner.game() == other.inner.game()
                    && self.inner.position() == other.inner.position()
            }
            Err(_) => false,
        }
    }
}

/// A writable NumPy array of `dtype` holding a copy of `bytes` (NumPy is imported when first
/// needed, so the rest of the package works without it).
fn numpy_array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    numpy
        .call_method1("frombuffer", (PyBytes::new(py, bytes), dtype))?
        .call_method0("copy")
}
