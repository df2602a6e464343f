//! Connect Four knowledge kept apart from the rules: seed 001's window heuristic, a stronger
//! threat-based evaluator, and the centre-first move ordering.
//!
//! Both evaluators count windows (every run of `k` cells in a line) on the bitboard with a
//! bit-sliced counter: for each direction, the `k` shifted copies of a player's stones are
//! added cell by cell into a few bit planes, so "how many of this player's stones are in the
//! window starting here" is known for every window at once, in a few dozen instructions.

use ply_core::{Evaluator, Game, MoveOrdering, Player};

use crate::bits::Bits;
use crate::board::{on_board, Column, Connect4};
use crate::position::Position;
use crate::solver::center_order;

/// Seed 001's value of a window holding `n` stones of one colour and none of the other:
/// 1 / 10 / 50 for 1 / 2 / 3 stones of a four (for other `k`, the same for `k−3`, `k−2`,
/// `k−1` stones, fewer count 0).
fn seed001_weight(n: u32, k: u32) -> i32 {
    match k - n {
        1 => 50,
        2 => 10,
        3 => 1,
        _ => 0,
    }
}

/// Seed 001's value of a completed line.
pub const SEED001_WIN: i32 = 512;

/// Counts for one player: `near[j]` = windows with exactly `k − 1 − j` of their stones and
/// none of the opponent's (`j` = 0, 1, 2: the only counts seed 001's weights value);
/// `line` = some window is full (a win).
struct WindowCounts {
    near: [u32; 3],
    line: bool,
}

/// Bit planes enough to count to [`crate::MAX_K`] (255).
const PLANES: usize = 8;

/// A little bit-sliced adder: plane `j` holds bit `j` of each cell's count. Only the planes
/// a count up to `k` needs are used (3 for `k = 4`), so any `k` the board accepts works.
#[derive(Clone, Copy)]
struct Planes<B> {
    planes: [B; PLANES],
    used: usize,
}

impl<B: Bits> Planes<B> {
    /// Planes for counts up to `max` (at most 255).
    fn new(max: u32) -> Self {
        debug_assert!(max < 1 << PLANES);
        Planes {
            planes: [B::ZERO; PLANES],
            used: ((u32::BITS - max.leading_zeros()) as usize).clamp(1, PLANES),
        }
    }

    #[inline]
    fn add(&mut self, x: B) {
        let mut carry = x;
        for plane in self.planes[..self.used].iter_mut() {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
    }

    /// Cells whose count is exactly `n` (`n` at most the `max` given to [`Planes::new`]).
    #[inline]
    fn equal(&self, n: u32) -> B {
        let mut r = !B::ZERO;
        for (j, plane) in self.planes[..self.used].iter().enumerate() {
            r &= if n >> j & 1 == 1 { *plane } else { !*plane };
        }
        r
    }
}

fn count_windows<B: Bits>(p: &Position<B>, own: B, other: B) -> WindowCounts {
    let shape = p.shape();
    let (h, k) = (shape.height(), shape.k());
    let mut counts = WindowCounts {
        near: [0; 3],
        line: false,
    };
    for dir in [1, h + 1, h, h + 2] {
        // Windows starting at x: cells x, x+dir, …, x+(k−1)·dir, all on the board.
        let mut valid = shape.board();
        let mut planes = Planes::new(k);
        let mut blocked = B::ZERO;
        for i in 0..k {
            valid &= shape.board().shr_sat(i * dir);
            planes.add(own.shr_sat(i * dir));
            blocked |= other.shr_sat(i * dir);
        }
        let open = valid & !blocked;
        for (j, near) in counts.near.iter_mut().enumerate() {
            // Windows with n = k − 1 − j stones; none (n = 0) score nothing.
            if let Some(n) = (k - 1).checked_sub(j as u32).filter(|&n| n > 0) {
                *near += (planes.equal(n) & open).count_ones();
            }
        }
        if !(planes.equal(k) & valid).is_empty() {
            counts.line = true;
        }
    }
    counts
}

/// Seed 001's heuristic for the mover (`for_mover`) or the other player.
fn seed001_score<B: Bits>(p: &Position<B>, for_mover: bool) -> i32 {
    let (own, other) = if for_mover {
        (p.current(), p.opponent())
    } else {
        (p.opponent(), p.current())
    };
    let k = p.shape().k();
    let mine = count_windows(p, own, other);
    let theirs = count_windows(p, other, own);
    if mine.line {
        return SEED001_WIN;
    }
    if theirs.line {
        return -SEED001_WIN;
    }
    (0..3)
        .filter_map(|j| {
            let n = (k - 1).checked_sub(j as u32).filter(|&n| n > 0)?;
            Some(seed001_weight(n, k) * (mine.near[j] as i32 - theirs.near[j] as i32))
        })
        .sum()
}

/// Whether the stones of `player` are the mover's in `state`.
fn is_mover(state: &Connect4, player: Player) -> bool {
    state.to_move() == player
}

/// Seed 001's evaluation, exactly: every window of `k` cells scores 0 if it holds stones of
/// both colours, ±1 / ±10 / ±50 for 1 / 2 / 3 stones of one colour (+ for `player`), and the
/// whole position scores ±512 if a window is full.
#[derive(Debug, Clone, Copy, Default)]
pub struct Seed001;

impl Evaluator<Connect4> for Seed001 {
    fn name(&self) -> &str {
        "seed001"
    }

