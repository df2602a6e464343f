//! CCP's `analyze topk N` extension: the best moves of the position with a share each, and
//! the position's value, as one JSON line.
//!
//! Each legal move is scored by a two-ply search (the move, then the opponent's best reply,
//! judged by the CCERL evaluator). `value` is tanh of the best score over [`VALUE_SCALE`]
//! (in −1…1, for the player to move); each move's `policy` is the softmax of the scores
//! over [`POLICY_TEMPERATURE`], and `score` the score itself.

use std::sync::Arc;

use ply_core::{Agent, Game, SearchLimits};
use ply_search::AlphaBeta;
use serde_json::json;

use crate::board::Halma;

/// Scores this far apart (in the evaluator's units, 10 a row of progress) change `value`
/// by about 0.76: twenty rows.
pub const VALUE_SCALE: f64 = 200.0;

/// The softmax temperature of `policy`: two rows of progress.
pub const POLICY_TEMPERATURE: f64 = 20.0;

/// The analysis of `state`, `None` when the game is over.
pub fn analyze(state: &Halma, topk: usize) -> Option<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let evaluator = Arc::new(crate::eval::CcerlEval);
    let mut reply = AlphaBeta::new(evaluator).depth(1);
    let mut scored: Vec<(f64, String)> = moves
        .iter()
        .map(|&mv| {
            let mut child = state.clone();
            child.play(mv);
            let score = match child.outcome() {
                Some(scores) => {
                    ply_search::value::terminal_value(&scores, state.to_move(), 1) as f64
                }
                None => -reply
                    .select(&child, &SearchLimits::none())
                    .map_or(0.0, |d| d.value),
            };
            (score, state.format_move(mv))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let best = scored[0].0;
    let weights: Vec<f64> = scored
        .iter()
        .map(|(s, _)| ((s - best) / POLICY_TEMPERATURE).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let listed: Vec<_> = scored
        .iter()
        .zip(&weights)
        .take(topk)
        .map(|((score, mv), w)| json!({ "move": mv, "policy": round(w / total), "score": score }))
        .collect();
    let value = round((best / VALUE_SCALE).tanh());
    Some(json!({ "value": value, "moves": listed }).to_string())
}

/// Four decimals are enough for a share.
fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
