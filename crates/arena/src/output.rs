//! Everything a tournament leaves in its `--out` folder.
//!
//! A run writes into its folder as it goes, so that stopping it (Ctrl-C, a crash) loses no
//! finished game and a later run can continue it ([`RunFolder`]):
//!
//! - `config.json`: the game and the settings, written before the first game;
//! - `games.jsonl`: one line per game, appended whole and flushed as each game ends (in the
//!   order they end), then rewritten in schedule order at the end;
//! - `summary.json`, `report.md` and the plots, written at the end.
//!
//! Every file but the appended `games.jsonl` is written to a temporary file in the folder
//! and renamed into place, so none is ever seen half written; all of them are read and
//! written through `ply_core::files`, so a device, a FIFO or a directory in their place is
//! refused, never read forever or replaced.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

use ply_core::files::{self, Input};
use ply_core::Game;

use crate::config::TournamentConfig;
use crate::error::ArenaError;
use crate::factory::AgentFactory;
use crate::plots::write_plots;
use crate::record::GameRecord;
use crate::report::markdown;
use crate::tournament::{Tournament, TournamentResult};

/// The game records, one JSON object per line.
pub const GAMES_FILE: &str = "games.jsonl";
/// The game and the settings of the run, to check a resumed run against.
pub const CONFIG_FILE: &str = "config.json";
pub const SUMMARY_FILE: &str = "summary.json";
pub const REPORT_FILE: &str = "report.md";
/// The charts' names; each is written as `.svg` and `.png`.
pub const PLOTS: [&str; 3] = ["ratings", "score_vs_time", "time_per_move"];

/// `games.jsonl` as `--resume` reads it: a line per game of some kilobytes, so a run of
/// hundreds of thousands of games.
const GAMES_INPUT: Input = Input::new("tournament's game log", 1 << 30);
/// `config.json` as `--resume` reads it: some hundred bytes.
const CONFIG_INPUT: Input = Input::new("tournament's settings file", 1 << 20);
/// What messages call the files of the folder when writing them.
const OUTPUT: &str = "tournament file";

/// The files of a tournament's results: a folder with any of them (see [`results_in`]) is
/// not written over unless asked ([`OutputMode`]).
pub const RESULT_FILES: [&str; 4] = [GAMES_FILE, CONFIG_FILE, SUMMARY_FILE, REPORT_FILE];

/// What [`write_outputs`] wrote, and what it had to leave out.
#[derive(Debug, Clone, Default)]
pub struct OutputFiles {
    pub written: Vec<PathBuf>,
    /// Why something was not written (plots without a font), for the user to see.
    pub skipped: Vec<String>,
}

/// What to do with a folder that already holds results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputMode {
    /// Refuse it: results are never written over unasked.
    Fresh,
    /// Delete its results (only the arena's own files) and start again.
    Overwrite,
    /// Continue the run it holds: same game, same settings; its games are kept.
    Resume,
}

/// Writes `games.jsonl` (one game per line, in schedule order), `summary.json`, `report.md`
/// and the plots (`ratings`, `score_vs_time`, `time_per_move`, each `.svg` and `.png`) into
/// `dir`, creating it if needed and replacing those files if they are there.
pub fn write_outputs(result: &TournamentResult, dir: &Path) -> Result<OutputFiles, ArenaError> {
    fs::create_dir_all(dir).map_err(|e| ArenaError::io("cannot create folder", dir, e))?;
    let mut files = OutputFiles::default();

    let games = dir.join(GAMES_FILE);
    let mut lines = Vec::new();
    for record in &result.records {
        lines.extend(record_line(record)?);
    }
    write_atomically(&games, &lines)?;
    files.written.push(games);

    let summary = dir.join(SUMMARY_FILE);
    let json = serde_json::to_string_pretty(result)?;
    write_atomically(&summary, (json + "\n").as_bytes())?;
    files.written.push(summary);

    let plotted = match write_plots(&result.summary, dir) {
        Ok(plots) => {
            files.written.extend(plots);
            true
        }
        Err(reason) => {
            files.skipped.push(format!("plots: {reason}"));
            false
        }
    };

    let report = dir.join(REPORT_FILE);
    write_atomically(&report, markdown(result, plotted).as_bytes())?;
    files.written.push(report);
    Ok(files)
}

