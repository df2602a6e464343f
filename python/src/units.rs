//! The deterministic units of work a scheduler of one's own (Ray, `ply.cluster`) shares out,
//! and the files that gather them, each the library's own so that a merge gives exactly the
//! local result: game *i* of a tournament (`ply_arena::Tournament`), a run of positions of a
//! Connect Four opening book (`BookBuild`), and the run folder `ply arena --out` writes.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use ply_arena::{
    report, write_records, ArenaError, GameRecord, OutputMode, RunFolder, Tournament,
    TournamentConfig, TournamentResult,
};
use ply_connect4::solver::book_build::{progress_path, BookBuild, BOOK_FILE, PROGRESS_FILE};
use ply_connect4::solver::{MAX_TABLE_BITS, MIN_TABLE_BITS};
use ply_connect4::{Connect4, Solver};
use ply_core::files;
use ply_core::{Described, Settings};
use ply_registry::Registered;
use ply_search::spec::Catalog;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::arena::{config_from, output};
use crate::args::whole;
use crate::errors::{game_error, value_error};
use crate::interrupt::interruptible;
use crate::registry::settings_from;
use crate::session::{Playable, Session};
use crate::state::State;

fn arena_error(e: ArenaError) -> PyErr {
    value_error(e.to_string())
}

/// A tournament of one game, behind a face the Python class can hold.
trait DynTournament: Send + Sync {
    fn planned_games(&self) -> usize;
    fn play(&self, index: usize, abort: &AtomicBool) -> Result<Option<GameRecord>, ArenaError>;
    fn result(&self, records: Vec<GameRecord>) -> Result<TournamentResult, ArenaError>;
    fn open(&self, dir: &std::path::Path, mode: OutputMode) -> Result<RunFolder, ArenaError>;
    fn write_records(
        &self,
        dir: &std::path::Path,
        result: &TournamentResult,
    ) -> Result<PathBuf, ArenaError>;
    /// What reads the clock in the tournament's games: its time controls and the agents
    /// whose spec (or preset) sets a time per move.
    fn clocked(&self) -> Vec<String>;
}

/// What decides every game: the start, the variant's settings, the agents' catalog and the
/// tournament's configuration.
struct Parts<G: Playable> {
    start: G,
    settings: Settings,
    catalog: Catalog<G>,
    config: TournamentConfig,
}

/// The parts and the tournament laid out from them once: its schedule, openings and checked
/// specs. Laying it out again for each game would cost each game time in proportion to
/// the whole schedule (its openings, its agents built to check them).
struct Owned<G: Playable> {
    /// Borrows from `parts`; declared first, so it is dropped before them.
    tournament: Tournament<'static, G, Catalog<G>>,
    parts: Arc<Parts<G>>,
}

impl<G: Playable> Owned<G> {
    fn new(parts: Parts<G>) -> Result<Self, ArenaError> {
        let parts = Arc::new(parts);
        // SAFETY: the reference points into the `Arc`'s allocation, which `self.parts` keeps
        // alive and unchanged (it is never mutated nor replaced) for as long as
        // `self.tournament` exists: the tournament is dropped first (field order), and it is
        // only ever lent out with the lifetime of `&self`.
        let shared: &'static Parts<G> = unsafe { &*Arc::as_ptr(&parts) };
        let tournament = Tournament::new(&shared.start, &shared.catalog, &shared.config)?;
        Ok(Owned { tournament, parts })
    }
}

impl<G: Playable> DynTournament for Owned<G> {
    fn planned_games(&self) -> usize {
        self.tournament.planned_games()
    }

    fn play(&self, index: usize, abort: &AtomicBool) -> Result<Option<GameRecord>, ArenaError> {
        self.tournament.play(index, Some(abort))
    }

    fn result(&self, records: Vec<GameRecord>) -> Result<TournamentResult, ArenaError> {
        self.tournament.result(records)
    }

    fn open(&self, dir: &std::path::Path, mode: OutputMode) -> Result<RunFolder, ArenaError> {
        RunFolder::open(dir, mode, &self.tournament)
    }

    fn write_records(
        &self,
        dir: &std::path::Path,
        result: &TournamentResult,
    ) -> Result<PathBuf, ArenaError> {
        write_records(dir, &self.parts.start, &self.parts.settings, result)
    }

