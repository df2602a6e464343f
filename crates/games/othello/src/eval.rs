//! Othello knowledge kept apart from the rules: three evaluators and a move ordering. The
//! count of discs is a poor guide until the very end (a side with few discs often has the
//! moves), so none of them counts discs; the searches score finished games exactly.
//!
//! - `mobility`: how many placements each side has now, and how many empty cells border the
//!   other side's discs (the placements it may get: its "potential mobility").
//! - `corners`: corners held, which can never be flipped, and the cells next to an empty
//!   corner, which give it away (the diagonal X-square most, the edge C-squares less).
//! - `combined` (the default): both, a corner worth about ten placements.
//! - `squares` (ordering): corners first, then the edges, the inside, the C-squares and the
//!   X-squares last.

use ply_core::{Evaluator, MoveOrdering, Player};

use crate::board::{Move, Othello};

/// A corner held: the unit the others are measured against (`VALUE_UNIT` is a quarter).
const CORNER: i32 = 100;

/// A disc on the X-square of an empty corner: it lets the other side take the corner.
const X_SQUARE: i32 = -40;

/// A disc on a C-square of an empty corner.
const C_SQUARE: i32 = -15;

/// A placement the side has now.
const PLACEMENT: i32 = 10;

/// An empty cell next to the other side's discs: a placement it may have later.
const POTENTIAL: i32 = 3;

/// The corner terms of `side`.
fn corners(state: &Othello, side: Player) -> i32 {
    let geometry = state.geometry();
    let own = state.discs(side);
    let occupied = state.discs(0) | state.discs(1);
    let mut value = CORNER * (own & geometry.corners).count_ones() as i32;
    for k in 0..4 {
        if occupied & geometry.corner_cells[k] == 0 {
            value += X_SQUARE * (own & geometry.x_squares[k]).count_ones() as i32
                + C_SQUARE * (own & geometry.c_squares[k]).count_ones() as i32;
        }
    }
    value
}

/// The mobility terms of `side`.
fn mobility(state: &Othello, side: Player) -> i32 {
    let geometry = state.geometry();
    let empty = geometry.all & !(state.discs(0) | state.discs(1));
    let potential = geometry.neighbours(state.discs(1 - side)) & empty;
    PLACEMENT * state.placements(side).count_ones() as i32
        + POTENTIAL * potential.count_ones() as i32
}

/// Placements and potential placements: mine minus theirs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Mobility;

impl Evaluator<Othello> for Mobility {
    fn name(&self) -> &str {
        "mobility"
    }

    fn evaluate(&self, state: &Othello, player: Player) -> i32 {
        mobility(state, player) - mobility(state, 1 - player)
    }
}

/// Corners held, and discs next to empty corners: mine minus theirs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Corners;

impl Evaluator<Othello> for Corners {
    fn name(&self) -> &str {
        "corners"
    }

    fn evaluate(&self, state: &Othello, player: Player) -> i32 {
        corners(state, player) - corners(state, 1 - player)
    }
}

/// [`Corners`] and [`Mobility`] added.
#[derive(Debug, Clone, Copy, Default)]
pub struct Combined;

impl Evaluator<Othello> for Combined {
    fn name(&self) -> &str {
        "combined"
    }

    fn evaluate(&self, state: &Othello, player: Player) -> i32 {
        Corners.evaluate(state, player) + Mobility.evaluate(state, player)
    }
}

/// Placements by where they are: corners, then other edge cells, the inside, the C-squares
/// and the X-squares (of corners still empty, as the evaluators see them); a pass alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct SquareOrder;

impl SquareOrder {
    fn rank(state: &Othello, mv: Move) -> u8 {
        if mv.is_pass() {
            return 0;
        }
        let geometry = state.geometry();
        let bit = 1u64 << mv.cell;
        let occupied = state.discs(0) | state.discs(1);
        let near_empty_corner = |masks: &[u64; 4]| {
            (0..4).any(|k| masks[k] & bit != 0 && geometry.corner_cells[k] & occupied == 0)
        };
        if geometry.corners & bit != 0 {
            4
        } else if near_empty_corner(&geometry.x_squares) {
            0
        } else if near_empty_corner(&geometry.c_squares) {
            1
        } else if geometry.edges & bit != 0 {
            3
        } else {
            2
        }
    }
}

impl MoveOrdering<Othello> for SquareOrder {
    fn name(&self) -> &str {
        "squares"
    }

    fn order(&self, state: &Othello, moves: &mut [Move]) {
        // Unstable: a stable sort may allocate, and the order of equals is still fixed.
        moves.sort_unstable_by_key(|&mv| std::cmp::Reverse(Self::rank(state, mv)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    /// The 6x6 position drawn as `rows`, row 1 first, with `side` (X or O) to move.
    fn drawn(rows: [&str; 6], side: &str) -> Othello {
        Othello::with_size(6)
            .unwrap()
            .from_text(&format!("{} {side}", rows.concat()))
            .unwrap()
    }

    fn evaluators() -> [&'static dyn Evaluator<Othello>; 3] {
        [&Mobility, &Corners, &Combined]
    }

    #[test]
    fn the_start_is_even_and_the_values_are_antisymmetric() {
        let mut state = Othello::new();
        for evaluator in evaluators() {
            assert_eq!(evaluator.evaluate(&state, 0), 0, "{}", evaluator.name());
        }
        state.play_notation("d3").unwrap();
        for evaluator in evaluators() {
            let black = evaluator.evaluate(&state, 0);
            assert_eq!(
                black,
                -evaluator.evaluate(&state, 1),
                "{}",
                evaluator.name()
            );
        }
    }

    #[test]
    fn a_corner_is_good_and_a_cell_beside_an_empty_one_bad() {
        // Black holds a1; White sits on the X-square of the empty f6.
        let state = drawn(
            ["X-----", "------", "--OX--", "--XO--", "----O-", "------"],
            "X",
        );
        assert_eq!(
            Corners.evaluate(&state, 0),
            CORNER - X_SQUARE,
            "a corner for Black, an X-square for White"
        );
        assert!(Combined.evaluate(&state, 0) > 0);
    }

    #[test]
    fn mobility_counts_placements_and_their_promise() {
        let start = Othello::new();
        // Four placements each and the same empty cells around each colour's two discs.
        assert_eq!(mobility(&start, 0), mobility(&start, 1));
        assert_eq!(start.placements(0).count_ones(), 4);
        let mut state = start.clone();
        state.play_notation("d3").unwrap();
        // White answers c3, c5 or e3: three placements against Black's... none fewer than 3.
        assert_eq!(state.placements(1).count_ones(), 3);
    }

    #[test]
    fn the_ordering_puts_corners_first_and_x_squares_last() {
        // Black to move may take a1 (across b1 to c1) or play b2 (the X-square of f6? no:
        // of a1, empty before the move).
        let state = drawn(
            ["-OX---", "-O----", "-XOX--", "--XO--", "------", "------"],
            "X",
        );
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        SquareOrder.order(&state, &mut moves);
        let names: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
        assert_eq!(names.first().map(String::as_str), Some("a1"), "{names:?}");
        assert!(
            SquareOrder::rank(&state, moves[0]) > SquareOrder::rank(&state, *moves.last().unwrap())
        );
    }
}
