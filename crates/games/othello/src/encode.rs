//! Othello for learning code, numbered as OpenSpiel numbers it.
//!
//! Observation: planes `[mine, theirs, empty]` of `size x size`, row 1 at the top (OpenSpiel's
//! planes are empty, black, white: the same cells in another order).
//!
//! Actions: a placement is its cell, `(row − 1) · size + column` (OpenSpiel's action id on
//! 8x8, `d3` = 19), and the pass is `size · size` (OpenSpiel's 64): 65 actions on 8x8.

use ply_core::encode::{owner_plane, set, Encode};
use ply_core::{Game, Player};

use crate::board::{Move, Othello};

impl Encode for Othello {
    fn observation_shape(&self) -> [usize; 3] {
        [3, self.size(), self.size()]
    }

    fn plane_names(&self) -> Vec<String> {
        ["observer's discs", "opponent's discs", "empty cells"]
            .map(String::from)
            .to_vec()
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        for cell in 0..self.cells() {
            let (column, row) = self.coords(cell);
            let plane = owner_plane(self.owner(cell), player);
            set(out, shape, plane, row - 1, column);
        }
    }

    fn num_actions(&self) -> usize {
        self.cells() + 1
    }

    fn action_of(&self, mv: Move) -> usize {
        if mv.is_pass() {
            self.cells()
        } else {
            mv.cell as usize
        }
    }

    /// Every action names a move: a cell's placement (with the discs it flips when `player`
    /// is to move, none otherwise) or the pass.
    fn action_move(&self, player: Player, action: usize) -> Option<Move> {
        match action {
            a if a < self.cells() && player == self.to_move() => Some(self.placement(a)),
            a if a < self.cells() => Some(Move {
                cell: a as u8,
                flips: 0,
            }),
            a if a == self.cells() => Some(Move::PASS),
            _ => None,
        }
    }

    /// Every placement fills a cell, and a pass is only ever followed by a placement (two
    /// in a row end the game before the second): at most two plies a free cell.
    fn max_game_length(&self) -> Option<usize> {
        Some(2 * (self.cells() - 4))
    }
}
