//! A run stopped part way keeps every finished game, and a resumed run completes it to the
//! games one straight run plays. Results in a folder are never written over unasked.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use ply_arena::{
    run_tournament_with, ArenaError, GameRecord, OpeningSource, OutputMode, RunControl, RunFolder,
    Tournament, TournamentConfig, TournamentResult,
};
use ply_core::Agent;
use ply_tictactoe::TicTacToe;

fn factory(spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<TicTacToe>>, String> {
    common::build(&TicTacToe::new(), spec, rng_seed)
}

/// 3 agents, 8 games a pairing: 24 games, seeded agents, random openings.
fn config() -> TournamentConfig {
    let mut c = TournamentConfig::new(vec!["solver".into(), "random".into(), "first".into()]);
    c.games_per_pairing = 8;
    c.rng_seed = 11;
    c.concurrency = 2;
    c.openings = OpeningSource::Random { plies: 2 };
    c
}

/// Opens `dir` for a run of `config` from tic-tac-toe's start.
fn open(dir: &Path, mode: OutputMode, config: &TournamentConfig) -> Result<RunFolder, ArenaError> {
    let start = TicTacToe::new();
    let tournament = Tournament::new(&start, &factory, config)?;
    RunFolder::open(dir, mode, &tournament)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-arena-resume-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `games.jsonl` as it is on disk, sorted by index, times zeroed.
fn saved_games(dir: &Path) -> Vec<GameRecord> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'), "a line is cut");
    let mut games: Vec<GameRecord> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<GameRecord>(l)
                .unwrap()
                .without_times()
        })
        .collect();
    games.sort_by_key(|g| g.index);
    games
}

/// Runs `config` into `folder`, appending each game; sets `stop` once `stop_after` games
/// have ended. Returns the result and how many games this run played.
fn run(
    folder: &RunFolder,
    config: &TournamentConfig,
    stop_after: Option<usize>,
) -> (TournamentResult, usize) {
    let stop = AtomicBool::new(false);
    let played = AtomicUsize::new(0);
    let on_game = |record: &GameRecord| {
        folder.append(record).unwrap();
        if stop_after.is_some_and(|n| played.fetch_add(1, Ordering::SeqCst) + 1 >= n) {
            stop.store(true, Ordering::SeqCst);
        } else if stop_after.is_none() {
            played.fetch_add(1, Ordering::SeqCst);
        }
    };
    let control = RunControl {
        progress: &on_game,
        stop: Some(&stop),
        abort: None,
        finished: folder.previous(),
    };
    let result = run_tournament_with(&TicTacToe::new(), &factory, config, control).unwrap();
    (result, played.load(Ordering::SeqCst))
}

fn without_times(records: &[GameRecord]) -> Vec<GameRecord> {
    records.iter().map(GameRecord::without_times).collect()
}

/// A straight run's games, and its folder.
fn straight(name: &str) -> (Vec<GameRecord>, PathBuf) {
    let dir = scratch(name);
    let folder = open(&dir, OutputMode::Fresh, &config()).unwrap();
    let (result, played) = run(&folder, &config(), None);
    assert!(!result.interrupted);
    assert_eq!((played, result.records.len()), (24, 24));
    folder.finish(&result).unwrap();
    (saved_games(&dir), dir)
}