    fn evaluate(&self, state: &Connect4, player: Player) -> i32 {
        let mover = is_mover(state, player);
        on_board!(state.board(), p => seed001_score(p, mover))
    }
}

/// Cells of the rows a player's threats are strong on: rows 1, 3, 5 … (1-based, from the
/// bottom) for the first player, rows 2, 4, 6 … for the second (the zugzwang of a full
/// board makes the first player's odd threats and the second's even ones decide games).
fn good_rows<B: Bits>(p: &Position<B>, first_player: bool) -> B {
    let shape = p.shape();
    let mut rows = B::ZERO;
    let mut row = if first_player { 0 } else { 1 };
    while row < shape.height() {
        for col in 0..shape.width() {
            rows |= shape.cell(col, row);
        }
        row += 2;
    }
    rows
}

/// Weights of the threat evaluator.
const THREAT_GOOD_ROW: i32 = 90;
const THREAT_OTHER_ROW: i32 = 30;
const THREAT_STACKED: i32 = 150;
const PLAYABLE_WIN: i32 = 2000;

fn threat_terms<B: Bits>(p: &Position<B>, mover_is_first: bool) -> i32 {
    let empty = p.shape().board() & !p.mask();
    let playable = p.playable();
    let mut total = 0;
    for (stones, first, sign) in [
        (p.current(), mover_is_first, 1),
        (p.opponent(), !mover_is_first, -1),
    ] {
        let threats = p.shape().completions(stones) & empty;
        let good = good_rows(p, first);
        let stacked = threats & threats.shr_sat(1);
        let value = (threats & good).count_ones() as i32 * THREAT_GOOD_ROW
            + (threats & !good).count_ones() as i32 * THREAT_OTHER_ROW
            + stacked.count_ones() as i32 * THREAT_STACKED;
        total += sign * value;
    }
    // Tactics one ply deep: the mover wins with a playable threat; two playable threats
    // of the opponent cannot both be blocked.
    if !(p.winning_cells() & playable).is_empty() {
        total += PLAYABLE_WIN;
    } else if (p.opponent_winning_cells() & playable).count_ones() >= 2 {
        total -= PLAYABLE_WIN;
    }
    total
}

/// Stronger than seed 001's: its windows, plus threats (empty cells that would complete a
/// line) weighted by the row parity that makes them decisive at the end of the game,
/// stacked threats, and the immediate tactics of playable threats.
#[derive(Debug, Clone, Copy, Default)]
pub struct Threats;

impl Evaluator<Connect4> for Threats {
    fn name(&self) -> &str {
        "threats"
    }

