//! Quoridor on an `n x n` board (row 0 at the bottom, column 0 = `a`):
//!
//! planes `[my pawn, opponent's pawn, horizontal walls, vertical walls, my goal row,
//! my walls in hand / walls per player, opponent's walls in hand / walls per player]`, each
//! `n x n`. A wall is marked at its slot, the lower-left cell of the 2x2 block it touches
//! (rows and columns `0..n−1`). The hand planes are constant (0 when there are no walls).
//!
//! Actions: `row · n + column` for a pawn move to that square (steps and jumps alike), then
//! `n² + row · (n−1) + column` for a horizontal wall at that slot and
//! `n² + (n−1)² + row · (n−1) + column` for a vertical one: `n² + 2(n−1)²` in all.

use crate::{Move, Orientation, Quoridor};
use ply_core::Player;

use ply_core::encode::{fill, set, Encode};

impl Encode for Quoridor {
    fn observation_shape(&self) -> [usize; 3] {
        let n = self.size();
        [7, n, n]
    }

    fn plane_names(&self) -> Vec<String> {
        [
            "observer's pawn",
            "opponent's pawn",
            "horizontal walls (at their slot)",
            "vertical walls (at their slot)",
            "observer's goal row",
            "observer's walls in hand / walls per player",
            "opponent's walls in hand / walls per player",
        ]
        .map(String::from)
        .to_vec()
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        let n = self.size();
        let other = 1 - player;
        for (plane, who) in [(0, player), (1, other)] {
            let sq = self.pawn(who);
            set(out, shape, plane, sq.row as usize, sq.col as usize);
        }
        for wall in self.walls() {
            let plane = match wall.orientation {
                Orientation::Horizontal => 2,
                Orientation::Vertical => 3,
            };
            set(
                out,
                shape,
                plane,
                wall.slot.row as usize,
                wall.slot.col as usize,
            );
        }
        let goal = self.goal_row(player);
        for col in 0..n {
            set(out, shape, 4, goal, col);
        }
        let per_player = self.walls_per_player();
        if per_player > 0 {
            for (plane, who) in [(5, player), (6, other)] {
                fill(
                    out,
                    shape,
                    plane,
                    self.walls_left(who) as f32 / per_player as f32,
                );
            }
        }
    }

    fn num_actions(&self) -> usize {
        let n = self.size();
        n * n + 2 * (n - 1) * (n - 1)
    }

    fn action_of(&self, mv: Self::Move) -> usize {
        let n = self.size();
        match mv {
            Move::Pawn { to, .. } => to.row as usize * n + to.col as usize,
            Move::Wall(wall) => {
                let slot = wall.slot.row as usize * (n - 1) + wall.slot.col as usize;
                let offset = match wall.orientation {
                    Orientation::Horizontal => 0,
                    Orientation::Vertical => (n - 1) * (n - 1),
                };
                n * n + offset + slot
            }
        }
    }
}
