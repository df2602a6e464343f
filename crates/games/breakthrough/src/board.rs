//! The Breakthrough board: the pieces of each side as one 64-bit word.
//!
//! Bit layout (bit i = cell i), rows from the bottom as the notation counts them; on 8x8:
//!
//! ```text
//!   56 57 58 59 60 61 62 63     row 8: a8 … h8   Black starts on rows 8 and 7, moves down
//!   48 49 50 51 52 53 54 55     row 7
//!    …
//!    8  9 10 11 12 13 14 15     row 2
//!    0  1  2  3  4  5  6  7     row 1: a1 … h1   White starts on rows 1 and 2, moves up
//! ```
//!
//! and in general cell `(row − 1) · columns + column`, column 0 being `a`; on 6x6 the cells
//! are 0 (`a1`) to 35 (`f6`). A step straight forward is a shift by `columns` (up the board,
//! `<<`, for White; down, `>>`, for Black) and a diagonal step a shift by `columns ± 1` of
//! the pieces not on the edge the step would wrap past, so a side's moves are three shifts
//! and masks. Every board of at most [`MAX_CELLS`] cells fits; larger ones are refused
//! (`Breakthrough::with_shape`).

use std::fmt;

use ply_core::hash::zobrist_keys;
use ply_core::{Described, Game, GameError, Player, Scores, Settings, ZobristHash};

/// The first player, as in OpenSpiel: starts on the top rows and moves down the board.
pub const BLACK: Player = 0;

/// The second player: starts on the bottom rows and moves up.
pub const WHITE: Player = 1;

/// The most cells a board has: one 64-bit word holds a side's pieces.
pub const MAX_CELLS: usize = 64;

/// The fewest rows or columns a board has (OpenSpiel's bound).
pub const MIN_SIDE: usize = 2;

/// The most rows: as many as fit in [`MAX_CELLS`] with the fewest columns.
pub const MAX_ROWS: usize = MAX_CELLS / MIN_SIDE;

/// The most columns: a letter each, `a` to `z`.
pub const MAX_COLUMNS: usize = 26;

/// Boards with at least this many rows start with two rows of pieces a side, smaller
/// boards with one (OpenSpiel's `kNumRowsForFullPieces`).
const ROWS_FOR_TWO_ROWS: usize = 6;

/// The rows of pieces each side starts with on a board of `rows` rows.
fn home_rows(rows: usize) -> usize {
    if rows >= ROWS_FOR_TWO_ROWS {
        2
    } else {
        1
    }
}

/// One key per (side, cell), `side · 64 + cell`, then the key of White to move.
static KEYS: [u64; 2 * MAX_CELLS + 1] = zobrist_keys(0xB4EA_7481_0000_0001);

/// XORed into the hash when White is to move.
const WHITE_TO_MOVE: usize = 2 * MAX_CELLS;

/// A move: a piece of the side to move from one cell to the next row, straight or
/// diagonally, and whether it takes the piece there (only a diagonal step can).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub capture: bool,
}

/// What the board's size fixes, computed once: the masks move generation uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Geometry {
    rows: u8,
    columns: u8,
    /// Every cell of the board.
    all: u64,
    /// The cells not in column `a`: a piece there may step diagonally left.
    not_left: u64,
    /// The cells not in the last column: a piece there may step diagonally right.
    not_right: u64,
    /// `goal[side]`: the row that side wins by reaching (row 1 for Black, the top for
    /// White).
    goal: [u64; 2],
}

impl Geometry {
    fn new(rows: usize, columns: usize) -> Geometry {
        let cells = rows * columns;
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        let bottom_row = (1u64 << columns) - 1;
        let column_a = (0..rows).fold(0u64, |bits, row| bits | 1 << (row * columns));
        Geometry {
            rows: rows as u8,
            columns: columns as u8,
            all,
            not_left: all & !column_a,
            not_right: all & !(column_a << (columns - 1)),
            goal: [bottom_row, bottom_row << ((rows - 1) * columns)],
        }
    }
}

/// A Breakthrough position. Black (player 0) moves first, as in OpenSpiel.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Breakthrough {
    geometry: Geometry,
    /// `pieces[side]`: the cells that side's pieces stand on (see the layout above).
    pieces: [u64; 2],
    to_move: u8,
    hash: u64,
}

impl Default for Breakthrough {
    fn default() -> Self {
        Self::new()
    }
}

