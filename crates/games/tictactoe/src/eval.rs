//! m,n,k-game knowledge kept apart from the rules.

use ply_core::{Evaluator, MoveOrdering, Player};
use ply_search::HorizonFilter;

use crate::board::{Cell, Marks, TicTacToe, DIRECTIONS};

/// The worth of a window holding `n` marks of one player and none of the other: 1, 10,
/// 100, 1000 for 1, 2, 3, 4 or more marks short of a line (so on 3x3: 1 and 10 for one and
/// two marks); a full window is a finished game, not an evaluation.
fn weight(n: usize, k: usize) -> i32 {
    if n == 0 || n >= k {
        0
    } else {
        10i32.pow(n.min(4) as u32 - 1)
    }
}

/// Open lines: for each window of k cells in a row the opponent has not touched, 1, 10,
/// 100… for one, two, three… own marks; the same for the opponent counted against. (On
/// 3x3 the windows are the eight lines.)
///
/// Each line of the board is walked once per direction with a sliding window, so an
/// evaluation costs O(width·height) whatever k.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineCount;

impl Evaluator<TicTacToe> for LineCount {
    fn name(&self) -> &str {
        "lines"
    }

    fn evaluate(&self, state: &TicTacToe, player: Player) -> i32 {
        let (w, h, k) = (state.width() as isize, state.height() as isize, state.k());
        let (mine, theirs) = (state.marks(player), state.marks(1 - player));
        let mut total = 0;
        for &(dc, dr) in &DIRECTIONS {
            for row in 0..h {
                for col in 0..w {
                    // Walk each line from its first cell: the one whose predecessor is off
                    // the board.
                    if state.cell_at(col - dc, row - dr).is_some() {
                        continue;
                    }
                    let step = dr * w + dc;
                    let first = (row * w + col) as usize;
                    let mut counts = [0usize; 2];
                    let mut i = 0;
                    while state.cell_at(col + i * dc, row + i * dr).is_some() {
                        let cell = (first as isize + i * step) as usize;
                        counts[0] += usize::from(mine.has(cell));
                        counts[1] += usize::from(theirs.has(cell));
                        if i as usize >= k {
                            let gone = (first as isize + (i - k as isize) * step) as usize;
                            counts[0] -= usize::from(mine.has(gone));
                            counts[1] -= usize::from(theirs.has(gone));
                        }
                        if i as usize + 1 >= k {
                            match counts {
                                [n, 0] => total += weight(n, k),
                                [0, n] => total -= weight(n, k),
                                _ => {}
                            }
                        }
                        i += 1;
                    }
                }
            }
        }
        total
    }
}

/// How many windows of k cells in a row on the board contain cell (`col`, `row`): in each
/// direction, the starts of a window of k within the line through the cell.
pub(crate) fn windows_through(state: &TicTacToe, col: usize, row: usize) -> usize {
    let (w, h, k) = (state.width(), state.height(), state.k());
    let (left, right, up, down) = (col, w - 1 - col, row, h - 1 - row);
    // (cells before the cell, cells after it) along each line through it.
    [
        (left, right),
        (up, down),
        (left.min(up), right.min(down)),
        (right.min(up), left.min(down)),
    ]
    .iter()
    .map(|&(before, after)| {
        let length = before + after + 1;
        if length < k {
            return 0;
        }
        // Window starts s (the cell's offset back) with s ≤ before, s ≤ k-1 and
        // k-1-s ≤ after.
        let most = before.min(k - 1);
        let least = (k - 1).saturating_sub(after);
        most + 1 - least
    })
    .sum()
}

/// Cells on more possible lines first: on 3x3 the centre, then the corners, then the edges;
/// on larger boards the middle first. On boards of more than [`BIG_BOARD`] cells, cells
/// next to a mark come before all others, since play there decides the game.
#[derive(Debug, Clone, Copy, Default)]
pub struct CenterCornerOrdering;

