//! How the multi-player searches value positions: one number per seat.
//!
//! Values are `i64` so that sums over six players of proven results cannot overflow, and
//! so that alpha-beta windows stay exact.
//!
//! A terminal position is valued by **standing**: for player `p`, the number of opponents
//! `p` finished strictly ahead of, minus the number that finished strictly ahead of `p`,
//! times `WIN - ply`. So:
//! - two players: a win is `WIN - ply`, a loss `-(WIN - ply)`, a draw 0: exactly the values a
//!   two-player negamax gives, which is what lets paranoid and best-reply search be checked
//!   against it;
//! - three-player halma ranking 2 / 1 / 0: first `2(WIN - ply)`, second 0, last
//!   `-2(WIN - ply)`;
//! - a win found sooner (or a loss found later) is worth more, as in alpha-beta.
//!
//! Standings are antisymmetric between every pair of players, so the terminal values of all
//! players always sum to exactly 0, and each lies within `±(n - 1)·WIN`. Those two facts are
//! what a caller needs to choose a sound [`SumBound`] for max-n's shallow pruning.
//!
//! A non-terminal position at the horizon is valued by the evaluator, once per player that
//! the search needs (the root player for paranoid and best-reply, every player for max-n).

use std::cmp::Ordering;

use ply_core::eval::{EVAL_BOUND, WIN};
use ply_core::{Evaluator, Game, Player, Scores, MAX_PLAYERS};

/// One value per seat; only the first `num_players()` entries mean anything.
pub type ValueVector = [i64; MAX_PLAYERS];

/// Larger than any value a search can return: the starting point of a maximum.
pub(crate) const INFINITY: i64 = i64::MAX / 4;

/// The value of a finished game for `player`, found `ply` plies below the root.
pub fn terminal_value(scores: &Scores, player: Player, ply: usize) -> i64 {
    let own = scores.get(player);
    let standing: i64 = (0..scores.players())
        .filter(|&other| other != player)
        .map(|other| match own.partial_cmp(&scores.get(other)) {
            Some(Ordering::Greater) => 1,
            Some(Ordering::Less) => -1,
            _ => 0,
        })
        .sum();
    standing * (i64::from(WIN) - ply as i64)
}

/// The value of `state` for `player` at the horizon or at the end of the game.
pub(crate) fn value_for<G: Game>(
    state: &G,
    outcome: Option<&Scores>,
    evaluator: &dyn Evaluator<G>,
    player: Player,
    ply: usize,
) -> i64 {
    match outcome {
        Some(scores) => terminal_value(scores, player, ply),
        // Clamped so that a careless evaluator can never pass for a proven result.
        None => i64::from(
            evaluator
                .evaluate(state, player)
                .clamp(-(EVAL_BOUND - 1), EVAL_BOUND - 1),
        ),
    }
}

/// The value of `state` for every player, terminal or evaluated.
pub(crate) fn value_vector<G: Game>(
    state: &G,
    outcome: Option<&Scores>,
    evaluator: &dyn Evaluator<G>,
    ply: usize,
) -> ValueVector {
    let mut values = [0; MAX_PLAYERS];
    for (player, value) in values.iter_mut().enumerate().take(state.num_players()) {
        *value = value_for(state, outcome, evaluator, player, ply);
    }
    values
}

/// The net standing a proven value carries (see the module notes); 0 for heuristic values.
fn standing_of(value: i64) -> i64 {
    let win = i64::from(WIN);
    if value.abs() < i64::from(EVAL_BOUND) {
        0
    } else {
        (value + value.signum() * win / 2) / win
    }
}

/// A value as a transposition table keeps it: proven results counted from the node that
/// stores them (`ply` plies below the root) rather than from the root.
pub(crate) fn value_to_table(value: i64, ply: usize) -> i64 {
    value + standing_of(value) * ply as i64
}

/// The inverse of [`value_to_table`] for a node `ply` plies below the root.
pub(crate) fn value_from_table(value: i64, ply: usize) -> i64 {
    value - standing_of(value) * ply as i64
}

/// What the caller guarantees about every value vector max-n can meet (evaluated or
/// terminal): each component is at least `min_value` and the components sum to at most
/// `max_sum`. Max-n's shallow pruning (Korf 1991) is sound only under such a bound.
///
/// Terminal vectors always sum to 0 and stay within `±(n - 1)·WIN` (see the module notes);
/// the evaluator's values must be covered as well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SumBound {
    pub min_value: i64,
    pub max_sum: i64,
}

impl SumBound {
    /// The most any one player can get once another player is known to get at least
    /// `other_at_least`, with `players` players seated.
    pub(crate) fn best_remaining(&self, other_at_least: i64, players: usize) -> i64 {
        // Saturating: the bounds come from users and may be extreme.
        let bystanders = players.saturating_sub(2) as i64;
        self.max_sum
            .saturating_sub(other_at_least)
            .saturating_sub(bystanders.saturating_mul(self.min_value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_terminals_match_negamax() {
        let w = i64::from(WIN);
        assert_eq!(terminal_value(&Scores::win(0), 0, 3), w - 3);
        assert_eq!(terminal_value(&Scores::win(0), 1, 3), -(w - 3));
        assert_eq!(terminal_value(&Scores::draw(), 1, 5), 0);
    }

    #[test]
    fn rankings_sum_to_zero() {
        let w = i64::from(WIN);
        let ranking = Scores::from_slice(&[1.0, 2.0, 0.0]);
        let values: Vec<i64> = (0..3).map(|p| terminal_value(&ranking, p, 0)).collect();
        assert_eq!(values, vec![0, 2 * w, -2 * w]);
        let shared = Scores::from_slice(&[1.0, 1.0, 0.0, 0.5]);
        let total: i64 = (0..4).map(|p| terminal_value(&shared, p, 7)).sum();
        assert_eq!(total, 0);
    }

    #[test]
    fn table_values_count_from_the_node() {
        let w = i64::from(WIN);
        // Player 0 wins with standing 2, seven plies from the root; stored at ply 3.
        let ranking = Scores::from_slice(&[2.0, 1.0, 0.0]);
        let at_root = terminal_value(&ranking, 0, 7);
        assert_eq!(value_to_table(at_root, 3), 2 * (w - 4));
        for value in [
            at_root,
            -at_root,
            0,
            123,
            -(w - 9),
            w - 2,
            i64::from(EVAL_BOUND) - 1,
        ] {
            for ply in [0, 1, 5, 40] {
                assert_eq!(value_from_table(value_to_table(value, ply), ply), value);
            }
        }
        assert_eq!(
            value_to_table(777, 9),
            777,
            "heuristic values are left alone"
        );
    }

    #[test]
    fn sum_bound_limits_the_others() {
        let bound = SumBound {
            min_value: -10,
            max_sum: 30,
        };
        // Three players: one has at least 25, the bystander at least -10, so the third has
        // at most 30 - 25 + 10.
        assert_eq!(bound.best_remaining(25, 3), 15);
        assert_eq!(bound.best_remaining(25, 2), 5);
        let extreme = SumBound {
            min_value: i64::MIN,
            max_sum: i64::MAX,
        };
        assert_eq!(extreme.best_remaining(-5, 4), i64::MAX);
    }
}
