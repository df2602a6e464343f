//! What the browser page draws of a position (`ply_view::BoardView`).
//!
//! The m,n,k-game is a grid (`ply_view::grid`), so the page draws it with no drawing file:
//! each mark is its seat's name (`X`, `O`), the columns are labelled `a`… and the rows from
//! the bottom, as the notation counts them, and a legal move is a click on its cell.

use crate::notation::column_letter;
use crate::{Cell, TicTacToe};
use ply_core::Game;
use serde_json::Value;

use ply_view::grid::{place_move, Grid};
use ply_view::BoardView;

/// `[x, y]` of `cell` on the page's grid (from the top-left, as the board counts them).
fn grid_xy(state: &TicTacToe, cell: Cell) -> (usize, usize) {
    let (col, row) = state.coords(cell as usize);
    (col as usize, row as usize)
}

impl BoardView for TicTacToe {
    fn board_json(&self) -> Value {
        let names = self.player_names();
        let mut grid = Grid::new(self.width(), self.height()).labels(
            (0..self.width()).map(|col| column_letter(col).to_string()),
            (1..=self.height()).rev().map(|row| row.to_string()),
        );
        for cell in 0..self.cells() as Cell {
            if let Some(owner) = self.owner(cell) {
                grid.put(grid_xy(self, cell), owner, Some(&names[owner]));
            }
        }
        grid.json()
    }

    fn legal_move_json(&self, cell: Cell) -> Value {
        place_move(grid_xy(self, cell), self.format_move(cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_move_is_its_cell_on_the_grid_and_its_notation() {
        let mut state = TicTacToe::new();
        let a1 = state.parse_move("a1").unwrap();
        state.play(a1);
        let board = state.board_json();
        assert_eq!(board["kind"], "grid");
        // a1 is bottom-left: the first cell of the last row.
        assert_eq!(board["cells"][6], json!({ "seat": 0, "glyph": "X" }));
        assert_eq!(board["rows"], json!(["3", "2", "1"]));
        let c3 = state.parse_move("c3").unwrap();
        assert_eq!(
            state.legal_move_json(c3),
            json!({ "move": "c3", "from": null, "to": [2, 0] })
        );
    }
}