    fn clocked(&self) -> Vec<String> {
        let Parts {
            catalog, config, ..
        } = self.parts.as_ref();
        let time = &config.time;
        let mut clocked: Vec<String> = [
            ("time_per_move", time.per_move),
            ("time_per_game", time.per_game),
        ]
        .into_iter()
        .filter(|(_, limit)| limit.is_some())
        .map(|(name, _)| name.to_string())
        .collect();
        for spec in &config.agents {
            let timed = catalog.params(spec).ok().and_then(|params| {
                let takes_time = params.keys().iter().any(|k| k.key == TIME_KEY);
                takes_time
                    .then(|| params.opt_duration(TIME_KEY).ok().flatten())
                    .flatten()
            });
            if let Some(time) = timed {
                clocked.push(format!("agent {spec:?} ({TIME_KEY}={time:?} a move)"));
            }
        }
        clocked
    }
}

/// The agent key that gives a search a time per move.
const TIME_KEY: &str = "time";

/// One record from its line of `games.jsonl`.
fn record_from(json: &str) -> PyResult<GameRecord> {
    serde_json::from_str(json).map_err(|e| value_error(format!("not a game record: {e}")))
}

fn record_json(record: &GameRecord) -> PyResult<String> {
    serde_json::to_string(record).map_err(|e| value_error(e.to_string()))
}

/// A tournament whose games are played one at a time, by index (`ply.Tournament` wraps it).
#[pyclass(module = "ply._ply", name = "_Tournament", frozen)]
pub struct NativeTournament {
    inner: Box<dyn DynTournament>,
}

#[pymethods]
impl NativeTournament {
    /// The tournament from `state` between `specs` that the keyword settings describe (as
    /// `ply.arena` takes them); the setup is checked now.
    #[new]
    #[pyo3(signature = (state, specs, **settings))]
    fn new(
        py: Python<'_>,
        state: &State,
        specs: Vec<String>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let empty = PyDict::new(py);
        let config = config_from(specs, settings.unwrap_or(&empty))?;
        let inner = state.inner.as_ref();
        ply_registry::with_game!(inner.game(), |G| {
            let session = inner
                .as_any()
                .downcast_ref::<Session<G>>()
                .expect("the state is of its own game");
            let owned = Owned::<G>::new(Parts {
                start: session.state.clone(),
                settings: session.settings.clone(),
                catalog: G::catalog(),
                config,
            })
            .map_err(arena_error)?;
            Ok(NativeTournament {
                inner: Box::new(owned),
            })
        })
    }

    /// Games the schedule holds.
    #[getter]
    fn planned_games(&self) -> usize {
        self.inner.planned_games()
    }

    /// What reads the clock in the games (time controls, agents with a time per move):
    /// games that another machine, or another load, would play differently.
    fn clocked(&self) -> Vec<String> {
        self.inner.clocked()
    }

