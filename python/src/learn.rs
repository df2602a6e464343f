//! The learning crate from Python (`ply.learn`, `ply.cluster.train`): self-play games as a
//! pure function of their inputs (what a Ray task runs), their training examples as NumPy
//! arrays, and `ply train`'s loop with its self-play done by a Python generator (a cluster's
//! workers) or by this process's threads.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use ply_core::{Described, Game};
use ply_learn::model::Model;
use ply_learn::replay::examples_of;
use ply_learn::run::{self, Control, RunFolder, RunSettings, SelfPlayer};
use ply_learn::selfplay::{play_games, GameRecord};
use ply_registry::{with_game, Registered};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::interrupt::interruptible;
use crate::registry::{parse_game, settings_from};

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A run's settings from its JSON (as `ply train` keeps them in run.json), checked.
fn settings_of(run_json: &str) -> PyResult<RunSettings> {
    let settings: RunSettings = serde_json::from_str(run_json)
        .map_err(|e| value_error(format!("the run's settings do not read: {e}")))?;
    settings.validate().map_err(value_error)?;
    Ok(settings)
}

/// The settings of a new run of `game`: the defaults, with each keyword of `options` over
/// them — a run setting (`RunSettings::NAMES`: `steps`, `sims`, …) or else a setting of the
/// game's variant (`width`); as JSON, checked.
#[pyfunction]
pub fn _run_settings(game: &str, options: &Bound<'_, PyDict>) -> PyResult<String> {
    let id = parse_game(game)?;
    let run = PyDict::new(options.py());
    let variant = PyDict::new(options.py());
    for (key, value) in options.iter() {
        let name: String = key.extract()?;
        let into = if RunSettings::NAMES.contains(&name.as_str()) {
            &run
        } else {
            &variant
        };
        into.set_item(name, value)?;
    }
    let variant = settings_from(Some(&variant))?;
    with_game!(id, |G| {
        <G as Described>::from_settings(&variant)
            .map(|_| ())
            .map_err(|e| value_error(e.to_string()))
    })?;
    let pairs = variant
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut settings = RunSettings::new(id.name(), pairs, "ply.learn.train".to_string());
    for (key, value) in run.iter() {
        let name: String = key.extract()?;
        settings
            .set(&name, &value.str()?.to_string())
            .map_err(value_error)?;
    }
    settings.validate().map_err(value_error)?;
    Ok(serde_json::to_string(&settings).expect("settings serialise"))
}

/// Plays the self-play games `indices` of a run (its settings `run_json`) with the model
/// file's bytes `model`, on this thread, and returns each game as a JSON line: the same
/// games for the same inputs, wherever they run. Ctrl-C stops it.
#[pyfunction]
pub fn _self_play(
    py: Python<'_>,
    model: &[u8],
    run_json: &str,
    indices: Vec<u64>,
) -> PyResult<Vec<String>> {
    let settings = settings_of(run_json)?;
    let id = parse_game(&settings.game)?;
    let mut variant = ply_core::Settings::new();
    for (k, v) in &settings.variant {
        variant.set(k.as_str(), v);
    }
    let model = Arc::new(
        Model::from_bytes(model, "the model given").map_err(|e| value_error(e.to_string()))?,
    );
    with_game!(id, |G| {
        let start =
            <G as Described>::from_settings(&variant).map_err(|e| value_error(e.to_string()))?;
        model
            .check_fits(&start, "the model given")
            .map_err(|e| value_error(e.to_string()))?;
        interruptible(py, |stop| {
            let mut lines = Vec::with_capacity(indices.len());
            play_games(
                &start,
                model.clone(),
                &settings.selfplay,
                settings.seed,
                indices.iter().copied(),
                stop,
                |game| {
                    lines.push(serde_json::to_string(&game).expect("a game serialises"));
                },
            );
            lines
        })
    })
}

