//! How the two-player tree searches score positions.
//!
//! Values are integers for the side to move (negamax). A finished game is worth
//! `±(WIN − ply)`, `ply` counted from the root, so a faster win scores higher and a slower
//! loss scores higher than a fast one; heuristic values stay strictly inside ±`EVAL_BOUND`.

use ply_core::eval::{EVAL_BOUND, WIN};
use ply_core::Scores;

/// Larger than any value a search returns: the initial window is (−INFINITY, INFINITY).
pub const INFINITY: i32 = WIN + 1;

/// The value of a finished game for `player`, found `ply` plies below the root:
/// `WIN − ply` for a win, `−(WIN − ply)` for a loss, 0 for a draw (or a shared first place).
pub fn terminal_value(scores: &Scores, player: usize, ply: usize) -> i32 {
    let margin = scores.margin(player);
    let distance = WIN - ply as i32;
    if margin > 0.0 {
        distance
    } else if margin < 0.0 {
        -distance
    } else {
        0
    }
}

/// A value as a transposition table keeps it: proven results counted from the node that
/// stores them rather than from the root, so they stay right wherever the position recurs.
pub fn value_to_table(value: i32, ply: usize) -> i32 {
    if value >= EVAL_BOUND {
        value + ply as i32
    } else if value <= -EVAL_BOUND {
        value - ply as i32
    } else {
        value
    }
}

/// The inverse of [`value_to_table`] for a node `ply` plies below the root.
pub fn value_from_table(value: i32, ply: usize) -> i32 {
    if value >= EVAL_BOUND {
        value - ply as i32
    } else if value <= -EVAL_BOUND {
        value + ply as i32
    } else {
        value
    }
}

/// The player whose value a negamax child is searched for: the other player in a
/// two-player game. With more players each one is taken to play against the next one only
/// (a rough model, but it never fails): the multi-player searches (paranoid, max-n,
/// best-reply) and MCTS are the ones meant for such games.
#[inline]
pub fn next_player(me: usize, players: usize) -> usize {
    (me + 1) % players.max(1)
}

/// Keeps an evaluator's value inside the heuristic range, so a careless evaluator can never
/// pass for a proven result.
pub fn clamp_heuristic(value: i32) -> i32 {
    value.clamp(-(EVAL_BOUND - 1), EVAL_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faster_wins_score_higher_and_table_round_trips() {
        let win = Scores::win(0);
        assert_eq!(terminal_value(&win, 0, 3), WIN - 3);
        assert_eq!(terminal_value(&win, 1, 3), -(WIN - 3));
        assert_eq!(terminal_value(&Scores::draw(), 1, 3), 0);
        assert!(terminal_value(&win, 0, 1) > terminal_value(&win, 0, 5));
        for v in [WIN - 7, -(WIN - 7), 0, 123, -EVAL_BOUND + 5] {
            assert_eq!(value_from_table(value_to_table(v, 4), 4), v);
        }
        // A win 7 plies from the root, stored at ply 4, is a win in 3 from that node.
        assert_eq!(value_to_table(WIN - 7, 4), WIN - 3);
    }
}
