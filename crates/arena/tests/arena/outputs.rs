//! A tournament through the real agent catalog, written out as files.

use std::path::PathBuf;
use std::sync::Arc;

use ply_arena::{
    run_tournament, write_outputs, GameRecord, OpeningSource, SprtConfig, TournamentConfig,
};
use ply_search::spec::Catalog;
use ply_tictactoe::{CenterCornerOrdering, LineCount, TicTacToe};

fn catalog() -> Catalog<TicTacToe> {
    let mut catalog = Catalog::generic(Arc::new(LineCount));
    catalog.add_ordering(Arc::new(CenterCornerOrdering));
    catalog
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn catalog_agents_play_and_every_output_is_written() {
    let mut config = TournamentConfig::new(vec![
        "alphabeta:depth=9".into(),
        "random".into(),
        "greedy".into(),
    ]);
    config.games_per_pairing = 20;
    config.concurrency = 2;
    config.openings = OpeningSource::StartPosition;
    config.anchor = Some("random".into());
    config.sprt = Some(SprtConfig::new("alphabeta:depth=9", "random", 0.0, 100.0));
    let result =
        run_tournament(&TicTacToe::new(), &catalog(), &config, &|_: &GameRecord| {}).unwrap();
    assert_eq!(result.records.len(), 3 * 20);

    // Perfect play from the start never loses.
    let perfect = &result.summary.agents[0];
    assert_eq!(perfect.wdl.losses, 0, "{:?}", perfect.wdl);
    assert!(
        perfect.mean_nodes > 0.0 && perfect.mean_depth > 0.0,
        "search info is kept"
    );
    assert_eq!(result.summary.anchor, "random");
    assert_eq!(result.summary.agents[1].rating.unwrap().elo, 0.0);
    assert!(perfect.rating.unwrap().elo > 0.0);
    let sprt = result.summary.sprt.as_ref().unwrap();
    assert_eq!(sprt.all_games.games, 20);

    let dir = scratch_dir("outputs");
    let files = write_outputs(&result, &dir).unwrap();
    let games = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let read: Vec<GameRecord> = games
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Times may lose their last bit in JSON; everything else reads back exactly.
    assert_eq!(read.len(), result.records.len());
    assert!(read
        .iter()
        .zip(&result.records)
        .all(|(a, b)| a.without_times() == b.without_times()));
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["summary"]["games"], 60);
    assert_eq!(summary["config"]["agents"][0], "alphabeta:depth=9");
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    for heading in [
        "## Ratings",
        "## Pairings",
        "## SPRT",
        "## Time and search per agent",
    ] {
        assert!(report.contains(heading), "report lacks {heading}");
    }
    assert!(report.contains("`alphabeta:depth=9`"));
    if files.skipped.is_empty() {
        for name in ["ratings", "score_vs_time", "time_per_move"] {
            for ext in ["svg", "png"] {
                let path = dir.join(format!("{name}.{ext}"));
                let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
                assert!(len > 1000, "{} is missing or tiny", path.display());
            }
        }
        let svg = std::fs::read_to_string(dir.join("ratings.svg")).unwrap();
        assert!(
            svg.contains("alphabeta:depth=9"),
            "agent names label the axis"
        );
    } else {
        // Only a missing font may stop the plots, and the reason says how to fix it.
        assert!(files.skipped[0].contains("PLY_FONT"), "{:?}", files.skipped);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Agents that keep to their time are never forfeited, even with a tight clock.
#[test]
fn time_limited_agents_keep_to_the_clock() {
    let mut config = TournamentConfig::new(vec!["mcts".into(), "alphabeta:depth=9".into()]);
    config.games_per_pairing = 10;
    config.concurrency = 2;
    config.openings = OpeningSource::Random { plies: 2 };
    config.time.per_move = Some(std::time::Duration::from_millis(20));
    // Room for a loaded machine to hold a thread back: the test is that an agent keeping to
    // its clock is never forfeited, not how fast the machine is; a runaway agent would
    // still be caught.
    config.time.tolerance = std::time::Duration::from_secs(2);
    let result =
        run_tournament(&TicTacToe::new(), &catalog(), &config, &|_: &GameRecord| {}).unwrap();
    for r in &result.records {
        assert!(r.offender.is_none(), "{}", r.reason);
        for m in &r.moves {
            assert!(m.time_ms < 20.0 + 2000.0, "{m:?}");
        }
    }
    let mcts = &result.summary.agents[0];
    assert!(mcts.mean_iterations > 0.0, "playouts are recorded");
}
