//! The game-specific half of what the browser page shows: each game implements
//! [`BoardView`] in its own folder (`src/view.rs`), next to its rules, so a new game needs no
//! code in the web crate. The web crate wraps the view in the fields every game shares
//! (players, turn, result, legal moves).

pub mod analysis;

use ply_core::Described;
use serde_json::Value;

/// The drawing data of a position, as JSON for the page.
pub trait BoardView: Described {
    /// How the page names each seat: the descriptor's seat names (`X`/`O`, `Black`/`White`,
    /// `A`/`B`/`C` …).
    fn player_names(&self) -> Vec<String> {
        Self::DESCRIPTOR
            .seat_names(self.num_players())
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// The drawing data: cells, pawns, walls, pegs; `kind` names the page's drawing
    /// function, and an optional `status` string is shown after the turn (Quoridor: the
    /// walls left).
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