/// One game as one line of `games.jsonl`, newline included.
fn record_line(record: &GameRecord) -> Result<Vec<u8>, ArenaError> {
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    Ok(line)
}

/// Writes `bytes` to `path` whole or not at all (see `ply_core::files`).
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), ArenaError> {
    Ok(files::write_atomically(path, OUTPUT, bytes)?)
}

/// What `config.json` holds.
#[derive(Serialize)]
struct SavedRun<'a> {
    game: &'a str,
    variant: String,
    players: usize,
    config: &'a TournamentConfig,
}

/// Settings that may change between a run and its continuation: they change no game.
const FREE_SETTINGS: [&str; 1] = ["concurrency"];

/// The `--out` folder of a run in progress: `config.json` written, earlier games (if
/// resuming) read back, `games.jsonl` open for appending.
///
/// ```text
/// let tournament = Tournament::new(&start, &factory, &config)?;
/// let folder = RunFolder::open(dir, mode, &tournament)?;
/// let control = RunControl { progress: &|r| { folder.append(r); }, stop: Some(&flag),
///                            abort: None, finished: folder.previous() };
/// let result = tournament.run(control)?;
/// folder.finish(&result)?;
/// ```
#[derive(Debug)]
pub struct RunFolder {
    dir: PathBuf,
    games: Mutex<fs::File>,
    previous: Vec<GameRecord>,
    warnings: Vec<String>,
}

