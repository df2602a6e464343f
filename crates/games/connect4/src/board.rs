//! [`Connect4`]: the rules behind the core [`Game`] trait, for any width, height and `k`.
//!
//! Boards of up to 64 bits (`width·(height+1) ≤ 64`: 7x6, 8x7, 9x5, 6x5, 5x4 …) run on a
//! `u64` [`Position`]; larger ones (10x6, 10x7, 9x7, 8x8 …, up to 128 bits) on a `u128` one.
//! The choice is made once, in [`Connect4::new`]; every method dispatches with one `match`.

use std::fmt;

use ply_core::{Game, GameError, Player, Scores, ZobristHash};

use crate::bits::Bits;
use crate::descriptor::DESCRIPTOR;
pub use crate::notation::MAX_WIDTH;
use crate::notation::{self, ColumnBase};
use crate::position::{Position, Shape};

/// The tallest board: one column of 255 rows and its sentinel bit fill the largest bitboard.
pub const MAX_HEIGHT: usize = MAX_BOARD_BITS - 1;

/// The longest line: it must fit the board, so at most the tallest board's height.
pub const MAX_K: usize = MAX_HEIGHT;

/// The largest bitboard: `width·(height+1)` (one sentinel bit per column) must fit in it.
pub const MAX_BOARD_BITS: usize = 256;

/// A column, 0-based (column 1 of the notation is move 0).
pub type Column = u8;

/// The position on whichever bitboard fits the shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// `width·(height+1) ≤ 64`.
    Narrow(Position<u64>),
    /// `64 < width·(height+1) ≤ 128`.
    Wide(Position<u128>),
    /// `128 < width·(height+1) ≤ 256` (a four-limb integer: slower, same rules).
    Huge(Position<crate::u256::U256>),
}

/// Runs `$body` with `$p` bound to the position, whatever its integer width.
macro_rules! on_board {
    ($board:expr, $p:ident => $body:expr) => {
        match $board {
            $crate::Board::Narrow($p) => $body,
            $crate::Board::Wide($p) => $body,
            $crate::Board::Huge($p) => $body,
        }
    };
}
pub(crate) use on_board;

/// One Zobrist key per (player, bit): 256 bits cover every supported board.
static KEYS: [u64; 512] = ply_core::zobrist_keys(0xC044_EC74_0000_0001);

/// A Connect Four game state. The first player (0, drawn `x`) moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4 {
    board: Board,
    hash: u64,
}

impl Connect4 {
    /// The board a front end builds from the settings a user gave, each missing one at its
    /// default (the descriptor's: 7 columns, 6 rows, 4 in a row). When `k` was left out and the board is too small
    /// for a line of 4, the error names the board the user chose, not a `k` they never gave.
    pub fn from_options(
        width: Option<usize>,
        height: Option<usize>,
        k: Option<usize>,
    ) -> Result<Connect4, GameError> {
        let default = |name| DESCRIPTOR.default_int(name);
        let standard_k = default("k");
        let width = width.unwrap_or_else(|| default("width"));
        let height = height.unwrap_or_else(|| default("height"));
        match Connect4::new(width, height, k.unwrap_or(standard_k)) {
            Err(GameError::Setting { setting, .. }) if setting == "k" && k.is_none() => {
                Err(GameError::setting(
                    "width x height",
                    format!("{width}x{height}"),
                    format!(
                        "a line of {standard_k} (the standard k) does not fit: choose {} or a \
                         larger board",
                        match width.max(height) {
                            3 => "k = 3".to_string(),
                            longest => format!("k from 3 to {longest}"),
                        }
                    ),
                ))
            }
            other => other,
        }
    }

    /// The empty `width` x `height` board where `k` in a row wins.
    ///
    /// Rules, checked in this order (each error names the setting, the value given and the
    /// allowed range):
    /// - `width` in `1..=`[`MAX_WIDTH`] (36: one character per column);
    /// - `height` in `1..=`[`MAX_HEIGHT`] (255);
    /// - `width·(height+1) ≤` [`MAX_BOARD_BITS`] (256: the largest bitboard, sentinel row
    ///   included; so 36 columns allow 6 rows, 1 column 255 rows);
    /// - `max(width, height) ≥ 3` (otherwise no line of 3 fits);
    /// - `k` in `3..=max(width, height)` (lines of 1 or 2 are not played; a longer line fits
    ///   nowhere), so at most [`MAX_K`] (255).
    ///
    /// Every front end (CLI, engines, web API, arena) builds its boards here.
    pub fn new(width: usize, height: usize, k: usize) -> Result<Connect4, GameError> {
        if !(1..=MAX_WIDTH).contains(&width) {
            return Err(GameError::setting(
                "width",
                width,
                format!("the board has 1 to {MAX_WIDTH} columns"),
            ));
        }
        if !(1..=MAX_HEIGHT).contains(&height) {
            return Err(GameError::setting(
                "height",
                height,
                format!("the board has 1 to {MAX_HEIGHT} rows"),
            ));
        }
        // Both are small now, but the product is still checked, never wrapped.
        let bits = height
            .checked_add(1)
            .and_then(|rows| rows.checked_mul(width))
            .filter(|&bits| bits <= MAX_BOARD_BITS);
        let Some(bits) = bits else {
            return Err(GameError::setting(
                "width x height",
                format!("{width}x{height}"),
                format!(
                    "width·(height+1) must be at most {MAX_BOARD_BITS} (the largest bitboard): \
                     {width} columns allow 1 to {} rows",
                    MAX_BOARD_BITS / width - 1
                ),
            ));
        };
        ply_core::rows::check_line_length(width, height, k)?;
        let (w, h, k) = (width as u32, height as u32, k as u32);
        let board = if bits <= 64 {
            Board::Narrow(Position::new(Shape::new(w, h, k)))
        } else if bits <= 128 {
            Board::Wide(Position::new(Shape::new(w, h, k)))
        } else {
            Board::Huge(Position::new(Shape::new(w, h, k)))
        };
        Ok(Connect4 { board, hash: 0 })
    }

