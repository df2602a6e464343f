//! Every catalog name builds an agent that plays a legal move; bad specs say what is wrong.

use std::time::Duration;

use ply_core::{Game, SearchLimits};
use ply_quoridor::agents::{build_agent, catalog};
use ply_quoridor::Quoridor;

#[test]
fn every_quoridor_agent_plays_legal_moves() {
    let mut state = Quoridor::new(5, 3).unwrap();
    state.play_notation("c4").unwrap();
    for spec in [
        "strongest",
        "default",
        "strongest:time=30ms,filter=false,pseudo=true",
        "seed002",
        "seed002:depth=2",
        "seed004-minimax",
        "seed004-expectimax",
        "seed004-mcts:iterations=30",
        "mcts-paths:time=30ms",
        "alphabeta:depth=3,eval=seed002",
        "greedy:eval=seed004",
    ] {
        let mut agent = build_agent(spec, 1).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let decision = agent
            .select(&state, &SearchLimits::time(Duration::from_millis(300)))
            .unwrap_or_else(|| panic!("{spec} found no move"));
        state
            .check_move(decision.mv)
            .unwrap_or_else(|e| panic!("{spec} chose an illegal move: {e}"));
    }
}

#[test]
fn the_catalog_lists_the_seed_agents_and_evaluators() {
    let names: Vec<String> = catalog().entries().into_iter().map(|e| e.name).collect();
    for name in [
        "strongest",
        "default",
        "seed002",
        "seed004-minimax",
        "seed004-expectimax",
        "seed004-mcts",
        "race",
        "seed004",
    ] {
        assert!(
            names.iter().any(|n| n == name),
            "{name} missing from {names:?}"
        );
    }
    let err = build_agent("strongest:bogus=1", 0).err().unwrap();
    assert!(err.contains("bogus"), "{err}");
    assert!(build_agent("strongest:tt=40", 0).is_err());
}

#[test]
fn strongest_takes_a_won_race() {
    // 5x5, no walls: black is one step from row 1 and moves; it must step there.
    let state = Quoridor::new(5, 0)
        .unwrap()
        .from_text("size=5 walls=0 turn=black black=a2,0 white=e4,0 h= v=")
        .unwrap();
    let mut agent = build_agent("strongest:time=100ms", 0).unwrap();
    let d = agent.select(&state, &SearchLimits::none()).unwrap();
    assert_eq!(state.format_move(d.mv), "a1");
}
