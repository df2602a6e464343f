//! What the browser page draws of a position (`ply_view::BoardView`).
//!
//! The m,n,k-game (tic-tac-toe by default): `board.cells` lists the `width · height` cells
//! from the top-left, row by row, each with its move notation and owner (`null`, 0 = X,
//! 1 = O); `width`, `height` and `k` give the shape.

use crate::{Cell, TicTacToe};
use ply_core::Game;
use serde_json::{json, Value};

use ply_view::BoardView;

impl BoardView for TicTacToe {
    fn board_json(&self) -> Value {
        let cells: Vec<Value> = (0..self.cells() as Cell)
            .map(|cell| json!({ "move": self.format_move(cell), "owner": self.owner(cell) }))
            .collect();
        json!({
            "kind": "tictactoe",
            "width": self.width(),
            "height": self.height(),
            "k": self.k(),
            "cells": cells,
        })
    }
}
