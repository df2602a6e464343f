//! The arena's promise: a tournament is reproducible from its rng_seed. 200 games of Connect Four
//! between agents bounded by depth and playouts (never by the clock), from random openings,
//! two at a time, played twice with one random seed, leave the same `games.jsonl` but for times;
//! another rng_seed plays other games.

use std::path::{Path, PathBuf};

use ply_arena::{
    run_tournament, write_outputs, GameRecord, OpeningSource, TournamentConfig, TournamentResult,
};
use ply_connect4::{catalog, Connect4};

/// Seed 001's alpha-beta cut to 4 plies, and MCTS with 300 playouts a move: both seeded,
/// neither reads the clock.
const AGENTS: [&str; 2] = ["seed001-alphabeta:depth=4", "mcts:iterations=300"];

fn tournament(rng_seed: u64) -> TournamentResult {
    let mut config = TournamentConfig::new(AGENTS.map(String::from).to_vec());
    config.games_per_pairing = 200;
    config.openings = OpeningSource::Random { plies: 4 };
    config.concurrency = 2;
    config.rng_seed = rng_seed;
    run_tournament(
        &Connect4::standard(),
        &catalog(),
        &config,
        &|_: &GameRecord| {},
    )
    .unwrap()
}

/// A fresh folder under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-determinism-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `games.jsonl` as written, each game with its times zeroed.
fn games_without_times(dir: &Path) -> Vec<GameRecord> {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|line| {
            serde_json::from_str::<GameRecord>(line)
                .unwrap()
                .without_times()
        })
        .collect()
}

#[test]
fn a_200_game_connect4_tournament_replays_exactly_from_its_seed() {
    let (first, second) = (tournament(2026), tournament(2026));
    assert_eq!(first.records.len(), 200);

    let (a, b) = (scratch("first"), scratch("second"));
    write_outputs(&first, &a).unwrap();
    write_outputs(&second, &b).unwrap();
    let (games_a, games_b) = (games_without_times(&a), games_without_times(&b));
    assert_eq!(games_a.len(), 200);
    for (x, y) in games_a.iter().zip(&games_b) {
        // Moves, what the agents said of them, results and reasons: all the same.
        assert_eq!(
            x, y,
            "game {} differs between two runs of one rng_seed",
            x.index
        );
    }
    assert_eq!(
        first.summary.pairings[0].wdl,
        second.summary.pairings[0].wdl
    );

    // The games are not one game repeated: openings and seeded agents vary them.
    let mut distinct: Vec<Vec<&str>> = games_a
        .iter()
        .map(|g| g.moves.iter().map(|m| m.mv.as_str()).collect())
        .collect();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 150,
        "only {} distinct games",
        distinct.len()
    );

    // Another random seed, other games.
    let other = tournament(2027);
    let changed = other
        .records
        .iter()
        .zip(&first.records)
        .filter(|(x, y)| x.opening != y.opening || x.moves != y.moves)
        .count();
    assert!(
        changed > 150,
        "only {changed} of 200 games changed with the rng_seed"
    );

    for dir in [a, b] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}
