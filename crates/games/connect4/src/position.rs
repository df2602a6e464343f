//! Connect Four on a bitboard: one mask for the stones of the player to move, one for all
//! stones (Pascal Pons' representation), for any width, height and line length `k`.
//!
//! Bit layout, 7x6 shown: column `c` owns bits `c·(H+1) .. c·(H+1)+H`, bottom to top, and the
//! extra bit on top of every column (the sentinel row, always empty) stops lines, carries
//! and shifts from running from one column into the next.
//!
//! ```text
//!   .  .  .  .  .  .  .     sentinel row
//!   5 12 19 26 33 40 47     row 6 (top)
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42     row 1 (bottom)
//!   1  2  3  4  5  6  7     column numbers as written in move sequences
//! ```
//!
//! A line of `k` cells in direction `s` (1 vertical, H+1 horizontal, H and H+2 the two
//! diagonals) is `k` bits spaced `s` apart, so whole-board tests are a few shifts and ANDs.

use crate::bits::Bits;

/// Board dimensions and the masks derived from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape<B> {
    width: u32,
    height: u32,
    k: u32,
    /// One bit at the bottom of each column.
    bottom: B,
    /// Every playable cell (the sentinel row excluded).
    board: B,
    /// `k = 4` and every shift the threat formula makes stays below the integer's width,
    /// so plain shifts do (the common case: 7x6 shifts by at most 24 of 64 bits).
    plain_shifts: bool,
    /// The cells of the second, fourth, sixth … rows (bit rows 1, 3, 5 …): the rows the
    /// second player can claim by answering in the same column (see `solver::parity`).
    even_rows: B,
}

impl Shape<u64> {
    /// The standard 7x6 board with lines of four, as a constant: code generic over the
    /// shape but given this one folds every width, height and mask into the instructions.
    pub const fn standard() -> Self {
        let (width, height) = (7, 6);
        let mut bottom = 0u64;
        let mut board = 0u64;
        let mut even_rows = 0u64;
        let mut c = 0;
        while c < width {
            bottom |= 1 << (c * (height + 1));
            board |= ((1 << height) - 1) << (c * (height + 1));
            even_rows |= 0b10_1010 << (c * (height + 1));
            c += 1;
        }
        Shape {
            width,
            height,
            k: 4,
            bottom,
            board,
            plain_shifts: true,
            even_rows,
        }
    }
}

