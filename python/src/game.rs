//! `ply.Game`: a game in one variant, with the facts a learner needs before any position
//! (players, action space, observation shape), as OpenSpiel's `load_game` gives them.

use ply_core::Settings;
use ply_registry::GameId;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::registry::{parse_game, settings_from, start};
use crate::session::DynState;
use crate::state::State;

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

    /// The variant in words (`"7x6, 4 in a row"`).
    #[getter]
    fn variant(&self) -> String {
        self.first.variant()
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

/// The game `name` in the variant the keyword settings ask for.
#[pyfunction]
#[pyo3(signature = (name, **settings))]
pub fn load_game(name: &str, settings: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    Game::new(parse_game(name)?, &settings_from(settings)?)
}
