//! `ply.Game`: a game in one variant, with the facts a learner needs before any position
//! (players, action space, observation shape), as OpenSpiel's `load_game` gives them.

use ply_core::Settings;
use ply_registry::GameId;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{game_error, value_error};
use crate::registry::{parse_game, settings_from, start};
use crate::session::DynState;
use crate::state::{State, SERIAL_POSITION};

/// A game in the variant its settings describe.
#[pyclass(module = "ply", frozen)]
pub struct Game {
    id: GameId,
    /// The variant's start, which holds the settings and answers every question.
    first: Box<dyn DynState>,
}

impl Game {
    pub fn new(id: GameId, settings: &Settings) -> PyResult<Game> {
        Ok(Game {
            id,
            first: start(id, settings)?,
        })
    }
}

#[pymethods]
impl Game {
    /// The game's name (`"connect4"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.id.name()
    }

    /// The variant in words (`"7x6, 4 in a row"`; see `State.variant`).
    #[getter]
    fn variant(&self) -> String {
        variant_words(self.first.as_ref())
    }

    /// The settings the variant was asked for, as given (names to their text); the others
    /// are at their defaults.
    #[getter]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let settings = PyDict::new(py);
        for (name, value) in self.first.settings().iter() {
            settings.set_item(name, value)?;
        }
        Ok(settings)
    }

    /// How many players are seated.
    #[getter]
    fn num_players(&self) -> usize {
        self.first.num_players()
    }

    /// The size of the variant's fixed action space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.first.num_actions()
    }

    /// The observation tensor's shape, `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.first.observation_shape();
        (p, r, c)
    }

    /// `num_actions`, by OpenSpiel's name.
    fn num_distinct_actions(&self) -> usize {
        self.num_actions()
    }

    /// `observation_shape`, by OpenSpiel's name.
    fn observation_tensor_shape(&self) -> (usize, usize, usize) {
        self.observation_shape()
    }

    /// The start position (OpenSpiel's name; `ply.new_game` gives the same).
    fn new_initial_state(&self) -> State {
        State::new(self.first.boxed_clone())
    }

    /// The most plies a game of the variant lasts, when its rules bound it; `None` for a
    /// game whose positions can repeat without end (Quoridor), where OpenSpiel's Python
    /// game (`ply.openspiel`) takes a limit as a parameter.
    fn max_game_length(&self) -> Option<usize> {
        self.first.max_game_length()
    }

    /// The lowest return: −1 (see `State.returns`).
    fn min_utility(&self) -> f64 {
        -1.0
    }

    /// The highest return: 1.
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// The sum of every game's returns when it is the same for every game: 0 with two
    /// players (a win is +1 and −1, a draw 0 and 0); `None` with more, whose returns need
    /// not add up alike (a Quoridor race of four gives +1 and three −1).
    fn utility_sum(&self) -> Option<f64> {
        (self.first.num_players() == 2).then_some(0.0)
    }

    /// No game of ply has chance moves.
    fn max_chance_outcomes(&self) -> usize {
        0
    }

    /// The length of `State.observation_tensor()`.
    fn observation_tensor_size(&self) -> usize {
        self.first.observation_shape().iter().product()
    }

    /// `observation_tensor_shape`: with perfect information the information state is the
    /// observation.
    fn information_state_tensor_shape(&self) -> (usize, usize, usize) {
        self.observation_shape()
    }

    /// `observation_tensor_size`, for the information state.
    fn information_state_tensor_size(&self) -> usize {
        self.observation_tensor_size()
    }

    /// What kind of game this is, with OpenSpiel's `GameType` fields (a `ply.GameType`).
    fn get_type<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py()
            .import("ply._spiel")?
            .getattr("game_type")?
            .call1((slf,))
    }

    /// Every variant parameter with its value (a number as an `int`): those given, and the
    /// others at their defaults (a default the game computes from the others, such as Quoridor's walls, is
    /// left out).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let parameters = PyDict::new(py);
        for (name, value) in variant_settings(self.first.as_ref()) {
            match value.parse::<i64>() {
                Ok(number) => parameters.set_item(name, number)?,
                Err(_) => parameters.set_item(name, value)?,
            }
        }
        Ok(parameters)
    }

    /// The state `text` (as `State.serialize` writes it, or OpenSpiel's `serialize` of the
    /// same game) describes: the variant's start, or the position of its `position` line,
    /// then each action of its lines played in turn.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let mut state = self.first.boxed_clone();
        for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
            if line.is_empty() {
                continue;
            }
            if let Some(position) = line.strip_prefix(SERIAL_POSITION) {
                if number != 1 {
                    return Err(value_error(format!(
                        "line {number}: a position comes first, before the actions"
                    )));
                }
                state = state.at_position(position).map_err(game_error)?;
                continue;
            }
            let action = line.parse::<usize>().map_err(|_| {
                value_error(format!(
                    "line {number}: {} is not an action index (a serialized state is an \
                     optional line `position TEXT`, then one action a line)",
                    ply_core::quote(line)
                ))
            })?;
            state
                .apply_action(action)
                .map_err(|e| value_error(format!("line {number}: {}", game_error(e))))?;
        }
        Ok(State::new(state))
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let load = py.import("ply")?.getattr("_restore_game")?;
        Ok((load, (self.name(), self.settings(py)?).into_pyobject(py)?))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Game>().is_ok_and(|other| {
            let other = other.get();
            self.id == other.id
                && self.first.position() == other.first.position()
                && self.first.variant() == other.first.variant()
        })
    }

    fn __repr__(&self) -> String {
        let settings: Vec<String> = self
            .first
            .settings()
            .iter()
            .map(|(name, value)| format!(", {name}={value}"))
            .collect();
        format!("ply.load_game({:?}{})", self.name(), settings.concat())
    }
}

/// The variant of `state` in words: the game's own (`"7x6, 4 in a row"`), or, for a
/// standard variant the game leaves unnamed, its settings (`"width=3, height=3, k=3"`).
pub fn variant_words(state: &dyn DynState) -> String {
    let words = state.variant();
    if !words.is_empty() {
        return words;
    }
    variant_settings(state)
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every parameter of `state`'s variant with its value: as given, else its default (one
/// the game computes is left out).
fn variant_settings(state: &dyn DynState) -> Vec<(&'static str, String)> {
    state
        .game()
        .descriptor()
        .params
        .iter()
        .filter_map(|param| {
            let given = state.settings().get(param.name).map(str::to_string);
            given
                .or_else(|| param.default.value())
                .map(|value| (param.name, value))
        })
        .collect()
}

/// The game `name` in the variant the keyword settings ask for.
#[pyfunction]
#[pyo3(signature = (name, **settings))]
pub fn load_game(name: &str, settings: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    Game::new(parse_game(name)?, &settings_from(settings)?)
}
