//! The horizon move filter: alpha-beta with a filter returns what a plain minimax with the
//! same filter returns, in every configuration; an emptied list falls back to all moves.

use crate::common;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use ply_core::{Agent, Evaluator, Game, Player, SearchLimits};
use ply_search::alphabeta::{AlphaBeta, AlphaBetaOptions, HorizonFilter, TranspositionTable};
use ply_search::value::terminal_value;
use ply_tictactoe::{Cell, CenterCornerOrdering, LineCount, TicTacToe};

/// "Pseudo-depth": at the last ply only corner moves are tried (if there are any).
struct CornersAtTheHorizon {
    smallest_depth_seen: AtomicU32,
}

const CORNERS: [Cell; 4] = [0, 2, 6, 8];

impl HorizonFilter<TicTacToe> for CornersAtTheHorizon {
    fn name(&self) -> &str {
        "corners-at-horizon"
    }

    fn filter(&self, _state: &TicTacToe, depth: u32, moves: &mut Vec<Cell>) {
        self.smallest_depth_seen.fetch_min(depth, Ordering::Relaxed);
        if depth == 1 {
            moves.retain(|c| CORNERS.contains(c));
        }
    }
}

/// Minimax with the same rule, written out plainly.
fn filtered_minimax(state: &mut TicTacToe, depth: u32, ply: usize, me: Player) -> i32 {
    if let Some(scores) = state.outcome() {
        return terminal_value(&scores, me, ply);
    }
    if depth == 0 {
        return LineCount.evaluate(state, me);
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if depth == 1 && moves.iter().any(|c| CORNERS.contains(c)) {
        moves.retain(|c| CORNERS.contains(c));
    }
    moves
        .into_iter()
        .map(|mv| {
            state.play(mv);
            let v = -filtered_minimax(state, depth - 1, ply + 1, 1 - me);
            state.undo(mv);
            v
        })
        .max()
        .unwrap()
}

#[test]
fn filtered_alphabeta_matches_filtered_minimax() {
    let filter = Arc::new(CornersAtTheHorizon {
        smallest_depth_seen: AtomicU32::new(u32::MAX),
    });
    for bits in 0..8u32 {
        let options = AlphaBetaOptions {
            iterative_deepening: bits & 1 != 0,
            pvs: bits & 2 != 0,
            ..AlphaBetaOptions::default()
        };
        let agent = AlphaBeta::new(Arc::new(LineCount))
            .options(options)
            .ordering(Arc::new(CenterCornerOrdering))
            .filter(filter.clone());
        let mut agent: Box<dyn Agent<TicTacToe>> = if bits & 4 != 0 {
            Box::new(agent.with_table(TranspositionTable::with_buckets(256)))
        } else {
            Box::new(agent)
        };
        for depth in 1..=5 {
            for mut state in common::random_positions(200, 40 + u64::from(depth)) {
                let me = state.to_move();
                let expected = filtered_minimax(&mut state, depth, 0, me);
                agent.new_game();
                let d = agent.select(&state, &SearchLimits::depth(depth)).unwrap();
                assert_eq!(
                    d.value,
                    f64::from(expected),
                    "depth {depth}, options {bits:03b}, {}",
                    state.to_text()
                );
                assert!(state.check_move(d.mv).is_ok());
            }
        }
    }
    assert_eq!(filter.smallest_depth_seen.load(Ordering::Relaxed), 1);
}

/// Drops everything: the search must fall back to the full list.
struct DropsAll;

impl HorizonFilter<TicTacToe> for DropsAll {
    fn name(&self) -> &str {
        "drops-all"
    }

    fn filter(&self, _state: &TicTacToe, _depth: u32, moves: &mut Vec<Cell>) {
        moves.clear();
    }
}

#[test]
fn a_filter_that_drops_every_move_changes_nothing() {
    let mut filtered = AlphaBeta::new(Arc::new(LineCount))
        .depth(9)
        .filter(Arc::new(DropsAll));
    let d = filtered
        .select(&TicTacToe::new(), &SearchLimits::none())
        .unwrap();
    assert_eq!(d.value, 0.0);
}
