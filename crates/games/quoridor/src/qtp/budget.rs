//! How long `genmove` may think: the referee's 30 s per move and 20·n s per game by default.

use std::time::Duration;

use ply_core::SearchLimits;

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

/// A share of the game's remainder that one move may never go past, however unsure the
/// search is: what is left is the game's, for the moves after it.
const MOST_SHARE_OF_REMAINDER: f64 = 0.25;

impl TimeBudget {
    /// The time limits of the next move of `player` (see [`TimeBudget::for_move`] and
    /// [`TimeBudget::most_for_move`]).
    pub fn limits_for_move(&self, state: &Quoridor, player: usize, used: Duration) -> SearchLimits {
        SearchLimits {
            time: Some(self.for_move(state, player, used)),
            max_time: Some(self.most_for_move(state, player, used)),
            ..SearchLimits::default()
        }
    }

    /// The most the next move may take when the search is unsure (its best move changing,
    /// its value falling): a quarter of what is left of the game, within the per-move limit,
    /// and never less than [`TimeBudget::for_move`].
    pub fn most_for_move(&self, state: &Quoridor, player: usize, used: Duration) -> Duration {
        let remaining = self.total(state).saturating_sub(used);
        let most = scale(remaining, self.safety * MOST_SHARE_OF_REMAINDER)
            .min(scale(self.per_move, self.safety));
        most.max(self.for_move(state, player, used))
    }

    /// The game's total time on this board.
    fn total(&self, state: &Quoridor) -> Duration {
        self.per_game_per_size
            .checked_mul(state.size() as u32)
            .unwrap_or(Duration::MAX)
    }

    /// The think time for the next move of `player`, given the time this engine has already
    /// spent in the game: the game's remainder spread over the moves likely still to come.
    ///
    /// Never panics, whatever the fields hold: a game total too large to represent
    /// saturates, and a `safety` outside [0, 1] is clamped into it.
    pub fn for_move(&self, state: &Quoridor, player: usize, used: Duration) -> Duration {
        let remaining = self.total(state).saturating_sub(used);
        let distance = state.distance_to_goal(player).unwrap_or(0);
        // Own moves still to come: the race, some of the walls, and some slack. (Twice the
        // distance plus every wall, as before, left two thirds of the referee's clock
        // unused: 53–63 s of 180 on 9x9 against seed 002, 7 s of 100 on 5x5. The share is
        // recomputed from what remains at every move, so a longer game only thins it.)
        let moves_left = distance
            .saturating_add(state.walls_left(player).min(10) / 2)
            .saturating_add(6);
        let share = scale(remaining, self.safety) / moves_left;
        share
            .min(scale(self.per_move, self.safety))
            .max(Duration::from_millis(5))
    }
}

/// `d` times the fraction `safety` clamped to [0, 1] (NaN counts as 1), without overflow.
/// (`safety` times a share below 1 stays a fraction.)
fn scale(d: Duration, safety: f64) -> Duration {
    let fraction = if safety > 0.0 {
        safety.min(1.0)
    } else if safety.is_nan() {
        1.0
    } else {
        0.0
    };
    Duration::try_from_secs_f64(d.as_secs_f64() * fraction).unwrap_or(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ply engine quoridor --game-time-per-size 5e18` then `genmove black` overflowed
    /// `per_game_per_size * size` here.
    #[test]
    fn a_huge_allowance_saturates_instead_of_panicking() {
        let state = Quoridor::standard();
        for per_game_per_size in [
            Duration::from_secs(5_000_000_000_000_000_000),
            Duration::MAX,
        ] {
            let budget = TimeBudget {
                per_game_per_size,
                ..TimeBudget::default()
            };
            let think = budget.for_move(&state, 0, Duration::ZERO);
            // The per-move cap still applies: 30 s at 0.8.
            assert_eq!(think, Duration::from_secs(24));
        }
        let unbounded = TimeBudget {
            per_move: Duration::MAX,
            per_game_per_size: Duration::MAX,
            safety: 1.0,
        };
        assert!(unbounded.for_move(&state, 1, Duration::MAX) >= Duration::from_millis(5));
        assert!(unbounded.for_move(&state, 1, Duration::ZERO) > Duration::from_secs(1 << 40));
    }

    #[test]
    fn a_safety_outside_its_range_does_not_panic() {
        let state = Quoridor::standard();
        for safety in [f64::NAN, -1.0, 0.0, 7.0, f64::INFINITY, f64::NEG_INFINITY] {
            let budget = TimeBudget {
                safety,
                ..TimeBudget::default()
            };
            let think = budget.for_move(&state, 0, Duration::ZERO);
            assert!(think >= Duration::from_millis(5), "{safety}: {think:?}");
            assert!(think <= Duration::from_secs(30), "{safety}: {think:?}");
            let most = budget.most_for_move(&state, 0, Duration::ZERO);
            assert!(
                most >= think && most <= Duration::from_secs(30),
                "{safety}: {most:?}"
            );
        }
    }

    /// An unsure search may take more than its share, up to a quarter of what is left of
    /// the game, within the per-move limit; never less than its share.
    #[test]
    fn the_most_a_move_may_take() {
        let state = Quoridor::standard();
        let budget = TimeBudget::default();
        // 180 s a game on 9x9, none used: a quarter of 144 s is 36 s, held to 24 s a move.
        let limits = budget.limits_for_move(&state, 0, Duration::ZERO);
        assert_eq!(limits.max_time, Some(Duration::from_secs(24)));
        // Its share: 144 s over 8 + 5 + 6 moves.
        let share = Duration::from_secs(144) / 19;
        assert_eq!(limits.time, Some(share));
        // 100 s used: a quarter of (180 − 100) · 0.8 = 16 s.
        let most = budget.most_for_move(&state, 0, Duration::from_secs(100));
        assert_eq!(most, Duration::from_secs(16));
        // At the end of the clock the share's 5 ms floor holds for both.
        let late = budget.limits_for_move(&state, 0, Duration::from_secs(180));
        assert_eq!(late.time, Some(Duration::from_millis(5)));
        assert_eq!(late.max_time, Some(Duration::from_millis(5)));
    }
}
