//! Tic-tac-toe: `board.cells` lists the nine cells from the top-left, row by row, each with
//! its move notation and owner (`null`, 0 = X, 1 = O).

use ply_core::Game;
use ply_tictactoe::TicTacToe;
use serde_json::{json, Value};

use super::BoardView;

impl BoardView for TicTacToe {
    fn player_names(&self) -> Vec<String> {
        vec!["X".into(), "O".into()]
    }

    fn board_json(&self) -> Value {
        let cells: Vec<Value> = (0..9u8)
            .map(|cell| json!({ "move": self.format_move(cell), "owner": self.owner(cell) }))
            .collect();
        json!({ "kind": "tictactoe", "cells": cells })
    }
}
