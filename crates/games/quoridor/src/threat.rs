//! How much one wall could lengthen a pawn's path: the threat the opponent's walls in hand
//! hold over a corridor.
//!
//! A path of 6 through open ground and a path of 6 down a corridor that one wall turns into
//! a detour of 14 are worth very different things while the opponent still holds walls; the
//! plain distance cannot tell them apart, and a search of a few plies only sees the detour
//! once the wall is in reach of its horizon.
//!
//! Only walls that block a step of one shortest path can lengthen the shortest distance (a
//! wall off that path leaves it open), so the candidates are the free slots next to the
//! path's steps (in the layout of `paths.rs`):
//!
//! ```text
//!   up step at (c, r)    is blocked by horizontal walls on slots (c-1, r) and (c, r)
//!   right step at (c, r) is blocked by vertical walls on slots (c, r-1) and (c, r)
//! ```

use ply_core::Player;

use crate::board::Quoridor;
use crate::geometry::{Orientation, Square, Wall};
use crate::packed::PackedPassages;
use crate::paths::PathSteps;
use crate::rules::blocked_passages;

/// The most steps a single legal wall adds to `victim`'s shortest path (0 when no wall on
/// the path lengthens it, or when the victim has no path). Walls that would cut either pawn
/// off are illegal and not counted.
pub fn single_wall_threat(state: &Quoridor, victim: Player) -> u32 {
    state
        .passages()
        .shortest_path(state.pawn(victim), state.goal_row(victim))
        .map_or(0, |path| threat_along(state, victim, &path))
}

/// [`single_wall_threat`] given one of `victim`'s shortest paths.
pub fn threat_along(state: &Quoridor, victim: Player, path: &PathSteps) -> u32 {
    let passages = state.passages();
    let other = 1 - victim;
    let (from, goal) = (state.pawn(victim), state.goal_row(victim));
    let (other_from, other_goal) = (state.pawn(other), state.goal_row(other));
    // The victim's distance with a wall added, and whether the other pawn still has a
    // path (a wall that cuts it off is illegal) when that distance is a new worst: on the
    // packed board when it fits.
    let packed = PackedPassages::new(passages);
    let detour = |wall: Wall, worst: u32| -> Option<u32> {
        let longer = |d: u32| d.saturating_sub(path.length).max(worst);
        match &packed {
            Some(packed) => {
                let blocked = packed.without_wall(wall);
                let d = longer(blocked.distance_to_row(from, goal)?);
                (d == worst || blocked.distance_to_row(other_from, other_goal).is_some())
                    .then_some(d)
            }
            None => {
                let blocked = blocked_passages(passages, wall);
                let d = longer(blocked.distance_to_row(from, goal)?);
                (d == worst || blocked.reaches_row(other_from, other_goal)).then_some(d)
            }
        }
    };
    let mut worst = 0;
    for r in 0..state.size() - 1 {
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let mut slots = match orientation {
                Orientation::Horizontal => {
                    (path.up[r] | path.up[r] >> 1) & state.free_horizontal(r)
                }
                Orientation::Vertical => {
                    (path.right[r] | path.right[r + 1]) & state.free_vertical(r)
                }
            };
            while slots != 0 {
                let c = slots.trailing_zeros();
                slots &= slots - 1;
                let wall = Wall {
                    slot: Square::new(c as u8, r as u8),
                    orientation,
                };
                worst = detour(wall, worst).unwrap_or(worst);
            }
        }
    }
    worst
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    #[test]
    fn an_open_board_threatens_little() {
        let s = Quoridor::standard();
        // One wall in front of a pawn on an empty board costs it one sidestep.
        assert_eq!(single_wall_threat(&s, 0), 1);
        assert_eq!(single_wall_threat(&s, 1), 1);
    }

    #[test]
    fn a_corridor_is_threatened_by_the_wall_that_closes_it() {
        // White on e4 in a corridor between vertical walls on both sides of column e (rows
        // 2 to 5): 5 steps up and out, or after a wall across the top, 3 down, 1 aside, 8
        // up: 7 more.
        let s = Quoridor::standard()
            .from_text("size=9 walls=10 turn=black black=a9,10 white=e4,6 h= v=d3,e3,d5,e5")
            .unwrap();
        assert_eq!(s.distance_to_goal(1), Some(5));
        assert_eq!(single_wall_threat(&s, 1), 7);
    }
}
