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
        "strongest:time=30ms,filter=near",
        "strongest:time=30ms,filter=all,reduce=false",
        "strongest-v1:time=30ms",
        "strongest-v2:time=30ms",
        "strongest-v3:time=30ms",
        "strongest-v4:time=30ms",
        "strongest:time=30ms,weights=100/50/120/8/10/50/5000/100/0/0/0",
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
    let err = build_agent("strongest:filter=some", 0).err().unwrap();
    assert!(
        err.contains("filter") && err.contains("some") && err.contains("auto, near"),
        "{err}"
    );
    for baseline in [
        "strongest-v1",
        "strongest-v2",
        "strongest-v3",
        "strongest-v4",
        "strongest-v5",
    ] {
        assert!(names.iter().any(|n| n == baseline), "{names:?}");
    }
    assert!(build_agent("strongest:tt=40", 0).is_err());
    for bad in ["wide=0", "wide=65", "wide=-2", "wide=x", "wide=99999999999"] {
        let err = build_agent(&format!("strongest:{bad}"), 0).err().unwrap();
        assert!(
            err.contains("wide") && err.contains("1 to 64"),
            "{bad}: {err}"
        );
    }
    for good in ["wide=3", "wide=auto", "wide=AUTO", "wide=auto,rfrom=wide"] {
        assert!(
            build_agent(&format!("strongest:{good}"), 0).is_ok(),
            "{good}"
        );
    }
    for bad in [
        "rfrom=0",
        "rfrom=65",
        "rfrom=-1",
        "rfrom=early",
        "rfrom=99999999999999999999",
        "guard=maybe",
    ] {
        let err = build_agent(&format!("strongest:{bad}"), 0).err().unwrap();
        let key = bad.split('=').next().unwrap();
        assert!(err.contains(key), "{bad}: {err}");
        if key == "rfrom" {
            assert!(err.contains("1 to 64, or wide"), "{bad}: {err}");
        }
    }
    for good in ["rfrom=wide", "rfrom=3", "guard=true"] {
        assert!(
            build_agent(&format!("strongest:{good}"), 0).is_ok(),
            "{good}"
        );
    }
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

/// `strongest`'s table is bounded (2^28 entries took gigabytes and could abort the process)
/// and declares its memory, so `ply serve --max-search-mb` can refuse a spec before building it.
#[test]
fn strongest_table_is_bounded_and_its_memory_declared() {
    let catalog = catalog();
    let error = catalog
        .build("strongest:tt=25", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("tt") && error.contains("0 to 24"), "{error}");
    assert!(catalog.build("strongest:tt=24", 1).is_ok());
    // Without a table only the move lists remain: a few MiB per thread.
    let lists = catalog.table_bytes("strongest:tt=0").unwrap();
    assert!(lists > 0 && lists < 4 << 20, "{lists}");
    assert_eq!(
        catalog.table_bytes("strongest:tt=0,threads=3").unwrap(),
        3 * lists
    );
    let default = catalog.table_bytes("strongest").unwrap();
    assert!(default >= 1 << 20, "2^20 entries: {default} bytes");
    assert!(catalog.table_bytes("default").unwrap() == default);
    let largest = catalog.table_bytes("strongest:tt=24").unwrap();
    assert!(largest > 10 * default && largest < 1 << 30, "{largest}");
    assert!(catalog.table_bytes("strongest:tt=99").is_err());
}

/// `threads=N` searches on N threads that share the table: the spec is checked, the memory
/// counts each thread's evaluation cache, and the threads together find the same proven
/// wins as one thread (a proven value is exact however the table was filled).
#[test]
fn strongest_on_two_threads_finds_the_same_wins() {
    let catalog = catalog();
    for bad in ["threads=0", "threads=65", "threads=-1", "threads=two"] {
        let error = build_agent(&format!("strongest:{bad}"), 0).err().unwrap();
        assert!(
            error.contains("threads") && error.contains("1 to 64"),
            "{error}"
        );
    }
    assert!(build_agent("strongest:threads=auto", 0).is_ok());
    let one = catalog.table_bytes("strongest:threads=1").unwrap();
    let two = catalog.table_bytes("strongest:threads=2").unwrap();
    assert!(two > one, "{two} > {one}");

    // 5x5 with one wall each: black to move, two steps from its goal, white three.
    let state = Quoridor::new(5, 1)
        .unwrap()
        .from_text("size=5 walls=1 turn=black black=c3,1 white=c2,1 h= v=")
        .unwrap();
    let decide = |spec: &str| {
        let mut agent = build_agent(spec, 0).unwrap();
        agent.select(&state, &SearchLimits::none()).unwrap()
    };
    let single = decide("strongest:depth=7,nodes=none,time=60s");
    assert!(
        ply_core::eval::is_proven(single.value as i32),
        "a forced result: {}",
        single.value
    );
    for _ in 0..5 {
        let double = decide("strongest:depth=7,nodes=none,time=60s,threads=2");
        assert!(double.nodes > 0 && double.depth >= 1);
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        assert!(legal.contains(&double.mv));
        assert_eq!(
            double.value,
            single.value,
            "{}",
            state.format_move(double.mv)
        );
    }
}
