//! What the page needs to draw a position: one JSON "view" per game, built only from the
//! games' public accessors.
//!
//! Every view has the same outer shape (see [`position_json`]); the `board` field is the
//! game's own drawing data, which each game writes in its own folder (`src/view.rs`, the
//! [`BoardView`] trait of `ply-view`).

pub use ply_view::BoardView;

use ply_core::Scores;
use serde_json::{json, Value};

/// A draw the server declares in a game whose own rules would let it go on (see
/// `session`): Quoridor has no draw at all, so without these a game could last for ever.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerDraw {
    /// The same position (same player to move) for the third time.
    Repetition,
    /// The session's ply limit (carried, so the sentence names the limit in force).
    MoveLimit(usize),
}

impl ServerDraw {
    /// The view's `end` field: a name a client can match on.
    pub fn end(self) -> &'static str {
        match self {
            ServerDraw::Repetition => "repetition",
            ServerDraw::MoveLimit(_) => "move_limit",
        }
    }

    /// The sentence the page shows as the result.
    pub fn text(self) -> String {
        match self {
            ServerDraw::Repetition => {
                "draw by repetition (the same position a third time)".to_string()
            }
            ServerDraw::MoveLimit(plies) => format!("draw: the {plies}-ply limit was reached"),
        }
    }
}

/// The whole view of `state`: the common fields and the game's `board`.
///
/// `end` says why the game is over: `"rules"` when the game's own rules ended it, the
/// [`ServerDraw::end`] name when the server drew it (`server_draw`, given only for a state
/// the rules have not ended), `null` while it goes on.
///
/// ```json
/// { "game": "connect4", "variant": "7x6, 4 in a row", "players": ["X","O"],
///   "to_move": 0, "over": false, "result": null, "end": null, "ply": 3,
///   "legal": ["1","2",…], "board": {…}, "text": "…" }
/// ```
pub fn position_json<G: BoardView>(
    state: &G,
    server_draw: Option<ServerDraw>,
    scratch: &mut Vec<G::Move>,
) -> Value {
    let names = state.player_names();
    let (result, end) = match (state.outcome(), server_draw) {
        (Some(scores), _) => (result_json(&scores, &names), json!("rules")),
        (None, Some(draw)) => (
            shared_draw_json(state.num_players(), &draw.text()),
            json!(draw.end()),
        ),
        (None, None) => (Value::Null, Value::Null),
    };
    let over = !end.is_null();
    // A game over has no legal move, whoever ended it.
    let legal: Vec<Value> = if over {
        Vec::new()
    } else {
        state.legal_moves(scratch);
        scratch
            .iter()
            .map(|&mv| state.legal_move_json(mv))
            .collect()
    };
    json!({
        "game": state.name(),
        "variant": state.variant(),
        "players": names,
        "to_move": if over { Value::Null } else { json!(state.to_move()) },
        "over": over,
        "result": result,
        "end": end,
        "legal": legal,
        "board": state.board_json(),
        "text": state.to_text(),
    })
}

/// A draw shared equally: every one of `players` seats scores `1 / players`, as
/// `ply arena` scores a game stopped at its ply limit.
fn shared_draw_json(players: usize, text: &str) -> Value {
    let share = 1.0 / players.max(1) as f64;
    json!({ "scores": vec![share; players], "text": text })
}

/// Scores and a sentence: `X wins`, `draw`, or a ranking for more than two players.
pub(crate) fn result_json(scores: &Scores, names: &[String]) -> Value {
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
