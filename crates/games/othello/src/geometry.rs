//! The board as bits: each colour's discs are one 64-bit word, and moves, flips and the
//! evaluators' features are shifts and masks of those words.
//!
//! Bit layout (bit i = cell i), row by row from the top-left, as the notation reads the
//! board (row 1 at the top, column `a` on the left); on 8x8:
//!
//! ```text
//!        a  b  c  d  e  f  g  h
//!   1    0  1  2  3  4  5  6  7
//!   2    8  9 10 11 12 13 14 15
//!   3   16 17 18 19 20 21 22 23        d3 = 19, a move of Black's at the start
//!   4   24 25 26 27 28 29 30 31        d4 = 27 (White), e4 = 28 (Black)
//!   5   32 33 34 35 36 37 38 39        d5 = 35 (Black), e5 = 36 (White)
//!   6   40 41 42 43 44 45 46 47
//!   7   48 49 50 51 52 53 54 55
//!   8   56 57 58 59 60 61 62 63
//! ```
//!
//! and in general cell `(row − 1) · size + column`, column 0 being `a`: on 6x6 the cells are
//! 0 (`a1`) to 35 (`f6`), packed with no gaps, so a cell's number is OpenSpiel's action id
//! on 8x8. A step to a neighbour is a shift by 1 (across), `size` (down or up) or `size ± 1`
//! (diagonally); a step across must not wrap from one row's end to the next row's start, so
//! what lands in the column it would wrap into is masked off.

/// The smallest board: 4x4, the four first discs and a ring around them.
pub const MIN_SIDE: usize = 4;

/// The largest board: 8x8, 64 cells, one 64-bit word a colour.
pub const MAX_SIDE: usize = 8;

/// The eight directions, as (columns, rows) to step: right, left, down, up and the four
/// diagonals.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// What a board's size fixes, computed once per size (see [`Geometry::of`]).
#[derive(Debug)]
pub struct Geometry {
    pub size: usize,
    /// Every cell of the board.
    pub all: u64,
    /// Per direction: the shift that steps every bit one cell that way (positive: to higher
    /// cells) and the cells a step that way may land on (not the column it would wrap into).
    steps: [(i32, u64); 8],
    /// The four corners.
    pub corners: u64,
    /// Per corner (in the order of [`Geometry::corner_cells`]): the cells touching it, the
    /// diagonal one (the X-square) and the two beside it on the edges (the C-squares).
    pub x_squares: [u64; 4],
    pub c_squares: [u64; 4],
    /// The corners' cells, in the order of the masks above.
    pub corner_cells: [u64; 4],
    /// The cells on the board's edge.
    pub edges: u64,
}

/// The geometries of every side from 0 to [`MAX_SIDE`], built when compiled; only the
/// even sides from [`MIN_SIDE`] are boards.
static GEOMETRIES: [Geometry; MAX_SIDE + 1] = {
    let mut all = [const { Geometry::EMPTY }; MAX_SIDE + 1];
    let mut size = MIN_SIDE;
    while size <= MAX_SIDE {
        all[size] = Geometry::new(size);
        size += 1;
    }
    all
};

impl Geometry {
    const EMPTY: Geometry = Geometry {
        size: 0,
        all: 0,
        steps: [(0, 0); 8],
        corners: 0,
        x_squares: [0; 4],
        c_squares: [0; 4],
        corner_cells: [0; 4],
        edges: 0,
    };

