//! What can stop a tournament before it starts (or its outputs from being written).
//!
//! Misbehaving agents never produce an error: they lose the game, with the reason recorded.

use std::path::PathBuf;

use thiserror::Error;

/// A tournament that cannot be run as configured, or outputs that cannot be written.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// An agent spec the catalog refuses (unknown name, bad key or value).
    #[error("agent '{spec}' cannot be built: {reason}")]
    Agent { spec: String, reason: String },
    /// A setting of the tournament itself (too few agents, zero games, …).
    #[error("bad tournament setting {setting} = {value}: {rule}")]
    Setting {
        setting: String,
        value: String,
        rule: String,
    },
    /// An opening that cannot be read or played from the start position.
    #[error("opening {origin}: {reason}")]
    Opening { origin: String, reason: String },
    /// A file or folder that cannot be read or written. The I/O error is part of the message
    /// rather than a separate source, so that it is printed once.
    #[error("{action} {}: {cause}", ply_core::files::shown(path))]
    Io {
        action: &'static str,
        path: PathBuf,
        cause: std::io::Error,
    },
    /// A file named by an option (`--openings`) that cannot be read (see `ply_core::files`).
    #[error("{flag}: {error}")]
    Input {
        flag: &'static str,
        error: ply_core::FileError,
    },
    /// A file of the run's folder that cannot be read or written (see `ply_core::files`).
    #[error(transparent)]
    File(#[from] ply_core::FileError),
    /// A record or summary that cannot be turned into JSON.
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// Games saved by an earlier run that cannot be continued (other settings, a damaged
    /// file).
    #[error("cannot resume: {0}")]
    Resume(String),
    /// An output folder that cannot be used as asked (it holds results that would be
    /// overwritten, or nothing to resume).
    #[error("{}: {reason}", ply_core::files::shown(path))]
    Folder { path: PathBuf, reason: String },
    /// A game that cannot be written as a game record (its start position does not read).
    #[error("game {game} of the run cannot be written as a record: {reason}")]
    Record { game: usize, reason: String },
    /// A chart that plotters could not draw.
    #[error("cannot draw plot '{name}': {reason}")]
    Plot { name: String, reason: String },
}

impl ArenaError {
    pub fn setting(setting: &str, value: impl ToString, rule: &str) -> Self {
        ArenaError::Setting {
            setting: setting.to_string(),
            value: value.to_string(),
            rule: rule.to_string(),
        }
    }

    pub fn io(action: &'static str, path: impl Into<PathBuf>, cause: std::io::Error) -> Self {
        ArenaError::Io {
            action,
            path: path.into(),
            cause,
        }
    }
}
