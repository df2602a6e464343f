//! Whole tournaments of tic-tac-toe between small test agents.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ply_arena::{
    run_tournament, Format, GameRecord, OpeningSource, Termination, TimeControl, TournamentConfig,
};
use ply_core::{Agent, Game};
use ply_tictactoe::TicTacToe;

fn factory(spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<TicTacToe>>, String> {
    common::build(&TicTacToe::new(), spec, rng_seed)
}

fn config(agents: &[&str], games: usize, rng_seed: u64) -> TournamentConfig {
    let mut c = TournamentConfig::new(agents.iter().map(|s| s.to_string()).collect());
    c.games_per_pairing = games;
    c.rng_seed = rng_seed;
    c.concurrency = 2;
    c.openings = OpeningSource::Random { plies: 2 };
    c
}

fn quiet(_: &GameRecord) {}

#[test]
fn a_200_game_tournament_replays_exactly_from_its_seed() {
    let c = config(&["solver", "random"], 200, 42);
    let seen = AtomicUsize::new(0);
    let count = |_: &GameRecord| {
        seen.fetch_add(1, Ordering::Relaxed);
    };
    let first = run_tournament(&TicTacToe::new(), &factory, &c, &count).unwrap();
    let second = run_tournament(&TicTacToe::new(), &factory, &c, &quiet).unwrap();
    assert_eq!(first.records.len(), 200);
    assert_eq!(seen.load(Ordering::Relaxed), 200, "progress saw every game");
    for (a, b) in first.records.iter().zip(&second.records) {
        assert_eq!(a.without_times(), b.without_times());
    }
    let (s1, s2) = (&first.summary, &second.summary);
    assert_eq!(s1.pairings[0].wdl, s2.pairings[0].wdl);
    assert_eq!(
        s1.agents[1].rating.unwrap().elo,
        s2.agents[1].rating.unwrap().elo
    );

    // The games differ from one another (openings and seeded agents) ...
    let mut distinct: Vec<Vec<String>> = first
        .records
        .iter()
        .map(|r| {
            r.opening
                .iter()
                .chain(r.moves.iter().map(|m| &m.mv))
                .cloned()
                .collect()
        })
        .collect();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 100,
        "only {} distinct games",
        distinct.len()
    );
    // ... every opening is played from both sides ...
    for pair in first.records.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].seats, [pair[1].seats[1], pair[1].seats[0]]);
    }
    // ... perfect play loses only openings that were lost already, and beats a random player
    // often.
    let wdl = s1.pairings[0].wdl;
    assert!(wdl.wins > 100, "{wdl:?}");
    for r in &first.records {
        let solver_seat = r.seats.iter().position(|&a| a == 0).unwrap();
        if r.scores[solver_seat] == 0.0 {
            let mut start = TicTacToe::new().from_text(&r.start_position).unwrap();
            assert_ne!(
                start.to_move(),
                solver_seat,
                "solver lost a game it started: {r:?}"
            );
            let mut nodes = 0;
            let value = common::negamax(&mut start, -1.0, 1.0, &mut nodes);
            assert_eq!(
                value, 1.0,
                "the opening {:?} was not lost for the solver",
                r.opening
            );
        }
    }
    assert!(s1.agents[0].rating.unwrap().elo == 0.0 && s1.agents[1].rating.unwrap().elo < -200.0);
    assert!(first
        .records
        .iter()
        .all(|r| r.termination == Termination::Normal));

    // Another random seed plays other games.
    let other = run_tournament(
        &TicTacToe::new(),
        &factory,
        &config(&["solver", "random"], 200, 43),
        &quiet,
    )
    .unwrap();
    assert!(other
        .records
        .iter()
        .zip(&first.records)
        .any(|(a, b)| a.moves != b.moves));
}

