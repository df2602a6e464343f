//! The limits of `Connect4::new` and what every evaluator and agent does at them: the
//! widest, tallest and longest-line boards it accepts, and the settings just past them.

use std::time::Duration;

use ply_connect4::{catalog, Connect4, MAX_BOARD_BITS, MAX_HEIGHT, MAX_K, MAX_WIDTH};
use ply_core::{Game, GameError, SearchLimits};
use ply_search::spec::EntryKind;

fn setting_error(width: usize, height: usize, k: usize) -> (String, String) {
    match Connect4::new(width, height, k).unwrap_err() {
        err @ GameError::Setting { .. } => {
            let GameError::Setting { ref setting, .. } = err else {
                unreachable!()
            };
            (setting.clone(), err.to_string())
        }
        other => panic!("{width}x{height} k={k}: not a setting error: {other}"),
    }
}

#[test]
fn huge_dimensions_are_refused_with_the_allowed_range() {
    // width·(height+1) used to wrap to a small number and pass.
    let (setting, err) = setting_error(7, usize::MAX, 4);
    assert_eq!(setting, "height", "{err}");
    assert!(err.contains(&usize::MAX.to_string()), "{err}");
    assert!(err.contains(&format!("1 to {MAX_HEIGHT}")), "{err}");
    let (setting, err) = setting_error(usize::MAX, 6, 4);
    assert_eq!(setting, "width", "{err}");
    assert!(err.contains(&format!("1 to {MAX_WIDTH}")), "{err}");
    let (setting, err) = setting_error(7, 6, usize::MAX);
    assert_eq!(setting, "k", "{err}");
    assert!(err.contains("3 to 7"), "{err}");
    let (setting, err) = setting_error(7, MAX_HEIGHT + 1, 4);
    assert_eq!(setting, "height", "{err}");
    // Within each range, but too many cells together.
    let (setting, err) = setting_error(36, 7, 4);
    assert_eq!(setting, "width x height", "{err}");
    assert!(err.contains(&MAX_BOARD_BITS.to_string()), "{err}");
    assert!(err.contains("1 to 6 rows"), "{err}");
    for k in [0, 1, 2] {
        let (setting, err) = setting_error(7, 6, k);
        assert_eq!(setting, "k", "{err}");
        assert!(err.contains("at least 3"), "{err}");
    }
    // Boards where no line of 3 fits name the board, not an empty range of k ("3 to 2").
    for (width, height) in [(2, 1), (1, 2), (2, 2), (1, 1)] {
        for k in [0, 3, 4] {
            let (setting, err) = setting_error(width, height, k);
            assert_eq!(setting, "width x height", "{err}");
            assert!(err.contains(&format!("{width}x{height}")), "{err}");
            assert!(err.contains("at least 3"), "{err}");
            assert!(!err.contains("3 to 2") && !err.contains("3 to 1"), "{err}");
        }
    }
}

#[test]
fn a_board_too_small_for_the_standard_k_is_named_when_k_was_not_given() {
    let err = Connect4::from_options(Some(1), Some(3), None).unwrap_err();
    let GameError::Setting { ref setting, .. } = err else {
        panic!("not a setting error: {err}")
    };
    assert_eq!(setting, "width x height", "{err}");
    assert!(err.to_string().contains("'1x3'"), "{err}");
    assert!(err.to_string().contains("choose k = 3"), "{err}");
    // Given explicitly, k is the setting at fault.
    let err = Connect4::from_options(Some(1), Some(3), Some(4)).unwrap_err();
    assert!(
        matches!(err, GameError::Setting { ref setting, .. } if setting == "k"),
        "{err}"
    );
    // Missing settings take the standard values.
    let standard = Connect4::from_options(None, None, None).unwrap();
    assert_eq!(standard, Connect4::new(7, 6, 4).unwrap());
    assert!(Connect4::from_options(Some(1), Some(3), Some(3)).is_ok());
}

