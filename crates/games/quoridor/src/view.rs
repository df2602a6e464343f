//! What the browser page draws of a position (`ply_view::BoardView`); `view.js`, beside
//! this file, is the page's drawing of it.
//!
//! Quoridor: pawns and walls in 0-based coordinates (column 0 = `a`, row 0 = row `1` at the
//! bottom); a wall is given by its slot, the lower-left cell of the 2x2 block it touches, as
//! the rules crate stores it, and by its notation (QTP: the block's upper-left cell).
//! Every pawn carries its goal: `goal_row` (black and white) or `goal_col` (red and green,
//! with 3 or 4 players), 0-based.

use crate::notation::{format_square, format_wall};
use crate::{Goal, Orientation, Quoridor};
use ply_core::Player;
use serde_json::{json, Value};

use ply_view::BoardView;

impl BoardView for Quoridor {
    /// The walls and their grooves are no grid's: the board has its own drawing.
    const SCRIPT: Option<&'static str> = Some(include_str!("view.js"));

    fn board_json(&self) -> Value {
        let pawns: Vec<Value> = (0..self.players() as Player)
            .map(|p| {
                let sq = self.pawn(p);
                let mut pawn = json!({
                    "player": p,
                    "square": format_square(sq),
                    "col": sq.col,
                    "row": sq.row,
                    "walls_left": self.walls_left(p),
                });
                let (key, line) = match self.goal(p) {
                    Goal::Row(row) => ("goal_row", row),
                    Goal::Column(col) => ("goal_col", col),
                };
                pawn[key] = json!(line);
                pawn
            })
            .collect();
        let walls: Vec<Value> = self
            .walls()
            .into_iter()
            .map(|w| {
                json!({
                    "move": format_wall(w),
                    "col": w.slot.col,
                    "row": w.slot.row,
                    "orientation": match w.orientation {
                        Orientation::Horizontal => "h",
                        Orientation::Vertical => "v",
                    },
                })
            })
            .collect();
        let names = self.player_names();
        let hands: Vec<String> = (0..self.players())
            .map(|p| format!("{} {}", names[p], self.walls_left(p)))
            .collect();
        let status = format!("walls left: {}", hands.join(", "));
        json!({
            "kind": "quoridor",
            "size": self.size(),
            "walls_per_player": self.walls_per_player(),
            "pawns": pawns,
            "walls": walls,
            "status": status,
        })
    }
}
