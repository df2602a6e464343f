//! The seeds' evaluators: seed 002's and seed 004's (minimax and expectimax forms); this
//! crate's own, the race, is in `race.rs`.
//!
//! All are asked only about positions that are not over, and all use path lengths from the
//! row-bitboard breadth-first search in `paths.rs` (seed 004 used A*; both give the same
//! shortest lengths, the BFS is the faster here, see the `paths` benchmark).
//!
//! The seeds' formulas and the race are written for two players; with 3 or 4 pawns each
//! of them hands the position to [`CrowdRaceEval`], so any agent built on them still plays.

use ply_core::{Evaluator, Player};

use crate::board::{Quoridor, BLACK, WHITE};
use crate::crowd_eval::CrowdRaceEval;

/// A length for a pawn with no path (only seen in hand-made positions): far beyond any real
/// path, so the evaluators still order such positions sensibly.
pub(crate) const NO_PATH: i32 = 1000;

fn goal_distance(state: &Quoridor, player: Player) -> i32 {
    state.distance_to_goal(player).map_or(NO_PATH, |d| d as i32)
}

/// Steps to the next row towards the goal (seed 002's second term).
pub(crate) fn next_row_distance(state: &Quoridor, player: Player) -> i32 {
    let pawn = state.pawn(player);
    let goal = state.goal_row(player);
    let next = if goal > pawn.row as usize {
        pawn.row as usize + 1
    } else {
        (pawn.row as usize).saturating_sub(1)
    };
    state
        .passages()
        .distance_to_row(pawn, next)
        .map_or(NO_PATH, |d| d as i32)
}

/// Seed 002: `(blackDist − whiteDist) + 0.6·(blackNextRow − whiteNextRow) +
/// 0.8·(whiteWalls − blackWalls)` from white's side, scaled to integers 10 / 6 / 8.
#[derive(Debug, Clone, Copy, Default)]
pub struct Seed002Eval;

impl Seed002Eval {
    /// The source's formula with its own weights 1 / 0.6 / 0.8, from white's point of view.
    pub fn white_value(state: &Quoridor) -> f64 {
        Self::white_value_scaled(state, 1.0, 0.6, 0.8)
    }

    fn white_value_scaled(state: &Quoridor, dist: f64, next: f64, walls: f64) -> f64 {
        let d = (goal_distance(state, BLACK) - goal_distance(state, WHITE)) as f64;
        let n = (next_row_distance(state, BLACK) - next_row_distance(state, WHITE)) as f64;
        let w = state.walls_left(WHITE) as f64 - state.walls_left(BLACK) as f64;
        dist * d + next * n + walls * w
    }
}

impl Evaluator<Quoridor> for Seed002Eval {
    fn name(&self) -> &str {
        "seed002"
    }

    fn evaluate(&self, state: &Quoridor, player: Player) -> i32 {
        if state.players() > 2 {
            return CrowdRaceEval.evaluate(state, player);
        }
        let white = Self::white_value_scaled(state, 10.0, 6.0, 8.0) as i32;
        if player == WHITE {
            white
        } else {
            -white
        }
    }
}

/// Seed 004: for the player judged, `+ opponentPath + round(100 / ownPath, 2) + (ownWalls −
/// opponentWalls) + 100·atGoal − rowDistance − round(50 / opponentPath, 2) − 500·noPath`;
/// the expectimax form weighs the opponent's path 17 times. Scaled by 100 to integers.
/// As in the source, the path search is skipped while both players still hold every wall
/// (no wall on the board: the path is the row distance).
#[derive(Debug, Clone, Copy, Default)]
pub struct Seed004Eval {
    pub expectimax: bool,
}

impl Evaluator<Quoridor> for Seed004Eval {
    fn name(&self) -> &str {
        if self.expectimax {
            "seed004-expectimax"
        } else {
            "seed004"
        }
    }

    fn evaluate(&self, state: &Quoridor, player: Player) -> i32 {
        if state.players() > 2 {
            return CrowdRaceEval.evaluate(state, player);
        }
        let other = 1 - player;
        let row_distance = |p: Player| (state.pawn(p).row as i32 - state.goal_row(p) as i32).abs();
        let untouched = (0..2).all(|p| state.walls_left(p) == state.walls_per_player());
        let path = |p: Player| {
            if untouched {
                row_distance(p)
            } else {
                goal_distance(state, p)
            }
        };
        let (own, theirs) = (path(player), path(other));
        // Hundredths, as the source rounds its fractions to two decimals.
        let mut value = 100 * theirs * if self.expectimax { 17 } else { 1 };
        value += 10_000 / own.max(1);
        value += 100 * (state.walls_left(player) as i32 - state.walls_left(other) as i32);
        if row_distance(player) == 0 {
            value += 10_000;
        }
        value -= 100 * row_distance(player);
        value -= 5_000 / theirs.max(1);
        if own >= NO_PATH {
            value -= 50_000;
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    #[test]
    fn start_position_values() {
        let s = Quoridor::standard();
        assert_eq!(Seed002Eval::white_value(&s), 0.0);
        assert_eq!(Seed002Eval.evaluate(&s, BLACK), 0);
        // Seed 004 at the start: 8 + 100/8 + 0 − 8 − 50/8 = 6.25 in the source's units.
        assert_eq!(Seed004Eval::default().evaluate(&s, BLACK), 625);
        assert_eq!(
            Seed004Eval { expectimax: true }.evaluate(&s, BLACK),
            17 * 800 + 1250 - 800 - 625
        );
    }

    #[test]
    fn seed002_prefers_the_shorter_path() {
        let mut s = Quoridor::standard();
        s.play_notation("e8").unwrap(); // black one step nearer
        assert!(Seed002Eval::white_value(&s) < 0.0);
        assert!(Seed002Eval.evaluate(&s, BLACK) > 0);
    }
}