/// The extreme boards `Connect4::new` accepts: widest (36 columns, the most rows they allow,
/// the longest line), tallest (one column of 255), the longest line, the shortest line.
fn extreme_variants() -> Vec<Connect4> {
    [
        (MAX_WIDTH, MAX_BOARD_BITS / MAX_WIDTH - 1, MAX_WIDTH),
        (MAX_WIDTH, 6, 17),
        (MAX_WIDTH, 6, 3),
        (1, MAX_HEIGHT, MAX_K),
        (1, MAX_HEIGHT, 3),
        (4, 63, 63),
        (4, 63, 17),
        (16, 15, 16),
        (7, 6, 3),
        (3, 3, 3),
    ]
    .into_iter()
    .map(|(w, h, k)| {
        Connect4::new(w, h, k).unwrap_or_else(|e| panic!("{w}x{h} k={k} is accepted: {e}"))
    })
    .collect()
}

/// A few positions of each extreme board: empty, a few moves in, and one where the first
/// player fills a column's bottom cells.
fn positions(start: &Connect4) -> Vec<Connect4> {
    let mut out = vec![start.clone()];
    let mut state = start.clone();
    let mut moves = Vec::new();
    for i in 0..12 {
        state.legal_moves(&mut moves);
        let Some(&mv) = moves.get(i * 7 % moves.len().max(1)) else {
            break;
        };
        state.play(mv);
        out.push(state.clone());
    }
    out
}

#[test]
fn every_evaluator_works_on_the_extreme_boards() {
    let catalog = catalog();
    let evaluators: Vec<String> = catalog
        .entries()
        .into_iter()
        .filter(|e| e.kind == EntryKind::Evaluator)
        .map(|e| e.name)
        .collect();
    assert!(evaluators.len() >= 2, "{evaluators:?}");
    for start in extreme_variants() {
        for state in positions(&start) {
            for name in &evaluators {
                let ev = catalog.evaluator(name).unwrap();
                let a = ev.evaluate(&state, 0);
                let b = ev.evaluate(&state, 1);
                if name != "hash-noise" {
                    assert_eq!(a, -b, "{name} on {} is zero-sum", state.variant());
                }
            }
        }
    }
}

#[test]
fn every_agent_moves_on_the_extreme_boards() {
    let catalog = catalog();
    let agents: Vec<String> = catalog
        .entries()
        .into_iter()
        .filter(|e| matches!(e.kind, EntryKind::Agent | EntryKind::Preset))
        .map(|e| e.name)
        .collect();
    assert!(agents.iter().any(|a| a == "perfect"), "{agents:?}");
    let limits = SearchLimits {
        depth: Some(2),
        nodes: Some(2_000),
        iterations: Some(50),
        time: Some(Duration::from_millis(10)),
        ..SearchLimits::default()
    };
    for start in extreme_variants() {
        let state = positions(&start).swap_remove(3);
        for name in &agents {
            // Agents for three players or more refuse two-player games when built or
            // asked; either way they must not panic.
            let Ok(mut agent) = catalog.build(name, 7) else {
                continue;
            };
            if let Some(decision) = agent.select(&state, &limits) {
                assert!(
                    state.check_move(decision.mv).is_ok(),
                    "{name} on {}: illegal move {}",
                    state.variant(),
                    decision.mv
                );
            }
        }
    }
}

/// The solver read the clock every 16,384 nodes everywhere; with lines of 63 on a 256-bit
/// board that is seconds, so `perfect:time=10ms` took about 3 s to move.
#[test]
fn perfect_keeps_its_time_budget_on_long_lines() {
    let catalog = catalog();
    for (w, h, k) in [(4, 63, 63), (MAX_WIDTH, 6, MAX_WIDTH)] {
        let state = Connect4::new(w, h, k).unwrap().after("1212").unwrap();
        let mut agent = catalog.build("perfect:time=10ms", 1).unwrap();
        let clock = std::time::Instant::now();
        let decision = agent.select(&state, &SearchLimits::none()).unwrap();
        // Ten milliseconds asked; a full second allows for any slow machine.
        assert!(
            clock.elapsed() < Duration::from_secs(1),
            "{w}x{h} k={k}: {:?}",
            clock.elapsed()
        );
        assert!(state.check_move(decision.mv).is_ok());
    }
}
