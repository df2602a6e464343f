//! Every fuzz target for `PLY_FUZZ_INPUTS` inputs (20,000 by default; CI runs 80,000 more with
//! `PLY_FUZZ_SEED=2`): no panic, errors that name their input, state unchanged after an error.
//! A failure prints the inputs that show it.
//!
//! The front ends' targets have a test each; the per-game targets, made for every registered
//! game and variant, have a test per kind that runs them all.

use ply_fuzz::targets::games::{self, KINDS};
use ply_fuzz::targets::{by_name, names, FRONT_END};
use ply_fuzz::{inputs_per_target, run, run_seed, RunConfig};

/// What is wrong with target `name` after a run, if anything.
fn problems(name: &str) -> Option<String> {
    let mut target = by_name(name).unwrap_or_else(|| panic!("no target {name}"));
    let report = run(
        target.as_mut(),
        RunConfig::new(inputs_per_target(), run_seed()),
    );
    let mut problems: Vec<String> = report
        .findings
        .iter()
        .map(|f| {
            format!(
                "input {:?}: {}",
                String::from_utf8_lossy(&f.input),
                f.problem
            )
        })
        .collect();
    if problems.is_empty() && report.inputs != inputs_per_target() {
        problems.push(format!("ran {} inputs", report.inputs));
    }
    if report.distinct_outcomes <= 1 {
        problems.push("every input had the same outcome; the target tests nothing".into());
    }
    (!problems.is_empty()).then(|| format!("{name}:\n{}", problems.join("\n")))
}

fn fuzz(name: &str) {
    if let Some(problems) = problems(name) {
        panic!("{problems}");
    }
}

/// The per-game targets of `kind`: every game, every variant, each run whatever the others
/// found.
fn fuzz_kind(kind: &str) {
    let prefix = format!("{kind}-");
    let found: Vec<String> = games::names()
        .iter()
        .filter(|name| name.starts_with(&prefix))
        .filter_map(|name| problems(name))
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n\n"));
}

macro_rules! targets {
    ($($test:ident => $name:literal,)*) => {
        $(#[test] fn $test() { fuzz($name); })*

        #[test]
        fn every_target_has_a_test() {
            let tested = [$($name),*];
            assert_eq!(tested.as_slice(), FRONT_END);
            let generated = games::names();
            let others: Vec<String> =
                names().into_iter().filter(|n| !generated.contains(n)).collect();
            assert_eq!(others, FRONT_END);
            assert!(generated.len() >= 4 * ply_registry::GameId::ALL.len());
        }
    };
}

targets! {
    duration => "duration",
    spec_policy => "spec-policy",
    connect4_sequence => "connect4-sequence",
    connect4_testset => "connect4-testset",
    flags => "flags",
    play => "play",
    qtp => "qtp",
    halma_json => "halma-json",
    ccp => "ccp",
    http => "http",
    arena_resume => "arena-resume",
    files => "files",
    contents => "contents",
}

#[test]
fn agent_specs_of_every_game() {
    fuzz_kind("spec");
}

#[test]
fn moves_of_every_game_and_variant() {
    fuzz_kind("moves");
}

#[test]
fn positions_of_every_game_and_variant() {
    fuzz_kind("position");
}

#[test]
fn records_of_every_game_and_variant() {
    fuzz_kind("records");
}

#[test]
fn text_engines_of_every_game_and_variant() {
    fuzz_kind("engine");
}

/// The same seed gives the same run: the per-game targets (one of each kind here) are
/// derived in a fixed order.
#[test]
fn a_run_repeats_with_its_seed() {
    let report = |name: &str| {
        let mut target = by_name(name).unwrap();
        let r = run(target.as_mut(), RunConfig::new(3000, 5));
        (r.inputs, r.distinct_outcomes, r.corpus, r.findings.len())
    };
    let names = games::names();
    for kind in KINDS {
        let name = names
            .iter()
            .find(|n| n.starts_with(&format!("{kind}-")))
            .unwrap();
        assert_eq!(report(name), report(name), "{name}");
    }
}