    /// Game `index` as a line of `games.jsonl`; with the GIL released, Ctrl-C stopping it.
    fn play(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<String> {
        let last = self.inner.planned_games().saturating_sub(1);
        let index = whole(index, "index", 0, last)?;
        let record = interruptible(py, |abort| self.inner.play(index, abort))?
            .map_err(arena_error)?
            .ok_or_else(|| value_error("the game was interrupted"))?;
        record_json(&record)
    }

    /// The tournament as far as `records` (lines of `games.jsonl`) go: its result as JSON
    /// and its markdown report. A game twice or from another run is refused.
    fn result(&self, records: Vec<String>) -> PyResult<(String, String)> {
        let records = records
            .iter()
            .map(|r| record_from(r))
            .collect::<PyResult<Vec<_>>>()?;
        let result = self.inner.result(records).map_err(arena_error)?;
        let out = output(&result)?;
        Ok((out.result_json, out.report))
    }

    /// The run folder `dir`, as `ply arena --out` (`mode` "fresh" or "overwrite") or
    /// `--resume` ("resume") opens it: `config.json` written or checked, earlier games read.
    fn open_folder(&self, dir: PathBuf, mode: &str) -> PyResult<NativeRunFolder> {
        let mode = match mode {
            "fresh" => OutputMode::Fresh,
            "overwrite" => OutputMode::Overwrite,
            "resume" => OutputMode::Resume,
            other => {
                return Err(value_error(format!(
                    "mode {other:?}: a folder is opened fresh, overwrite or resume"
                )))
            }
        };
        let folder = self.inner.open(&dir, mode).map_err(arena_error)?;
        Ok(NativeRunFolder {
            folder: Mutex::new(Some(folder)),
        })
    }

    /// Writes the run's files into `folder` from the games its `games.jsonl` holds (those
    /// of an earlier run and those appended since; read here, so the caller need not keep
    /// them): games.jsonl in index order, summary.json, report.md, the plots and
    /// records.txt, as `ply arena --out` leaves them. Returns the files written, what was
    /// left out, and the result as JSON with its markdown report.
    #[allow(clippy::type_complexity)]
    fn finish(
        &self,
        py: Python<'_>,
        folder: &NativeRunFolder,
    ) -> PyResult<(Vec<PathBuf>, Vec<String>, String, String)> {
        let folder = folder
            .folder
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .ok_or_else(|| value_error("the run folder was already finished"))?;
        let dir = folder.dir().to_path_buf();
        py.allow_threads(|| {
            drop(folder); // closes games.jsonl, to be read whole
            let folder = self.inner.open(&dir, OutputMode::Resume)?;
            let result = self.inner.result(folder.previous().to_vec())?;
            let mut files = folder.finish(&result)?;
            files.written.push(self.inner.write_records(&dir, &result)?);
            Ok((files, result))
        })
        .map_err(arena_error)
        .and_then(|(files, result)| {
            let json = serde_json::to_string(&result).map_err(|e| value_error(e.to_string()))?;
            let report = report::markdown(&result, false);
            Ok((files.written, files.skipped, json, report))
        })
    }
}

/// A tournament's run folder while its games come in (see `ply_arena::RunFolder`).
#[pyclass(module = "ply._ply", name = "_RunFolder", frozen)]
pub struct NativeRunFolder {
    /// `None` once finished.
    folder: Mutex<Option<RunFolder>>,
}

impl NativeRunFolder {
    fn with<T>(&self, f: impl FnOnce(&RunFolder) -> PyResult<T>) -> PyResult<T> {
        let folder = self.folder.lock().unwrap_or_else(|e| e.into_inner());
        f(folder
            .as_ref()
            .ok_or_else(|| value_error("the run folder was already finished"))?)
    }
}

#[pymethods]
impl NativeRunFolder {
    /// The games an earlier run saved (resuming), as lines of `games.jsonl`, by index.
    fn previous(&self) -> PyResult<Vec<String>> {
        self.with(|f| f.previous().iter().map(record_json).collect())
    }

    /// The indices of the games an earlier run saved.
    fn previous_indices(&self) -> PyResult<Vec<usize>> {
        self.with(|f| Ok(f.previous().iter().map(|r| r.index).collect()))
    }

    /// What opening the folder found worth telling (a cut last line that was dropped).
    fn warnings(&self) -> PyResult<Vec<String>> {
        self.with(|f| Ok(f.warnings().to_vec()))
    }

    /// Appends a finished game (a line of `games.jsonl`) to the folder's `games.jsonl`,
    /// whole and flushed.
    fn append(&self, record: &str) -> PyResult<()> {
        let record = record_from(record)?;
        self.with(|f| f.append(&record).map_err(arena_error))
    }
}

/// The argument `table_bits`: a table size the solver takes.
fn table_bits_of(value: &Bound<'_, PyAny>) -> PyResult<u32> {
    whole(value, "table_bits", MIN_TABLE_BITS, MAX_TABLE_BITS)
}

/// The solver of this process for book runs: its table carries what one run proved to the
/// next, as one job of `ply solve connect4-book` does; it is rebuilt for another size.
static BOOK_SOLVER: Mutex<Option<(u32, Solver)>> = Mutex::new(None);

/// A Connect Four opening book to build, a run of positions at a time (`ply.cluster.book`
/// shares the runs out; `ply solve connect4-book` builds the same book).
#[pyclass(module = "ply._ply", name = "_BookBuild", frozen)]
pub struct NativeBookBuild {
    build: BookBuild,
}

#[pymethods]
impl NativeBookBuild {
    /// The book of `depth` stones (exact scores, or only `outcomes`) on the board the
    /// keyword settings (`width`, `height`, `k`) describe.
    #[new]
    #[pyo3(signature = (depth, outcomes, **settings))]
    fn new(
        depth: &Bound<'_, PyAny>,
        outcomes: bool,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let depth: u32 = whole(depth, "depth", 0, u32::MAX)?;
        let start = Connect4::from_settings(&settings_from(settings)?).map_err(game_error)?;
        let build = BookBuild::new(&start, depth, outcomes).ok_or_else(|| {
            value_error(format!(
                "depth {depth}: no book for a {}x{} board at this depth: a book needs at most \
                 56 bits of key (width·(height+1) ≤ 56) and fewer stones than cells",
                start.width(),
                start.height()
            ))
        })?;
        Ok(NativeBookBuild { build })
    }

