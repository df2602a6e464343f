//! A board the page draws with no drawing file of the game's: a grid of square cells with
//! pieces in the seats' colours, played by clicks.
//!
//! A game whose board is a grid returns [`Grid::json`] from `board_json`, and each legal
//! move as [`place_move`] (click a cell), [`step_move`] (click a piece, then where it goes)
//! or [`button_move`] (a move with no cell, such as a pass: a button under the board) from
//! `legal_move_json`. The page finds the move a click means in that list, so it
//! never writes a move itself: the notation stays the game's.
//!
//! Coordinates are `[x, y]`, 0-based, `x` from the left and `y` from the top, as the page
//! draws them (a game whose row 1 is at the bottom sends `height - row`). The JSON:
//!
//! ```json
//! { "kind": "grid", "width": 3, "height": 3,
//!   "cells": [null, {"seat": 0, "glyph": "X"}, …],
//!   "shade": [null, 1, …], "checkered": false,
//!   "columns": ["a", "b", "c"], "rows": ["3", "2", "1"] }
//! ```
//!
//! `cells` lists every cell row by row from the top-left: `null` when empty, else the seat
//! of the piece on it and the text drawn on it (`glyph`; without one, a disc). `shade`
//! (optional) tints a cell in a seat's colour (a home or goal row), `checkered` darkens every
//! other cell, and `columns` and `rows` (optional) label the columns left to right and the
//! rows top to bottom. A legal move is `{"move": "b2", "from": null, "to": [1, 1]}` (a place
//! move), `{"move": "a2-a3", "from": [0, 2], "to": [0, 1]}` (a from→to move) or `{"move":
//! "pass", "from": null, "to": null}` (a move with no cell, offered as a button); the page
//! plays the first move listed for a click, so a game lists one move per cell or pair.

use ply_core::Player;
use serde_json::{json, Value};

/// The drawing data of a grid board (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Value>,
    shade: Vec<Option<Player>>,
    checkered: bool,
    labels: Option<(Vec<String>, Vec<String>)>,
}

impl Grid {
    /// An empty `width x height` grid, plain cells, no labels.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![Value::Null; width * height],
            shade: vec![None; width * height],
            checkered: false,
            labels: None,
        }
    }

    /// Every other cell darker, as on a chessboard (the top-left cell light).
    pub fn checkered(mut self) -> Grid {
        self.checkered = true;
        self
    }

    /// Labels for the columns, left to right, and the rows, top to bottom.
    pub fn labels(
        mut self,
        columns: impl IntoIterator<Item = String>,
        rows: impl IntoIterator<Item = String>,
    ) -> Grid {
        self.labels = Some((columns.into_iter().collect(), rows.into_iter().collect()));
        self
    }

    /// A piece of `seat` on cell `[x, y]`, drawn as `glyph` (a mark such as `X`) or, without
    /// one, as a disc.
    pub fn put(&mut self, (x, y): (usize, usize), seat: Player, glyph: Option<&str>) {
        let index = self.index(x, y);
        self.cells[index] = match glyph {
            Some(glyph) => json!({ "seat": seat, "glyph": glyph }),
            None => json!({ "seat": seat }),
        };
    }

    /// Cell `[x, y]` tinted in `seat`'s colour.
    pub fn shade(&mut self, (x, y): (usize, usize), seat: Player) {
        let index = self.index(x, y);
        self.shade[index] = Some(seat);
    }

    /// The board's JSON for the page.
    pub fn json(&self) -> Value {
        let mut board = json!({
            "kind": "grid",
            "width": self.width,
            "height": self.height,
            "cells": self.cells,
            "checkered": self.checkered,
        });
        if self.shade.iter().any(Option::is_some) {
            board["shade"] = json!(self.shade);
        }
        if let Some((columns, rows)) = &self.labels {
            board["columns"] = json!(columns);
            board["rows"] = json!(rows);
        }
        board
    }

    fn index(&self, x: usize, y: usize) -> usize {
        assert!(
            x < self.width && y < self.height,
            "cell [{x}, {y}] is off the {}x{} grid",
            self.width,
            self.height
        );
        y * self.width + x
    }
}

/// A legal move made by clicking cell `to` (a mark placed, a stone dropped).
pub fn place_move(to: (usize, usize), notation: String) -> Value {
    json!({ "move": notation, "from": null, "to": [to.0, to.1] })
}

/// A legal move made by clicking the piece on `from`, then cell `to`.
pub fn step_move(from: (usize, usize), to: (usize, usize), notation: String) -> Value {
    json!({ "move": notation, "from": [from.0, from.1], "to": [to.0, to.1] })
}

/// A legal move with no cell to click (Othello's pass): the page offers it as a button
/// labelled with its notation.
pub fn button_move(notation: String) -> Value {
    json!({ "move": notation, "from": null, "to": null })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_listed_row_by_row_from_the_top_left() {
        let mut grid = Grid::new(3, 2);
        grid.put((2, 0), 1, Some("O"));
        grid.put((0, 1), 0, None);
        let board = grid.json();
        assert_eq!(board["kind"], "grid");
        assert_eq!(
            board["cells"],
            json!([null, null, {"seat": 1, "glyph": "O"}, {"seat": 0}, null, null])
        );
        assert_eq!(board["checkered"], false);
        assert!(board.get("shade").is_none() && board.get("columns").is_none());
    }

    #[test]
    fn shading_checkering_and_labels_are_sent_when_asked_for() {
        let mut grid = Grid::new(2, 2)
            .checkered()
            .labels(["a", "b"].map(String::from), ["2", "1"].map(String::from));
        grid.shade((1, 1), 0);
        let board = grid.json();
        assert_eq!(board["checkered"], true);
        assert_eq!(board["shade"], json!([null, null, null, 0]));
        assert_eq!(board["columns"], json!(["a", "b"]));
        assert_eq!(board["rows"], json!(["2", "1"]));
    }

    #[test]
    fn moves_name_their_cells() {
        assert_eq!(
            place_move((1, 2), "b1".into()),
            json!({"move": "b1", "from": null, "to": [1, 2]})
        );
        assert_eq!(
            step_move((0, 6), (0, 5), "a2a3".into()),
            json!({"move": "a2a3", "from": [0, 6], "to": [0, 5]})
        );
        assert_eq!(
            button_move("pass".into()),
            json!({"move": "pass", "from": null, "to": null})
        );
    }

    #[test]
    #[should_panic(expected = "off the 2x2 grid")]
    fn a_cell_off_the_grid_is_a_bug_of_the_view() {
        Grid::new(2, 2).put((2, 0), 0, None);
    }
}