    /// The geometry of a `size` x `size` board (`MIN_SIDE..=MAX_SIDE`).
    #[inline]
    pub fn of(size: usize) -> &'static Geometry {
        &GEOMETRIES[size]
    }

    const fn new(size: usize) -> Geometry {
        let cells = size * size;
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut first_column = 0u64;
        let mut row = 0;
        while row < size {
            first_column |= 1 << (row * size);
            row += 1;
        }
        let last_column = first_column << (size - 1);
        let top_row = (1u64 << size) - 1;
        let bottom_row = top_row << ((size - 1) * size);
        let mut steps = [(0, 0); 8];
        let mut i = 0;
        while i < 8 {
            let (columns, rows) = DIRECTIONS[i];
            let landing = match columns {
                1 => all & !first_column,
                -1 => all & !last_column,
                _ => all,
            };
            steps[i] = (rows * size as i32 + columns, landing);
            i += 1;
        }
        let n = size - 1;
        // Corner, then the step towards the board's middle, one per corner.
        let corners_at = [
            (0, 0, 1i32, 1i32),
            (n, 0, -1, 1),
            (0, n, 1, -1),
            (n, n, -1, -1),
        ];
        let mut corner_cells = [0; 4];
        let mut x_squares = [0; 4];
        let mut c_squares = [0; 4];
        let mut k = 0;
        while k < 4 {
            let (column, row, dc, dr) = corners_at[k];
            let inner_column = (column as i32 + dc) as usize;
            let inner_row = (row as i32 + dr) as usize;
            corner_cells[k] = bit(size, column, row);
            x_squares[k] = bit(size, inner_column, inner_row);
            c_squares[k] = bit(size, inner_column, row) | bit(size, column, inner_row);
            k += 1;
        }
        Geometry {
            size,
            all,
            steps,
            corners: corner_cells[0] | corner_cells[1] | corner_cells[2] | corner_cells[3],
            x_squares,
            c_squares,
            corner_cells,
            edges: first_column | last_column | top_row | bottom_row,
        }
    }

    /// `bits` stepped one cell in direction `direction` (0..8); what would leave the board
    /// or wrap to another row is dropped.
    #[inline]
    fn shift(&self, bits: u64, direction: usize) -> u64 {
        let (amount, landing) = self.steps[direction];
        let moved = if amount > 0 {
            bits << amount
        } else {
            bits >> -amount
        };
        moved & landing
    }

    /// The empty cells where the side owning `own` may place a disc: those from which a
    /// line of `opponent`'s discs, one or more, runs to a disc of `own`.
    #[inline]
    pub fn placements(&self, own: u64, opponent: u64) -> u64 {
        let empty = self.all & !(own | opponent);
        let mut placements = 0;
        for direction in 0..8 {
            // The opponent's discs in a line from one of ours, grown one cell a round: a line
            // has at most size − 2 discs.
            let mut line = self.shift(own, direction) & opponent;
            for _ in 3..self.size {
                line |= self.shift(line, direction) & opponent;
            }
            placements |= self.shift(line, direction) & empty;
        }
        placements
    }

    /// The discs of `opponent` that a disc of `own`'s side placed on `cell` would flip:
    /// in each direction, the line of `opponent`'s discs from `cell` when a disc of `own`
    /// closes it. Empty when `cell` is not a placement.
    #[inline]
    pub fn flips(&self, own: u64, opponent: u64, cell: usize) -> u64 {
        let mut flips = 0;
        for direction in 0..8 {
            let mut line = 0;
            let mut next = self.shift(1 << cell, direction);
            while next & opponent != 0 {
                line |= next;
                next = self.shift(next, direction);
            }
            if next & own != 0 {
                flips |= line;
            }
        }
        flips
    }

    /// The cells next to any of `bits`, in the eight directions (`bits` themselves only
    /// where they touch one another).
    #[inline]
    pub fn neighbours(&self, bits: u64) -> u64 {
        (0..8).fold(0, |around, direction| around | self.shift(bits, direction))
    }
}

/// The bit of the cell in `column` and `row` (both from 0) of a `size` x `size` board.
const fn bit(size: usize, column: usize, row: usize) -> u64 {
    1 << (row * size + column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_do_not_wrap_around_the_board() {
        let g = Geometry::of(8);
        // h1 (7) stepped right leaves the board rather than landing on a2.
        assert_eq!(g.shift(1 << 7, 0), 0);
        // a2 (8) stepped left does not land on h1; stepped up it is a1.
        assert_eq!(g.shift(1 << 8, 1), 0);
        assert_eq!(g.shift(1 << 8, 3), 1);
        // h8 (63) stepped down or diagonally down leaves the board.
        assert_eq!(
            g.shift(1 << 63, 2) | g.shift(1 << 63, 4) | g.shift(1 << 63, 5),
            0
        );
        let six = Geometry::of(6);
        assert_eq!(six.all.count_ones(), 36);
        // f1 (5) stepped right does not wrap to a2 (6); a1's neighbours are b1, a2, b2.
        assert_eq!(six.shift(1 << 5, 0), 0);
        assert_eq!(six.neighbours(1), 1 << 1 | 1 << 6 | 1 << 7);
    }

    #[test]
    fn corners_and_their_neighbours() {
        let g = Geometry::of(8);
        assert_eq!(g.corners, 1 | 1 << 7 | 1 << 56 | 1 << 63);
        assert_eq!(g.x_squares[0], 1 << 9);
        assert_eq!(g.c_squares[0], 1 << 1 | 1 << 8);
        assert_eq!(g.x_squares[3], 1 << 54);
        assert_eq!(g.c_squares[3], 1 << 62 | 1 << 55);
        assert_eq!(g.edges.count_ones(), 28);
        let four = Geometry::of(4);
        assert_eq!(four.corners, 1 | 1 << 3 | 1 << 12 | 1 << 15);
        assert_eq!(four.x_squares[1], 1 << 6);
    }
}