    /// The standard 7x6 board, four in a row.
    pub fn standard() -> Connect4 {
        Connect4::new(7, 6, 4).expect("7x6 is valid")
    }

    /// The empty board of the same shape.
    pub fn empty(&self) -> Connect4 {
        Connect4::new(self.width(), self.height(), self.k()).expect("shape already checked")
    }

    /// The position after the move sequence `moves` (e.g. `"4453"`) from this one, each move
    /// checked.
    pub fn after(&self, moves: &str) -> Result<Connect4, GameError> {
        self.after_in(moves, ColumnBase::One)
    }

    /// Like [`Connect4::after`] with the digits counted from `base`.
    pub fn after_in(&self, moves: &str, base: ColumnBase) -> Result<Connect4, GameError> {
        let columns = notation::parse_sequence(moves, self.width(), base)?;
        let mut state = self.clone();
        for (i, &col) in columns.iter().enumerate() {
            state.try_play(col as Column).map_err(|e| {
                GameError::illegal(
                    moves.trim(),
                    format!("move {} ({}): {e}", i + 1, notation::column_char(col)),
                )
            })?;
        }
        Ok(state)
    }

    /// The bitboard position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn width(&self) -> usize {
        on_board!(&self.board, p => p.shape().width() as usize)
    }
    pub fn height(&self) -> usize {
        on_board!(&self.board, p => p.shape().height() as usize)
    }
    pub fn k(&self) -> usize {
        on_board!(&self.board, p => p.shape().k() as usize)
    }
    /// Moves played so far.
    pub fn moves_played(&self) -> usize {
        on_board!(&self.board, p => p.moves() as usize)
    }
    /// Whether column `col` has room.
    pub fn can_play(&self, col: usize) -> bool {
        col < self.width() && on_board!(&self.board, p => p.can_play(col as u32))
    }
    /// Whether dropping in `col` wins at once.
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.can_play(col) && on_board!(&self.board, p => p.is_winning_move(col as u32))
    }
    /// Whether dropping in `col` neither leaves an immediate win of the opponent unblocked
    /// nor gives the opponent a winning cell right above (call when the mover cannot win
    /// at once).
    pub fn is_safe_move(&self, col: usize) -> bool {
        self.can_play(col)
            && on_board!(&self.board, p =>
                !(p.non_losing_cells() & p.shape().column(col as u32)).is_empty())
    }

    /// Whether the last move completed a line.
    pub fn last_mover_won(&self) -> bool {
        on_board!(&self.board, p => p.last_mover_won())
    }
    /// The player whose stone is at `col`, `row` (row 0 at the bottom).
    pub fn owner(&self, col: usize, row: usize) -> Option<Player> {
        let mover = self.moves_played() % 2;
        let stone = on_board!(&self.board, p => p.stone_at(col as u32, row as u32));
        stone.map(|is_mover| if is_mover { mover } else { 1 - mover })
    }

    fn key_index<B: Bits>(p: &Position<B>, col: u32, row: u32, player: Player) -> usize {
        let bit = p.shape().cell(col, row).trailing_zeros() as usize;
        player * 256 + bit
    }
}

fn play_on<B: Bits>(p: &mut Position<B>, col: u32) -> usize {
    let row = p.column_height(col);
    let index = Connect4::key_index(p, col, row, (p.moves() % 2) as usize);
    p.play_column(col);
    index
}

fn undo_on<B: Bits>(p: &mut Position<B>, col: u32) -> usize {
    p.undo_column(col);
    let row = p.column_height(col);
    Connect4::key_index(p, col, row, (p.moves() % 2) as usize)
}

impl Game for Connect4 {
    type Move = Column;

