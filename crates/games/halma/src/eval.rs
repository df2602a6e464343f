//! Halma knowledge kept apart from the rules: seed 003's heuristic, a stronger one, and a
//! move ordering.
//!
//! Both evaluators are "opponents' cost minus own cost": a cost per peg is read from a table
//! built once per board, player count and seat, and with several opponents their costs are
//! averaged (seed 003's three-player adjustment).

use std::sync::OnceLock;

use ply_core::{Evaluator, MoveOrdering, Player};

use crate::board::Halma;
use crate::geometry::{cells_of, BoardKind, Cell};
use crate::layout::{rotate, Layout};
use crate::movegen::HalmaMove;

/// Per-seat, per-cell cost tables of one layout.
struct CostTables {
    /// `seed003[seat][cell]`: seed 003's weighted Manhattan distances, ×100.
    seed003: Vec<Vec<i32>>,
    /// `progress[seat][cell]`: 10 × hex distance to the home tip + 2 × distance off the
    /// start–home axis.
    progress: Vec<Vec<i32>>,
}

fn tables(state: &Halma) -> &'static CostTables {
    static TABLES: [OnceLock<CostTables>; 18] = [const { OnceLock::new() }; 18];
    let layout = state.layout();
    let kind_index = BoardKind::ALL
        .iter()
        .position(|&k| k == layout.kind)
        .unwrap_or(0);
    TABLES[kind_index * 6 + layout.players() - 1].get_or_init(|| build_tables(layout))
}

fn manhattan(a: (i8, i8), b: (i8, i8)) -> i32 {
    (a.0 as i32 - b.0 as i32).abs() + (a.1 as i32 - b.1 as i32).abs()
}

fn build_tables(layout: &Layout) -> CostTables {
    let board = layout.kind.board();
    let r = layout.kind.radius();
    // A's home in A's frame: rows y = r+1 ..= 2r. Seed 003's "goal" cells are all but the
    // row nearest the centre (y = r+1), its "subgoal" cells are that row.
    let a_home: Vec<(i8, i8)> = (0..board.len() as Cell)
        .map(|c| board.coords(c))
        .filter(|&(_, y)| y > r)
        .collect();
    let goal: Vec<(i8, i8)> = a_home.iter().copied().filter(|&(_, y)| y > r + 1).collect();
    let subgoal: Vec<(i8, i8)> = a_home
        .iter()
        .copied()
        .filter(|&(_, y)| y == r + 1)
        .collect();
    let mut seed003 = Vec::new();
    let mut progress = Vec::new();
    for seat in &layout.seats {
        let k = seat.point;
        let goal: Vec<_> = goal.iter().map(|&g| rotate(g, k)).collect();
        let subgoal: Vec<_> = subgoal.iter().map(|&g| rotate(g, k)).collect();
        let mut seed_row = Vec::with_capacity(board.len());
        let mut progress_row = Vec::with_capacity(board.len());
        for c in 0..board.len() as Cell {
            let xy = board.coords(c);
            let to_goal: i32 = goal.iter().map(|&g| manhattan(xy, g)).sum();
            let to_subgoal: i32 = subgoal.iter().map(|&g| manhattan(xy, g)).sum();
            let to_centre = manhattan(xy, (0, 0));
            seed_row.push(100 * to_goal + 95 * to_subgoal + 50 * to_centre);
            let (ax, ay) = rotate(xy, (6 - k) % 6);
            let off_axis = (2 * ax as i32 + ay as i32).abs();
            progress_row.push(10 * seat.tip_distance[c as usize] + 2 * off_axis);
        }
        seed003.push(seed_row);
        progress.push(progress_row);
    }
    CostTables { seed003, progress }
}

fn cost(table: &[Vec<i32>], state: &Halma, seat: Player) -> i32 {
    cells_of(state.pegs(seat))
        .map(|c| table[seat][c as usize])
        .sum()
}

/// Averages the other seats' costs and subtracts the player's own.
fn relative(state: &Halma, player: Player, seat_cost: impl Fn(Player) -> i32) -> i32 {
    let n = state.layout().players();
    let others: i32 = (0..n).filter(|&q| q != player).map(&seat_cost).sum();
    others / (n as i32 - 1) - seat_cost(player)
}

/// Seed 003's heuristic: Manhattan distances of every peg to the goal cells (weight 1.0),
/// the subgoal cells (0.95) and the centre (0.5); opponents' sum (averaged over opponents
/// with three players) minus one's own; +10 once the player has every peg home, −10 once an
/// opponent has. Scaled ×100 to integers.
#[derive(Debug, Clone, Copy, Default)]
pub struct Seed003Eval;

impl Evaluator<Halma> for Seed003Eval {
    fn name(&self) -> &str {
        "seed003"
    }

    fn evaluate(&self, state: &Halma, player: Player) -> i32 {
        let table = &tables(state).seed003;
        let distance = relative(state, player, |q| cost(table, state, q));
        let n = state.layout().players();
        let final_term = if state.has_finished(player) {
            1000
        } else if (0..n).any(|q| q != player && state.has_finished(q)) {
            -1000
        } else {
            0
        };
        distance + final_term
    }
}