    fn evaluate(&self, state: &Connect4, player: Player) -> i32 {
        let mover_is_first = state.to_move() == 0;
        let for_mover = on_board!(state.board(), p => {
            let windows = seed001_score(p, true);
            if windows.abs() == SEED001_WIN {
                windows * 4
            } else {
                windows + threat_terms(p, mover_is_first)
            }
        });
        if is_mover(state, player) {
            for_mover
        } else {
            -for_mover
        }
    }
}

/// Centre columns first (3, 2, 4, 1, 5, 0, 6 on seven columns: seed 001's order).
#[derive(Debug, Clone, Copy, Default)]
pub struct CenterFirst;

impl MoveOrdering<Connect4> for CenterFirst {
    fn name(&self) -> &str {
        "center"
    }

    fn order(&self, state: &Connect4, moves: &mut [Column]) {
        let mut rank = [0u8; crate::notation::MAX_WIDTH];
        for (i, col) in center_order(state.width()).enumerate() {
            rank[col] = i as u8;
        }
        moves.sort_by_key(|&c| rank[c as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 001's heuristic, computed the slow way: every window, cell by cell.
    fn seed001_by_hand(state: &Connect4, player: Player) -> i32 {
        let (w, h, k) = (
            state.width() as i32,
            state.height() as i32,
            state.k() as i32,
        );
        let mut total = 0;
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for c in 0..w {
                for r in 0..h {
                    let (ec, er) = (c + dc * (k - 1), r + dr * (k - 1));
                    if ec < 0 || ec >= w || er < 0 || er >= h {
                        continue;
                    }
                    let (mut mine, mut theirs) = (0, 0);
                    for i in 0..k {
                        match state.owner((c + dc * i) as usize, (r + dr * i) as usize) {
                            Some(o) if o == player => mine += 1,
                            Some(_) => theirs += 1,
                            None => {}
                        }
                    }
                    if mine == k {
                        return SEED001_WIN;
                    }
                    if theirs == k {
                        return -SEED001_WIN;
                    }
                    if theirs == 0 && mine > 0 {
                        total += seed001_weight(mine as u32, k as u32);
                    } else if mine == 0 && theirs > 0 {
                        total -= seed001_weight(theirs as u32, k as u32);
                    }
                }
            }
        }
        total
    }

    #[test]
    fn seed001_agrees_with_a_cell_by_cell_count() {
        for (w, h, k, moves) in [
            (7, 6, 4, "4453"),
            (7, 6, 4, "2252576253462244111563365343671351441"),
            (7, 6, 4, "4545454"),
            (9, 7, 5, "55667788123"),
            (10, 7, 4, "1234567890"),
            (15, 15, 5, "8899aa77bb6"),
            // The longest lines the boards accept: windows of 17, 36, 63 and 255 cells.
            (36, 6, 17, "123456789abcdefgh1234"),
            (36, 6, 36, "hhiijjkk1"),
            (4, 63, 63, "1111111111222333"),
            (1, 255, 255, "1111111"),
            (1, 255, 3, "1111"),
            (3, 3, 3, "2213"),
        ] {
            let state = Connect4::new(w, h, k).unwrap().after(moves).unwrap();
            for player in 0..2 {
                assert_eq!(
                    Seed001.evaluate(&state, player),
                    seed001_by_hand(&state, player),
                    "{w}x{h} k={k} {moves} player {player}"
                );
            }
        }
    }

    #[test]
    fn empty_board_is_even_and_the_centre_is_worth_most() {
        let empty = Connect4::standard();
        assert_eq!(Seed001.evaluate(&empty, 0), 0);
        let centre = empty.after("4").unwrap();
        let edge = empty.after("1").unwrap();
        assert!(Seed001.evaluate(&centre, 0) > Seed001.evaluate(&edge, 0));
        assert_eq!(Seed001.evaluate(&centre, 0), -Seed001.evaluate(&centre, 1));
    }

    #[test]
    fn threats_sees_a_playable_win_and_is_zero_sum() {
        let s = Connect4::standard().after("112233").unwrap();
        assert!(Threats.evaluate(&s, 0) > 1000);
        assert_eq!(Threats.evaluate(&s, 0), -Threats.evaluate(&s, 1));
    }

    #[test]
    fn center_ordering_is_seed_001s() {
        let s = Connect4::standard();
        let mut moves = vec![0, 1, 2, 3, 4, 5, 6];
        CenterFirst.order(&s, &mut moves);
        assert_eq!(moves, vec![3, 2, 4, 1, 5, 0, 6]);
    }
}