    fn name(&self) -> &'static str {
        "connect4"
    }

    fn variant(&self) -> String {
        format!("{}x{}, {} in a row", self.width(), self.height(), self.k())
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Player {
        self.moves_played() % 2
    }

    fn legal_moves(&self, moves: &mut Vec<Column>) {
        moves.clear();
        if self.is_terminal() {
            return;
        }
        on_board!(&self.board, p => {
            for col in 0..p.shape().width() {
                if p.can_play(col) {
                    moves.push(col as Column);
                }
            }
        });
    }

    fn play(&mut self, col: Column) {
        let index = on_board!(&mut self.board, p => play_on(p, col as u32));
        self.hash ^= KEYS[index];
    }

    fn undo(&mut self, col: Column) {
        let index = on_board!(&mut self.board, p => undo_on(p, col as u32));
        self.hash ^= KEYS[index];
    }

    fn outcome(&self) -> Option<Scores> {
        let (won, full, moves) =
            on_board!(&self.board, p => (p.last_mover_won(), p.is_full(), p.moves()));
        if won {
            Some(Scores::win(((moves + 1) % 2) as usize))
        } else if full {
            Some(Scores::draw())
        } else {
            None
        }
    }

    fn is_terminal(&self) -> bool {
        on_board!(&self.board, p => p.is_full() || p.last_mover_won())
    }

    fn check_move(&self, col: Column) -> Result<(), GameError> {
        let width = self.width();
        if col as usize >= width {
            return Err(GameError::illegal(
                format!("column index {col}"),
                format!(
                    "the board has {width} columns, 1 to {}",
                    notation::column_char(width - 1)
                ),
            ));
        }
        if self.last_mover_won() {
            return Err(GameError::illegal(
                self.format_move(col),
                format!(
                    "the game is already won by {}",
                    ["the first player", "the second player"][1 - self.to_move()]
                ),
            ));
        }
        if !self.can_play(col as usize) {
            return Err(GameError::illegal(
                self.format_move(col),
                format!("column {} is full", notation::column_char(col as usize)),
            ));
        }
        Ok(())
    }

    fn format_move(&self, col: Column) -> String {
        notation::column_char(col as usize).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Column, GameError> {
        notation::parse_column(text, self.width()).map(|c| c as Column)
    }

    /// Rows from the top, separated by `/`: `x` first player, `o` second, `.` empty; then
    /// the side to move.
    fn to_text(&self) -> String {
        let mut text = String::new();
        for row in (0..self.height()).rev() {
            for col in 0..self.width() {
                text.push(match self.owner(col, row) {
                    Some(0) => 'x',
                    Some(_) => 'o',
                    None => '.',
                });
            }
            if row > 0 {
                text.push('/');
            }
        }
        text.push_str([" x", " o"][self.moves_played() % 2]);
        text
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        crate::text::read_position(self, text)
    }
}

impl Connect4 {
    /// A position of this shape from the two players' stones, as bit lists per cell
    /// (used by the text reader, which has checked gravity and counts).
    pub(crate) fn with_stones(&self, cells: &[(usize, usize, Player)]) -> Connect4 {
        let mut state = self.empty();
        let moves = cells.len();
        let mover = moves % 2;
        state.board = match state.board {
            Board::Narrow(p) => Board::Narrow(stones_to_position(p, cells, mover)),
            Board::Wide(p) => Board::Wide(stones_to_position(p, cells, mover)),
            Board::Huge(p) => Board::Huge(stones_to_position(p, cells, mover)),
        };
        state.hash = state.zobrist_from_scratch();
        state
    }
}

fn stones_to_position<B: Bits>(
    empty: Position<B>,
    cells: &[(usize, usize, Player)],
    mover: Player,
) -> Position<B> {
    let shape = *empty.shape();
    let mut current = B::ZERO;
    let mut mask = B::ZERO;
    for &(col, row, player) in cells {
        let bit = shape.cell(col as u32, row as u32);
        mask |= bit;
        if player == mover {
            current |= bit;
        }
    }
    Position::from_masks(shape, current, mask)
}

impl ZobristHash for Connect4 {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for col in 0..self.width() {
            for row in 0..self.height() {
                if let Some(player) = self.owner(col, row) {
                    let index = on_board!(&self.board, p =>
                        Connect4::key_index(p, col as u32, row as u32, player));
                    hash ^= KEYS[index];
                }
            }
        }
        hash
    }
}

impl fmt::Display for Connect4 {
    /// ```text
    /// | . . . . . . . |
    /// | . . . x . . . |
    /// | . . o x . . . |
    ///   1 2 3 4 5 6 7
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.height()).rev() {
            write!(f, "|")?;
            for col in 0..self.width() {
                let mark = match self.owner(col, row) {
                    Some(0) => 'x',
                    Some(_) => 'o',
                    None => '.',
                };
                write!(f, " {mark}")?;
            }
            writeln!(f, " |")?;
        }
        write!(f, " ")?;
        for col in 0..self.width() {
            write!(f, " {}", notation::column_char(col))?;
        }
        Ok(())
    }
}
