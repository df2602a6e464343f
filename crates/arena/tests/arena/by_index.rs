//! A tournament's games one at a time, by index (as a cluster's workers play them), give the
//! run a single machine plays; an aborted run gives up the games in progress at once.

use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ply_arena::{GameRecord, OpeningSource, RunControl, TimeControl, Tournament, TournamentConfig};
use ply_core::Agent;
use ply_tictactoe::TicTacToe;

fn factory(spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<TicTacToe>>, String> {
    common::build(&TicTacToe::new(), spec, rng_seed)
}

/// 3 agents, 4 games a pairing, random openings: 12 games.
fn config() -> TournamentConfig {
    let mut c = TournamentConfig::new(vec!["solver".into(), "random".into(), "first".into()]);
    c.games_per_pairing = 4;
    c.rng_seed = 23;
    c.concurrency = 2;
    c.openings = OpeningSource::Random { plies: 2 };
    c
}

fn without_times(records: &[GameRecord]) -> Vec<GameRecord> {
    records.iter().map(GameRecord::without_times).collect()
}

#[test]
fn games_played_by_index_in_any_order_are_the_whole_runs_games() {
    let start = TicTacToe::new();
    let config = config();
    let tournament = Tournament::new(&start, &factory, &config).unwrap();
    let whole = tournament.run(RunControl::new(&|_| {})).unwrap();
    assert_eq!(tournament.planned_games(), 12);

    let mut pieces: Vec<GameRecord> = (0..tournament.planned_games())
        .rev()
        .map(|i| tournament.play(i, None).unwrap().expect("not aborted"))
        .collect();
    assert_eq!(pieces[0].index, 11);
    // A second tournament built from the same settings (another worker) plays the same game.
    let elsewhere = Tournament::new(&start, &factory, &config).unwrap();
    let again = elsewhere.play(5, None).unwrap().unwrap();
    assert_eq!(again.without_times(), pieces[6].without_times());

    pieces.swap(0, 7);
    let merged = tournament.result(pieces).unwrap();
    assert_eq!(
        without_times(&merged.records),
        without_times(&whole.records)
    );
    assert!(!merged.interrupted);
    assert_eq!(
        serde_json::to_value(&merged.summary.pairings).unwrap(),
        serde_json::to_value(&whole.summary.pairings).unwrap()
    );
}

#[test]
fn a_merge_refuses_a_game_twice_or_from_another_run() {
    let start = TicTacToe::new();
    let config = config();
    let tournament = Tournament::new(&start, &factory, &config).unwrap();
    let game = tournament.play(3, None).unwrap().unwrap();
    let err = tournament
        .result(vec![game.clone(), game.clone()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("game 3 is saved twice"), "{err}");

    let mut other = config.clone();
    other.rng_seed = 24;
    let stranger = Tournament::new(&start, &factory, &other)
        .unwrap()
        .play(3, None)
        .unwrap()
        .unwrap();
    let err = tournament.result(vec![stranger]).unwrap_err().to_string();
    assert!(err.contains("other settings"), "{err}");

    let partial = tournament.result(vec![game]).unwrap();
    assert!(partial.interrupted && partial.records.len() == 1);

    let err = tournament.play(12, None).unwrap_err().to_string();
    assert!(err.contains("12") && err.contains("0 to 11"), "{err}");
}

/// Runs `agents` with `abort` raised once the first move is being searched; returns what
/// the run recorded.
fn aborted_run(agents: [&str; 2]) -> Vec<GameRecord> {
    let start = TicTacToe::new();
    let mut config = TournamentConfig::new(agents.map(String::from).to_vec());
    config.games_per_pairing = 2;
    config.concurrency = 2;
    // Without the abort, each game would wait out this safety limit and be recorded as a
    // hang: an empty result shows the abort ended the games in progress.
    config.time = TimeControl {
        hang_timeout: Duration::from_secs(600),
        ..TimeControl::default()
    };
    let abort = AtomicBool::new(false);
    let tournament = Tournament::new(&start, &factory, &config).unwrap();
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            abort.store(true, Ordering::SeqCst);
        });
        tournament.run(RunControl {
            abort: Some(&abort),
            ..RunControl::new(&|_| {})
        })
    });
    let result = result.unwrap();
    assert!(result.interrupted);
    result.records
}

#[test]
fn an_abort_gives_up_the_games_in_progress() {
    // `wait` thinks until its stop flag is raised: the abort raises it.
    assert!(aborted_run(["wait", "first"]).is_empty());
    // `hang` ignores the flag: its thread is left behind after a short grace.
    assert!(aborted_run(["hang", "first"]).is_empty());
}
