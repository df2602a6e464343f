//! Breakthrough knowledge kept apart from the rules: two evaluators and a move ordering.
//!
//! - `material`: pieces and how far they have come; the plain evaluator a reader expects.
//! - `safety` (the default): `material`, plus which pieces are attacked and defended and
//!   how many still guard the home row, plus the two facts that decide a game within two
//!   plies (a piece one step from its goal wins if its side is to move; the side to move
//!   loses if it cannot take every such enemy piece at once).
//! - `captures`: winning steps first, then captures of the most advanced enemies, then
//!   the steps that go furthest.

use ply_core::{Evaluator, Game, MoveOrdering, Player};

use crate::board::{Breakthrough, Step};

/// A piece: the unit of every value here.
pub const PIECE: i32 = 100;

/// A piece `q` rows from where its side starts is worth `ADVANCE · q²` more: on 8x8, 2 one
/// row on and 50 five rows on, where it threatens to break through.
const ADVANCE: i32 = 2;

/// A piece attacked and not defended (it can be taken for nothing).
const HANGING: i32 = 30;

/// A piece defended by one of its own (a capture there is answered).
const DEFENDED: i32 = 4;

/// A piece still on its home row, where it guards the cells the enemy must cross.
const GUARD: i32 = 12;

/// A game decided within two plies (see [`decided`]): far above any sum of the terms
/// above, far below a proven result.
const DECIDED: i32 = 100_000;

/// `PIECE` a piece and `ADVANCE · q²` for a piece `q` rows on, for `side`.
fn material(state: &Breakthrough, side: Player) -> i32 {
    let pieces = state.pieces(side);
    (1..=state.rows())
        .map(|row| {
            let on_row = (pieces & state.row_cells(row)).count_ones() as i32;
            let progress = state.progress(side, state.cell(0, row)) as i32;
            on_row * (PIECE + ADVANCE * progress * progress)
        })
        .sum()
}

/// Pieces and their advance: mine minus theirs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Material;

impl Evaluator<Breakthrough> for Material {
    fn name(&self) -> &str {
        "material"
    }

    fn evaluate(&self, state: &Breakthrough, player: Player) -> i32 {
        material(state, player) - material(state, 1 - player)
    }
}

/// The value of a position decided within two plies, for the side to move: a piece one
/// step from its goal wins next move (a step straight or diagonally always reaches the
/// goal row: it is blocked only by pieces of its own side there, and one of those would
/// already have won), and an enemy piece one step from its goal must be taken at once, so
/// two of them, or one the side to move does not attack, lose.
fn decided(state: &Breakthrough) -> Option<i32> {
    let mover = state.to_move();
    if state.pieces(mover) & state.one_step_from_goal(mover) != 0 {
        return Some(DECIDED);
    }
    let runners = state.pieces(1 - mover) & state.one_step_from_goal(1 - mover);
    (runners.count_ones() >= 2 || runners & !state.attacks(mover) != 0).then_some(-DECIDED)
}

/// `material`, with attacked, defended and home-row pieces, and the games decided within
/// two plies.
#[derive(Debug, Clone, Copy, Default)]
pub struct Safety;

impl Safety {
    fn side(state: &Breakthrough, side: Player) -> i32 {
        let pieces = state.pieces(side);
        let defended = state.attacks(side);
        let attacked = state.attacks(1 - side);
        let home = state.goal(1 - side);
        material(state, side) - HANGING * (pieces & attacked & !defended).count_ones() as i32
            + DEFENDED * (pieces & defended).count_ones() as i32
            + GUARD * (pieces & home).count_ones() as i32
    }
}

impl Evaluator<Breakthrough> for Safety {
    fn name(&self) -> &str {
        "safety"
    }

    fn evaluate(&self, state: &Breakthrough, player: Player) -> i32 {
        if let Some(value) = decided(state) {
            return if player == state.to_move() {
                value
            } else {
                -value
            };
        }
        Self::side(state, player) - Self::side(state, 1 - player)
    }
}

