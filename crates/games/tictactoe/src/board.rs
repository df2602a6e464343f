//! The m,n,k-game board: two bitsets of marks over `width x height` cells.
//!
//! Bit layout (bit i = cell i), rows from the top, as the board is drawn; on 3x3:
//!
//! ```text
//!   0 | 1 | 2        row 3 (top)
//!   3 | 4 | 5        row 2
//!   6 | 7 | 8        row 1 (bottom)
//! ```
//!
//! and in general cell `row_from_top · width + column`; on 15x15 (Gomoku):
//!
//! ```text
//!     0   1   2  …  14      row 15 (top):    a15 … o15
//!    15  16  17  …  29      row 14:          a14 … o14
//!     …                       …
//!   210 211 212  … 224      row 1 (bottom):  a1  … o1
//! ```
//!
//! Each player's marks are a fixed bitset of `WORDS` = 6 64-bit words, bit `i % 64` of word
//! `i / 64` for cell i: 19x19, the largest board, has 361 cells; 3x3 uses 9 bits of the
//! first word. No padding: lines are followed by index steps (1 along a row, width down a
//! column, width ± 1 along the diagonals) within the cells the board has. A win
//! is looked for only through the last mark (k cells each way in four directions), so a
//! move costs O(k) whatever the board.

use std::fmt;

use ply_core::hash::zobrist_keys;
use ply_core::{Game, GameError, Player, Scores, ZobristHash};

use crate::descriptor::DESCRIPTOR;

/// A cell index `0..width·height` (see the layout above).
pub type Cell = u16;

/// The longest side: the Go board's 19.
pub const MAX_SIDE: usize = 19;

/// The most cells a board has.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// 64-bit words in a bitset of [`MAX_CELLS`] bits.
const WORDS: usize = MAX_CELLS.div_ceil(64);

/// One key per (player, cell): `player · width·height + cell`, so 3x3 keeps the keys (and
/// the hashes) it always had.
static KEYS: [u64; 2 * MAX_CELLS] = zobrist_keys(0x71C7_AC70_E000_0001);

/// The cells one player has marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Marks([u64; WORDS]);

impl Marks {
    #[inline]
    pub fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    #[inline]
    fn set(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline]
    fn clear(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether no cell is marked.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The marked cells, in increasing order.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// The cells marked in either set.
    pub fn union(&self, other: &Marks) -> Marks {
        let mut both = *self;
        for (w, o) in both.0.iter_mut().zip(&other.0) {
            *w |= o;
        }
        both
    }

    #[inline]
    pub(crate) fn insert(&mut self, cell: usize) {
        self.set(cell);
    }
}

/// The four line directions as (column step, row step), rows counted from the top:
/// horizontal, vertical, diagonal down-right, diagonal down-left.
pub(crate) const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// An m,n,k-game position (tic-tac-toe is 3,3,3). X (player 0) moves first; k or more in a
/// row wins (freestyle: an overline counts, as in freestyle Gomoku); a full board without a
/// line is a draw.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    width: u8,
    height: u8,
    k: u8,
    /// `marks[p]`: the cells player p has marked.
    marks: [Marks; 2],
    /// Marks on the board, both players.
    played: u16,
    /// The player who made a line, if one did (the game is then over).
    winner: Option<u8>,
    hash: u64,
}

impl Default for TicTacToe {
    fn default() -> Self {
        Self::new()
    }
}

impl TicTacToe {
    /// Freestyle Gomoku: five in a row on 15x15.
    pub const GOMOKU: (usize, usize, usize) = (15, 15, 5);

    /// The empty 3x3 board, X to move.
    pub fn new() -> Self {
        let (width, height, k) = Self::standard();
        Self::empty(width, height, k)
    }

    /// Tic-tac-toe's shape, width, height and k: the descriptor's defaults.
    pub fn standard() -> (usize, usize, usize) {
        let default = |name| DESCRIPTOR.default_int(name);
        (default("width"), default("height"), default("k"))
    }

    fn empty(width: usize, height: usize, k: usize) -> Self {
        TicTacToe {
            width: width as u8,
            height: height as u8,
            k: k as u8,
            marks: [Marks::default(); 2],
            played: 0,
            winner: None,
            hash: 0,
        }
    }

    /// The empty `width` x `height` board where `k` in a row wins.
    ///
    /// Rules, in this order (each error names the setting, the value and the range):
    /// `width` and `height` in `1..=`[`MAX_SIDE`]; `max(width, height) ≥ 3` (a line of 3
    /// must fit); `k` in `3..=max(width, height)`.
    pub fn with_shape(width: usize, height: usize, k: usize) -> Result<Self, GameError> {
        for (name, value, unit) in [("width", width, "columns"), ("height", height, "rows")] {
            if !(1..=MAX_SIDE).contains(&value) {
                return Err(GameError::setting(
                    name,
                    value,
                    format!("the board has 1 to {MAX_SIDE} {unit}"),
                ));
            }
        }
        ply_core::rows::check_line_length(width, height, k)?;
        Ok(Self::empty(width, height, k))
    }

