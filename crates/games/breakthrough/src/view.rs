//! What the browser page draws of a position (`ply_view::BoardView`).
//!
//! Breakthrough is a checkered grid (`ply_view::grid`), so the page draws it with no
//! drawing file: each piece a disc in its side's colour, the columns labelled `a`… and the
//! rows from the bottom, as the notation counts them; a move is a click on a piece, then on
//! the cell it steps to.

use ply_core::Game;
use serde_json::Value;

use ply_view::grid::{step_move, Grid};
use ply_view::BoardView;

use crate::notation::column_letter;
use crate::{Breakthrough, Step};

/// `[x, y]` of `cell` on the page's grid, from the top-left.
fn grid_xy(state: &Breakthrough, cell: u8) -> (usize, usize) {
    let (column, row) = state.coords(cell as usize);
    (column, state.rows() - row)
}

impl BoardView for Breakthrough {
    fn board_json(&self) -> Value {
        let mut grid = Grid::new(self.columns(), self.rows()).checkered().labels(
            (0..self.columns()).map(|column| column_letter(column).to_string()),
            (1..=self.rows()).rev().map(|row| row.to_string()),
        );
        for cell in 0..self.cells() {
            if let Some(side) = self.owner(cell) {
                grid.put(grid_xy(self, cell as u8), side, None);
            }
        }
        grid.json()
    }

    fn legal_move_json(&self, step: Step) -> Value {
        step_move(
            grid_xy(self, step.from),
            grid_xy(self, step.to),
            self.format_move(step),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_step_is_its_two_cells_on_the_grid_and_its_notation() {
        let state = Breakthrough::new();
        let board = state.board_json();
        assert_eq!(board["kind"], "grid");
        assert_eq!(board["checkered"], true);
        // a8, the top-left cell, holds a black piece; a1, the bottom-left, a white one.
        assert_eq!(board["cells"][0], json!({ "seat": 0 }));
        assert_eq!(board["cells"][56], json!({ "seat": 1 }));
        assert_eq!(board["cells"][16], Value::Null);
        assert_eq!(board["rows"][0], "8");
        let step = state.parse_move("b7c6").unwrap();
        assert_eq!(
            state.legal_move_json(step),
            json!({ "move": "b7c6", "from": [1, 1], "to": [2, 2] })
        );
    }
}