#[test]
fn misbehaving_agents_lose_with_their_reason_and_the_tournament_completes() {
    let mut c = config(&["first", "panic", "hang", "illegal", "slow", "none"], 2, 7);
    c.format = Format::Gauntlet;
    c.openings = OpeningSource::StartPosition;
    // An honest move has a whole second (a loaded machine may hold a thread back for a
    // while); `slow` answers after 1.5 s, within the 2 s grace, so it overran; `hang`
    // never answers.
    c.time = TimeControl {
        per_move: Some(Duration::from_millis(100)),
        per_game: None,
        tolerance: Duration::from_millis(900),
        hang_timeout: Duration::from_secs(2),
    };
    let result = run_tournament(&TicTacToe::new(), &factory, &c, &quiet).unwrap();
    assert_eq!(result.records.len(), 5 * 2);
    let expected = [
        ("panic", Termination::Panic, "deliberate failure on move 2"),
        ("hang", Termination::Hang, "did not reply"),
        ("illegal", Termination::IllegalMove, "illegal move"),
        ("slow", Termination::Timeout, "overran"),
        ("none", Termination::NoMove, "no move"),
    ];
    for record in &result.records {
        let bad_seat = record.agents.iter().position(|a| a != "first").unwrap();
        let (_, termination, words) = expected
            .iter()
            .find(|(name, ..)| *name == record.agents[bad_seat])
            .unwrap();
        assert_eq!(record.termination, *termination, "{record:?}");
        assert_eq!(record.offender, Some(bad_seat), "{record:?}");
        assert!(record.reason.contains(words), "{}", record.reason);
        assert!(
            record.reason.contains(&record.agents[bad_seat]),
            "{}",
            record.reason
        );
        assert_eq!(record.scores[bad_seat], 0.0);
        assert_eq!(record.scores[1 - bad_seat], 1.0);
    }
    let honest = &result.summary.agents[0];
    assert_eq!((honest.wdl.wins, honest.wdl.losses), (10, 0));
    for (name, termination, _) in expected {
        let agent = result
            .summary
            .agents
            .iter()
            .find(|a| a.name == name)
            .unwrap();
        assert_eq!(agent.forfeits[termination.as_str()], 2, "{name}");
    }
}

#[test]
fn a_game_clock_is_enforced() {
    // `slow`'s first move alone (1.5 s) is past its whole clock; `first` has a second for
    // its few instant moves.
    let mut c = config(&["first", "slow"], 2, 1);
    c.time.per_game = Some(Duration::from_secs(1));
    c.time.tolerance = Duration::from_millis(100);
    c.time.hang_timeout = Duration::from_secs(2);
    let result = run_tournament(&TicTacToe::new(), &factory, &c, &quiet).unwrap();
    for record in &result.records {
        assert_eq!(record.termination, Termination::Timeout, "{record:?}");
        assert_eq!(record.agents[record.offender.unwrap()], "slow");
    }
}

#[test]
fn a_bad_setup_is_refused_before_any_game() {
    let err = run_tournament(
        &TicTacToe::new(),
        &factory,
        &config(&["first", "nobody"], 2, 1),
        &quiet,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("'nobody'") && err.contains("known:"), "{err}");
    let err = run_tournament(
        &TicTacToe::new(),
        &factory,
        &config(&["first", "explode"], 2, 1),
        &quiet,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("explode") && err.contains("panicked"), "{err}");
    let mut c = config(&["first", "random"], 2, 1);
    c.openings = OpeningSource::Random { plies: 9 };
    let err = run_tournament(&TicTacToe::new(), &factory, &c, &quiet)
        .unwrap_err()
        .to_string();
    assert!(err.contains("random:9"), "{err}");
}

#[test]
fn move_limit_adjudicates_a_draw() {
    let mut c = config(&["first", "random"], 2, 1);
    c.max_plies = 2;
    let result = run_tournament(&TicTacToe::new(), &factory, &c, &quiet).unwrap();
    for record in &result.records {
        assert_eq!(record.termination, Termination::MoveLimit);
        assert_eq!(record.moves.len(), 2);
        assert_eq!(record.scores, [0.5, 0.5]);
    }
}

#[test]
fn an_agent_that_fails_to_build_mid_tournament_forfeits() {
    // Builds fine when checked (rng_seed 0), fails or panics when built for a game.
    let flaky = |spec: &str, rng_seed: u64| -> Result<Box<dyn Agent<TicTacToe>>, String> {
        match spec {
            "refuses" if rng_seed != 0 => Err("out of memory for its table".to_string()),
            "explodes" if rng_seed != 0 => panic!("constructor blew up"),
            "refuses" | "explodes" => factory("first", rng_seed),
            other => factory(other, rng_seed),
        }
    };
    let mut c = config(&["random", "refuses", "explodes"], 2, 3);
    c.format = Format::Gauntlet;
    let result = run_tournament(&TicTacToe::new(), &flaky, &c, &quiet).unwrap();
    assert_eq!(result.records.len(), 4);
    for r in &result.records {
        let seat = r.offender.expect("every game is a forfeit");
        assert!(r.moves.is_empty());
        match r.agents[seat].as_str() {
            "refuses" => {
                assert_eq!(r.termination, Termination::BuildFailed);
                assert!(r.reason.contains("out of memory"), "{}", r.reason);
            }
            "explodes" => {
                assert_eq!(r.termination, Termination::Panic);
                assert!(r.reason.contains("constructor blew up"), "{}", r.reason);
            }
            other => panic!("{other} should not forfeit"),
        }
    }
}