    /// The board a front end builds from the settings a user gave. A missing `k` is 3 (the
    /// [`standard`](Self::standard) value); a missing side is 3, or `k` when `k` is larger (at
    /// most [`MAX_SIDE`]), so `k = 5` alone is 5 in a row on 5x5 and a given `k` never
    /// fails for want of a side the user did not give. Errors are those of
    /// [`with_shape`](Self::with_shape).
    pub fn from_options(
        width: Option<usize>,
        height: Option<usize>,
        k: Option<usize>,
    ) -> Result<Self, GameError> {
        let (standard_width, standard_height, standard_k) = Self::standard();
        let k = k.unwrap_or(standard_k);
        let side = |given: Option<usize>, standard: usize| {
            given.unwrap_or_else(|| standard.max(k.min(MAX_SIDE)))
        };
        Self::with_shape(
            side(width, standard_width),
            side(height, standard_height),
            k,
        )
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Marks in a row needed to win.
    pub fn k(&self) -> usize {
        self.k as usize
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// The cells `player` has marked.
    pub fn marks(&self, player: Player) -> &Marks {
        &self.marks[player]
    }

    /// Number of moves played so far.
    pub fn moves_played(&self) -> u32 {
        self.played as u32
    }

    /// The owner of a cell, if any.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        let cell = cell as usize;
        (0..2).find(|&p| self.marks[p].has(cell))
    }

    /// The cell in column `col` (from the left) and row `row` (from the top), if on the
    /// board.
    #[inline]
    pub fn cell_at(&self, col: isize, row: isize) -> Option<usize> {
        let on =
            (0..self.width as isize).contains(&col) && (0..self.height as isize).contains(&row);
        on.then(|| row as usize * self.width() + col as usize)
    }

    /// Column and row (from the top) of `cell`.
    #[inline]
    pub fn coords(&self, cell: usize) -> (isize, isize) {
        (
            (cell % self.width()) as isize,
            (cell / self.width()) as isize,
        )
    }

    /// Whether `player`'s mark on `cell` is part of k or more in a row: at most k − 1 cells
    /// each way in each of the four directions, stepping by index (no allocation).
    #[inline]
    fn makes_line(&self, marks: &Marks, cell: usize) -> bool {
        let (w, h, k) = (self.width(), self.height(), self.k());
        let (col, row) = (cell % w, cell / w);
        let (left, right, up, down) = (col, w - 1 - col, row, h - 1 - row);
        // (index step, cells available forward, cells available backward), forward being
        // the DIRECTIONS entry: right, down, down-right, down-left.
        let lines = [
            (1, right, left),
            (w, down, up),
            (w + 1, right.min(down), left.min(up)),
            (w - 1, left.min(down), right.min(up)),
        ];
        lines.iter().any(|&(step, forward, backward)| {
            let mut run = 1;
            for i in 1..=forward.min(k - 1) {
                if !marks.has(cell + i * step) {
                    break;
                }
                run += 1;
            }
            for i in 1..=backward.min(k - 1) {
                if !marks.has(cell - i * step) {
                    break;
                }
                run += 1;
            }
            run >= k
        })
    }

    /// Whether `marks` hold a line anywhere (for positions read from text).
    fn has_line(&self, marks: &Marks) -> bool {
        (0..self.cells()).any(|c| marks.has(c) && self.makes_line(marks, c))
    }

    /// Builds a 3x3 position from the moves' cells, checking each.
    pub fn from_cells(cells: &[Cell]) -> Result<Self, GameError> {
        let mut state = TicTacToe::new();
        for &cell in cells {
            if cell as usize >= state.cells() {
                return Err(GameError::parse(cell.to_string(), "cells are 0 to 8"));
            }
            state.try_play(cell)?;
        }
        Ok(state)
    }

    #[inline]
    fn key(&self, player: Player, cell: usize) -> u64 {
        KEYS[player * self.cells() + cell]
    }
}

impl Game for TicTacToe {
    type Move = Cell;

    fn name(&self) -> &'static str {
        "tictactoe"
    }

    /// Empty for tic-tac-toe itself; `15x15, 5 in a row` otherwise.
    fn variant(&self) -> String {
        if (self.width(), self.height(), self.k()) == Self::standard() {
            String::new()
        } else {
            format!("{}x{}, {} in a row", self.width, self.height, self.k)
        }
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Player {
        (self.played & 1) as Player
    }

    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        if self.is_terminal() {
            return;
        }
        let cells = self.cells();
        for (w, (&x, &o)) in self.marks[0].0.iter().zip(&self.marks[1].0).enumerate() {
            let base = w * 64;
            if base >= cells {
                break;
            }
            let valid = if cells - base >= 64 {
                u64::MAX
            } else {
                (1u64 << (cells - base)) - 1
            };
            let mut empty = !(x | o) & valid;
            while empty != 0 {
                moves.push((base + empty.trailing_zeros() as usize) as Cell);
                empty &= empty - 1;
            }
        }
    }

