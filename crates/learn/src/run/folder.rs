//! A run's folder, and how each of its files is written so that a stop at any moment —
//! Ctrl-C, `kill -9`, a full disk — loses at most the step in progress:
//!
//! ```text
//!   DIR/run.json                  the settings (written once, at the start)
//!   DIR/checkpoint.safetensors    the net, the optimizer's moments and the progress,
//!                                 rewritten whole (temporary file + rename) after every step
//!   DIR/games/round-NNNNNN.jsonl  each round's self-play games, a line each, appended as
//!                                 they finish (a line cut short by a kill is dropped)
//!   DIR/latest.plym, best.plym    model files: the newest net, the gate's best
//!   DIR/curve.jsonl, losses.csv   the evaluations and every step's losses
//!   DIR/curve.svg                 the learning curve, redrawn at each evaluation
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};

use ply_core::files::{self, FileError, Input};

use crate::selfplay::GameRecord;

use super::settings::RunSettings;

/// A run's settings file.
const RUN_FILE: Input = Input::new("training run's settings (run.json)", 1 << 20);
/// A round's games.
const GAMES_FILE: Input = Input::new("self-play games file", 256 << 20);

/// The files of one run.
#[derive(Debug, Clone)]
pub struct RunFolder {
    pub dir: PathBuf,
}

impl RunFolder {
    pub fn new(dir: &Path) -> Self {
        RunFolder {
            dir: dir.to_path_buf(),
        }
    }

    pub fn settings_path(&self) -> PathBuf {
        self.dir.join("run.json")
    }

    pub fn checkpoint_path(&self) -> PathBuf {
        self.dir.join("checkpoint.safetensors")
    }

    pub fn latest_path(&self) -> PathBuf {
        self.dir.join("latest.plym")
    }

    pub fn best_path(&self) -> PathBuf {
        self.dir.join("best.plym")
    }

    pub fn curve_path(&self) -> PathBuf {
        self.dir.join("curve.jsonl")
    }

    pub fn losses_path(&self) -> PathBuf {
        self.dir.join("losses.csv")
    }

    pub fn plot_path(&self) -> PathBuf {
        self.dir.join("curve.svg")
    }

    fn games_dir(&self) -> PathBuf {
        self.dir.join("games")
    }

    fn round_path(&self, round: u64) -> PathBuf {
        self.games_dir().join(format!("round-{round:06}.jsonl"))
    }

    /// Whether the folder holds a run already.
    pub fn has_run(&self) -> bool {
        self.settings_path().exists()
    }

    /// Creates the folder (and its games folder) for a new run and writes its settings.
    pub fn create(&self, settings: &RunSettings) -> Result<(), String> {
        std::fs::create_dir_all(self.games_dir())
            .map_err(|e| format!("cannot create {}: {e}", files::shown(&self.games_dir())))?;
        let text = serde_json::to_string_pretty(settings).expect("settings serialise");
        files::write_atomically(&self.settings_path(), "run.json", text.as_bytes())
            .map_err(|e| e.to_string())
    }

    /// The settings of the run in the folder.
    pub fn read_settings(&self) -> Result<RunSettings, String> {
        let path = self.settings_path();
        let text = files::read_text(&path, RUN_FILE).map_err(|e| match e {
            FileError::Missing { .. } => format!(
                "{} holds no training run (no run.json): start one with `ply train GAME --out DIR`",
                files::shown(&self.dir)
            ),
            other => other.to_string(),
        })?;
        let settings: RunSettings = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a run's settings: {e}", files::shown(&path)))?;
        settings
            .validate()
            .map_err(|e| format!("{}: {e}", files::shown(&path)))?;
        Ok(settings)
    }

    /// Appends one finished game to its round's file.
    pub fn append_game(&self, round: u64, game: &GameRecord) -> Result<(), String> {
        let path = self.round_path(round);
        let mut line = serde_json::to_string(game).expect("a game serialises");
        line.push('\n');
        let mut file =
            files::open_append(&path, "self-play games file").map_err(|e| e.to_string())?;
        file.write_all(line.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", files::shown(&path)))
    }

    /// Replaces the file of `round` with `games` (whole, through a temporary file).
    pub fn rewrite_round(&self, round: u64, games: &[GameRecord]) -> Result<(), String> {
        let mut text = String::new();
        for game in games {
            text.push_str(&serde_json::to_string(game).expect("a game serialises"));
            text.push('\n');
        }
        files::write_atomically(
            &self.round_path(round),
            "self-play games file",
            text.as_bytes(),
        )
        .map_err(|e| e.to_string())
    }

    /// The games of `round`, and how many lines were dropped (a line cut short by a stop,
    /// or damaged). A missing file is a round with no games yet.
    pub fn read_round(&self, round: u64) -> Result<(Vec<GameRecord>, usize), String> {
        let path = self.round_path(round);
        let Some(bytes) = files::read_if_exists(&path, GAMES_FILE).map_err(|e| e.to_string())?
        else {
            return Ok((Vec::new(), 0));
        };
        let mut games = Vec::new();
        let mut dropped = 0;
        for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            match serde_json::from_slice::<GameRecord>(line) {
                Ok(game) => games.push(game),
                Err(_) => dropped += 1,
            }
        }
        Ok((games, dropped))
    }
}