/// Winning steps first, then captures (of the most advanced enemy piece first), then the
/// other steps, furthest forward first.
#[derive(Debug, Clone, Copy, Default)]
pub struct CapturesFirst;

impl CapturesFirst {
    fn score(state: &Breakthrough, step: Step) -> usize {
        let side = state.to_move();
        let to = step.to as usize;
        if state.goal(side) >> to & 1 != 0 {
            return 3 * state.rows();
        }
        if step.capture {
            return 2 * state.rows() + state.progress(1 - side, to);
        }
        state.progress(side, to)
    }
}

impl MoveOrdering<Breakthrough> for CapturesFirst {
    fn name(&self) -> &str {
        "captures"
    }

    fn order(&self, state: &Breakthrough, moves: &mut [Step]) {
        // Unstable: a stable sort may allocate, and the order of equals is still fixed.
        moves.sort_unstable_by_key(|&step| std::cmp::Reverse(Self::score(state, step)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 6x6 position drawn as `rows`, the top row first, with `side` to move.
    fn drawn(rows: [&str; 6], side: &str) -> Breakthrough {
        Breakthrough::with_shape(6, 6)
            .unwrap()
            .from_text(&format!("{} {side}", rows.concat()))
            .unwrap()
    }

    #[test]
    fn the_start_is_even_and_the_values_are_antisymmetric() {
        let start = Breakthrough::new();
        for evaluator in [&Material as &dyn Evaluator<Breakthrough>, &Safety] {
            assert_eq!(evaluator.evaluate(&start, 0), 0, "{}", evaluator.name());
        }
        let mut state = start.clone();
        state.play_notation("d7d6").unwrap();
        for evaluator in [&Material as &dyn Evaluator<Breakthrough>, &Safety] {
            let black = evaluator.evaluate(&state, 0);
            assert_eq!(
                black,
                -evaluator.evaluate(&state, 1),
                "{}",
                evaluator.name()
            );
        }
        assert!(
            Material.evaluate(&state, 0) > 0,
            "an advance is worth something"
        );
    }

    #[test]
    fn a_runner_decides_the_game() {
        // White's piece on e5 is one step from its goal, row 6.
        let runner = ["bbbb.b", "bbb.wb", "......", "......", "wwww.w", "wwwwww"];
        let white_to_move = drawn(runner, "w");
        assert_eq!(Safety.evaluate(&white_to_move, 1), DECIDED);
        assert_eq!(Safety.evaluate(&white_to_move, 0), -DECIDED);
        // Black to move takes it from d6 or f6: not decided.
        let black_to_move = drawn(runner, "b");
        assert!(Safety.evaluate(&black_to_move, 0).abs() < DECIDED);
        // On a5, with b6 empty, no black piece can take it.
        let out_of_reach = ["b.bbbb", "w.....", "......", "......", "wwwww.", "wwwwww"];
        assert_eq!(Safety.evaluate(&drawn(out_of_reach, "b"), 0), -DECIDED);
    }

    #[test]
    fn the_ordering_puts_wins_then_captures_first() {
        let order = |rows: [&str; 6]| {
            let state = drawn(rows, "w");
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            CapturesFirst.order(&state, &mut moves);
            moves
                .iter()
                .map(|&m| state.format_move(m))
                .collect::<Vec<_>>()
        };
        let wins = order(["bbbb.b", "bbb.wb", "......", "......", "wwww.w", "wwwwww"]);
        let mut first: Vec<&str> = wins[..3].iter().map(String::as_str).collect();
        first.sort();
        assert_eq!(first, ["e5d6*", "e5e6", "e5f6*"], "{wins:?}");
        let captures = order(["bbbbbb", "bb.bbb", "......", "..b...", "wwwwww", "wwwwww"]);
        let mut first: Vec<&str> = captures[..2].iter().map(String::as_str).collect();
        first.sort();
        assert_eq!(first, ["b2c3*", "d2c3*"], "{captures:?}");
    }
}
