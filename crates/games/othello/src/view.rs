//! What the browser page draws of a position (`ply_view::BoardView`).
//!
//! Othello is a grid (`ply_view::grid`), so the page draws it with no drawing file: each
//! disc in its colour, the columns labelled `a`… and the rows from 1 at the top, as the
//! notation counts them; a placement is a click on its cell, and a pass, which has no cell,
//! is a button under the board. The status line counts the discs.

use ply_core::Game;
use serde_json::{json, Value};

use ply_view::grid::{button_move, place_move, Grid};
use ply_view::BoardView;

use crate::board::{Move, Othello, BLACK, WHITE};
use crate::notation::column_letter;

impl BoardView for Othello {
    fn board_json(&self) -> Value {
        let mut grid = Grid::new(self.size(), self.size()).labels(
            (0..self.size()).map(|column| column_letter(column).to_string()),
            (1..=self.size()).map(|row| row.to_string()),
        );
        for cell in 0..self.cells() {
            if let Some(colour) = self.owner(cell) {
                let (column, row) = self.coords(cell);
                grid.put((column, row - 1), colour, None);
            }
        }
        let mut board = grid.json();
        let count = |colour| {
            format!(
                "{} {}",
                Othello::side_name(colour),
                self.discs(colour).count_ones()
            )
        };
        board["status"] = json!(format!("discs: {}, {}", count(BLACK), count(WHITE)));
        board
    }

    fn legal_move_json(&self, mv: Move) -> Value {
        if mv.is_pass() {
            return button_move(self.format_move(mv));
        }
        let (column, row) = self.coords(mv.cell as usize);
        place_move((column, row - 1), self.format_move(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placement_is_its_cell_and_a_pass_a_button() {
        let state = Othello::new();
        let board = state.board_json();
        assert_eq!(board["kind"], "grid");
        // d4, the fourth cell of the fourth row from the top, is White's.
        assert_eq!(board["cells"][27], json!({ "seat": 1 }));
        assert_eq!(board["cells"][28], json!({ "seat": 0 }));
        assert_eq!(board["rows"][0], "1");
        assert_eq!(board["status"], "discs: Black 2, White 2");
        let d3 = state.parse_move("d3").unwrap();
        assert_eq!(
            state.legal_move_json(d3),
            json!({ "move": "d3", "from": null, "to": [3, 2] })
        );
        assert_eq!(
            state.legal_move_json(Move::PASS),
            json!({ "move": "pass", "from": null, "to": null })
        );
    }
}
