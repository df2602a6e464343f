//! Tic-tac-toe knowledge kept apart from the rules.

use ply_core::{Evaluator, MoveOrdering, Player};

use crate::board::{Cell, TicTacToe, LINES};

/// Open lines: for each line the opponent has not touched, +1/+10 for one/two own marks;
/// the same for the opponent counted against.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineCount;

impl Evaluator<TicTacToe> for LineCount {
    fn name(&self) -> &str {
        "lines"
    }

    fn evaluate(&self, state: &TicTacToe, player: Player) -> i32 {
        let own = state.marks(player);
        let other = state.marks(1 - player);
        let weight = |n: u32| match n {
            1 => 1,
            2 => 10,
            _ => 0,
        };
        LINES
            .iter()
            .map(
                |&line| match ((own & line).count_ones(), (other & line).count_ones()) {
                    (n, 0) => weight(n),
                    (0, n) => -weight(n),
                    _ => 0,
                },
            )
            .sum()
    }
}

/// Centre first, then corners, then edges.
#[derive(Debug, Clone, Copy, Default)]
pub struct CenterCornerOrdering;

impl MoveOrdering<TicTacToe> for CenterCornerOrdering {
    fn name(&self) -> &str {
        "center-corner"
    }

    fn order(&self, _state: &TicTacToe, moves: &mut [Cell]) {
        const RANK: [u8; 9] = [1, 2, 1, 2, 0, 2, 1, 2, 1];
        moves.sort_by_key(|&c| RANK[c as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    #[test]
    fn lines_are_symmetric_between_players() {
        let s = TicTacToe::from_cells(&[4, 0, 8]).unwrap();
        let e = LineCount;
        assert_eq!(e.evaluate(&s, 0), -e.evaluate(&s, 1));
        assert!(e.evaluate(&s, s.to_move()) < 0, "O faces two X threats");
    }
}
