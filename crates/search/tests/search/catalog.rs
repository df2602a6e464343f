//! The spec catalog: good specs build agents that rebuild from their names; bad specs give
//! messages that name the bad part and list what is accepted.

use std::sync::Arc;

use ply_core::{Agent, Game, SearchLimits};
use ply_search::spec::{Catalog, EntryKind, KeyInfo, SpecError};
use ply_search::RandomAgent;
use ply_tictactoe::{CenterCornerOrdering, LineCount, TicTacToe};
use proptest::prelude::*;

fn catalog() -> Catalog<TicTacToe> {
    let mut catalog = Catalog::generic(Arc::new(LineCount));
    catalog.add_ordering(Arc::new(CenterCornerOrdering));
    catalog.add_preset(
        "seed001-alphabeta",
        "seed 001's alpha-beta",
        "alphabeta:depth=9,order=center-corner",
    );
    catalog
}

fn error(spec: &str) -> String {
    match catalog().build(spec, 1) {
        Ok(agent) => panic!("{spec:?} built {}", agent.name()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn good_specs_build_and_play_a_legal_move() {
    let catalog = catalog();
    let state = TicTacToe::from_cells(&[4, 0]).unwrap();
    for spec in [
        "minimax",
        "minimax:depth=2,eval=zero",
        "alphabeta",
        "alphabeta:depth=5,tt=0,id=false,pvs=off,killers=no,history=0",
        "alphabeta:time=20ms,order=center-corner,tt=1",
        "alphabeta:nodes=500",
        "expectimax:depth=2,eval=hash-noise",
        "mcts:iterations=200,c=2,solver=false",
        "mcts:time=10ms,c=0.1,rollout=uniform",
        "greedy",
        "greedy:eval=lines",
        "random",
        "seed001-alphabeta",
        "seed001-alphabeta:depth=3",
        "  AlphaBeta : depth = 3 ",
    ] {
        let mut agent = catalog
            .build(spec, 3)
            .unwrap_or_else(|e| panic!("{spec}: {e}"));
        let decision = agent.select(&state, &SearchLimits::none()).unwrap();
        assert!(state.check_move(decision.mv).is_ok(), "{spec}");
        // The name is a spec that rebuilds an agent with the same name.
        let name = agent.name();
        let rebuilt = catalog
            .build(&name, 3)
            .unwrap_or_else(|e| panic!("{spec} named itself {name:?}: {e}"));
        assert_eq!(rebuilt.name(), name, "{spec}");
    }
}

#[test]
fn preset_keys_are_overridden_by_the_user() {
    let agent = catalog().build("seed001-alphabeta:depth=3", 1).unwrap();
    assert!(agent.name().contains("depth=3"), "{}", agent.name());
    assert!(
        agent.name().contains("order=center-corner"),
        "{}",
        agent.name()
    );
}

#[test]
fn unknown_agent_lists_the_agents() {
    let e = error("alphabet:depth=3");
    assert!(e.contains("'alphabet'"), "{e}");
    for name in [
        "minimax",
        "alphabeta",
        "mcts",
        "random",
        "seed001-alphabeta",
    ] {
        assert!(e.contains(name), "{e}");
    }
}

#[test]
fn unknown_key_lists_the_keys() {
    let e = error("alphabeta:dept=3");
    assert!(e.contains("'dept'") && e.contains("'alphabeta'"), "{e}");
    for key in [
        "depth", "time", "nodes", "eval", "order", "tt", "id", "pvs", "killers", "history",
    ] {
        assert!(e.contains(key), "{e}");
    }
    let e = error("random:depth=3");
    assert!(e.contains("'depth'") && e.contains("none"), "{e}");
}

#[test]
fn bad_values_say_what_is_expected() {
    for (spec, key, hint) in [
        ("minimax:depth=x", "depth", "whole number"),
        ("minimax:depth=0", "depth", "1 to 64"),
        ("alphabeta:time=100", "time", "750ms"),
        ("alphabeta:tt=-1", "tt", "whole number"),
        ("alphabeta:tt=100000", "tt", "0 to 1024"),
        ("alphabeta:pvs=maybe", "pvs", "true or false"),
        ("mcts:c=abc", "c", "number"),
        ("mcts:c=-1", "c", "≥ 0"),
        ("mcts:c=inf", "c", "finite"),
        ("mcts:iterations=0", "iterations", "at least 1"),
    ] {
        let e = error(spec);
        assert!(e.contains(&format!("'{key}'")), "{spec}: {e}");
        assert!(e.contains(hint), "{spec}: {e}");
    }
}

#[test]
fn unknown_evaluator_and_ordering_list_the_known_ones() {
    let e = error("alphabeta:eval=material");
    assert!(
        e.contains("'material'") && e.contains("lines") && e.contains("zero"),
        "{e}"
    );
    let e = error("alphabeta:order=random");
    assert!(e.contains("'random'") && e.contains("center-corner"), "{e}");
    let e = error("mcts:rollout=smart");
    assert!(e.contains("'smart'") && e.contains("uniform"), "{e}");
}

#[test]
fn malformed_specs_are_reported() {
    assert!(error("").contains("empty agent spec"));
    assert!(error("mcts:c").contains("not key=value"));
    assert!(error("mcts:c=1,c=2").contains("twice"));
    assert!(error("mcts:c=").contains("no value"));
}

#[test]
fn custom_agents_and_entries() {
    let mut catalog = catalog();
    const KEYS: &[KeyInfo] = &[KeyInfo::new("flavour", "plain", "a test key")];
    catalog.add_agent(
        "dummy",
        "a random agent in disguise",
        KEYS,
        |params, rng_seed| match params.str("flavour")? {
            "plain" | "spicy" => {
                Ok(Box::new(RandomAgent::<TicTacToe>::new(rng_seed)) as Box<dyn Agent<_>>)
            }
            _ => Err(params.bad_value("flavour", "plain or spicy")),
        },
    );
    assert!(catalog.build("dummy:flavour=spicy", 1).is_ok());
    let e = catalog.build("dummy:flavour=sour", 1).err().unwrap();
    assert!(matches!(e, SpecError::BadValue { .. }), "{e}");
    let entries = catalog.entries();
    let kinds = |kind| entries.iter().filter(|e| e.kind == kind).count();
    assert_eq!(
        kinds(EntryKind::Agent),
        10,
        "6 generic, 3 multi-player, dummy"
    );
    for name in ["paranoid", "maxn", "bestreply"] {
        assert!(entries.iter().any(|e| e.name == name), "{name}");
    }
    assert_eq!(kinds(EntryKind::Preset), 1);
    assert!(kinds(EntryKind::Evaluator) >= 3);
    assert_eq!(kinds(EntryKind::Ordering), 1);
    assert!(catalog.evaluator("lines").is_some());
    assert!(catalog.evaluator("default").is_some());
    assert!(catalog.evaluator("nope").is_none());
}

/// `ply list` states what a search whose spec and command set no limit plays: the agents
/// that would otherwise search without end, and the presets that leave every limit unset.
#[test]
fn entries_state_the_default_budget() {
    let mut catalog = catalog();
    catalog.add_preset(
        "ordered",
        "alpha-beta, ordered",
        "alphabeta:order=center-corner",
    );
    catalog.add_preset("auto", "alpha-beta, depth auto", "alphabeta:depth=auto");
    catalog.add_preset("timed", "mcts with a clock", "mcts:time=10ms");
    let budget_in = |catalog: &Catalog<TicTacToe>, name: &str| {
        let entries = catalog.entries();
        let entry = entries.iter().find(|e| e.name == name).unwrap();
        entry.budget.clone()
    };
    let budget = |name: &str| budget_in(&catalog, name);
    assert_eq!(budget("alphabeta").as_deref(), Some("depth=6"));
    assert_eq!(budget("mcts").as_deref(), Some("iterations=10000"));
    for name in ["paranoid", "maxn", "bestreply"] {
        assert_eq!(budget(name).as_deref(), Some("depth=4"), "{name}");
    }
    // A depth key of their own bounds these; greedy and random do not search.
    for name in ["minimax", "expectimax", "greedy", "random"] {
        assert_eq!(budget(name), None, "{name}");
    }
    assert_eq!(budget("ordered").as_deref(), Some("depth=6"));
    assert_eq!(budget("auto").as_deref(), Some("depth=6"));
    assert_eq!(budget("seed001-alphabeta"), None, "it sets depth=9");
    assert_eq!(budget("timed"), None);
    assert!(catalog.set_default_budget("mcts", "iterations=5"));
    assert_eq!(budget_in(&catalog, "mcts").as_deref(), Some("iterations=5"));
    assert!(!catalog.set_default_budget("nobody", "depth=1"));
}

#[test]
fn catalog_agents_see_evaluators_added_after_them() {
    let mut catalog = Catalog::generic(Arc::new(LineCount));
    const KEYS: &[KeyInfo] = &[KeyInfo::new("eval", "default", "evaluator")];
    catalog.add_catalog_agent(
        "late",
        "looks its evaluator up when built",
        KEYS,
        |c, p, _| {
            let eval = c.evaluator_for(p)?;
            Ok(Box::new(ply_search::Minimax::new(eval).depth(2)) as Box<dyn Agent<_>>)
        },
    );
    /// An evaluator registered after the agent.
    struct Late;
    impl ply_core::Evaluator<TicTacToe> for Late {
        fn name(&self) -> &str {
            "late-eval"
        }
        fn evaluate(&self, _: &TicTacToe, _: usize) -> i32 {
            7
        }
    }
    catalog.add_evaluator(Arc::new(Late));
    let agent = catalog.build("late:eval=late-eval", 1).unwrap();
    assert!(agent.name().contains("eval=late-eval"), "{}", agent.name());
    let e = catalog
        .build("late:eval=nope", 1)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("late-eval") && e.contains("'nope'"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_specs_never_panic(spec in "[a-z:=,. 0-9-]{0,40}") {
        let _ = catalog().build(&spec, 1);
    }

    #[test]
    fn random_keys_on_real_agents_never_panic(
        agent in prop::sample::select(vec!["minimax", "alphabeta", "expectimax", "mcts", "greedy", "random"]),
        key in prop::sample::select(vec!["depth", "time", "nodes", "eval", "order", "tt", "id", "c", "iterations", "solver", "x"]),
        value in "[a-z0-9.-]{1,8}",
    ) {
        let spec = format!("{agent}:{key}={value}");
        if let Ok(mut built) = catalog().build(&spec, 1) {
            // Whatever builds must still play (with a small budget: a spec may ask for depth 64).
            let limits = SearchLimits { nodes: Some(2000), iterations: Some(200), ..SearchLimits::none() };
            let state = TicTacToe::new();
            let d = built.select(&state, &limits).unwrap();
            prop_assert!(state.check_move(d.mv).is_ok());
        }
    }
}
