//! What the browser page draws of a position (`ply_view::BoardView`).
//!
//! Quoridor: pawns and walls in 0-based coordinates (column 0 = `a`, row 0 = row `1` at the
//! bottom); a wall is given by its slot, the lower-left cell of the 2x2 block it touches, as
//! the rules crate stores it, and by its notation (QTP: the block's upper-left cell).

use crate::notation::{format_square, format_wall};
use crate::{Orientation, Quoridor};
use ply_core::Player;
use serde_json::{json, Value};

use ply_view::BoardView;

impl BoardView for Quoridor {
    fn board_json(&self) -> Value {
        let pawns: Vec<Value> = [0 as Player, 1]
            .iter()
            .map(|&p| {
                let sq = self.pawn(p);
                json!({
                    "player": p,
                    "square": format_square(sq),
                    "col": sq.col,
                    "row": sq.row,
                    "walls_left": self.walls_left(p),
                    "goal_row": self.goal_row(p),
                })
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
        let status = format!(
            "walls left: {} {}, {} {}",
            names[0],
            self.walls_left(0),
            names[1],
            self.walls_left(1)
        );
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
