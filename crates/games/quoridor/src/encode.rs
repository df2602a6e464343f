//! Quoridor on an `n x n` board (row 0 at the bottom, column 0 = `a`):
//!
//! planes `[my pawn, opponent's pawn, horizontal walls, vertical walls, my goal row,
//! my walls in hand / walls per player, opponent's walls in hand / walls per player]`, each
//! `n x n`. A wall is marked at its slot, the lower-left cell of the 2x2 block it touches
//! (rows and columns `0..n−1`). The hand planes are constant (0 when there are no walls).
//!
//! With N = 3 or 4 players the same pattern grows to `2N + 3` planes: N pawn planes (the
//! observer's, then the others in the order they move after it), the two wall planes, the
//! observer's goal side (a row or a column), then N hand planes in the pawn planes' order.
//! Two players give exactly the seven planes above.
//!
//! Actions: `row · n + column` for a pawn move to that square (steps and jumps alike), then
//! `n² + row · (n−1) + column` for a horizontal wall at that slot and
//! `n² + (n−1)² + row · (n−1) + column` for a vertical one: `n² + 2(n−1)²` in all. A pass
//! (3 or 4 players, a pawn with no move) is the pawn's own square.

use crate::seats::{next_seat, Goal};
use crate::{Move, Orientation, Quoridor, Square, Wall};
use ply_core::Player;

use ply_core::encode::{fill, set, Encode};

impl Encode for Quoridor {
    fn observation_shape(&self) -> [usize; 3] {
        let n = self.size();
        [2 * self.players() + 3, n, n]
    }

    fn plane_names(&self) -> Vec<String> {
        if self.players() == 2 {
            return [
                "observer's pawn",
                "opponent's pawn",
                "horizontal walls (at their slot)",
                "vertical walls (at their slot)",
                "observer's goal row",
                "observer's walls in hand / walls per player",
                "opponent's walls in hand / walls per player",
            ]
            .map(String::from)
            .to_vec();
        }
        let nth = |i: usize| match i {
            0 => "observer".to_string(),
            i => format!("player {i} turns after the observer"),
        };
        let players = self.players();
        let mut names: Vec<String> = (0..players).map(|i| format!("{}'s pawn", nth(i))).collect();
        names.push("horizontal walls (at their slot)".into());
        names.push("vertical walls (at their slot)".into());
        names.push("observer's goal side (row or column)".into());
        names
            .extend((0..players).map(|i| format!("{}'s walls in hand / walls per player", nth(i))));
        names
    }

    fn observe(&self, player: Player, out: &mut [f32]) {
        let shape = self.observation_shape();
        let n = self.size();
        let players = self.players();
        // The observer first, then the others in the order they move after it.
        let mut seats = [player; 4];
        for i in 1..players {
            seats[i] = next_seat(seats[i - 1], players);
        }
        for (plane, &who) in seats.iter().enumerate().take(players) {
            let sq = self.pawn(who);
            set(out, shape, plane, sq.row as usize, sq.col as usize);
        }
        for wall in self.walls() {
            let plane = match wall.orientation {
                Orientation::Horizontal => players,
                Orientation::Vertical => players + 1,
            };
            set(
                out,
                shape,
                plane,
                wall.slot.row as usize,
                wall.slot.col as usize,
            );
        }
        let goal_plane = players + 2;
        for i in 0..n {
            match self.goal(player) {
                Goal::Row(row) => set(out, shape, goal_plane, row, i),
                Goal::Column(col) => set(out, shape, goal_plane, i, col),
            }
        }
        let per_player = self.walls_per_player();
        if per_player > 0 {
            for (i, &who) in seats.iter().enumerate().take(players) {
                fill(
                    out,
                    shape,
                    goal_plane + 1 + i,
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

    /// A square is `player`'s pawn going there (its own square: a pass), a slot a wall.
    fn action_move(&self, player: Player, action: usize) -> Option<Move> {
        let n = self.size();
        let (squares, slots) = (n * n, (n - 1) * (n - 1));
        let square = |index: usize, width: usize| Square {
            col: (index % width) as u8,
            row: (index / width) as u8,
        };
        if player >= self.players() {
            return None;
        }
        if action < squares {
            return Some(Move::Pawn {
                from: self.pawns[player],
                to: square(action, n),
            });
        }
        let (orientation, slot) = match action - squares {
            slot if slot < slots => (Orientation::Horizontal, slot),
            slot if slot < 2 * slots => (Orientation::Vertical, slot - slots),
            _ => return None,
        };
        Some(Move::Wall(Wall {
            slot: square(slot, n - 1),
            orientation,
        }))
    }
}
