//! Every fuzz target for `PLY_FUZZ_INPUTS` inputs (20,000 by default, 100,000 in CI): no panic, errors that
//! name their input, state unchanged after an error. A failure prints the inputs that show it.

use ply_fuzz::targets::by_name;
use ply_fuzz::{inputs_per_target, run, run_seed, RunConfig};

fn fuzz(name: &str) {
    let mut target = by_name(name).unwrap_or_else(|| panic!("no target {name}"));
    let report = run(
        target.as_mut(),
        RunConfig::new(inputs_per_target(), run_seed()),
    );
    let findings: Vec<String> = report
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
    assert!(findings.is_empty(), "{name}:\n{}", findings.join("\n"));
    assert_eq!(report.inputs, inputs_per_target());
    assert!(
        report.distinct_outcomes > 1,
        "{name}: every input had the same outcome; the target tests nothing"
    );
}

macro_rules! targets {
    ($($test:ident => $name:literal,)*) => {
        $(#[test] fn $test() { fuzz($name); })*

        #[test]
        fn every_target_has_a_test() {
            let tested = [$($name),*];
            assert_eq!(tested.as_slice(), ply_fuzz::targets::NAMES);
        }
    };
}

targets! {
    duration => "duration",
    spec_tictactoe => "spec-tictactoe",
    spec_connect4 => "spec-connect4",
    spec_quoridor => "spec-quoridor",
    spec_halma => "spec-halma",
    moves_tictactoe => "moves-tictactoe",
    moves_gomoku => "moves-gomoku",
    moves_mnk_7x4 => "moves-mnk-7x4",
    moves_connect4 => "moves-connect4",
    moves_quoridor => "moves-quoridor",
    moves_quoridor_4p => "moves-quoridor-4p",
    moves_halma => "moves-halma",
    moves_halma_3p => "moves-halma-3p",
    moves_halma_star121 => "moves-halma-star121",
    position_tictactoe => "position-tictactoe",
    position_gomoku => "position-gomoku",
    position_connect4 => "position-connect4",
    position_quoridor => "position-quoridor",
    position_quoridor_4p => "position-quoridor-4p",
    position_halma => "position-halma",
    connect4_sequence => "connect4-sequence",
    connect4_testset => "connect4-testset",
    flags => "flags",
    play => "play",
    qtp => "qtp",
    engine_tictactoe => "engine-tictactoe",
    engine_gomoku => "engine-gomoku",
    engine_connect4 => "engine-connect4",
    halma_json => "halma-json",
    ccp => "ccp",
    http => "http",
    arena_resume => "arena-resume",
    records_connect4 => "records-connect4",
    records_halma => "records-halma",
}
