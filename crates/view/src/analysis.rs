//! A game's analysis as JSON, the one shape `ply analyze --json` prints and the page draws.

use ply_core::{Described, ValueScale};
use ply_search::analysis::{GameAnalysis, Outcome};
use serde_json::{json, Value};

/// The analysis of the game that started at `start`, as JSON: the agent, the value scale
/// and thresholds, then one object per move (its ply, seat, move and best move in notation,
/// values before and after for the mover, loss, proven outcomes, verdict, nodes, time),
/// and per seat how many moves of each verdict.
pub fn analysis_json<G: Described>(start: &G, analysis: &GameAnalysis<G::Move>) -> Value {
    let names = G::DESCRIPTOR.seat_names(start.num_players());
    let mut state = start.clone();
    let mut moves = Vec::with_capacity(analysis.moves.len());
    for (i, m) in analysis.moves.iter().enumerate() {
        let outcome = |o: Option<Outcome>| o.map(|o| o.name());
        moves.push(json!({
            "ply": i + 1,
            "seat": m.mover,
            "seat_name": names.get(m.mover).copied().unwrap_or("?"),
            "move": state.show_move(m.played),
            "best": m.best.map(|best| state.show_move(best)),
            "before": m.before,
            "after": m.after,
            "loss": m.loss,
            "outcome_before": outcome(m.outcome_before),
            "outcome_after": outcome(m.outcome_after),
            "verdict": m.verdict.name(),
            "nodes": m.nodes,
            "time_ms": m.time.as_secs_f64() * 1e3,
        }));
        state.play(m.played);
    }
    let summary: Vec<Value> = (0..start.num_players())
        .map(|seat| {
            let count = |name: &str| {
                analysis
                    .moves
                    .iter()
                    .filter(|m| m.mover == seat && m.verdict.name() == name)
                    .count()
            };
            json!({
                "seat": seat,
                "seat_name": names.get(seat).copied().unwrap_or("?"),
                "moves": analysis.moves.iter().filter(|m| m.mover == seat).count(),
                "best": count("best"),
                "inaccuracies": count("inaccuracy"),
                "mistakes": count("mistake"),
                "blunders": count("blunder"),
            })
        })
        .collect();
    json!({
        "game": start.name(),
        "variant": start.variant(),
        "agent": analysis.agent,
        "scale": scale_name(analysis.scale),
        "thresholds": {
            "inaccuracy": analysis.thresholds.inaccuracy,
            "mistake": analysis.thresholds.mistake,
            "blunder": analysis.thresholds.blunder,
        },
        "moves": moves,
        "summary": summary,
    })
}

/// The value scale's name in JSON and text: `negamax`, `exact` or `reward`.
pub fn scale_name(scale: ValueScale) -> &'static str {
    match scale {
        ValueScale::Negamax => "negamax",
        ValueScale::Exact => "exact",
        ValueScale::Reward => "reward",
    }
}
