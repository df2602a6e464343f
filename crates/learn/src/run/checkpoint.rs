//! The checkpoint: the net being trained, its optimizer's moments and where the run is,
//! in one safetensors file rewritten whole after every step.

use std::collections::HashMap;

use ply_core::files::{self, Input};
use serde::{Deserialize, Serialize};

use crate::model::Model;
use crate::optimizer::Adam;
use crate::train::Trainer;

/// A checkpoint: a model file's net, the optimizer's moments and the progress.
const CHECKPOINT_FILE: Input = Input::new("training checkpoint", 256 << 20);
/// The metadata key of the progress.
const PROGRESS_KEY: &str = "progress";
/// The names of the optimizer's tensors start with it.
const OPTIMIZER_PREFIX: &str = "adam.";

/// Where a run stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Training steps done.
    pub step: u64,
    /// The round in progress: its games are self-played, then trained on.
    pub round: u64,
    /// Steps of this round still to train; `None` while its games are being played.
    pub steps_left: Option<u64>,
    /// Self-play games finished in all.
    pub games: u64,
    /// The step whose net is the gate's best (self-play's net).
    pub best_step: u64,
    /// The step of the last evaluation.
    pub evaluated_step: u64,
    /// Wall-clock seconds the run has taken, over all its sessions.
    pub seconds: f64,
}

impl Progress {
    pub fn start() -> Self {
        Progress {
            step: 0,
            round: 0,
            steps_left: None,
            games: 0,
            best_step: 0,
            evaluated_step: 0,
            seconds: 0.0,
        }
    }
}

/// Writes the checkpoint whole (a temporary file renamed over the old one).
pub fn save(path: &std::path::Path, trainer: &Trainer, progress: &Progress) -> Result<(), String> {
    let metadata = HashMap::from([(
        PROGRESS_KEY.to_string(),
        serde_json::to_string(progress).expect("progress serialises"),
    )]);
    let bytes = trainer
        .model
        .to_bytes_with(trainer.adam.state(), metadata)
        .map_err(|e| e.to_string())?;
    files::write_atomically(path, "training checkpoint", &bytes).map_err(|e| e.to_string())
}

/// Reads a checkpoint: the trainer (its net and optimizer, with `adam`'s settings) and the
/// progress. Every check of a model file applies, and the optimizer's state must match the
/// net.
pub fn load(
    path: &std::path::Path,
    settings: crate::optimizer::AdamSettings,
) -> Result<(Trainer, Progress), String> {
    let bytes = files::read(path, CHECKPOINT_FILE).map_err(|e| e.to_string())?;
    let source = files::shown(path);
    let (model, metadata, extra) =
        Model::parse(&bytes, &source, Some(OPTIMIZER_PREFIX)).map_err(|e| e.to_string())?;
    let progress: Progress = metadata
        .get(PROGRESS_KEY)
        .and_then(|p| serde_json::from_str(p).ok())
        .ok_or_else(|| {
            format!("{source} is a model file, not a training checkpoint (no progress)")
        })?;
    let mut adam = Adam::new(&model.vars, settings).map_err(|e| e.to_string())?;
    adam.restore(&extra).map_err(|e| format!("{source}: {e}"))?;
    adam.steps = progress.step;
    Ok((
        Trainer {
            model,
            adam,
            parts: 1,
        },
        progress,
    ))
}
