//! Every exact search returns plain minimax's root value, and plays one of minimax's best
//! moves, on random tic-tac-toe positions at every depth 1..=6, under the real evaluator
//! and under hash noise (ties and odd values), with every combination of alpha-beta's
//! options.

use crate::common;

use std::sync::Arc;

use ply_core::{Agent, Evaluator, Game, SearchLimits};
use ply_search::alphabeta::{AlphaBeta, AlphaBetaOptions, TranspositionTable};
use ply_search::{Expectimax, Minimax};
use ply_tictactoe::{CenterCornerOrdering, LineCount, TicTacToe};

const POSITIONS_PER_DEPTH: usize = 200;

#[derive(Debug, Clone, Copy)]
enum TableKind {
    None,
    /// Plenty of room.
    Large,
    /// Two buckets: constant collisions and replacements.
    Tiny,
}

/// Alpha-beta under every combination of its switches.
fn alphabeta_variants(
    evaluator: &Arc<dyn Evaluator<TicTacToe>>,
) -> Vec<(String, Box<dyn Agent<TicTacToe>>)> {
    let mut variants = Vec::new();
    for bits in 0..32u32 {
        for table in [TableKind::None, TableKind::Large, TableKind::Tiny] {
            let options = AlphaBetaOptions {
                iterative_deepening: bits & 1 != 0,
                pvs: bits & 2 != 0,
                killers: bits & 4 != 0,
                history: bits & 8 != 0,
                ..AlphaBetaOptions::default()
            };
            let ordered = bits & 16 != 0;
            let label = format!("{options:?} ordered={ordered} table={table:?}");
            let mut agent = AlphaBeta::new(evaluator.clone()).options(options);
            if ordered {
                agent = agent.ordering(Arc::new(CenterCornerOrdering));
            }
            let boxed: Box<dyn Agent<TicTacToe>> = match table {
                TableKind::None => Box::new(agent),
                TableKind::Large => {
                    Box::new(agent.with_table(TranspositionTable::with_buckets(1 << 12)))
                }
                TableKind::Tiny => Box::new(agent.with_table(TranspositionTable::with_buckets(2))),
            };
            variants.push((label, boxed));
        }
    }
    variants
}

/// Alpha-beta in every configuration against minimax, under the `e`th evaluator, on the
/// random positions of each depth whose index has parity `half` (the work is split in four
/// tests so the test harness runs them side by side).
fn alphabeta_in_every_configuration_agrees_with_minimax(e: usize, half: usize) {
    let evaluator = common::evaluators().swap_remove(e);
    let minimax = Minimax::new(evaluator.clone());
    let mut variants = alphabeta_variants(&evaluator);
    for depth in 1..=6u32 {
        let positions =
            common::random_positions(POSITIONS_PER_DEPTH, 1000 * e as u64 + u64::from(depth));
        for state in positions.iter().skip(half).step_by(2) {
            let (expected, _) = minimax.value(state, depth);
            let move_values = minimax.move_values(state, depth);
            for (label, agent) in &mut variants {
                agent.new_game();
                let d = agent.select(state, &SearchLimits::depth(depth)).unwrap();
                assert_eq!(
                    d.value,
                    f64::from(expected),
                    "{} depth {depth} {label} on {}",
                    evaluator.name(),
                    state.to_text()
                );
                let chosen = move_values.iter().find(|(m, _)| *m == d.mv).unwrap().1;
                assert_eq!(
                    chosen,
                    expected,
                    "{} depth {depth} {label} on {}: move {} is not among the best",
                    evaluator.name(),
                    state.to_text(),
                    state.format_move(d.mv)
                );
                assert_eq!(d.pv.first(), Some(&d.mv), "{label}");
            }
        }
    }
}

#[test]
fn alphabeta_agrees_with_minimax_under_the_real_evaluator_even_positions() {
    alphabeta_in_every_configuration_agrees_with_minimax(0, 0);
}

#[test]
fn alphabeta_agrees_with_minimax_under_the_real_evaluator_odd_positions() {
    alphabeta_in_every_configuration_agrees_with_minimax(0, 1);
}

#[test]
fn alphabeta_agrees_with_minimax_under_hash_noise_even_positions() {
    alphabeta_in_every_configuration_agrees_with_minimax(1, 0);
}

#[test]
fn alphabeta_agrees_with_minimax_under_hash_noise_odd_positions() {
    alphabeta_in_every_configuration_agrees_with_minimax(1, 1);
}

#[test]
fn minimax_agent_and_reference_agree_and_the_third_evaluator_too() {
    for evaluator in common::evaluators() {
        let mut agent = Minimax::new(evaluator.clone()).depth(4);
        let reference = Minimax::new(evaluator.clone());
        let mut alphabeta = AlphaBeta::new(evaluator.clone()).depth(4).table(1);
        for state in common::random_positions(POSITIONS_PER_DEPTH, 77) {
            let (expected, pv) = reference.value(&state, 4);
            let d = agent.select(&state, &SearchLimits::none()).unwrap();
            assert_eq!(d.value, f64::from(expected), "{}", state.to_text());
            alphabeta.new_game();
            let a = alphabeta.select(&state, &SearchLimits::none()).unwrap();
            assert_eq!(a.value, f64::from(expected), "{}", state.to_text());
            // The reference PV replays to the value it claims.
            let mut line = state.clone();
            for mv in &pv {
                assert!(line.check_move(*mv).is_ok());
                line.play(*mv);
            }
        }
    }
}

