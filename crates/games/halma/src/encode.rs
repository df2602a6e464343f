//! Halma: the board's hexagonal cells (axial coordinates x, y) laid on a rectangle, row
//! `y − min y`, column `x − min x` (the smallest box holding every cell; cells of the box
//! that are not on the board are 0 in every plane but the last).
//!
//! Planes: one per seat, the observer's pegs first and then the other seats in turn order,
//! then one plane marking the cells of the board.
//!
//! Actions: `from · cells + to`, cells numbered as the board numbers them (bottom row first,
//! x ascending); a move is known by its two ends (a hop path is implied by them).

use crate::{Cell, Halma, HalmaMove};
use ply_core::{Game, Player};

use ply_core::encode::{seats_from, set, Encode};

/// The rectangle the board's cells fit in: (min x, min y, columns, rows).
fn bounds(state: &Halma) -> (i32, i32, usize, usize) {
    let board = state.board();
    let coords = (0..board.len()).map(|c| board.coords(c as u8));
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (x, y) in coords {
        let (x, y) = (x as i32, y as i32);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    (x0, y0, (x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize)
}

impl Encode for Halma {
    fn observation_shape(&self) -> [usize; 3] {
        let (_, _, cols, rows) = bounds(self);
        [self.num_players() + 1, rows, cols]
    }

    fn plane_names(&self) -> Vec<String> {
        let mut names = vec!["observer's pegs".to_string()];
        names.extend(
            (1..self.num_players()).map(|i| format!("pegs of the seat {i} after the observer")),
        );
        names.push("cells of the board".to_string());
        names
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        let (x0, y0, _, _) = bounds(self);
        let board = self.board();
        let players = self.num_players();
        let plane_of: Vec<usize> = {
            let mut planes = vec![0; players];
            for (plane, seat) in seats_from(player, players).enumerate() {
                planes[seat] = plane;
            }
            planes
        };
        for cell in 0..board.len() {
            let (x, y) = board.coords(cell as u8);
            let (row, col) = ((y as i32 - y0) as usize, (x as i32 - x0) as usize);
            set(out, shape, players, row, col);
            if let Some(owner) = self.owner(cell as u8) {
                set(out, shape, plane_of[owner], row, col);
            }
        }
    }

    fn num_actions(&self) -> usize {
        let cells = self.board().len();
        cells * cells
    }

    fn action_of(&self, mv: Self::Move) -> usize {
        mv.from as usize * self.board().len() + mv.to as usize
    }

    /// Every pair of two different cells is a move from the first to the second, whoever
    /// makes it (a peg never stays where it is).
    fn action_move(&self, _player: Player, action: usize) -> Option<Self::Move> {
        let cells = self.board().len();
        let (from, to) = (action / cells, action % cells);
        (action < cells * cells && from != to).then_some(HalmaMove {
            from: from as Cell,
            to: to as Cell,
        })
    }

    /// A game still going at the move limit ends there.
    fn max_game_length(&self) -> Option<usize> {
        Some(self.settings().max_plies as usize)
    }
}
