//! The three boards as graphs of cells, with neighbour and jump tables computed once.
//!
//! Cells are axial coordinates `(x, y)`; the implicit third cube coordinate is `z = −x − y`.
//! x grows to the right, y grows up and to the right, so on screen a cell sits at column
//! `2x + y` of row `y`:
//!
//! ```text
//!            (-1,1) (0,1)              NW   N
//!        (-1,0)  (0,0)  (1,0)        W   ·   E
//!            (0,-1) (1,-1)              S   SE
//! ```
//!
//! Each board numbers its cells 0.. in reading order from the bottom row up (y ascending,
//! then x ascending), so a set of cells fits one `u128` bitboard (bit i = cell i; the largest
//! board has 121 cells).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// A cell index on one board (see the module docs for the numbering).
pub type Cell = u8;

/// A set of cells: bit i is cell i.
pub type CellSet = u128;

/// No cell: the sentinel in neighbour and jump tables.
pub const NO_CELL: Cell = u8::MAX;

/// The six neighbour directions in axial coordinates, in the order the tables use:
/// E, N (up-right), NW (up-left), W, S (down-left), SE (down-right).
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The board shapes `ply` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// FAUhalma's 73-hole star: a hexagon of radius 3 and six points of 6 cells.
    Star,
    /// FAUhalma's 49-cell rhombus: the hexagon plus the top and bottom points.
    Rhombus,
    /// The classic 121-hole Chinese Checkers star: radius 4, points of 10 cells.
    Star121,
}

impl BoardKind {
    /// Every board, in the order the command line lists them.
    pub const ALL: [BoardKind; 3] = [BoardKind::Star, BoardKind::Rhombus, BoardKind::Star121];

    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Star => "star",
            BoardKind::Rhombus => "rhombus",
            BoardKind::Star121 => "star121",
        }
    }

    /// Radius of the central hexagon; each point is a triangle of this many rows.
    pub fn radius(self) -> i8 {
        match self {
            BoardKind::Star | BoardKind::Rhombus => 3,
            BoardKind::Star121 => 4,
        }
    }

    /// Pegs per player: a full point.
    pub fn pegs_per_player(self) -> usize {
        let r = self.radius() as usize;
        r * (r + 1) / 2
    }

    /// The player counts the board seats.
    pub fn allowed_players(self) -> &'static [usize] {
        match self {
            BoardKind::Star => &[2, 3],
            BoardKind::Rhombus => &[2],
            BoardKind::Star121 => &[2, 3, 4, 6],
        }
    }

    fn contains(self, x: i8, y: i8) -> bool {
        let r = self.radius();
        let (ax, ay, az) = (x.abs(), y.abs(), (x + y).abs());
        match self {
            BoardKind::Rhombus => ax <= r && az <= r,
            BoardKind::Star | BoardKind::Star121 => {
                let mut sorted = [ax, ay, az];
                sorted.sort_unstable();
                sorted[2] <= 2 * r && sorted[1] <= r
            }
        }
    }

    /// The board's geometry, built on first use and shared from then on.
    pub fn board(self) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = match self {
            BoardKind::Star => 0,
            BoardKind::Rhombus => 1,
            BoardKind::Star121 => 2,
        };
        BOARDS[slot].get_or_init(|| Board::build(self))
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown board name; the message lists the accepted ones.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown halma board {}: expected star (73 holes), rhombus (49 cells) or star121 (121 holes)", ply_core::quote(.0))]
pub struct UnknownBoard(pub String);

impl FromStr for BoardKind {
    type Err = UnknownBoard;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "star" | "star73" => Ok(BoardKind::Star),
            "rhombus" | "diamond" => Ok(BoardKind::Rhombus),
            "star121" | "classic" => Ok(BoardKind::Star121),
            _ => Err(UnknownBoard(s.to_string())),
        }
    }
}

/// Offset that maps a coordinate in −8..=8 to an array index.
const COORD_OFFSET: i8 = 8;
const COORD_SPAN: usize = 17;

/// One board: its cells and the tables move generation walks.
#[derive(Debug)]
pub struct Board {
    kind: BoardKind,
    coords: Vec<(i8, i8)>,
    /// `lookup[x + 8][y + 8]`: the cell at (x, y), or `NO_CELL`.
    lookup: [[Cell; COORD_SPAN]; COORD_SPAN],
    /// `neighbours[c][d]`: the cell one step from c in direction d, or `NO_CELL`.
    neighbours: Vec<[Cell; 6]>,
    /// `jumps[c][d]`: (the cell hopped over, the landing cell) two steps from c in direction
    /// d, or `(NO_CELL, NO_CELL)` when the landing cell is off the board.
    jumps: Vec<[(Cell, Cell); 6]>,
    /// `adjacent[c]`: the neighbours of c as a set.
    adjacent: Vec<CellSet>,
}