impl<B: Bits> Shape<B> {
    /// The shape of a `width` x `height` board with lines of `k`; the caller has checked
    /// that `width·(height+1)` bits fit in `B`.
    pub fn new(width: u32, height: u32, k: u32) -> Self {
        debug_assert!(width * (height + 1) <= B::BITS);
        let column = B::bit(height) - B::ONE;
        let mut bottom = B::ZERO;
        let mut board = B::ZERO;
        let mut even_rows = B::ZERO;
        for c in 0..width {
            bottom |= B::bit(c * (height + 1));
            board |= column.shl_sat(c * (height + 1));
            for row in (1..height).step_by(2) {
                even_rows |= B::bit(c * (height + 1) + row);
            }
        }
        Shape {
            width,
            height,
            k,
            bottom,
            board,
            plain_shifts: k == 4 && 3 * (height + 2) < B::BITS,
            even_rows,
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }
    pub fn height(&self) -> u32 {
        self.height
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    /// Number of cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }
    /// Every playable cell.
    #[inline]
    pub fn board(&self) -> B {
        self.board
    }
    /// One bit at the bottom of each column.
    #[inline]
    pub fn bottom(&self) -> B {
        self.bottom
    }
    /// The cells of the second, fourth … rows counted from the bottom.
    #[inline]
    pub fn even_rows(&self) -> B {
        self.even_rows
    }
    #[inline]
    fn stride(&self) -> u32 {
        self.height + 1
    }
    /// The lowest cell of column `col`.
    #[inline]
    pub fn bottom_cell(&self, col: u32) -> B {
        B::bit(col * self.stride())
    }
    /// The highest cell of column `col`.
    #[inline]
    pub fn top_cell(&self, col: u32) -> B {
        B::bit(col * self.stride() + self.height - 1)
    }
    /// Every cell of column `col`.
    #[inline]
    pub fn column(&self, col: u32) -> B {
        (B::bit(self.height) - B::ONE).shl_sat(col * self.stride())
    }
    /// The bit of the cell at `col`, `row` (row 0 at the bottom).
    #[inline]
    pub fn cell(&self, col: u32, row: u32) -> B {
        B::bit(col * self.stride() + row)
    }
    /// The column a cell bit lies in.
    #[inline]
    pub fn column_of(&self, cell: B) -> u32 {
        cell.trailing_zeros() / self.stride()
    }

    /// Whether `stones` hold `k` in a line anywhere.
    #[inline(always)]
    pub fn has_line(&self, stones: B) -> bool {
        let h = self.height;
        [1, h + 1, h, h + 2]
            .iter()
            .any(|&dir| !runs(stones, dir, self.k).is_empty())
    }

    /// The cells (empty or not) that would complete a line of `k` for `stones`. Always
    /// inlined: the solver calls it for every child, and with a constant shape (the
    /// standard board) every branch and shift amount folds away.
    #[inline(always)]
    pub fn completions(&self, stones: B) -> B {
        if self.plain_shifts {
            completions_of_four(stones, self.height, |x, n| x << n, |x, n| x >> n)
        } else if self.k == 4 {
            completions_of_four(stones, self.height, B::shl_sat, B::shr_sat)
        } else {
            completions_of_k(stones, self.height, self.k)
        }
    }
}

/// Bits `x` such that `x, x+dir, …, x+(k−1)·dir` are all in `p`, built by doubling the run
/// length (`k = 4` costs two shift-ANDs per direction).
#[inline(always)]
fn runs<B: Bits>(p: B, dir: u32, k: u32) -> B {
    let mut acc = p;
    let mut have = 1;
    while have < k {
        let step = have.min(k - have);
        acc &= acc.shr_sat(step * dir);
        have += step;
    }
    acc
}

/// Pons' closed form for `k = 4`: for each direction, the cell below/left of three, above/
/// right of three, or in the gap of a split three. `shl`/`shr` are plain shifts when the
/// caller knows they stay in range, the saturating ones otherwise.
#[inline(always)]
fn completions_of_four<B: Bits>(
    p: B,
    height: u32,
    shl: impl Fn(B, u32) -> B,
    shr: impl Fn(B, u32) -> B,
) -> B {
    // Vertical: three stones directly below.
    let mut r = shl(p, 1) & shl(p, 2) & shl(p, 3);
    for dir in [height + 1, height, height + 2] {
        let pair = shl(p, dir) & shl(p, 2 * dir);
        r |= pair & shl(p, 3 * dir);
        r |= pair & shr(p, dir);
        let pair = shr(p, dir) & shr(p, 2 * dir);
        r |= pair & shl(p, dir);
        r |= pair & shr(p, 3 * dir);
    }
    r
}

/// The general form: a cell completes a line if the other `k − 1` cells of some window of
/// `k` through it are stones, i.e. for some `a`, the `a` cells before it and the `k − 1 − a`
/// after it. Used only when `k ≠ 4`: `O(k²)` shifts per direction for short lines, `O(k)`
/// for long ones (up to 255 cells).
fn completions_of_k<B: Bits>(p: B, height: u32, k: u32) -> B {
    let mut r = B::ZERO;
    // Vertical: only the cell on top of k − 1 stones.
    let mut vertical = p.shl_sat(1);
    for i in 2..k {
        vertical &= p.shl_sat(i);
    }
    r |= vertical;
    for dir in [height + 1, height, height + 2] {
        if k > LINEAR_COMPLETIONS_FROM {
            r |= completions_along(p, dir, k);
            continue;
        }
        r |= completions_by_windows_along(p, dir, k);
    }
    r
}

/// The cells that complete a line of `k` along `dir`, window by window: for each position
/// `gap` of the empty cell in a window of `k`, the cells whose `k − 1` neighbours in the
/// window are stones. `O(k²)` shifts; the reference the `O(k)` route is tested against.
fn completions_by_windows_along<B: Bits>(p: B, dir: u32, k: u32) -> B {
    let mut r = B::ZERO;
    for gap in 0..k {
        let mut window = !B::ZERO;
        for i in 0..k {
            if i < gap {
                window &= p.shl_sat((gap - i) * dir);
            } else if i > gap {
                window &= p.shr_sat((i - gap) * dir);
            }
        }
        r |= window;
    }
    r
}

/// Lines longer than this take [`completions_along`]'s `O(k)` route.
const LINEAR_COMPLETIONS_FROM: u32 = 8;

/// The cells with `a` stones right before them and `k − 1 − a` right after them in
/// direction `dir`, for some `a`: `before[a]` and `after[b]` are built incrementally, one
/// shift each, then paired up.
fn completions_along<B: Bits>(p: B, dir: u32, k: u32) -> B {
    let n = k as usize;
    // after[b]: the b cells after the cell are stones.
    let mut after = Vec::with_capacity(n);
    let mut acc = !B::ZERO;
    after.push(acc);
    for b in 1..n as u32 {
        acc &= p.shr_sat(b * dir);
        after.push(acc);
    }
    let mut r = B::ZERO;
    let mut before = !B::ZERO;
    for a in 0..n {
        if a > 0 {
            before &= p.shl_sat(a as u32 * dir);
        }
        r |= before & after[n - 1 - a];
        if before.is_empty() {
            break;
        }
    }
    r
}

/// A Connect Four position: the stones of the player to move, all stones, and the count of
/// moves played. Copy-cheap; the solver copies it instead of undoing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B> {
    /// Stones of the player to move.
    current: B,
    /// Every stone on the board.
    mask: B,
    moves: u32,
    shape: Shape<B>,
}

impl<B: Bits> Position<B> {
    /// The empty board of `shape`.
    pub fn new(shape: Shape<B>) -> Self {
        Position {
            current: B::ZERO,
            mask: B::ZERO,
            moves: 0,
            shape,
        }
    }