    /// The key of every position, in build order.
    fn keys(&self) -> Vec<u64> {
        self.build.keys()
    }

    /// Solves positions `start` to `end` (exclusive) of the build order with a table of
    /// `2^table_bits` entries: each key and score. With the GIL released; Ctrl-C stops it.
    fn solve(
        &self,
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
        end: &Bound<'_, PyAny>,
        table_bits: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(u64, i32)>> {
        let count = self.build.positions().len();
        let start: usize = whole(start, "start", 0, count)?;
        let end: usize = whole(end, "end", start, count)?;
        let bits = table_bits_of(table_bits)?;
        let solved = interruptible(py, |stop| {
            let mut slot = BOOK_SOLVER.lock().unwrap_or_else(|e| e.into_inner());
            if slot.as_ref().is_none_or(|(b, _)| *b != bits) {
                *slot = None; // the old table goes before the new one is allocated
                let solver = Solver::with_table_bits(bits)
                    .map_err(|e| value_error(format!("table_bits {bits}: {e}")))?;
                *slot = Some((bits, solver));
            }
            let (_, solver) = slot.as_mut().expect("just made");
            solver.set_interrupt(Some(stop.clone()));
            let scores = self.build.solve(solver, start..end);
            solver.set_interrupt(None);
            Ok::<_, PyErr>(scores)
        })??;
        solved.ok_or_else(|| value_error("the solve was interrupted"))
    }

    /// Checks `table_bits` as `solve` does, so that a driver refuses it before any work.
    #[staticmethod]
    fn check_table_bits(table_bits: &Bound<'_, PyAny>) -> PyResult<u32> {
        table_bits_of(table_bits)
    }

    /// The progress file's first line.
    fn progress_header(&self) -> String {
        self.build.progress_header()
    }

    /// One line of the progress file (end of line included).
    #[staticmethod]
    fn progress_line(key: u64, score: i32) -> String {
        BookBuild::progress_line(key, score)
    }

    /// Starts a build into the book file `out`, as the command does (see `ply_core::files`):
    /// refuses an `out` that is a device, a folder or a FIFO before any work, and opens its
    /// progress file for appending (refused likewise; the open never waits). The progress
    /// file's path and file descriptor, which the caller owns.
    fn open_progress(&self, out: PathBuf) -> PyResult<(PathBuf, i32)> {
        use std::os::fd::IntoRawFd;
        files::check_target(&out, BOOK_FILE.what).map_err(|e| value_error(e.to_string()))?;
        let path = progress_path(&out);
        let file = files::open_append(&path, PROGRESS_FILE.what)
            .map_err(|e| value_error(e.to_string()))?;
        Ok((path, file.into_raw_fd()))
    }

    /// The scores the progress file at `path` holds (none if there is none; see
    /// `BookBuild::read_progress_file`).
    fn read_progress_file(&self, path: PathBuf) -> PyResult<HashMap<u64, i32>> {
        self.build.read_progress_file(&path).map_err(value_error)
    }

    /// Writes the book of every position's score (by key) to `path`, whole or not at all,
    /// as the command does: its size in bytes.
    fn write_book(&self, scores: HashMap<u64, i32>, path: PathBuf) -> PyResult<usize> {
        self.build.write_book(&scores, &path).map_err(value_error)
    }
}