/// Boards with more cells than this (7x7) are "big": the ordering puts cells next to marks
/// first and [`NearMarks`] keeps only cells near marks.
pub const BIG_BOARD: usize = 49;

/// Whether any mark is within `radius` cells (in each direction, as a king moves) of `cell`.
fn near_a_mark(state: &TicTacToe, cell: usize, radius: isize) -> bool {
    let (col, row) = state.coords(cell);
    (-radius..=radius).any(|dr| {
        (-radius..=radius).any(|dc| {
            state
                .cell_at(col + dc, row + dr)
                .is_some_and(|c| state.marks(0).has(c) || state.marks(1).has(c))
        })
    })
}

impl MoveOrdering<TicTacToe> for CenterCornerOrdering {
    fn name(&self) -> &str {
        "center-corner"
    }

    fn order(&self, state: &TicTacToe, moves: &mut [Cell]) {
        let big = state.cells() > BIG_BOARD;
        let w = state.width();
        moves.sort_by_key(|&c| {
            let c = c as usize;
            let near = big && near_a_mark(state, c, 1);
            (
                !near,
                std::cmp::Reverse(windows_through(state, c % w, c / w)),
            )
        });
    }
}

/// Alpha-beta's move filter for big boards (more than [`BIG_BOARD`] cells, e.g. Gomoku):
/// only the empty cells within `radius` (2 by default) of a mark are searched, or the
/// centre on an empty board. On smaller boards every move is kept. The rules still allow
/// every empty cell; this only narrows what a search looks at.
#[derive(Debug, Clone, Copy)]
pub struct NearMarks {
    pub radius: usize,
}

impl Default for NearMarks {
    fn default() -> Self {
        NearMarks { radius: 2 }
    }
}

impl NearMarks {
    /// The cells within `radius` of a mark (marked ones included).
    pub fn neighbourhood(&self, state: &TicTacToe) -> Marks {
        let both = state.marks(0).union(state.marks(1));
        let mut near = Marks::default();
        let r = self.radius as isize;
        for cell in both.cells() {
            let (col, row) = state.coords(cell);
            for dr in -r..=r {
                for dc in -r..=r {
                    if let Some(c) = state.cell_at(col + dc, row + dr) {
                        near.insert(c);
                    }
                }
            }
        }
        near
    }

    /// Keeps only the moves the filter searches (see the type); never empties a non-empty
    /// list.
    pub fn retain(&self, state: &TicTacToe, moves: &mut Vec<Cell>) {
        if state.cells() <= BIG_BOARD || moves.is_empty() {
            return;
        }
        let both = state.marks(0).union(state.marks(1));
        if both.is_empty() {
            let centre = (state.height() / 2 * state.width() + state.width() / 2) as Cell;
            moves.retain(|&c| c == centre);
        } else {
            let near = self.neighbourhood(state);
            moves.retain(|&c| near.has(c as usize));
        }
    }
}

impl HorizonFilter<TicTacToe> for NearMarks {
    fn name(&self) -> &str {
        "near-marks"
    }