/// This crate's evaluator: how far each peg still has to go, measured properly.
///
/// Per peg, 10 × the hex distance to the far tip of the home (a step gains 10, a hop 20)
/// plus 2 × its distance off the line from start to home (pegs that wander into a side point
/// waste moves coming back). The gap between the rearmost peg and the average beyond three
/// rows costs 6 a row, so no peg is left behind without pegs to hop over. Opponents' costs
/// are averaged, and a player who has finished gets a bonus worth more than any position.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProgressEval;

impl ProgressEval {
    /// The cost of one seat: lower is better.
    pub fn seat_cost(state: &Halma, seat: Player) -> i32 {
        let table = &tables(state).progress[seat];
        let tips = &state.seat(seat).tip_distance;
        let mut total = 0;
        let mut sum_rows = 0;
        let mut worst = 0;
        let mut count = 0;
        for c in cells_of(state.pegs(seat)) {
            total += table[c as usize];
            let rows = tips[c as usize];
            sum_rows += rows;
            worst = worst.max(rows);
            count += 1;
        }
        let average = sum_rows / count.max(1);
        let straggler = (worst - average - 3).max(0);
        total + 6 * straggler
    }
}

impl Evaluator<Halma> for ProgressEval {
    fn name(&self) -> &str {
        "progress"
    }

    fn evaluate(&self, state: &Halma, player: Player) -> i32 {
        let finished_bonus = |q: Player| if state.has_finished(q) { 2000 } else { 0 };
        relative(state, player, |q| {
            Self::seat_cost(state, q) - finished_bonus(q)
        })
    }
}

/// The evaluator of the CCERL rules (`crate::ccerl`): the progress race, with what
/// anti-block changes. Opponents' cost minus one's own, as [`ProgressEval`].
///
/// Under anti-block a peg left in its start point late in the game does double harm: it
/// still has the whole board to cross, and it fills a cell of the opponent's goal, which
/// the opponent then wins with one peg fewer. So each peg still in its start point costs
/// [`CcerlEval::LEFT_HOME`] more, growing from nothing at ply [`CcerlEval::HOME_FROM`] to the
/// full amount [`CcerlEval::HOME_RAMP`] plies later (at the start every peg is home, and
/// leaving is a matter of tempo, which the race term already weighs).
#[derive(Debug, Clone, Copy, Default)]
pub struct CcerlEval;

impl CcerlEval {
    /// The extra cost of a peg still home, once the ramp is over: four rows.
    pub const LEFT_HOME: i32 = 40;
    /// The ply at which pegs still home start to cost extra.
    pub const HOME_FROM: u32 = 30;
    /// Plies over which the extra cost grows to its full amount.
    pub const HOME_RAMP: u32 = 40;

    /// The cost of one seat: lower is better.
    pub fn seat_cost(state: &Halma, seat: Player) -> i32 {
        let cost = ProgressEval::seat_cost(state, seat);
        let ramp = state
            .ply()
            .saturating_sub(Self::HOME_FROM)
            .min(Self::HOME_RAMP) as i32;
        let home = (state.pegs(seat) & state.seat(seat).start).count_ones() as i32;
        cost + home * Self::LEFT_HOME * ramp / Self::HOME_RAMP as i32
    }
}

impl Evaluator<Halma> for CcerlEval {
    fn name(&self) -> &str {
        "ccerl"
    }

    fn evaluate(&self, state: &Halma, player: Player) -> i32 {
        relative(state, player, |q| Self::seat_cost(state, q))
    }
}

/// Moves that bring the peg nearest its home tip first (long forward chains before steps,
/// backward moves last); ties keep generation order.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProgressOrdering;

impl ProgressOrdering {
    /// Rows gained by a move for the player to move.
    pub fn gain(state: &Halma, mv: HalmaMove) -> i32 {
        let tips = &state.seat(ply_core::Game::to_move(state)).tip_distance;
        tips[mv.from as usize] - tips[mv.to as usize]
    }
}

impl MoveOrdering<Halma> for ProgressOrdering {
    fn name(&self) -> &str {
        "progress"
    }

    fn order(&self, state: &Halma, moves: &mut [HalmaMove]) {
        moves.sort_by_key(|&m| -Self::gain(state, m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    #[test]
    fn start_is_balanced_and_progress_pays() {
        for (kind, players) in [
            (BoardKind::Star, 2),
            (BoardKind::Star, 3),
            (BoardKind::Rhombus, 2),
        ] {
            let state = Halma::new(kind, players).unwrap();
            for ev in [&Seed003Eval as &dyn Evaluator<Halma>, &ProgressEval] {
                if players == 2 || kind == BoardKind::Star121 {
                    assert_eq!(ev.evaluate(&state, 0), 0, "{} {kind}", ev.name());
                }
                let mut moved = state.clone();
                moved.play_notation("2,-5 2,-3").unwrap();
                assert!(
                    ev.evaluate(&moved, 0) > ev.evaluate(&state, 0),
                    "{} {kind} {players}: a forward hop helps A",
                    ev.name()
                );
            }
        }
    }

    #[test]
    fn ordering_puts_long_forward_moves_first() {
        let state = Halma::new(BoardKind::Star, 2).unwrap();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        ProgressOrdering.order(&state, &mut moves);
        let gains: Vec<i32> = moves
            .iter()
            .map(|&m| ProgressOrdering::gain(&state, m))
            .collect();
        assert!(gains.windows(2).all(|w| w[0] >= w[1]), "{gains:?}");
        assert_eq!(gains[0], 2);
    }
}