    fn play(&mut self, cell: Cell) {
        let p = self.to_move();
        let cell = cell as usize;
        self.marks[p].set(cell);
        self.played += 1;
        self.hash ^= self.key(p, cell);
        if self.played as usize >= 2 * self.k as usize - 1 && self.makes_line(&self.marks[p], cell)
        {
            self.winner = Some(p as u8);
        }
    }

    fn undo(&mut self, cell: Cell) {
        // The game stopped at the first line, so the position before had none.
        let p = 1 - self.to_move();
        let cell = cell as usize;
        self.marks[p].clear(cell);
        self.played -= 1;
        self.winner = None;
        self.hash ^= self.key(p, cell);
    }

    fn outcome(&self) -> Option<Scores> {
        match self.winner {
            Some(p) => Some(Scores::win(p as Player)),
            None if self.played as usize == self.cells() => Some(Scores::draw()),
            None => None,
        }
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.winner.is_some() || self.played as usize == self.cells()
    }

    fn check_move(&self, cell: Cell) -> Result<(), GameError> {
        if self.is_terminal() {
            return Err(GameError::GameOver);
        }
        if cell as usize >= self.cells() {
            return Err(GameError::illegal(
                cell.to_string(),
                format!("the board has cells 0 to {}", self.cells() - 1),
            ));
        }
        if let Some(owner) = self.owner(cell) {
            return Err(GameError::illegal(
                self.format_move(cell),
                format!("the cell is already marked {}", ["X", "O"][owner]),
            ));
        }
        Ok(())
    }

    fn format_move(&self, cell: Cell) -> String {
        crate::notation::format_cell(self, cell)
    }

    fn parse_move(&self, text: &str) -> Result<Cell, GameError> {
        crate::notation::parse_cell(self, text)
    }

    /// One character per cell, top row first: `x`, `o` or `.` (nine on 3x3).
    fn to_text(&self) -> String {
        (0..self.cells() as Cell)
            .map(|c| match self.owner(c) {
                Some(0) => 'x',
                Some(_) => 'o',
                None => '.',
            })
            .collect()
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        let text = text.trim();
        let cells = self.cells();
        if text.chars().count() != cells {
            return Err(GameError::position(
                text,
                format!("expected {cells} cells of x, o or ."),
            ));
        }
        let mut state = Self::empty(self.width(), self.height(), self.k());
        for (i, ch) in text.chars().enumerate() {
            match ch.to_ascii_lowercase() {
                'x' => state.marks[0].set(i),
                'o' => state.marks[1].set(i),
                '.' | '-' | '_' => {}
                other => {
                    return Err(GameError::position(
                        text,
                        format!("'{other}' is not x, o or ."),
                    ))
                }
            }
        }
        let (x, o) = (state.marks[0].count(), state.marks[1].count());
        if x != o && x != o + 1 {
            return Err(GameError::position(
                text,
                "X moves first, so X has as many marks as O or one more",
            ));
        }
        let lines = [
            state.has_line(&state.marks[0]),
            state.has_line(&state.marks[1]),
        ];
        if lines[0] && lines[1] {
            return Err(GameError::position(text, "both players cannot have a line"));
        }
        state.played = (x + o) as u16;
        state.winner = lines.iter().position(|&l| l).map(|p| p as u8);
        state.hash = state.zobrist_from_scratch();
        Ok(state)
    }
}

impl ZobristHash for TicTacToe {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for p in 0..2 {
            for cell in 0..self.cells() {
                if self.marks[p].has(cell) {
                    hash ^= self.key(p, cell);
                }
            }
        }
        hash
    }
}

impl fmt::Display for TicTacToe {
    /// ```text
    ///  3  x | . | o
    ///    ---+---+---
    ///  2  . | x | .
    ///    ---+---+---
    ///  1  . | . | o
    ///     a   b   c
    /// ```
    ///
    /// Larger boards are drawn the same way, without the rules between rows past 5 rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.width(), self.height());
        let ruled = h <= 5;
        for row in 0..h {
            write!(f, "{:>2}  ", h - row)?;
            for col in 0..w {
                let mark = match self.owner((row * w + col) as Cell) {
                    Some(0) => 'X',
                    Some(_) => 'O',
                    None => '.',
                };
                write!(f, "{mark}")?;
                if col + 1 < w {
                    write!(f, "{}", if ruled { " | " } else { "   " })?;
                }
            }
            writeln!(f)?;
            if ruled && row + 1 < h {
                writeln!(f, "    {}", vec!["---"; w].join("+"))?;
            }
        }
        let letters: Vec<String> = (0..w)
            .map(|col| crate::notation::column_letter(col).to_string())
            .collect();
        write!(f, "    {}", letters.join("   "))
    }
}