    /// A position from its two masks; the caller has checked that they are consistent.
    pub fn from_masks(shape: Shape<B>, current: B, mask: B) -> Self {
        Position {
            current,
            mask,
            moves: mask.count_ones(),
            shape,
        }
    }

    pub fn shape(&self) -> &Shape<B> {
        &self.shape
    }
    /// Stones of the player to move.
    pub fn current(&self) -> B {
        self.current
    }
    /// Every stone on the board.
    pub fn mask(&self) -> B {
        self.mask
    }
    /// Stones of the player who just moved.
    #[inline]
    pub fn opponent(&self) -> B {
        self.current ^ self.mask
    }
    /// Moves played so far.
    #[inline]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Whether column `col` still has room.
    #[inline]
    pub fn can_play(&self, col: u32) -> bool {
        (self.mask & self.shape.top_cell(col)).is_empty()
    }

    /// Drops a stone in column `col` (which must have room).
    #[inline]
    pub fn play_column(&mut self, col: u32) {
        self.play_cell((self.mask + self.shape.bottom_cell(col)) & self.shape.column(col));
    }

    /// Puts a stone on `cell`, a bit of [`Position::playable`].
    #[inline]
    pub fn play_cell(&mut self, cell: B) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// Takes back the top stone of column `col`, which must be the last move played.
    #[inline]
    pub fn undo_column(&mut self, col: u32) {
        // The stones of a column are contiguous from its bottom, so adding the bottom bit
        // gives the first empty cell (the sentinel when full); one below is the top stone.
        let top = ((self.mask & self.shape.column(col)) + self.shape.bottom_cell(col)).shr_sat(1);
        self.mask ^= top;
        self.current ^= self.mask;
        self.moves -= 1;
    }

    /// The cells a stone can be dropped on now: one per column with room.
    #[inline]
    pub fn playable(&self) -> B {
        (self.mask + self.shape.bottom) & self.shape.board
    }

    /// Whether the player who just moved has a line (the game is won).
    #[inline]
    pub fn last_mover_won(&self) -> bool {
        self.shape.has_line(self.opponent())
    }

    /// Whether the board is full.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.moves == self.shape.cells()
    }

    /// Empty cells where the player to move would complete a line.
    #[inline]
    pub fn winning_cells(&self) -> B {
        self.shape.completions(self.current) & (self.shape.board ^ self.mask)
    }

    /// Empty cells where the opponent would complete a line.
    #[inline]
    pub fn opponent_winning_cells(&self) -> B {
        self.shape.completions(self.opponent()) & (self.shape.board ^ self.mask)
    }

