//! How long `genmove` may think: the referee's 30 s per move and 20·n s per game by default.

use std::time::Duration;

use crate::board::Quoridor;

/// The time rules the engine plays under.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeBudget {
    /// The most one move may take.
    pub per_move: Duration,
    /// The game's total is this times the board size.
    pub per_game_per_size: Duration,
    /// Fraction of each allowance actually used, leaving room for the process and the pipe.
    pub safety: f64,
}

impl Default for TimeBudget {
    fn default() -> Self {
        TimeBudget {
            per_move: Duration::from_secs(30),
            per_game_per_size: Duration::from_secs(20),
            safety: 0.8,
        }
    }
}

impl TimeBudget {
    /// The think time for the next move of `player`, given the time this engine has already
    /// spent in the game: the game's remainder spread over the moves likely still to come.
    pub fn for_move(&self, state: &Quoridor, player: usize, used: Duration) -> Duration {
        let total = self.per_game_per_size * state.size() as u32;
        let remaining = total.saturating_sub(used);
        let distance = state.distance_to_goal(player).unwrap_or(0);
        // Own moves still to come: the race, a few walls, and some slack.
        let moves_left = 2 * distance + state.walls_left(player).min(10) + 4;
        let share = remaining.mul_f64(self.safety) / moves_left.max(1);
        share
            .min(self.per_move.mul_f64(self.safety))
            .max(Duration::from_millis(5))
    }
}
