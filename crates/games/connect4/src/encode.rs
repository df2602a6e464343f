//! Connect Four: planes `[mine, theirs, empty]` of `height x width`, row 0 at the bottom;
//! action = the 0-based column.

use crate::Connect4;
use ply_core::Player;

use ply_core::encode::{owner_plane, set, Encode};
use ply_core::BundledModel;

impl Encode for Connect4 {
    /// The 7x6 board's net, learned by `ply train` from self-play alone (the command is in
    /// its header; its strength against the solver in docs/results/learning.md).
    const MODELS: &'static [BundledModel] = &[BundledModel {
        name: "7x6",
        bytes: include_bytes!("../models/7x6.plym"),
    }];

    fn observation_shape(&self) -> [usize; 3] {
        [3, self.height(), self.width()]
    }

    fn plane_names(&self) -> Vec<String> {
        ["observer's stones", "opponent's stones", "empty cells"]
            .map(String::from)
            .to_vec()
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        for row in 0..self.height() {
            for col in 0..self.width() {
                let plane = owner_plane(self.owner(col, row), player);
                set(out, shape, plane, row, col);
            }
        }
    }

    fn num_actions(&self) -> usize {
        self.width()
    }

    fn action_of(&self, mv: Self::Move) -> usize {
        mv as usize
    }

    /// Every action is its column, whoever drops the stone.
    fn action_move(&self, _player: Player, action: usize) -> Option<Self::Move> {
        (action < self.width()).then_some(action as Self::Move)
    }

    /// A stone a move, until the board is full.
    fn max_game_length(&self) -> Option<usize> {
        Some(self.width() * self.height())
    }

    /// The rules are the same mirrored: column `c` becomes `width − 1 − c`.
    fn mirror_action(&self, action: usize) -> Option<usize> {
        (action < self.width()).then(|| self.width() - 1 - action)
    }
}
