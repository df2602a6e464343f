//! The m,n,k-game: planes `[mine, theirs, empty]` of `height x width`, row 0 at the top (as
//! the board's cells are numbered); action = the cell index, `row · width + column`.

use crate::TicTacToe;
use ply_core::Player;

use ply_core::encode::{owner_plane, set, Encode};
use ply_core::BundledModel;

impl Encode for TicTacToe {
    /// The 3x3 board's net, made by `ply train` (the command is in its header and in
    /// docs/results/learning.md).
    const MODELS: &'static [BundledModel] = &[BundledModel {
        name: "3x3",
        bytes: include_bytes!("../models/3x3.plym"),
    }];

    fn observation_shape(&self) -> [usize; 3] {
        [3, self.height(), self.width()]
    }

    fn plane_names(&self) -> Vec<String> {
        ["observer's marks", "opponent's marks", "empty cells"]
            .map(String::from)
            .to_vec()
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        for cell in 0..self.cells() {
            let (col, row) = self.coords(cell);
            let plane = owner_plane(self.owner(cell as u16), player);
            set(out, shape, plane, row as usize, col as usize);
        }
    }

    fn num_actions(&self) -> usize {
        self.cells()
    }

    fn action_of(&self, mv: Self::Move) -> usize {
        mv as usize
    }

    /// Every action is its cell, whoever marks it.
    fn action_move(&self, _player: Player, action: usize) -> Option<Self::Move> {
        (action < self.cells()).then_some(action as Self::Move)
    }

    /// A mark a move, until the board is full.
    fn max_game_length(&self) -> Option<usize> {
        Some(self.cells())
    }

    /// A line mirrored is a line: cell `(row, column)` becomes `(row, width − 1 − column)`.
    fn mirror_action(&self, action: usize) -> Option<usize> {
        let width = self.width();
        (action < self.cells()).then(|| action - action % width + width - 1 - action % width)
    }
}