    /// Whether the player to move can win with this move.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        !(self.winning_cells() & self.playable()).is_empty()
    }

    /// Whether dropping in `col` wins at once.
    #[inline]
    pub fn is_winning_move(&self, col: u32) -> bool {
        !(self.winning_cells() & self.playable() & self.shape.column(col)).is_empty()
    }

    /// Playable cells that do not lose at once: if the opponent threatens to win on a
    /// playable cell, only that block (none if there are two threats); never a cell directly
    /// below an opponent's winning cell. Call only when the mover cannot win at once.
    #[inline]
    pub fn non_losing_cells(&self) -> B {
        self.non_losing_cells_in(&self.shape)
    }

    /// [`Position::non_losing_cells`] with the shape given (the position's own, perhaps as
    /// a constant the compiler can fold).
    #[inline(always)]
    pub fn non_losing_cells_in(&self, shape: &Shape<B>) -> B {
        let empty = shape.board ^ self.mask;
        let mut playable = (self.mask + shape.bottom) & shape.board;
        let threats = shape.completions(self.opponent()) & empty;
        let forced = playable & threats;
        if !forced.is_empty() {
            if !(forced & (forced - B::ONE)).is_empty() {
                return B::ZERO;
            }
            playable = forced;
        }
        playable & !threats.shr_sat(1)
    }

    /// How many winning cells the mover would have after playing `cell` (the solver's move
    /// ordering: moves that make threats first).
    #[inline]
    pub fn threats_after(&self, cell: B) -> u32 {
        (self.shape.completions(self.current | cell) & (self.shape.board ^ self.mask)).count_ones()
    }

    /// A number unique to this position among positions of its shape: the mover's stones
    /// plus all stones (adds one bit above each column's top stone).
    #[inline]
    pub fn key(&self) -> B {
        self.current + self.mask
    }

    /// The key of the mirrored position (columns reversed).
    pub fn mirrored_key(&self) -> B {
        let key = self.key();
        let stride = self.shape.stride();
        let column = B::bit(stride) - B::ONE;
        let mut mirrored = B::ZERO;
        let w = self.shape.width;
        for c in 0..w {
            let bits = key.shr_sat(c * stride) & column;
            mirrored |= bits.shl_sat((w - 1 - c) * stride);
        }
        mirrored
    }

    /// Number of stones in column `col`.
    pub fn column_height(&self, col: u32) -> u32 {
        (self.mask & self.shape.column(col)).count_ones()
    }

    /// Who holds the cell: `Some(true)` the player to move, `Some(false)` the other.
    pub fn stone_at(&self, col: u32, row: u32) -> Option<bool> {
        let cell = self.shape.cell(col, row);
        if (self.mask & cell).is_empty() {
            None
        } else {
            Some(!(self.current & cell).is_empty())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(moves: &str) -> Position<u64> {
        let mut p = Position::new(Shape::new(7, 6, 4));
        for ch in moves.chars() {
            p.play_column(ch.to_digit(10).unwrap() - 1);
        }
        p
    }

    #[test]
    fn vertical_and_horizontal_lines_are_found() {
        let p = play_all("4545454");
        assert!(p.last_mover_won());
        let p = play_all("1122334");
        assert!(p.last_mover_won());
        let p = play_all("112233");
        assert!(!p.last_mover_won());
        assert!(p.is_winning_move(3));
        assert!(!p.is_winning_move(4));
    }

    #[test]
    fn undo_restores_every_column_height() {
        let mut p = play_all("444444");
        let before = p;
        p.play_column(0);
        p.undo_column(0);
        assert_eq!(p, before);
        let full = play_all("4444443");
        let mut q = full;
        q.undo_column(2);
        assert_eq!(q, play_all("444444"));
        let mut r = play_all("44444");
        let r_before = r;
        r.play_column(3);
        r.undo_column(3);
        assert_eq!(r, r_before);
    }

    #[test]
    fn general_k_agrees_with_the_closed_form_for_four() {
        let mut p = play_all("");
        let seq = [3u32, 2, 3, 4, 1, 1, 5, 0, 6, 2, 2, 4, 4, 0, 6, 6, 5, 1];
        for &c in &seq {
            p.play_column(c);
            for stones in [p.current(), p.opponent()] {
                assert_eq!(
                    completions_of_four(stones, 6, |x: u64, n| x << n, |x, n| x >> n)
                        & p.shape().board(),
                    completions_of_k(stones, 6, 4) & p.shape().board()
                );
            }
        }
    }

    /// The `O(k²)` form, window by window, for any `k`: what the `O(k)` one must match.
    fn completions_by_windows<B: Bits>(p: B, height: u32, k: u32) -> B {
        let mut r = p.shl_sat(1);
        for i in 2..k {
            r &= p.shl_sat(i);
        }
        for dir in [height + 1, height, height + 2] {
            r |= completions_by_windows_along(p, dir, k);
        }
        r
    }

    #[test]
    fn long_lines_complete_where_every_window_says() {
        use crate::u256::U256;
        let mut rng_seed = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            rng_seed ^= rng_seed << 13;
            rng_seed ^= rng_seed >> 7;
            rng_seed ^= rng_seed << 17;
            rng_seed
        };
        for (w, h, k) in [
            (36u32, 6u32, 17u32),
            (36, 6, 36),
            (4, 63, 63),
            (1, 255, 255),
            (16, 15, 9),
        ] {
            let shape: Shape<U256> = Shape::new(w, h, k);
            for holes in 0..4 {
                for _ in 0..20 {
                    // A nearly full board with a few random holes, so long runs occur.
                    let mut stones = shape.board();
                    for _ in 0..holes {
                        stones &= !U256::bit((next() % 256) as u32);
                    }
                    assert_eq!(
                        completions_of_k(stones, h, k) & shape.board(),
                        completions_by_windows(stones, h, k) & shape.board(),
                        "{w}x{h} k={k}"
                    );
                }
            }
        }
    }

    #[test]
    fn mirrored_key_is_the_key_of_the_mirrored_game() {
        let a = play_all("1123");
        let b = play_all("7765");
        assert_eq!(a.mirrored_key(), b.key());
    }
}
