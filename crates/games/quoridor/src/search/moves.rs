//! Which moves a node of the Quoridor search tries (the pseudo-ply rule, the wall filter)
//! and in what order (the table's move, killers, then what each move does to the race).

use ply_core::hash::splitmix64;
use ply_core::Game;

use super::worker::Worker;
use crate::board::Quoridor;
use crate::geometry::{Move, Orientation, Wall};
use crate::paths::PathSteps;
use crate::rules::blocked_passages;

impl Worker {
    /// Fills `moves` for the node: legal moves, cut by the pseudo-ply rule or the wall
    /// filter. `paths` are both pawns' shortest paths here.
    pub(super) fn generate(
        &self,
        state: &Quoridor,
        moves: &mut Vec<Move>,
        depth: u32,
        ply: usize,
        paths: &[PathSteps; 2],
    ) {
        let opponent = state.pawn(1 - state.to_move());
        let size = state.size();
        state.pawn_moves(moves);
        if self.options.pseudo_depth && depth == 1 {
            // Only the slot rows touching the opponent's row.
            let row = opponent.row as usize;
            state.push_legal_walls_where(moves, row.saturating_sub(1), row, paths, |_, _| u32::MAX);
        } else if self.narrow && ply as u32 >= self.options.wide_plies {
            let near_pawn = 0b111u32 << opponent.col >> 1;
            let pawn_rows = (opponent.row as usize).saturating_sub(1)..=opponent.row as usize + 1;
            let (mine, theirs) = (&paths[state.to_move()], &paths[1 - state.to_move()]);
            state.push_legal_walls_where(moves, 0, size - 2, paths, |orientation, r| {
                // Walls across the opponent's path (a wall across one's own path is almost
                // never worth a tempo).
                let on_path = theirs.slots_cutting(orientation, r);
                // Guards: walls crossing, at their centre, the slot of a wall that would
                // cut the mover's own path, so that wall can no longer be placed.
                let guard = if self.options.guard_walls {
                    mine.slots_cutting(orientation.crossing(), r)
                } else {
                    0
                };
                on_path | guard | if pawn_rows.contains(&r) { near_pawn } else { 0 }
            });
        } else {
            state.push_legal_walls_where(moves, 0, size - 2, paths, |_, _| u32::MAX);
        }
    }

    /// Scores moves for ordering (higher first): the table's move, killers, pawn steps by
    /// the distance they gain, walls by how much longer they make the opponent's path than
    /// the mover's.
    pub(super) fn order(
        &self,
        state: &Quoridor,
        moves: &mut [Move],
        scores: &mut Vec<i32>,
        best: Option<Move>,
        ply: usize,
        paths: &[PathSteps; 2],
    ) {
        scores.clear();
        let me = state.to_move();
        let them = 1 - me;
        let passages = state.passages();
        let their_path = &paths[them];
        let their_dist = their_path.length as i32;
        let my_dist = paths[me].length as i32;
        for &mv in moves.iter() {
            let score = if Some(mv) == best {
                1 << 30
            } else if self.killers[ply].contains(&Some(mv)) {
                1 << 20
            } else {
                match mv {
                    Move::Pawn { to, .. } => {
                        let d = passages
                            .distance_to_row(to, state.goal_row(me))
                            .unwrap_or(1000) as i32;
                        1000 * (my_dist - d) + 500
                    }
                    Move::Wall(w) if blocks_path(w, their_path) => {
                        let blocked = blocked_passages(passages, w);
                        let d = blocked
                            .distance_to_row(state.pawn(them), state.goal_row(them))
                            .unwrap_or(0) as i32;
                        let mine = if blocks_path(w, &paths[me]) {
                            blocked
                                .distance_to_row(state.pawn(me), state.goal_row(me))
                                .unwrap_or(0) as i32
                        } else {
                            my_dist
                        };
                        1000 * ((d - their_dist) - (mine - my_dist)) - 100
                    }
                    Move::Wall(_) => -5000,
                }
            };
            // At the root, a seeded tie-break smaller than any difference between the
            // ordering's scores (100 or more).
            let jitter = if ply == 0 && self.root_seed != 0 {
                (splitmix64(self.root_seed ^ move_code(mv)).1 % 10) as i32
            } else {
                0
            };
            scores.push(score + jitter);
        }
        // Insertion sort by score, stable: lists are short and nearly sorted by kind.
        for i in 1..moves.len() {
            let (m, s) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < s {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            scores[j] = s;
        }
    }
}

/// A number that names `mv` (for the seeded root tie-break).
fn move_code(mv: Move) -> u64 {
    match mv {
        Move::Pawn { to, .. } => 1 + ((to.row as u64) << 8 | to.col as u64),
        Move::Wall(w) => {
            let orientation = matches!(w.orientation, Orientation::Vertical) as u64;
            1 << 20 | orientation << 16 | (w.slot.row as u64) << 8 | w.slot.col as u64
        }
    }
}

/// Whether a wall blocks a step of the path.
fn blocks_path(wall: Wall, path: &PathSteps) -> bool {
    let (c, r) = (wall.slot.col as usize, wall.slot.row as usize);
    path.slots_cutting(wall.orientation, r) >> c & 1 != 0
}