/// A side's three kinds of step, in generation order: diagonally left, straight ahead,
/// diagonally right (as the board is drawn). Each is the cells it may start from, the
/// shift that takes a piece there one row forward (see [`Breakthrough::forward`]), and
/// whether it goes straight.
fn steps(geometry: &Geometry, side: Player) -> [(u64, u32, bool); 3] {
    let columns = geometry.columns as u32;
    // Up the board (White) column − 1 is a shift by one less than a row; down (Black), by
    // one more.
    let (left, right) = if side == WHITE {
        (columns - 1, columns + 1)
    } else {
        (columns + 1, columns - 1)
    };
    [
        (geometry.not_left, left, false),
        (geometry.all, columns, true),
        (geometry.not_right, right, false),
    ]
}

impl Breakthrough {
    /// The start of the default board, 8x8 (the descriptor's defaults).
    pub fn new() -> Self {
        Self::from_settings(&Settings::new()).expect("the default settings build")
    }

    /// The start position on `rows` x `columns`: two rows of pieces a side from 6 rows up,
    /// one below that.
    ///
    /// Rules, in this order (each error names the setting, the value and the range): `rows`
    /// from 2 to `MAX_ROWS`, `columns` from 2 to `MAX_COLUMNS` (OpenSpiel asks for more
    /// than one of each), and at most [`MAX_CELLS`] cells.
    pub fn with_shape(rows: usize, columns: usize) -> Result<Self, GameError> {
        for (name, value, max) in [("rows", rows, MAX_ROWS), ("columns", columns, MAX_COLUMNS)] {
            if !(MIN_SIDE..=max).contains(&value) {
                return Err(GameError::setting(
                    name,
                    value,
                    format!("the board has {MIN_SIDE} to {max} {name}"),
                ));
            }
        }
        if rows * columns > MAX_CELLS {
            return Err(GameError::setting(
                "rows x columns",
                format!("{rows}x{columns}"),
                format!(
                    "a board has at most {MAX_CELLS} cells (a side's pieces are one 64-bit \
                     word), not {}",
                    rows * columns
                ),
            ));
        }
        let geometry = Geometry::new(rows, columns);
        let home_rows = home_rows(rows);
        let home = (1u64 << (home_rows * columns)) - 1;
        let mut state = Breakthrough {
            geometry,
            pieces: [home << ((rows - home_rows) * columns), home],
            to_move: BLACK as u8,
            hash: 0,
        };
        state.hash = state.zobrist_from_scratch();
        Ok(state)
    }

    pub fn rows(&self) -> usize {
        self.geometry.rows as usize
    }

    pub fn columns(&self) -> usize {
        self.geometry.columns as usize
    }

    pub fn cells(&self) -> usize {
        self.rows() * self.columns()
    }

    /// The cells `side`'s pieces stand on, one bit each (see the layout above).
    pub fn pieces(&self, side: Player) -> u64 {
        self.pieces[side]
    }

    /// The row `side` wins by reaching.
    pub fn goal(&self, side: Player) -> u64 {
        self.geometry.goal[side]
    }

    /// The cells of row `row` (1 = the bottom), one bit each.
    pub fn row_cells(&self, row: usize) -> u64 {
        ((1u64 << self.columns()) - 1) << ((row - 1) * self.columns())
    }

    /// The row just before `side`'s goal: a piece there wins on its side's next move.
    pub fn one_step_from_goal(&self, side: Player) -> u64 {
        let (goal, columns) = (self.geometry.goal[side], self.columns());
        if side == WHITE {
            goal >> columns
        } else {
            goal << columns
        }
    }

    /// The pieces a side starts with.
    pub fn starting_pieces(&self) -> u32 {
        (home_rows(self.rows()) * self.columns()) as u32
    }

    /// The side on `cell`, if any.
    pub fn owner(&self, cell: usize) -> Option<Player> {
        [BLACK, WHITE]
            .into_iter()
            .find(|&side| self.pieces[side] >> cell & 1 != 0)
    }

    /// The cell in column `column` (0 = `a`) and row `row` (1 = the bottom).
    pub fn cell(&self, column: usize, row: usize) -> usize {
        (row - 1) * self.columns() + column
    }