/// The training examples of self-play games (JSON lines of a run's `games/` files) of
/// `game`'s variant: observations `(n, planes, rows, columns)`, policy targets `(n, actions)`
/// and values `(n, seats)` (the search's values blended in by `q_share`, as `ply train
/// --q-share` does), as float32 bytes with their shapes.
#[pyfunction]
#[pyo3(signature = (game, records, q_share = 0.0, **variant))]
#[allow(clippy::type_complexity)]
pub fn _examples<'py>(
    py: Python<'py>,
    game: &str,
    records: Vec<String>,
    q_share: f32,
    variant: Option<&Bound<'_, PyDict>>,
) -> PyResult<(
    Bound<'py, PyBytes>,
    (usize, usize, usize, usize),
    Bound<'py, PyBytes>,
    (usize, usize),
    Bound<'py, PyBytes>,
    (usize, usize),
)> {
    let id = parse_game(game)?;
    let settings = settings_from(variant)?;
    if !(0.0..=1.0).contains(&q_share) {
        return Err(value_error(format!(
            "q_share {q_share} is out of range: 0 to 1"
        )));
    }
    with_game!(id, |G| {
        let start =
            <G as Described>::from_settings(&settings).map_err(|e| value_error(e.to_string()))?;
        let [planes, rows, cols] = ply_learn::input::input_shape(&start);
        let actions = ply_core::Encode::num_actions(&start);
        let seats = start.num_players();
        let (mut obs, mut policy, mut values) = (Vec::new(), Vec::new(), Vec::new());
        let mut count = 0;
        for (i, line) in records.iter().enumerate() {
            let record: GameRecord = serde_json::from_str(line)
                .map_err(|e| value_error(format!("record {i} is not a self-play game: {e}")))?;
            let examples = examples_of(&start, &record, q_share)
                .map_err(|e| value_error(format!("record {i}: {e}")))?;
            for example in examples {
                obs.extend(example.observation.iter().flat_map(|v| v.to_ne_bytes()));
                let mut row = vec![0.0f32; actions];
                for &(a, p) in &example.policy {
                    row[a as usize] = p;
                }
                policy.extend(row.iter().flat_map(|v| v.to_ne_bytes()));
                values.extend(example.values.iter().flat_map(|v| v.to_ne_bytes()));
                count += 1;
            }
        }
        Ok((
            PyBytes::new(py, &obs),
            (count, planes, rows, cols),
            PyBytes::new(py, &policy),
            (count, actions),
            PyBytes::new(py, &values),
            (count, seats),
        ))
    })
}

/// Self-play by a Python callable: `play(model_bytes, run_json, indices)` returns an
/// iterable of game JSON lines, yielded as games finish (a Ray gatherer, say). Stopping
/// (Ctrl-C) leaves the iteration between games.
struct PythonPlayer {
    play: Py<PyAny>,
}

impl<G: ply_core::Encode> SelfPlayer<G> for PythonPlayer {
    fn play(
        &self,
        _start: &G,
        net: &Arc<Model>,
        settings: &RunSettings,
        indices: &[u64],
        stop: &AtomicBool,
        done: &mut dyn FnMut(GameRecord) -> Result<(), String>,
    ) -> Result<(), String> {
        let bytes = net.to_bytes().map_err(|e| e.to_string())?;
        let run_json = serde_json::to_string(settings).expect("settings serialise");
        Python::with_gil(|py| -> Result<(), String> {
            let shown = |e: PyErr| format!("the self-play callable failed: {e}");
            let games = self
                .play
                .call1(py, (PyBytes::new(py, &bytes), run_json, indices.to_vec()))
                .map_err(shown)?;
            for item in games.bind(py).try_iter().map_err(shown)? {
                let line: String = item.and_then(|i| i.extract()).map_err(shown)?;
                let game: GameRecord = serde_json::from_str(&line).map_err(|e| {
                    format!("the self-play callable gave a line that is not a game: {e}")
                })?;
                done(game)?;
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
            }
            Ok(())
        })
    }
}

/// `ply train`'s loop: a new run in `out` with the settings `run_json`, or (`resume`) the
/// run there going on to `run_json`'s steps. Self-play on this process's threads, or by
/// `self_play` (see [`PythonPlayer`]). Returns the progress as JSON. Ctrl-C stops it after the
/// step in progress, as `ply train` does.
#[pyfunction]
#[pyo3(signature = (out, run_json, resume, self_play=None))]
pub fn _train(
    py: Python<'_>,
    out: std::path::PathBuf,
    run_json: &str,
    resume: bool,
    self_play: Option<Py<PyAny>>,
) -> PyResult<String> {
    let folder = RunFolder::new(&out);
    let settings = if resume {
        let mut kept = folder.read_settings().map_err(value_error)?;
        kept.steps = settings_of(run_json)?.steps;
        kept
    } else {
        settings_of(run_json)?
    };
    let id = parse_game(&settings.game)?;
    let mut variant = ply_core::Settings::new();
    for (k, v) in &settings.variant {
        variant.set(k.as_str(), v);
    }
    with_game!(id, |G| {
        let start =
            <G as Described>::from_settings(&variant).map_err(|e| value_error(e.to_string()))?;
        let catalog = <G as Registered>::catalog();
        let python = self_play.map(|play| PythonPlayer { play });
        let outcome = interruptible(py, |stop| {
            let player: &dyn SelfPlayer<G> = match &python {
                Some(p) => p,
                None => &run::Threads,
            };
            let control = Control {
                report: &|_| {},
                stop: stop.as_ref(),
            };
            let go = if resume { run::resume } else { run::start };
            go(&start, &catalog, &settings, &folder, player, &control)
        })?
        .map_err(value_error)?;
        Ok(serde_json::to_string(&outcome.progress).expect("progress serialises"))
    })
}
