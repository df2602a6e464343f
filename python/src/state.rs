//! `ply.State` and `ply.Move`: a game in progress, as Python holds it.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyString, PyTuple};

use ply_core::Player;

use crate::args::{as_int, optional, shown, whole};
use crate::errors::{game_error, value_error, IllegalMoveError};
use crate::game::{variant_words, Game};
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
    /// A move from its notation and action index (what unpickling calls; `play` reads a
    /// `Move` by its notation).
    #[new]
    fn new(notation: String, action: usize) -> Self {
        Move { notation, action }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let m = slf.get();
        let args = (m.notation.clone(), m.action).into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }

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

    /// The argument `name`, a seat of this game.
    fn seat(&self, value: &Bound<'_, PyAny>, name: &str) -> PyResult<Player> {
        whole(value, name, 0, self.inner.num_players() - 1)
    }

    /// The observer `player`, by default the player to move.
    fn observer(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Player> {
        Ok(match player {
            Some(player) => self.seat(player, "player")?,
            None => self.inner.to_move(),
        })
    }

    /// Whether `player` (by default the player to move) is to move: never once it is over.
    fn is_to_move(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        Ok(match player {
            None => true,
            Some(player) => {
                let player = self.seat(player, "player")?;
                !self.is_over() && player == self.inner.to_move()
            }
        })
    }
}

/// OpenSpiel's `current_player()` once the game is over (`pyspiel.PlayerId.TERMINAL`).
const TERMINAL: i64 = -4;

/// How `action_to_string` names an index of the space that names no move on the board.
const NO_MOVE_ACTION: &str = "action ";

/// The line of `serialize()` that gives the first position of a state that did not start
/// at its variant's start.
pub const SERIAL_POSITION: &str = "position ";