/// Whether, within `depth` plies, every position where the root player's opponent moves
/// offers it exactly one move.
fn opponent_never_chooses(state: &mut TicTacToe, root: usize, depth: u32) -> bool {
    if depth == 0 || state.is_terminal() {
        return true;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if state.to_move() != root && moves.len() > 1 {
        return false;
    }
    moves.into_iter().all(|mv| {
        state.play(mv);
        let ok = opponent_never_chooses(state, root, depth - 1);
        state.undo(mv);
        ok
    })
}

#[test]
fn expectimax_equals_minimax_when_the_opponent_has_a_single_reply() {
    for evaluator in common::evaluators() {
        let minimax = Minimax::new(evaluator.clone());
        for depth in 1..=6u32 {
            let mut expectimax = Expectimax::new(evaluator.clone()).depth(depth);
            let mut checked = 0;
            for mut state in common::random_positions(4000, 500 + u64::from(depth)) {
                let root = state.to_move();
                if !opponent_never_chooses(&mut state, root, depth) {
                    continue;
                }
                checked += 1;
                let (expected, _) = minimax.value(&state, depth);
                let d = expectimax.select(&state, &SearchLimits::none()).unwrap();
                assert_eq!(
                    d.value,
                    f64::from(expected),
                    "depth {depth} {}",
                    state.to_text()
                );
                let chosen = minimax
                    .move_values(&state, depth)
                    .into_iter()
                    .find(|(m, _)| *m == d.mv)
                    .unwrap()
                    .1;
                assert_eq!(chosen, expected, "depth {depth} {}", state.to_text());
            }
            assert!(checked >= 200, "only {checked} positions at depth {depth}");
        }
    }
}

#[test]
fn expectimax_averages_when_the_opponent_has_a_choice() {
    // X to move, one cell left for X after O: x x o / o o x / . . .  → X plays and O has
    // two replies; expectimax's value lies between minimax's and the best case.
    let state = TicTacToe::new().from_text("xxooox...").unwrap();
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    let (minimax, _) = Minimax::new(evaluator.clone()).value(&state, 3);
    let d = Expectimax::new(evaluator)
        .depth(3)
        .select(&state, &SearchLimits::none())
        .unwrap();
    assert!(d.value >= f64::from(minimax), "{} < {minimax}", d.value);
}

#[test]
fn every_exact_search_finds_the_draw_from_the_empty_board() {
    let start = TicTacToe::new();
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    let (value, pv) = Minimax::new(evaluator.clone()).value(&start, 9);
    assert_eq!(value, 0);
    assert_eq!(pv.len(), 9, "a draw fills the board");
    let d = Minimax::new(evaluator.clone())
        .depth(9)
        .select(&start, &SearchLimits::none())
        .unwrap();
    assert_eq!(d.value, 0.0);
    for (label, mut agent) in alphabeta_variants(&evaluator) {
        let d = agent.select(&start, &SearchLimits::depth(9)).unwrap();
        assert_eq!(d.value, 0.0, "{label}");
    }
    // Open-ended iterative deepening stops by itself once the tree is exhausted.
    let mut open = AlphaBeta::new(evaluator).table(1);
    let d = open
        .select(
            &start,
            &SearchLimits::time(std::time::Duration::from_secs(30)),
        )
        .unwrap();
    assert_eq!(d.value, 0.0);
    assert!(d.depth <= 9, "stopped at depth {}", d.depth);
}

#[test]
fn alphabeta_visits_far_fewer_nodes_than_minimax() {
    let start = TicTacToe::new();
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    let depth = 6;
    let minimax = Minimax::new(evaluator.clone())
        .depth(depth)
        .select(&start, &SearchLimits::none())
        .unwrap();
    let plain = AlphaBeta::new(evaluator.clone())
        .depth(depth)
        .iterative_deepening(false)
        .pvs(false)
        .killers(false)
        .history(false)
        .select(&start, &SearchLimits::none())
        .unwrap();
    let full = AlphaBeta::new(evaluator)
        .depth(depth)
        .ordering(Arc::new(CenterCornerOrdering))
        .table(1)
        .select(&start, &SearchLimits::none())
        .unwrap();
    let plain_ratio = plain.nodes as f64 / minimax.nodes as f64;
    let full_ratio = full.nodes as f64 / minimax.nodes as f64;
    println!(
        "depth {depth}: minimax {} nodes, plain alpha-beta {} ({plain_ratio:.3}), \
         enhanced {} ({full_ratio:.3})",
        minimax.nodes, plain.nodes, full.nodes
    );
    assert!(plain_ratio < 0.1, "plain alpha-beta ratio {plain_ratio}");
    assert!(full_ratio < 0.04, "enhanced alpha-beta ratio {full_ratio}");
}

#[test]
fn fixed_depth_node_counts_repeat_exactly() {
    let evaluator: Arc<dyn Evaluator<TicTacToe>> = Arc::new(LineCount);
    let positions = common::random_positions(50, 9);
    let run = || {
        let mut agent = AlphaBeta::new(evaluator.clone())
            .ordering(Arc::new(CenterCornerOrdering))
            .table(1);
        ply_search::bench::bench_nodes(&mut agent, &positions, 6)
    };
    let (a, b) = (run(), run());
    assert_eq!(a.nodes, b.nodes);
    assert!(a.total_nodes > 0);
}
