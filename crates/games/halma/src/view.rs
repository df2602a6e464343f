//! What the browser page draws of a position (`ply_view::BoardView`); `view.js`, beside
//! this file, is the page's drawing of it.
//!
//! Halma: every hole with its axial coordinates `[x, y]` and owner, each seat's home cells,
//! and, per legal move, the hop path the page draws.

use crate::{cells_of, Halma, HalmaMove, LETTERS};
use ply_core::{Game, Player};
use serde_json::{json, Value};

use ply_view::BoardView;

fn xy(state: &Halma, cell: crate::Cell) -> Value {
    let (x, y) = state.board().coords(cell);
    json!([x, y])
}

impl BoardView for Halma {
    /// A hexagonal board: its own drawing.
    const SCRIPT: Option<&'static str> = Some(include_str!("view.js"));

    fn board_json(&self) -> Value {
        let cells: Vec<Value> = cells_of(self.board().all_cells())
            .map(|cell| {
                let (x, y) = self.board().coords(cell);
                json!({ "x": x, "y": y, "owner": self.owner(cell) })
            })
            .collect();
        let seats: Vec<Value> = (0..self.num_players() as Player)
            .map(|p| {
                let home: Vec<Value> = cells_of(self.seat(p).home).map(|c| xy(self, c)).collect();
                json!({
                    "letter": LETTERS[p].to_string(),
                    "home": home,
                    "pegs_home": self.pegs_home(p),
                    "finished": self.has_finished(p),
                    "dropped_out": self.has_dropped_out(p),
                })
            })
            .collect();
        json!({
            "kind": "halma",
            "shape": self.kind().name(),
            "cells": cells,
            "seats": seats,
            "ply": self.ply(),
        })
    }

    /// `{"move": "1,-4 1,-2 -1,0", "path": [[x,y],…]}`: the move as a person types it
    /// (`show_move`, which the server reads back), and the path from the peg through every
    /// landing, the shortest chain (as the notation writes it).
    fn legal_move_json(&self, mv: HalmaMove) -> Value {
        let path = self.move_path(mv).unwrap_or_else(|| vec![mv.from, mv.to]);
        let path: Vec<Value> = path.iter().map(|&c| xy(self, c)).collect();
        json!({ "move": self.show_move(mv), "path": path })
    }
}
