//! Squares, walls and moves: the vocabulary of the board, with no rules attached.
//!
//! Coordinates are 0-based internally: `col` 0 is column `A`, `row` 0 is row `1` (the
//! bottom, white's start row). A wall sits on a *slot*: the centre point of a 2x2 block of
//! cells, named here by the block's lower-left cell, so slots run from (0, 0) to
//! (n − 2, n − 2). QTP names the same wall by the block's upper-left cell, one row higher
//! (see `notation.rs`).
//!
//! ```text
//!        col c   col c+1
//!      +-------+-------+
//! r+1  |       |       |        horizontal wall at slot (c, r): the ===== line, blocking
//!      +===== (c,r) ===+        the two steps up from row r to row r+1 in columns c, c+1
//! r    |       #       |        vertical wall at slot (c, r): the # line, blocking the two
//!      +-------+-------+        steps right from column c to c+1 in rows r, r+1
//! ```

/// The largest board the rules support (25 x 25: every row fits a `u32`).
pub const MAX_SIZE: usize = 25;
/// Wall slots per side on the largest board.
pub const MAX_SLOTS: usize = MAX_SIZE - 1;

/// A cell of the board (0-based column and row, row 0 at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub const fn new(col: u8, row: u8) -> Self {
        Square { col, row }
    }

    /// Index into per-cell tables of a board of `size` columns.
    pub fn index(self, size: usize) -> usize {
        self.row as usize * size + self.col as usize
    }
}

/// Which way a wall runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    Horizontal,
    Vertical,
}

impl Orientation {
    /// The other orientation: a wall of it on the same slot crosses this one at the centre.
    pub fn crossing(self) -> Orientation {
        match self {
            Orientation::Horizontal => Orientation::Vertical,
            Orientation::Vertical => Orientation::Horizontal,
        }
    }
}

/// A wall on the slot whose 2x2 block has `slot` as its lower-left cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wall {
    pub slot: Square,
    pub orientation: Orientation,
}

/// A turn: a pawn step or jump (from where to where, so it can be taken back), or a wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Pawn { from: Square, to: Square },
    Wall(Wall),
}

impl Move {
    pub fn is_wall(self) -> bool {
        matches!(self, Move::Wall(_))
    }
}

/// The four step directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The two directions at right angles (for diagonal side-steps around a pawn).
    pub fn perpendicular(self) -> [Direction; 2] {
        match self {
            Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
        }
    }

    /// The neighbouring square in this direction, if it is on a board of `size`.
    pub fn step(self, sq: Square, size: usize) -> Option<Square> {
        let (c, r) = (sq.col as usize, sq.row as usize);
        let (c, r) = match self {
            Direction::Up if r + 1 < size => (c, r + 1),
            Direction::Down if r > 0 => (c, r - 1),
            Direction::Right if c + 1 < size => (c + 1, r),
            Direction::Left if c > 0 => (c - 1, r),
            _ => return None,
        };
        Some(Square::new(c as u8, r as u8))
    }
}
