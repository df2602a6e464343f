//! Settings no machine could honour are refused with the flag, the value and the range;
//! time limits however large never make the arithmetic panic.

use crate::common;

use std::time::Duration;

use ply_arena::config::{
    MAX_CONCURRENCY, MAX_GAMES_PER_PAIRING, MAX_OPENING_PLIES, MAX_PLIES, MAX_SCHEDULED_GAMES,
};
use ply_arena::{
    planned_games, run_tournament, GameRecord, OpeningSource, Termination, TimeControl,
    TournamentConfig,
};
use ply_core::Agent;
use ply_tictactoe::TicTacToe;

fn factory(spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<TicTacToe>>, String> {
    common::build(&TicTacToe::new(), spec, rng_seed)
}

fn config() -> TournamentConfig {
    let mut c = TournamentConfig::new(vec!["first".into(), "last".into()]);
    c.games_per_pairing = 2;
    c.concurrency = 2;
    c.openings = OpeningSource::StartPosition;
    c
}

fn refusal(config: &TournamentConfig) -> String {
    run_tournament(&TicTacToe::new(), &factory, config, &|_: &GameRecord| {})
        .unwrap_err()
        .to_string()
}

#[test]
fn a_huge_number_of_games_is_refused_not_allocated() {
    let mut c = config();
    c.games_per_pairing = usize::MAX;
    for err in [refusal(&c), planned_games(&c, 2).unwrap_err().to_string()] {
        assert!(
            err.contains("--games")
                && err.contains("18446744073709551615")
                && err.contains(&MAX_GAMES_PER_PAIRING.to_string()),
            "{err}"
        );
    }

    // Each pairing within bounds, but the whole schedule too big.
    let mut c = config();
    c.agents = (0..60).map(|i| format!("random#{i}")).collect();
    c.games_per_pairing = 2000;
    let err = refusal(&c);
    assert!(err.contains(&MAX_SCHEDULED_GAMES.to_string()), "{err}");
}

#[test]
fn other_counts_that_size_memory_are_bounded() {
    type Setter = fn(&mut TournamentConfig);
    let cases: [(&str, Setter, usize); 3] = [
        (
            "--concurrency",
            |c| c.concurrency = usize::MAX,
            MAX_CONCURRENCY,
        ),
        ("--max-plies", |c| c.max_plies = usize::MAX, MAX_PLIES),
        (
            "--openings",
            |c| c.openings = OpeningSource::Random { plies: usize::MAX },
            MAX_OPENING_PLIES,
        ),
    ];
    for (flag, set, max) in cases {
        let mut c = config();
        set(&mut c);
        let err = refusal(&c);
        assert!(
            err.contains(flag)
                && err.contains(&usize::MAX.to_string())
                && err.contains(&max.to_string()),
            "{err}"
        );
    }
    let err = OpeningSource::from_arg("random:18446744073709551615")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("--openings") && err.contains(&MAX_OPENING_PLIES.to_string()),
        "{err}"
    );
}

#[test]
fn absurd_time_limits_do_not_panic() {
    let absurd = Duration::from_secs_f64(1.7e19);
    assert_eq!(
        TimeControl {
            tolerance: Duration::MAX,
            ..TimeControl::default()
        }
        .deadline_for(absurd),
        Duration::MAX
    );
    for time in [
        TimeControl {
            per_move: Some(absurd),
            ..TimeControl::default()
        },
        TimeControl {
            per_move: Some(Duration::MAX),
            per_game: Some(Duration::MAX),
            tolerance: Duration::MAX,
            hang_timeout: Duration::MAX,
        },
        TimeControl {
            per_game: Some(absurd),
            hang_timeout: Duration::MAX,
            ..TimeControl::default()
        },
    ] {
        let mut c = config();
        c.time = time;
        let result = run_tournament(&TicTacToe::new(), &factory, &c, &|_: &GameRecord| {}).unwrap();
        assert_eq!(result.records.len(), 2);
        for r in &result.records {
            assert_eq!(r.termination, Termination::Normal, "{}", r.reason);
        }
    }
}