    fn filter(&self, state: &TicTacToe, _depth: u32, moves: &mut Vec<Cell>) {
        self.retain(state, moves);
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

    /// Every window of k cells on the board, as (start, direction), the slow way.
    fn windows(state: &TicTacToe) -> Vec<Vec<usize>> {
        let k = state.k() as isize;
        let mut all = Vec::new();
        for row in 0..state.height() as isize {
            for col in 0..state.width() as isize {
                for &(dc, dr) in &DIRECTIONS {
                    let cells: Option<Vec<usize>> = (0..k)
                        .map(|i| state.cell_at(col + i * dc, row + i * dr))
                        .collect();
                    all.extend(cells);
                }
            }
        }
        all
    }

    fn slow_line_count(state: &TicTacToe, player: Player) -> i32 {
        let k = state.k();
        windows(state)
            .iter()
            .map(|window| {
                let count = |p: Player| window.iter().filter(|&&c| state.marks(p).has(c)).count();
                match (count(player), count(1 - player)) {
                    (n, 0) => weight(n, k),
                    (0, n) => -weight(n, k),
                    _ => 0,
                }
            })
            .sum()
    }

    #[test]
    fn sliding_windows_count_like_every_window_one_by_one() {
        for (w, h, k) in [
            (3, 3, 3),
            (4, 4, 3),
            (5, 4, 4),
            (7, 3, 3),
            (1, 5, 3),
            (15, 15, 5),
        ] {
            let mut state = TicTacToe::with_shape(w, h, k).unwrap();
            let windows = windows(&state);
            for cell in 0..w * h {
                let (col, row) = state.coords(cell);
                let through = windows.iter().filter(|win| win.contains(&cell)).count();
                assert_eq!(
                    windows_through(&state, col as usize, row as usize),
                    through,
                    "{w}x{h} k={k} cell {cell}"
                );
            }
            // A pseudo-random game, compared at every ply.
            let mut moves = Vec::new();
            let mut rng_seed = 12345u64;
            while !state.is_terminal() {
                for p in 0..2 {
                    assert_eq!(LineCount.evaluate(&state, p), slow_line_count(&state, p));
                }
                state.legal_moves(&mut moves);
                rng_seed = rng_seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                state.play(moves[(rng_seed >> 33) as usize % moves.len()]);
            }
        }
    }

    #[test]
    fn the_3x3_line_values() {
        // X centre, O corner: X has 3 open lines with one mark (the 4 through the centre less
        // the diagonal O blocks); O has 2 lines (the corner's row and column). 3 - 2 = 1.
        let s = TicTacToe::from_cells(&[4, 0]).unwrap();
        assert_eq!(LineCount.evaluate(&s, 0), 1);
        let s = TicTacToe::from_cells(&[4, 1, 0]).unwrap();
        // X: b2-a3 diagonal has 2 (10), a-column 1, b2 row 1, anti-diagonal 1 → 13; O: row 3
        // is blocked by X at a3, column b blocked by b2 → 0.
        assert_eq!(LineCount.evaluate(&s, 0), 13);
    }

    #[test]
    fn near_marks_keeps_cells_within_two_on_big_boards_only() {
        let mut moves = Vec::new();
        let small = TicTacToe::new();
        small.legal_moves(&mut moves);
        NearMarks::default().retain(&small, &mut moves);
        assert_eq!(moves.len(), 9);

        let mut gomoku = TicTacToe::with_shape(15, 15, 5).unwrap();
        gomoku.legal_moves(&mut moves);
        NearMarks::default().retain(&gomoku, &mut moves);
        assert_eq!(moves, [7 * 15 + 7], "the centre on an empty board");
        gomoku.play_notation("a1").unwrap();
        gomoku.legal_moves(&mut moves);
        NearMarks::default().retain(&gomoku, &mut moves);
        assert_eq!(moves.len(), 8, "the 3x3 corner square less a1");
        gomoku.play_notation("h8").unwrap();
        gomoku.legal_moves(&mut moves);
        NearMarks::default().retain(&gomoku, &mut moves);
        assert_eq!(moves.len(), 8 + 24);
        let mut ordered = moves.clone();
        CenterCornerOrdering.order(&gomoku, &mut ordered);
        let near: Vec<String> = ordered[..11]
            .iter()
            .map(|&c| gomoku.format_move(c))
            .collect();
        assert!(
            near.contains(&"a2".to_string()) && near.contains(&"g7".to_string()),
            "{near:?}"
        );
    }

    #[test]
    fn the_3x3_ordering_is_centre_corners_edges() {
        let state = TicTacToe::new();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        CenterCornerOrdering.order(&state, &mut moves);
        assert_eq!(moves, [4, 0, 2, 6, 8, 1, 3, 5, 7]);
    }
}
