//! The race evaluator for 3 and 4 players.
//!
//! Every pawn's arrival is counted in plies: a pawn `d` steps from home that moves `k`
//! plies from now lands on ply `k + (d − 1)·N`. A player is judged against the earliest of
//! the others (the one that would win the race if nobody walled), in hundredths of a step,
//! plus its walls in hand against the others' average: walls are what slows a leader down.

use ply_core::{Evaluator, Game, Player};

use crate::board::Quoridor;
use crate::seats::next_seat;

/// A length for a pawn with no path (never in a legal position).
const NO_PATH: i32 = 1000;
/// Hundredths of a step a wall in hand is worth (counted up to ten walls).
const WALL_WORTH: i32 = 80;

/// The race for any number of players (the two-player [`crate::RaceEval`] hands its
/// positions with 3 or 4 pawns to this one).
#[derive(Debug, Clone, Copy, Default)]
pub struct CrowdRaceEval;

impl CrowdRaceEval {
    /// The ply, counted from now, on which `player` would reach its goal by its shortest
    /// path with nobody in the way.
    fn arrival(state: &Quoridor, player: Player) -> i32 {
        let players = state.players();
        let mut wait = 0;
        let mut seat = state.to_move();
        while seat != player {
            seat = next_seat(seat, players);
            wait += 1;
        }
        let distance = state.distance_to_goal(player).map_or(NO_PATH, |d| d as i32);
        wait + (distance - 1).max(0) * players as i32
    }
}

impl Evaluator<Quoridor> for CrowdRaceEval {
    fn name(&self) -> &str {
        "race-n"
    }

    fn evaluate(&self, state: &Quoridor, player: Player) -> i32 {
        let players = state.players() as i32;
        let own = Self::arrival(state, player);
        let mut first_other = i32::MAX;
        let mut other_walls = 0;
        for p in (0..state.players()).filter(|&p| p != player) {
            first_other = first_other.min(Self::arrival(state, p));
            other_walls += state.walls_left(p).min(10) as i32;
        }
        // Plies back to steps: one step of the race is one round of N plies.
        let race = 100 * (first_other - own) / players;
        let walls = WALL_WORTH * state.walls_left(player).min(10) as i32
            - WALL_WORTH * other_walls / (players - 1);
        race + walls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_favours_whoever_moves_first() {
        let s = Quoridor::with_players(9, 5, 4).unwrap();
        let values: Vec<i32> = (0..4).map(|p| CrowdRaceEval.evaluate(&s, p)).collect();
        assert!(values[0] > 0, "{values:?}");
        assert!(values[3] < 0, "{values:?}");
        // A step towards the goal beats a step aside.
        let after = |mv: &str| {
            let mut s = s.clone();
            s.play_notation(mv).unwrap();
            CrowdRaceEval.evaluate(&s, 0)
        };
        assert!(after("e8") > after("d9"));
    }
}
