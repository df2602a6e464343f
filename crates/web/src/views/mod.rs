//! What the page needs to draw a position: one JSON "view" per game, built only from the
//! games' public accessors.
//!
//! Every view has the same outer shape (see [`position_json`]); the `board` field is the
//! game's own drawing data, described in each game's module.

mod connect4;
mod halma;
mod quoridor;
mod tictactoe;

use ply_core::{Game, Scores};
use serde_json::{json, Value};

/// The game-specific half of a view.
pub trait BoardView: Game {
    /// How the page names each seat (`X`/`O`, `Black`/`White`, `A`/`B`/`C` …).
    fn player_names(&self) -> Vec<String>;

    /// The drawing data: cells, pawns, walls, pegs.
    fn board_json(&self) -> Value;

    /// One JSON entry per legal move. The default is the move's notation; games whose page
    /// needs more (halma's hop paths) add it.
    fn legal_move_json(&self, mv: Self::Move) -> Value {
        Value::String(self.format_move(mv))
    }

    /// The moves played so far as a record in the game's notation, without a header.
    fn record_body(&self, moves: &[String]) -> String {
        moves.join("\n")
    }
}

/// The whole view of `state`: the common fields and the game's `board`.
///
/// ```json
/// { "game": "connect4", "variant": "7x6, 4 in a row", "players": ["X","O"],
///   "to_move": 0, "over": false, "result": null, "ply": 3,
///   "legal": ["1","2",…], "board": {…}, "text": "…" }
/// ```
pub fn position_json<G: BoardView>(state: &G, scratch: &mut Vec<G::Move>) -> Value {
    state.legal_moves(scratch);
    let legal: Vec<Value> = scratch
        .iter()
        .map(|&mv| state.legal_move_json(mv))
        .collect();
    let outcome = state.outcome();
    let names = state.player_names();
    json!({
        "game": state.name(),
        "variant": state.variant(),
        "players": names,
        "to_move": if outcome.is_some() { Value::Null } else { json!(state.to_move()) },
        "over": outcome.is_some(),
        "result": outcome.map(|scores| result_json(&scores, &names)),
        "legal": legal,
        "board": state.board_json(),
        "text": state.to_text(),
    })
}

/// Scores and a sentence: `X wins`, `draw`, or a ranking for more than two players.
fn result_json(scores: &Scores, names: &[String]) -> Value {
    let values = scores.as_slice();
    let name = |p: usize| {
        names
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("player {p}"))
    };
    let text = if values.len() == 2 {
        if values[0] == values[1] {
            "draw".to_string()
        } else if values[0] > values[1] {
            format!("{} wins", name(0))
        } else {
            format!("{} wins", name(1))
        }
    } else {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        let places: Vec<String> = order
            .iter()
            .map(|&p| format!("{} ({})", name(p), values[p]))
            .collect();
        format!("ranking: {}", places.join(", "))
    };
    json!({ "scores": values, "text": text })
}
