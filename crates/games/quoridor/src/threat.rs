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
    distance_and_threat(state, victim, true).map_or(0, |(_, threat)| threat)
}

/// `victim`'s distance to its goal and, if `threatened`, [`single_wall_threat`] (else 0);
/// `None` if the victim has no path.
pub fn distance_and_threat(
    state: &Quoridor,
    victim: Player,
    threatened: bool,
) -> Option<(u32, u32)> {
    let passages = state.passages();
    let (from, goal) = (state.pawn(victim), state.goal_row(victim));
    let other = 1 - victim;
    let (other_from, other_goal) = (state.pawn(other), state.goal_row(other));
    match PackedPassages::new(passages) {
        Some(packed) => {
            let reach = packed.reach(from, goal)?;
            let length = reach.length();
            if !threatened {
                return Some((length, 0));
            }
            let path = reach.path(&packed);
            // The search for the blocked distance resumes at the first layer the wall
            // touches: walls far along the path cost only the layers after them.
            let threat = worst_detour(state, &path, |wall, worst| {
                let blocked = packed.without_wall(wall);
                let d = blocked.distance_resumed(&reach, packed.wall_cells(wall))?;
                let detour = d.saturating_sub(length).max(worst);
                (detour == worst || blocked.distance_to_row(other_from, other_goal).is_some())
                    .then_some(detour)
            });
            Some((length, threat))
        }
        None => {
            let path = passages.shortest_path(from, goal)?;
            if !threatened {
                return Some((path.length, 0));
            }
            let threat = worst_detour(state, &path, |wall, worst| {
                let blocked = blocked_passages(passages, wall);
                let d = blocked.distance_to_row(from, goal)?;
                let detour = d.saturating_sub(path.length).max(worst);
                (detour == worst || blocked.reaches_row(other_from, other_goal)).then_some(detour)
            });
            Some((path.length, threat))
        }
    }
}

/// The largest detour `detour(wall, worst so far)` reports over the free slots whose wall
/// blocks a step of `path` (`detour` answers `None` for an illegal wall, and need only be
/// exact when the detour beats the worst so far).
fn worst_detour(
    state: &Quoridor,
    path: &PathSteps,
    detour: impl Fn(Wall, u32) -> Option<u32>,
) -> u32 {
    let mut worst = 0;
    for r in 0..state.size() - 1 {
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let free = match orientation {
                Orientation::Horizontal => state.free_horizontal(r),
                Orientation::Vertical => state.free_vertical(r),
            };
            let mut slots = path.slots_cutting(orientation, r) & free;
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
    fn large_boards_measure_the_threat_by_rows() {
        // 13x13 does not fit the packed board; the corridor of the 9x9 test, shifted.
        let s = Quoridor::new(13, 10)
            .unwrap()
            .from_text("size=13 walls=10 turn=black black=a13,10 white=e4,6 h= v=d3,e3,d5,e5")
            .unwrap();
        assert_eq!(distance_and_threat(&s, 1, true), Some((9, 7)));
        assert_eq!(distance_and_threat(&s, 1, false), Some((9, 0)));
    }

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

    /// The threat equals the worst detour over every legal wall, by brute force, in
    /// random positions on packed (5x5, 9x9) and row-form (13x13) boards.
    #[test]
    fn the_threat_is_the_worst_legal_wall() {
        use crate::rules::blocked_passages;
        use rand::seq::IndexedRandom;
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let mut moves = Vec::new();
        for (size, plies) in [(5, 8), (9, 30), (13, 30)] {
            for _ in 0..12 {
                let mut s = Quoridor::new(size, 8).unwrap();
                for _ in 0..plies {
                    s.legal_moves(&mut moves);
                    if s.is_terminal() || moves.is_empty() {
                        break;
                    }
                    s.play(*moves.choose(&mut rng).unwrap());
                }
                if s.is_terminal() {
                    continue;
                }
                s.set_walls_left(1);
                for victim in 0..2 {
                    let before = s.distance_to_goal(victim).unwrap();
                    let mut worst = 0;
                    for r in 0..size - 1 {
                        for c in 0..size - 1 {
                            for orientation in [Orientation::Horizontal, Orientation::Vertical] {
                                let wall = Wall {
                                    slot: Square::new(c as u8, r as u8),
                                    orientation,
                                };
                                if s.check_wall(0, wall).is_ok() {
                                    let d = blocked_passages(s.passages(), wall)
                                        .distance_to_row(s.pawn(victim), s.goal_row(victim))
                                        .unwrap();
                                    worst = worst.max(d - before);
                                }
                            }
                        }
                    }
                    assert_eq!(
                        distance_and_threat(&s, victim, true),
                        Some((before, worst)),
                        "{}",
                        s.to_text()
                    );
                }
            }
        }
    }
}
