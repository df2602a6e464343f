//! What the browser page draws of a position (`ply_view::BoardView`); `view.js`, beside
//! this file, is the page's drawing of it.
//!
//! Connect Four: `board.rows[r][c]` is the owner of column `c` (0-based), row `r` counted
//! from the bottom (`null` empty, 0 first player, 1 second); `column_moves[c]` is the
//! notation of a drop in column `c`, full or not.

use crate::Connect4;
use ply_core::Game;
use serde_json::{json, Value};

use ply_view::BoardView;

impl BoardView for Connect4 {
    /// The columns and, with the solver view on, the strip of scores above them.
    const SCRIPT: Option<&'static str> = Some(include_str!("view.js"));

    fn board_json(&self) -> Value {
        let rows: Vec<Vec<Option<usize>>> = (0..self.height())
            .map(|row| (0..self.width()).map(|col| self.owner(col, row)).collect())
            .collect();
        json!({
            "kind": "connect4",
            "width": self.width(),
            "height": self.height(),
            "k": self.k(),
            "rows": rows,
            "column_moves": (0..self.width() as u8).map(|c| self.format_move(c)).collect::<Vec<_>>(),
        })
    }

    /// Pascal Pons' convention: the game is the string of its columns, e.g. `4453`.
    fn record_body(&self, moves: &[String]) -> String {
        moves.concat()
    }
}