    /// Column (0 = `a`) and row (1 = the bottom) of `cell`.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        (cell % self.columns(), cell / self.columns() + 1)
    }

    /// How many rows `side`'s piece on `cell` has come from its own edge of the board: 0 on
    /// the edge it starts from, `rows − 1` on its goal row.
    #[inline]
    pub fn progress(&self, side: Player, cell: usize) -> usize {
        let row = cell / self.columns();
        if side == WHITE {
            row
        } else {
            self.rows() - 1 - row
        }
    }

    /// `bits` moved `shift` cells forward for `side`: up the board for White, down for
    /// Black. Bits shifted off the board are dropped.
    #[inline]
    fn forward(&self, side: Player, bits: u64, shift: u32) -> u64 {
        let moved = if side == WHITE {
            bits << shift
        } else {
            bits >> shift
        };
        moved & self.geometry.all
    }

    /// The cells `side`'s pieces could capture on: one row forward, one column either way.
    #[inline]
    pub fn attacks(&self, side: Player) -> u64 {
        let own = self.pieces[side];
        let [left, _, right] = steps(&self.geometry, side);
        self.forward(side, own & left.0, left.1) | self.forward(side, own & right.0, right.1)
    }

    /// The side that has won, if one has: a piece on its goal row, or no piece left to the
    /// other.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        let (g, [black, white]) = (&self.geometry, self.pieces);
        if black & g.goal[BLACK] != 0 || white == 0 {
            Some(BLACK)
        } else if white & g.goal[WHITE] != 0 || black == 0 {
            Some(WHITE)
        } else {
            None
        }
    }

    /// The name of `side`, for messages.
    pub fn side_name(side: Player) -> &'static str {
        crate::descriptor::DESCRIPTOR.seats[side].name
    }

    #[inline]
    fn key(side: Player, cell: usize) -> u64 {
        KEYS[side * MAX_CELLS + cell]
    }

    /// Makes or takes back `side`'s `step` (an XOR, its own inverse), the hash with it.
    #[inline]
    fn toggle(&mut self, side: Player, step: Step) {
        let (from, to) = (step.from as usize, step.to as usize);
        self.pieces[side] ^= 1 << from | 1 << to;
        self.hash ^= Self::key(side, from) ^ Self::key(side, to) ^ KEYS[WHITE_TO_MOVE];
        if step.capture {
            self.pieces[1 - side] ^= 1 << to;
            self.hash ^= Self::key(1 - side, to);
        }
    }

    /// Why `step`, between two cells of the board, is not a move of the side to move, in
    /// words; `None` if it is one.
    fn broken_rule(&self, step: Step) -> Option<String> {
        let side = self.to_move();
        let (from, to) = (step.from as usize, step.to as usize);
        let name = Self::side_name(side);
        let cell = |c: usize| crate::notation::format_cell(self, c);
        if self.owner(from) != Some(side) {
            return Some(format!(
                "{} holds no {name} piece ({name} to move)",
                cell(from)
            ));
        }
        let reach = steps(&self.geometry, side)
            .iter()
            .fold(0, |reach, &(sources, shift, _)| {
                reach | self.forward(side, 1 << from & sources, shift)
            });
        if reach >> to & 1 == 0 {
            let direction = if side == WHITE { "up" } else { "down" };
            return Some(format!(
                "a piece steps to the next row ({name} moves {direction} the board), straight \
                 ahead or diagonally"
            ));
        }
        let straight = self.coords(to).0 == self.coords(from).0;
        let target = self.owner(to);
        if straight && target.is_some() {
            return Some(format!(
                "{} is taken: a piece moves straight only to an empty cell and captures only \
                 diagonally",
                cell(to)
            ));
        }
        if target == Some(side) {
            return Some(format!("{} holds a {name} piece", cell(to)));
        }
        if step.capture != target.is_some() {
            return Some(format!(
                "the capture mark does not match the board: {} is {}",
                cell(to),
                if target.is_some() { "taken" } else { "empty" }
            ));
        }
        None
    }
}

impl Game for Breakthrough {
    type Move = Step;

