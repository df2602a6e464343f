//! The registry's games as the bindings reach them: by name, with Python's keyword
//! settings, and back from a state type to its `GameId`.

use std::any::TypeId;

use ply_core::{Described, Settings};
use ply_registry::{with_game, GameId, UnknownGame};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::args::{as_int, shown};
use crate::errors::game_error;
use crate::session::{DynState, Playable, Session};

/// The game called `name`, or a ValueError listing the games.
pub fn parse_game(name: &str) -> PyResult<GameId> {
    name.parse::<GameId>()
        .map_err(|e: UnknownGame| PyValueError::new_err(e.to_string()))
}

/// The `GameId` of the state type `G` (every `Playable` is a registered game).
pub fn game_id<G: Playable>() -> GameId {
    GameId::ALL
        .iter()
        .copied()
        .find(|&id| with_game!(id, |H| TypeId::of::<H>() == TypeId::of::<G>()))
        .expect("every Playable type is in the registry")
}

/// Python keyword settings (`size=9, walls=10`, `board="star"`) as the registry's
/// `Settings`: whole numbers (NumPy's too) and strings only, so `True` is not read as a
/// number. The game's descriptor checks the ranges.
pub fn settings_from(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Settings> {
    let mut settings = Settings::new();
    let Some(kwargs) = kwargs else {
        return Ok(settings);
    };
    for (key, value) in kwargs.iter() {
        let name: String = key.extract()?;
        let text = if let Some(int) = as_int(&value) {
            // Python refuses to print an int of thousands of digits: no setting is one.
            Some(
                int.str()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|_| shown(&value)),
            )
        } else if value.is_instance_of::<PyString>() {
            Some(value.str()?.to_string())
        } else {
            None
        };
        let Some(text) = text else {
            let kind = value.get_type().name()?.to_string();
            return Err(PyTypeError::new_err(format!(
                "bad setting {name} = {}: a setting is a whole number or a name, not {kind}",
                value.repr()?
            )));
        };
        settings.set(name, text);
    }
    Ok(settings)
}

/// The start position of `game` in the variant `settings` ask for.
pub fn start(game: GameId, settings: &Settings) -> PyResult<Box<dyn DynState>> {
    with_game!(game, |G| {
        let state = <G as Described>::from_settings(settings).map_err(game_error)?;
        Ok(Box::new(Session::new(state, settings.clone())) as Box<dyn DynState>)
    })
}