#[test]
fn a_stopped_run_keeps_every_finished_game_and_resumes_to_the_straight_run() {
    let (expected, straight_dir) = straight("straight");
    assert_eq!(expected.len(), 24);

    let dir = scratch("stopped");
    let folder = open(&dir, OutputMode::Fresh, &config()).unwrap();
    let (stopped, played) = run(&folder, &config(), Some(5));
    assert!(stopped.interrupted);
    assert_eq!(stopped.planned_games, 24);
    assert!(
        (5..24).contains(&stopped.records.len()),
        "{} games",
        stopped.records.len()
    );
    assert_eq!(played, stopped.records.len());
    // Every finished game is on disk before any output is written (as if killed here).
    assert_eq!(saved_games(&dir), without_times(&stopped.records));
    folder.finish(&stopped).unwrap();
    assert_eq!(saved_games(&dir), without_times(&stopped.records));
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["interrupted"], true);
    assert_eq!(summary["summary"]["games"], stopped.records.len());
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(report.contains("Interrupted"), "{report}");

    // Resuming with another concurrency (it changes no game) plays only the rest.
    let mut resumed_config = config();
    resumed_config.concurrency = 1;
    let folder = open(&dir, OutputMode::Resume, &resumed_config).unwrap();
    assert!(folder.warnings().is_empty(), "{:?}", folder.warnings());
    assert_eq!(folder.previous().len(), stopped.records.len());
    let (resumed, played) = run(&folder, &resumed_config, None);
    assert!(!resumed.interrupted);
    assert_eq!(played, 24 - stopped.records.len());
    folder.finish(&resumed).unwrap();

    // Same games, moves and results as the straight run, in the same order.
    assert_eq!(saved_games(&dir), expected);
    assert_eq!(without_times(&resumed.records), expected);
    let lines: Vec<usize> = std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<GameRecord>(l).unwrap().index)
        .collect();
    assert_eq!(
        lines,
        (0..24).collect::<Vec<_>>(),
        "schedule order at the end"
    );
    for dir in [dir, straight_dir] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn a_cut_last_line_is_ignored_with_a_warning_and_its_game_played_again() {
    let (expected, straight_dir) = straight("cut-straight");
    let dir = scratch("cut");
    let folder = open(&dir, OutputMode::Fresh, &config()).unwrap();
    let (stopped, _) = run(&folder, &config(), Some(3));
    drop(folder);
    // An older version killed while writing a line.
    let whole = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let cut = whole.lines().last().unwrap();
    let mut text = whole.clone();
    text.truncate(whole.len() - 1 - cut.len() / 2);
    std::fs::write(dir.join("games.jsonl"), &text).unwrap();

    let folder = open(&dir, OutputMode::Resume, &config()).unwrap();
    assert_eq!(folder.warnings().len(), 1);
    assert!(
        folder.warnings()[0].contains("cut short") && folder.warnings()[0].contains("games.jsonl"),
        "{:?}",
        folder.warnings()
    );
    assert_eq!(folder.previous().len(), stopped.records.len() - 1);
    let (resumed, _) = run(&folder, &config(), None);
    folder.finish(&resumed).unwrap();
    assert_eq!(saved_games(&dir), expected);
    for dir in [dir, straight_dir] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn results_are_not_written_over_unasked_and_resuming_checks_the_settings() {
    let (games, dir) = straight("guard");
    let before = std::fs::read(dir.join("games.jsonl")).unwrap();

    let err = open(&dir, OutputMode::Fresh, &config())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&dir.display().to_string()) && err.contains("games.jsonl"),
        "{err}"
    );
    assert_eq!(std::fs::read(dir.join("games.jsonl")).unwrap(), before);

    let mut other = config();
    other.rng_seed = 12;
    other.games_per_pairing = 10;
    let err = open(&dir, OutputMode::Resume, &other)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("rng_seed was 11, now 12") && err.contains("games_per_pairing was 8, now 10"),
        "{err}"
    );
    assert_eq!(std::fs::read(dir.join("games.jsonl")).unwrap(), before);

    // A finished run resumed plays nothing and writes the same games.
    let folder = open(&dir, OutputMode::Resume, &config()).unwrap();
    let (result, played) = run(&folder, &config(), None);
    assert_eq!(played, 0);
    folder.finish(&result).unwrap();
    assert_eq!(saved_games(&dir), games);

    // Overwriting starts again from nothing.
    let folder = open(&dir, OutputMode::Overwrite, &other).unwrap();
    assert!(folder.previous().is_empty());
    assert!(!dir.join("summary.json").exists() && !dir.join("report.md").exists());
    assert!(saved_games(&dir).is_empty());
    drop(folder);

    let empty = scratch("nothing");
    let err = open(&empty, OutputMode::Resume, &config())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("does not exist, so there is no run to resume"),
        "{err}"
    );
    // A folder without config.json is named as such.
    std::fs::create_dir_all(&empty).unwrap();
    let err = open(&empty, OutputMode::Resume, &config())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("config.json") && err.contains("no run"),
        "{err}"
    );
    std::fs::remove_dir_all(&empty).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn saved_games_of_another_schedule_are_refused() {
    let start = TicTacToe::new();
    let dir = scratch("foreign");
    let folder = open(&dir, OutputMode::Fresh, &config()).unwrap();
    let (mut result, _) = run(&folder, &config(), Some(2));
    drop(folder);
    result.records[0].rng_seed ^= 1;
    let control = RunControl {
        progress: &|_: &GameRecord| {},
        stop: None,
        abort: None,
        finished: &result.records,
    };
    let err = run_tournament_with(&start, &factory, &config(), control)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("cannot resume") && err.contains("other settings"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_run_saved_with_the_older_seed_name_resumes() {
    let dir = scratch("older-name");
    let folder = open(&dir, OutputMode::Fresh, &config()).unwrap();
    let (stopped, _) = run(&folder, &config(), Some(5));
    folder.finish(&stopped).unwrap();
    // Before the random seed was named `rng_seed`, both files called it `seed`.
    for file in ["config.json", "games.jsonl"] {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"rng_seed\""), "{file}: {text}");
        std::fs::write(&path, text.replace("\"rng_seed\"", "\"seed\"")).unwrap();
    }
    let folder = open(&dir, OutputMode::Resume, &config()).unwrap();
    assert_eq!(folder.previous().len(), stopped.records.len());
    let (resumed, _) = run(&folder, &config(), None);
    assert_eq!(resumed.records.len(), 24);
    std::fs::remove_dir_all(dir).unwrap();
}