impl RunFolder {
    /// Prepares `dir` for a run of `config` from `start`, as `mode` says. Errors, touching
    /// nothing, if `dir` holds results and `mode` is [`OutputMode::Fresh`], or if resuming
    /// finds no run there, a run of another game or other settings, or a damaged
    /// `games.jsonl`.
    ///
    /// Resuming, each saved game is checked by `tournament` ([`Tournament::check_saved`]:
    /// its moves replayed by the rules, its result checked) as its line is read, and
    /// `games.jsonl` is read a line at a time, each line at most what a game of the run can
    /// take ([`Tournament::longest_saved_line`]): what is kept is what the run can hold.
    pub fn open<G: Game, F: AgentFactory<G> + ?Sized>(
        dir: &Path,
        mode: OutputMode,
        tournament: &Tournament<G, F>,
    ) -> Result<RunFolder, ArenaError> {
        let (start, config) = (tournament.start(), tournament.config());
        let saved = serde_json::to_value(SavedRun {
            game: start.name(),
            variant: start.variant(),
            players: start.num_players(),
            config,
        })?;
        let games_path = dir.join(GAMES_FILE);
        let mut previous = Vec::new();
        let mut warnings = Vec::new();
        let mut whole_lines = None;
        let mut unended = false;
        match mode {
            OutputMode::Fresh => {
                let found = results_in(dir);
                if !found.is_empty() {
                    return Err(ArenaError::Folder {
                        path: dir.to_path_buf(),
                        reason: format!(
                            "already holds a tournament's results ({}), which are kept",
                            found.join(", ")
                        ),
                    });
                }
            }
            OutputMode::Overwrite => remove_results(dir)?,
            OutputMode::Resume => {
                check_same_run(dir, &saved)?;
                let limit = tournament.longest_saved_line();
                if let Some(lines) = files::Lines::open_if_exists(&games_path, GAMES_INPUT, limit)?
                {
                    let read = read_games(&games_path, lines, tournament)?;
                    previous = read.records;
                    warnings.extend(read.warning);
                    whole_lines = read.cut_at;
                    unended = read.unended;
                }
            }
        }
        // A log that cannot be appended to (a device, a FIFO), or any file of the run that
        // could not be written at its end (a link to a file elsewhere), is refused before
        // anything is written into the folder.
        for path in run_files(dir) {
            files::check_target(&path, OUTPUT)?;
        }
        fs::create_dir_all(dir).map_err(|e| ArenaError::io("cannot create folder", dir, e))?;
        if mode != OutputMode::Resume {
            let json = serde_json::to_string_pretty(&saved)?;
            write_atomically(&dir.join(CONFIG_FILE), (json + "\n").as_bytes())?;
        }
        let mut games = files::open_append(&games_path, OUTPUT)?;
        // New games start on a line of their own: a cut last line is dropped from the file
        // too, and a whole one gets its end of line.
        if let Some(length) = whole_lines {
            games
                .set_len(length)
                .map_err(|e| ArenaError::io("cannot drop the cut last line of", &games_path, e))?;
        }
        if unended {
            games
                .write_all(b"\n")
                .map_err(|e| ArenaError::io("cannot append to", &games_path, e))?;
        }
        Ok(RunFolder {
            dir: dir.to_path_buf(),
            games: Mutex::new(games),
            previous,
            warnings,
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Games an earlier run played (resuming), in schedule order: pass them to
    /// [`crate::RunControl::finished`].
    pub fn previous(&self) -> &[GameRecord] {
        &self.previous
    }

    /// What opening the folder found worth telling (a cut last line that was dropped).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Appends a finished game to `games.jsonl` as one whole line, written in one call and
    /// flushed. Safe to call from several threads.
    pub fn append(&self, record: &GameRecord) -> Result<(), ArenaError> {
        let line = record_line(record)?;
        let path = self.dir.join(GAMES_FILE);
        let mut file = self.games.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(&line)
            .and_then(|()| file.flush())
            .map_err(|e| ArenaError::io("cannot append to", path, e))
    }

    /// Writes the outputs of `result` (complete or stopped) with [`write_outputs`]:
    /// `games.jsonl` in schedule order, the summary, the report and the plots. Closes the
    /// log first: `games.jsonl` is replaced, so nothing may be appended to it after.
    pub fn finish(self, result: &TournamentResult) -> Result<OutputFiles, ArenaError> {
        drop(self.games);
        write_outputs(result, &self.dir)
    }
}

/// The results in `dir` that a new run would write over (none if it does not exist): a
/// `games.jsonl` with games in it, `summary.json`, `report.md`. A `config.json` alone (a run
/// that stopped before its first game) is not a result.
pub fn results_in(dir: &Path) -> Vec<String> {
    RESULT_FILES
        .iter()
        .filter(|&&name| name != CONFIG_FILE)
        .filter(|&&name| {
            fs::metadata(dir.join(name)).is_ok_and(|m| name != GAMES_FILE || m.len() > 0)
        })
        .map(|name| name.to_string())
        .collect()
}

/// Every file a run writes into `dir`: its results, the plots and the game records.
fn run_files(dir: &Path) -> Vec<PathBuf> {
    let mut names: Vec<String> = RESULT_FILES.iter().map(|s| s.to_string()).collect();
    for plot in PLOTS {
        names.push(format!("{plot}.svg"));
        names.push(format!("{plot}.png"));
    }
    names.push(crate::records_file::RECORDS_FILE.to_string());
    names.into_iter().map(|name| dir.join(name)).collect()
}

/// Deletes the arena's files from `dir`, nothing else.
fn remove_results(dir: &Path) -> Result<(), ArenaError> {
    for path in run_files(dir) {
        match fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(ArenaError::io("cannot remove", path, e)),
        }
    }
    Ok(())
}

/// Checks that `dir`'s `config.json` describes the run `saved` describes.
fn check_same_run(dir: &Path, saved: &serde_json::Value) -> Result<(), ArenaError> {
    let path = dir.join(CONFIG_FILE);
    let folder_error = |reason: String| ArenaError::Folder {
        path: dir.to_path_buf(),
        reason,
    };
    match fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(folder_error(
                "is not a folder, so it holds no run to resume".into(),
            ))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(folder_error(
                "does not exist, so there is no run to resume".into(),
            ))
        }
        Err(e) => return Err(ArenaError::io("cannot read", dir, e)),
    }
    let Some(text) = files::read_text_if_exists(&path, CONFIG_INPUT)? else {
        return Err(folder_error(format!(
            "holds no {CONFIG_FILE}, so no run to resume"
        )));
    };
    let old: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| folder_error(format!("its {CONFIG_FILE} cannot be read: {e}")))?;
    let mut differences = Vec::new();
    for key in ["game", "variant", "players"] {
        if old.get(key) != saved.get(key) {
            differences.push(difference(key, old.get(key), saved.get(key)));
        }
    }
    let empty = serde_json::Map::new();
    let fields = |v: &serde_json::Value| v.get("config").and_then(|c| c.as_object()).cloned();
    let (mut old_config, new_config) = (
        fields(&old).unwrap_or_else(|| empty.clone()),
        fields(saved).unwrap_or_default(),
    );
    // Runs written before the random seed was named `rng_seed` saved it as `seed`.
    if let Some(rng_seed) = old_config.remove("seed") {
        old_config.entry("rng_seed").or_insert(rng_seed);
    }
    let mut keys: Vec<&String> = old_config.keys().chain(new_config.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        if !FREE_SETTINGS.contains(&key.as_str()) && old_config.get(key) != new_config.get(key) {
            differences.push(difference(key, old_config.get(key), new_config.get(key)));
        }
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(folder_error(format!(
            "holds a run with other settings, which would not continue to the same result: {}; \
             resume with the settings it was started with",
            differences.join("; ")
        )))
    }
}

