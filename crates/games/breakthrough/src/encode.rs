//! Breakthrough for learning code, numbered as OpenSpiel numbers it.
//!
//! Observation: planes `[mine, theirs, empty]` of `rows x columns`, row 0 at the top (as
//! OpenSpiel's, whose planes are black, white, empty: the same for Black).
//!
//! Actions: OpenSpiel's, `((row · columns + column) · 6 + direction) · 2 + capture`, with
//! the row of the cell left counted from the top, `direction` 0, 1, 2 for Black's steps
//! down-left, down, down-right and 3, 4, 5 for White's up-left, up, up-right, and `capture`
//! 1 for a capture: `rows · columns · 12` actions (768 on 8x8), so an action index here is
//! the one OpenSpiel gives the same move.

use ply_core::encode::{owner_plane, set, Encode};
use ply_core::{BundledModel, Game, Player};

use crate::board::{Breakthrough, Step, WHITE};

impl Encode for Breakthrough {
    /// The 6x6 board's net, learned by `ply train` from self-play alone (the command is in
    /// its header; its strength in docs/results/learning.md).
    const MODELS: &'static [BundledModel] = &[BundledModel {
        name: "6x6",
        bytes: include_bytes!("../models/6x6.plym"),
    }];

    fn observation_shape(&self) -> [usize; 3] {
        [3, self.rows(), self.columns()]
    }

    fn plane_names(&self) -> Vec<String> {
        ["observer's pieces", "opponent's pieces", "empty cells"]
            .map(String::from)
            .to_vec()
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        for cell in 0..self.cells() {
            let (column, row) = self.coords(cell);
            let plane = owner_plane(self.owner(cell), player);
            set(out, shape, plane, self.rows() - row, column);
        }
    }

    fn num_actions(&self) -> usize {
        self.cells() * 12
    }

    fn action_of(&self, step: Step) -> usize {
        let (from_column, from_row) = self.coords(step.from as usize);
        let (to_column, _) = self.coords(step.to as usize);
        let row_from_top = self.rows() - from_row;
        // 0, 1, 2: left, straight, right; White's are 3 to 5.
        let direction = to_column + 1 - from_column + if self.to_move() == WHITE { 3 } else { 0 };
        ((row_from_top * self.columns() + from_column) * 6 + direction) * 2
            + usize::from(step.capture)
    }

    /// The action says it all (the side is in its direction): `None` for a step off the
    /// board.
    fn action_move(&self, _player: Player, action: usize) -> Option<Step> {
        if action >= self.num_actions() {
            return None;
        }
        let capture = action % 2 == 1;
        let (cell, direction) = (action / 12, action / 2 % 6);
        let (row_from_top, from_column) = (cell / self.columns(), cell % self.columns());
        let from_row = self.rows() - row_from_top;
        // Black (directions 0 to 2) moves down, White (3 to 5) up.
        let to_row = if direction < 3 {
            from_row.checked_sub(1).filter(|&row| row >= 1)?
        } else {
            Some(from_row + 1).filter(|&row| row <= self.rows())?
        };
        let to_column = (from_column + direction % 3).checked_sub(1)?;
        if to_column >= self.columns() {
            return None;
        }
        Some(Step {
            from: self.cell(from_column, from_row) as u8,
            to: self.cell(to_column, to_row) as u8,
            capture,
        })
    }

    /// Every move takes a piece a row nearer its goal, so each column's two pieces of a side
    /// have at most `2·rows − 3` steps between them before one would win: OpenSpiel's bound.
    fn max_game_length(&self) -> Option<usize> {
        Some(2 * (2 * self.rows() - 3) * self.columns() + 1)
    }

    /// The rules are the same mirrored: the cell's column becomes `columns − 1 − column` and
    /// a step to the left one to the right (directions 0 ↔ 2 and 3 ↔ 5).
    fn mirror_action(&self, action: usize) -> Option<usize> {
        if action >= self.num_actions() {
            return None;
        }
        let capture = action % 2;
        let direction = action / 2 % 6;
        let cell = action / 12;
        let (row, column) = (cell / self.columns(), cell % self.columns());
        let mirrored_direction = [2, 1, 0, 5, 4, 3][direction];
        let mirrored_cell = row * self.columns() + self.columns() - 1 - column;
        Some((mirrored_cell * 6 + mirrored_direction) * 2 + capture)
    }
}