    fn name(&self) -> &'static str {
        "breakthrough"
    }

    /// Empty on the default 8x8 board; `6x6`, or `7 rows x 5 columns`, otherwise.
    fn variant(&self) -> String {
        let default = Breakthrough::new();
        match (self.rows(), self.columns()) {
            (rows, columns) if (rows, columns) == (default.rows(), default.columns()) => {
                String::new()
            }
            (rows, columns) if rows == columns => format!("{rows}x{columns}"),
            (rows, columns) => format!("{rows} rows x {columns} columns"),
        }
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Player {
        self.to_move as Player
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.is_terminal() {
            return;
        }
        let side = self.to_move();
        let (own, theirs) = (self.pieces[side], self.pieces[1 - side]);
        let empty = self.geometry.all & !(own | theirs);
        for (sources, shift, straight) in steps(&self.geometry, side) {
            let open = if straight { empty } else { !own };
            let mut targets = self.forward(side, own & sources, shift) & open;
            while targets != 0 {
                let to = targets.trailing_zeros();
                let from = if side == WHITE {
                    to - shift
                } else {
                    to + shift
                };
                moves.push(Step {
                    from: from as u8,
                    to: to as u8,
                    capture: theirs >> to & 1 != 0,
                });
                targets &= targets - 1;
            }
        }
    }

    #[inline]
    fn play(&mut self, step: Step) {
        self.toggle(self.to_move(), step);
        self.to_move ^= 1;
    }

    #[inline]
    fn undo(&mut self, step: Step) {
        self.to_move ^= 1;
        self.toggle(self.to_move(), step);
    }

    fn outcome(&self) -> Option<Scores> {
        self.winner().map(Scores::win)
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.winner().is_some()
    }

    fn check_move(&self, step: Step) -> Result<(), GameError> {
        if self.is_terminal() {
            return Err(GameError::GameOver);
        }
        let cells = self.cells();
        if step.from as usize >= cells || step.to as usize >= cells {
            return Err(GameError::illegal(
                format!("from cell {} to cell {}", step.from, step.to),
                format!("the board has cells 0 to {}", cells - 1),
            ));
        }
        match self.broken_rule(step) {
            None => Ok(()),
            Some(rule) => Err(GameError::illegal(self.format_move(step), rule)),
        }
    }

    fn format_move(&self, step: Step) -> String {
        crate::notation::format_step(self, step)
    }

    fn parse_move(&self, text: &str) -> Result<Step, GameError> {
        crate::notation::parse_step(self, text)
    }

    /// The board as OpenSpiel serialises it, the top row first, `b`, `w` or `.` a cell, then
    /// the side to move, `b` or `w`: `bbbbbbbbbbbb............wwwwwwwwwwww b` is the start
    /// of 6x6.
    fn to_text(&self) -> String {
        let mut text = String::with_capacity(self.cells() + 2);
        for row in (1..=self.rows()).rev() {
            for column in 0..self.columns() {
                text.push(cell_char(self.owner(self.cell(column, row))));
            }
        }
        text.push(' ');
        text.push(cell_char(Some(self.to_move())));
        text
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        crate::notation::read_position(self, text)
    }
}

/// A cell's character in the position text (and on the drawn board): `b`, `w` or `.`.
pub(crate) fn cell_char(owner: Option<Player>) -> char {
    match owner {
        Some(BLACK) => 'b',
        Some(_) => 'w',
        None => '.',
    }
}

impl Breakthrough {
    /// The position with these pieces and `to_move` to move, on this board, if the rules
    /// can reach it: no more pieces than a side starts with, not both sides winning, and
    /// not the winner to move (the winning move was the last one). The reason otherwise.
    pub(crate) fn with_pieces(&self, pieces: [u64; 2], to_move: Player) -> Result<Self, String> {
        let start = self.starting_pieces();
        for side in [BLACK, WHITE] {
            if pieces[side].count_ones() > start {
                return Err(format!(
                    "{} has {} pieces; a side starts with {start} on this board",
                    Self::side_name(side),
                    pieces[side].count_ones()
                ));
            }
        }
        let won =
            |side: Player| pieces[side] & self.geometry.goal[side] != 0 || pieces[1 - side] == 0;
        if won(BLACK) && won(WHITE) {
            return Err("both sides cannot have won".into());
        }
        if won(to_move) {
            return Err(format!(
                "{} has won, so it cannot be its turn",
                Self::side_name(to_move)
            ));
        }
        let mut state = Breakthrough {
            geometry: self.geometry,
            pieces,
            to_move: to_move as u8,
            hash: 0,
        };
        state.hash = state.zobrist_from_scratch();
        Ok(state)
    }
}

impl ZobristHash for Breakthrough {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move() == WHITE {
            KEYS[WHITE_TO_MOVE]
        } else {
            0
        };
        for side in [BLACK, WHITE] {
            let mut bits = self.pieces[side];
            while bits != 0 {
                hash ^= Self::key(side, bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        hash
    }
}

impl fmt::Display for Breakthrough {
    /// ```text
    ///  6  b b b b b b
    ///  5  b b b b b b
    ///  4  . . . . . .
    ///  3  . . . . . .
    ///  2  w w w w w w
    ///  1  w w w w w w
    ///     a b c d e f
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (1..=self.rows()).rev() {
            let cells: Vec<String> = (0..self.columns())
                .map(|column| cell_char(self.owner(self.cell(column, row))).to_string())
                .collect();
            writeln!(f, "{row:>2}  {}", cells.join(" "))?;
        }
        let letters: Vec<String> = (0..self.columns())
            .map(|column| crate::notation::column_letter(column).to_string())
            .collect();
        write!(f, "    {}", letters.join(" "))
    }
}