fn difference(
    key: &str,
    old: Option<&serde_json::Value>,
    new: Option<&serde_json::Value>,
) -> String {
    let show = |v: Option<&serde_json::Value>| v.map_or("nothing".to_string(), |v| v.to_string());
    format!("{key} was {}, now {}", show(old), show(new))
}

/// What [`read_games`] found in `games.jsonl`.
struct SavedGames {
    /// In schedule order.
    records: Vec<GameRecord>,
    /// Why a line was ignored (a cut last line).
    warning: Option<String>,
    /// The length of the file without its cut last line, if it has one.
    cut_at: Option<u64>,
    /// Whether the last line is a whole game without its end of line (cut just before it).
    unended: bool,
}

/// Reads `games.jsonl` a line at a time, checking each game with `tournament` as it is read.
/// A last line cut short (no newline, not a record: a run killed while writing it, by an
/// older version) is dropped with a warning; any other unreadable line, and any game the
/// tournament refuses, is an error naming the line.
fn read_games<G: Game, F: AgentFactory<G> + ?Sized>(
    path: &Path,
    mut lines: files::Lines,
    tournament: &Tournament<G, F>,
) -> Result<SavedGames, ArenaError> {
    let mut read = SavedGames {
        records: Vec::new(),
        warning: None,
        cut_at: None,
        unended: false,
    };
    let mut seen = std::collections::HashSet::new();
    let at = |number: usize, why: String| {
        ArenaError::Resume(format!("{}: line {number} {why}", path.display()))
    };
    while let Some(line) = lines.next_line()? {
        if line.bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let record = match serde_json::from_slice::<GameRecord>(&line.bytes) {
            Ok(record) => record,
            Err(_) if !line.ended => {
                read.warning = Some(format!(
                    "{}: line {} is cut short ({} bytes without an end of line), from a run \
                     stopped while writing it; it is ignored and its game will be played again",
                    path.display(),
                    line.number,
                    line.bytes.len()
                ));
                read.cut_at = Some(line.offset);
                break;
            }
            Err(e) => {
                // The parser's message may quote the line: shown tamed (short, escaped).
                return Err(at(
                    line.number,
                    format!("is not a game record: {}", ply_core::tame(&e.to_string())),
                ));
            }
        };
        tournament
            .check_saved(&record)
            .map_err(|why| at(line.number, format!("is refused: {why}")))?;
        if !seen.insert(record.index) {
            return Err(at(
                line.number,
                format!("is refused: game {} is saved twice", record.index),
            ));
        }
        read.unended = !line.ended;
        read.records.push(record);
    }
    read.records.sort_by_key(|r| r.index);
    Ok(read)
}
