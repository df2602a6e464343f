//! The default budget: a search whose spec and command set no limit plays a bounded search
//! (issue 39, row 12), and `ply list` says what that search is.

use super::{ply, stderr, stdout};

/// The first command a user tries: both agents without a limit. Each used to search
/// without end under the arena's stop flag and forfeit on the 60 s safety limit.
#[test]
fn an_arena_of_agents_without_limits_plays_real_games() {
    let out = ply(
        &[
            "arena",
            "connect4",
            "--agents",
            "alphabeta;mcts",
            "--games",
            "2",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let result: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let summary = &result["summary"];
    assert_eq!(summary["games"], 2, "{summary}");
    assert_eq!(summary["terminations"], serde_json::json!({ "normal": 2 }));
    for agent in summary["agents"].as_array().unwrap() {
        assert!(agent["forfeits"].as_object().unwrap().is_empty(), "{agent}");
        // Both sides moved in each game, searching their whole budget.
        assert!(agent["moves"].as_u64().unwrap() >= 6, "{agent}");
    }
    let depth = |name: &str| {
        let agents = summary["agents"].as_array().unwrap();
        let agent = agents.iter().find(|a| a["name"] == name).unwrap();
        agent["mean_depth"].as_f64().unwrap()
    };
    assert!(depth("alphabeta") <= 6.0, "{summary}");
}

#[test]
fn list_states_each_searchs_default_budget() {
    let out = ply(&["list", "connect4"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("set no limit (depth, time, nodes, iterations, sims)"),
        "{text}"
    );
    // An agent's line starts with four spaces, the lines of its keys with more.
    let budget_line = |agent: &str| {
        let mut lines = text.lines();
        lines.find(|l| l.starts_with(&format!("    {agent} ")))?;
        lines
            .take_while(|l| l.starts_with("     "))
            .map(str::trim)
            .find(|l| l.starts_with("default budget:"))
            .map(str::to_string)
    };
    assert_eq!(
        budget_line("alphabeta").as_deref(),
        Some("default budget: depth=6")
    );
    assert_eq!(
        budget_line("mcts").as_deref(),
        Some("default budget: iterations=10000")
    );
    assert_eq!(budget_line("minimax"), None, "its depth=4 bounds it");
    let help = ply(&["arena", "connect4", "--help"], "");
    assert!(
        stdout(&help).contains("default budget"),
        "{}",
        stdout(&help)
    );
}