impl Board {
    fn build(kind: BoardKind) -> Board {
        let span = 2 * kind.radius();
        let mut coords = Vec::new();
        for y in -span..=span {
            for x in -span..=span {
                if kind.contains(x, y) {
                    coords.push((x, y));
                }
            }
        }
        assert!(coords.len() <= 128, "a board must fit a u128 bitboard");
        let mut lookup = [[NO_CELL; COORD_SPAN]; COORD_SPAN];
        for (i, &(x, y)) in coords.iter().enumerate() {
            lookup[(x + COORD_OFFSET) as usize][(y + COORD_OFFSET) as usize] = i as Cell;
        }
        let mut board = Board {
            kind,
            coords,
            lookup,
            neighbours: Vec::new(),
            jumps: Vec::new(),
            adjacent: Vec::new(),
        };
        for i in 0..board.coords.len() {
            let (x, y) = board.coords[i];
            let mut near = [NO_CELL; 6];
            let mut far = [(NO_CELL, NO_CELL); 6];
            let mut adjacent = 0;
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                if let Some(n) = board.cell_at(x + dx, y + dy) {
                    near[d] = n;
                    adjacent |= 1u128 << n;
                    if let Some(landing) = board.cell_at(x + 2 * dx, y + 2 * dy) {
                        far[d] = (n, landing);
                    }
                }
            }
            board.neighbours.push(near);
            board.jumps.push(far);
            board.adjacent.push(adjacent);
        }
        board
    }

    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Always false: every board has cells (kept for the `len` convention).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Every cell of the board as a set.
    pub fn all_cells(&self) -> CellSet {
        if self.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.len()) - 1
        }
    }

    /// The cell at axial (x, y), if it is on the board.
    pub fn cell_at(&self, x: i8, y: i8) -> Option<Cell> {
        let (ix, iy) = (x.checked_add(COORD_OFFSET)?, y.checked_add(COORD_OFFSET)?);
        if !(0..COORD_SPAN as i8).contains(&ix) || !(0..COORD_SPAN as i8).contains(&iy) {
            return None;
        }
        let cell = self.lookup[ix as usize][iy as usize];
        (cell != NO_CELL).then_some(cell)
    }

    /// The cell at integer coordinates of any size (for input read from outside).
    pub fn cell_at_i64(&self, x: i64, y: i64) -> Option<Cell> {
        let (x, y) = (i8::try_from(x).ok()?, i8::try_from(y).ok()?);
        self.cell_at(x, y)
    }

    /// Axial coordinates of a cell.
    pub fn coords(&self, cell: Cell) -> (i8, i8) {
        self.coords[cell as usize]
    }

    pub fn neighbours(&self, cell: Cell) -> &[Cell; 6] {
        &self.neighbours[cell as usize]
    }

    pub fn jumps(&self, cell: Cell) -> &[(Cell, Cell); 6] {
        &self.jumps[cell as usize]
    }

    pub fn adjacent(&self, cell: Cell) -> CellSet {
        self.adjacent[cell as usize]
    }

    /// Hex distance between two cells: max(|dx|, |dy|, |dx + dy|).
    pub fn distance(&self, a: Cell, b: Cell) -> i32 {
        hex_distance(self.coords(a), self.coords(b))
    }

    /// The cells whose coordinates satisfy `pred`, as a set.
    pub fn cells_where(&self, pred: impl Fn(i8, i8) -> bool) -> CellSet {
        self.coords
            .iter()
            .enumerate()
            .filter(|(_, &(x, y))| pred(x, y))
            .fold(0, |set, (i, _)| set | (1u128 << i))
    }
}

/// Hex distance between two axial coordinates.
pub fn hex_distance(a: (i8, i8), b: (i8, i8)) -> i32 {
    let dx = (a.0 as i32 - b.0 as i32).abs();
    let dy = (a.1 as i32 - b.1 as i32).abs();
    let dz = (a.0 as i32 + a.1 as i32 - b.0 as i32 - b.1 as i32).abs();
    dx.max(dy).max(dz)
}

/// Iterates over the cells of a set in ascending order.
pub fn cells_of(mut set: CellSet) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let cell = set.trailing_zeros() as Cell;
            set &= set - 1;
            Some(cell)
        }
    })
}

/// The set holding one cell.
pub const fn bit(cell: Cell) -> CellSet {
    1u128 << cell
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_have_their_published_sizes() {
        assert_eq!(BoardKind::Star.board().len(), 73);
        assert_eq!(BoardKind::Rhombus.board().len(), 49);
        assert_eq!(BoardKind::Star121.board().len(), 121);
    }

    #[test]
    fn tables_are_symmetric() {
        for kind in BoardKind::ALL {
            let board = kind.board();
            for c in 0..board.len() as Cell {
                for (d, &n) in board.neighbours(c).iter().enumerate() {
                    if n != NO_CELL {
                        assert_eq!(board.neighbours(n)[(d + 3) % 6], c);
                        assert_eq!(board.distance(c, n), 1);
                    }
                }
                for &(over, landing) in board.jumps(c) {
                    if landing != NO_CELL {
                        assert_eq!(board.distance(c, landing), 2);
                        assert_eq!(board.distance(over, landing), 1);
                    }
                }
            }
        }
    }

    #[test]
    fn names_parse_and_errors_list_them() {
        assert_eq!("Star".parse::<BoardKind>().unwrap(), BoardKind::Star);
        assert_eq!("star121".parse::<BoardKind>().unwrap(), BoardKind::Star121);
        let err = "square".parse::<BoardKind>().unwrap_err().to_string();
        assert!(err.contains("square") && err.contains("rhombus") && err.contains("star121"));
    }
}