/// Action indices as text, joined by `separator`.
fn join_actions(actions: &[usize], separator: &str) -> String {
    actions
        .iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(separator)
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
    #[getter(game)]
    fn game_name(&self) -> &'static str {
        self.inner.game().name()
    }

    /// The variant in words: the game's own (`"7x6, 4 in a row"`), or, for a standard
    /// variant the game leaves unnamed, its settings (`"width=3, height=3, k=3"`).
    #[getter]
    fn variant(&self) -> String {
        variant_words(self.inner.as_ref())
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

    /// The action indices of the legal moves (same order as `legal_moves`); none for a
    /// `player` who is not to move, as in OpenSpiel.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<usize>> {
        if !self.is_to_move(player)? {
            return Ok(Vec::new());
        }
        Ok(self.inner.legal_actions())
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

    /// The action indices of the moves played on this object (OpenSpiel's `history`).
    fn history(&self) -> Vec<usize> {
        self.inner.history_actions()
    }

    /// The moves played on this object, in notation.
    fn history_notation(&self) -> Vec<String> {
        self.inner.history()
    }

    /// `history()` as OpenSpiel writes it: the actions joined by `", "`.
    fn history_str(&self) -> String {
        join_actions(&self.inner.history_actions(), ", ")
    }

    /// Moves played on this object (OpenSpiel's `move_number`; a state read with
    /// `from_position` starts at 0).
    fn move_number(&self) -> usize {
        self.inner.moves_played()
    }

    /// The state as text `Game.deserialize_state` reads back: its actions, one a line, as
    /// OpenSpiel's `serialize` writes them, after a line `position TEXT` when the state did
    /// not start from its variant's start.
    fn serialize(&self) -> String {
        let mut lines = Vec::new();
        if !self.inner.starts_at_start() {
            lines.push(format!("{SERIAL_POSITION}{}", self.inner.first_position()));
        }
        lines.extend(self.inner.history_actions().iter().map(|a| a.to_string()));
        lines.join("\n") + "\n"
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.scores().is_some()
    }

    /// `is_over()`, by OpenSpiel's name.
    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    /// Always false: no game of ply has chance moves.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Always false: players move in turn.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// Whether a player is to move (the game is not over).
    fn is_player_node(&self) -> bool {
        !self.is_over()
    }

    /// The player to move, or `TERMINAL` (−4, OpenSpiel's value) once the game is over.
    fn current_player(&self) -> i64 {
        if self.is_over() {
            TERMINAL
        } else {
            self.inner.to_move() as i64
        }
    }

    /// The rewards of the last move, as OpenSpiel gives them for games scored at the end:
    /// `returns()` once the game is over, all 0 before.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// `returns()[player]`.
    fn player_return(&self, player: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.returns()[self.seat(player, "player")?])
    }

    /// `rewards()[player]`.
    fn player_reward(&self, player: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.rewards()[self.seat(player, "player")?])
    }

    /// The name of action `action` of the space, legal here or not: its move's notation
    /// when `player` makes it, or `action N` for an index that names no move on this board.
    /// `action_to_string(action)` is for the player to move, as in OpenSpiel.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(
        &self,
        player_or_action: &Bound<'_, PyAny>,
        action: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let (player, action) = match action {
            Some(action) => (self.seat(player_or_action, "player")?, action),
            None => (self.inner.to_move(), player_or_action),
        };
        let last = self.inner.num_actions() - 1;
        let action = whole(action, "action", 0, last)?;
        Ok(self
            .inner
            .action_notation(player, action)
            .unwrap_or_else(|| format!("{NO_MOVE_ACTION}{action}")))
    }

    /// The action `action_to_string` names `text` (a move's notation, in any form the game
    /// reads, or `action N`), legal here or not; `string_to_action(text)` is for the player
    /// to move. A text that names no action raises `ValueError`.
    #[pyo3(signature = (player_or_text, text=None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<&str>,
    ) -> PyResult<usize> {
        let (player, text) = match text {
            Some(text) => (self.seat(player_or_text, "player")?, text.to_string()),
            None => (self.inner.to_move(), player_or_text.extract::<String>()?),
        };
        let size = self.inner.num_actions();
        if let Some(index) = text.trim().strip_prefix(NO_MOVE_ACTION) {
            if let Some(action) = index.parse::<usize>().ok().filter(|&a| a < size) {
                return Ok(action);
            }
        }
        self.inner.notation_action(player, &text).ok_or_else(|| {
            value_error(format!(
                "{text:?} names no action of this variant (actions 0 to {}): a move's notation \
                 or `action N`",
                size - 1
            ))
        })
    }

    /// The legal-action mask as OpenSpiel gives it: a list of `num_actions` 0s and 1s (all 0
    /// for a `player` who is not to move). `action_mask()` gives it as a NumPy array.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
        if !self.is_to_move(player)? {
            return Ok(vec![0; self.inner.num_actions()]);
        }
        // As numbers, not bytes (a `Vec<u8>` would reach Python as `bytes`).
        Ok(self
            .inner
            .action_mask()
            .into_iter()
            .map(u32::from)
            .collect())
    }

    /// The observation of `player` (default: the player to move) flat, as a list of floats
    /// (OpenSpiel's `observation_tensor`); `observation()` gives it shaped, in NumPy.
    #[pyo3(signature = (player=None))]
    fn observation_tensor(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<f32>> {
        let player = self.observer(player)?;
        Ok(self.inner.observation(player))
    }

    /// The position as `player` sees it (everyone sees the whole board): the board as
    /// `str(state)` draws it.
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        self.observer(player)?;
        Ok(self.inner.board())
    }

    /// `observation_tensor`: with perfect information the information state is the
    /// observation.
    #[pyo3(signature = (player=None))]
    fn information_state_tensor(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<f32>> {
        self.observation_tensor(player)
    }

    /// `observation_string`: with perfect information the information state is the
    /// observation.
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        self.observation_string(player)
    }

    /// `num_actions`, by OpenSpiel's name.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The game and variant this state is a position of (OpenSpiel's `get_game`).
    fn get_game(&self) -> PyResult<Game> {
        Game::new(self.inner.game(), self.inner.settings())
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
            variant_words(self.inner.as_ref()),
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
