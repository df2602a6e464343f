//! `ply arena --resume`: a damaged `games.jsonl` (cut, edited, from another run) read back.
//! The run is resumed with its stop flag already set, so the saved games are checked and
//! summarised but no game is played.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use ply_arena::{OutputMode, RunControl, RunFolder, Tournament, TournamentConfig};
use ply_search::spec::Catalog;
use ply_tictactoe::TicTacToe;

use crate::checks::{check_message, shown};
use crate::runner::{Outcome, Target};

/// A new empty folder named `name`, in memory where the machine has a writable `/dev/shm`:
/// on a disk, rewriting `games.jsonl` a hundred thousand times is mostly waiting for the
/// file system to flush it.
pub(crate) fn scratch_folder(name: &str) -> PathBuf {
    for base in [PathBuf::from("/dev/shm"), std::env::temp_dir()] {
        let dir = base.join(name);
        let _ = std::fs::remove_dir_all(&dir);
        if std::fs::create_dir_all(&dir).is_ok() {
            return dir;
        }
    }
    std::env::temp_dir().join(name)
}

pub struct ArenaResume {
    dir: PathBuf,
    config: TournamentConfig,
    catalog: Catalog<TicTacToe>,
    /// The `games.jsonl` of a real run of `config`.
    played: Vec<u8>,
}

/// An eight-game tic-tac-toe tournament between random and greedy, played into `dir` (its
/// `config.json` and `games.jsonl`, each game appended as it ended): what a resumed run
/// reads back. Its settings and catalog, to resume it with.
pub(crate) fn played_run(dir: &Path) -> (TournamentConfig, Catalog<TicTacToe>) {
    let mut config = TournamentConfig::new(vec!["random".into(), "greedy".into()]);
    config.games_per_pairing = 4;
    config.concurrency = 1;
    let catalog = ply_tictactoe::catalog();
    let start = TicTacToe::new();
    let tournament = Tournament::new(&start, &catalog, &config).expect("a tournament of 8 games");
    let folder = RunFolder::open(dir, OutputMode::Fresh, &tournament)
        .expect("a fresh folder in the temporary directory");
    let control = RunControl {
        progress: &|record| folder.append(record).expect("appending a game"),
        stop: None,
        abort: None,
        finished: &[],
    };
    tournament.run(control).expect("a tournament of 8 games");
    drop(folder);
    (config, catalog)
}

impl ArenaResume {
    pub fn new() -> Self {
        let dir = scratch_folder(&format!("ply-fuzz-arena-{}", std::process::id()));
        let (config, catalog) = played_run(&dir);
        let played = std::fs::read(dir.join("games.jsonl")).expect("the games just written");
        ArenaResume {
            dir,
            config,
            catalog,
            played,
        }
    }
}

impl Default for ArenaResume {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for ArenaResume {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Target for ArenaResume {
    fn name(&self) -> &str {
        "arena-resume"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let whole = self.played.clone();
        let cut = whole[..whole.len() * 2 / 3].to_vec();
        let first: Vec<u8> = whole.split(|&b| b == b'\n').next().unwrap_or(&[]).to_vec();
        let twice = [first.clone(), b"\n".to_vec(), first, b"\n".to_vec()].concat();
        // A line the JSON parser quotes back in its error (the message was 1,800 characters
        // before the arena tamed it).
        let quoted = format!("\"{}\"\n", "x".repeat(2000)).into_bytes();
        vec![whole, cut, twice, quoted, b"\n\n".to_vec(), Vec::new()]
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "\n",
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            "\"index\"",
            "\"rng_seed\"",
            "\"seats\"",
            "\"scores\"",
            "\"offender\"",
            "\"termination\"",
            "\"normal\"",
            "\"timeout\"",
            "null",
            "1e308",
            "NaN",
            "-1",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let path = self.dir.join("games.jsonl");
        std::fs::write(&path, input).map_err(|e| format!("cannot write the input: {e}"))?;
        let start = TicTacToe::new();
        let tournament = Tournament::new(&start, &self.catalog, &self.config)
            .map_err(|e| format!("the tournament cannot be set up: {e}"))?;
        let folder = match RunFolder::open(&self.dir, OutputMode::Resume, &tournament) {
            Ok(folder) => folder,
            Err(e) => {
                let message = e.to_string();
                check_message(&message)?;
                let now = std::fs::read(&path).map_err(|e| format!("the file is gone: {e}"))?;
                if now != input {
                    return Err(format!("refusing the file changed it: {}", shown(&message)));
                }
                return Ok(Outcome::of(&message));
            }
        };
        let kept = folder.previous().len();
        if kept == 0 {
            // Nothing saved to check: a resume of an empty log is a fresh run.
            return Ok(Outcome::of("nothing saved"));
        }
        let stop = AtomicBool::new(true);
        let control = RunControl {
            progress: &|_| {},
            stop: Some(&stop),
            abort: None,
            finished: folder.previous(),
        };
        match tournament.run(control) {
            Ok(result) => {
                if result.records.len() != kept {
                    return Err(format!(
                        "{kept} saved games, {} in the result",
                        result.records.len()
                    ));
                }
                Ok(Outcome::of(&format!("resumed {}", kept.min(2))))
            }
            Err(e) => {
                let message = e.to_string();
                check_message(&message)?;
                Ok(Outcome::of(&message))
            }
        }
    }
}
