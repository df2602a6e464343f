//! Who sits where: each player's start point, home point and the frame the source's
//! heuristics are written in.
//!
//! The six points of a star, numbered anti-clockwise from the bottom (the order turns go in):
//!
//! ```text
//!                 3 top
//!     4 upper-left       2 upper-right
//!     5 lower-left       1 lower-right
//!                 0 bottom
//! ```
//!
//! A player starting at point k goes home to point k + 3. Rotating the board by 60°
//! anti-clockwise, `(x, y) → (−y, x + y)`, carries point k onto point k + 1, so everything
//! defined for A in the bottom → top frame (the source's goal cells, its compass directions) is
//! carried to the player at point k by k such rotations.

use std::sync::OnceLock;

use crate::geometry::{BoardKind, Cell, CellSet, NO_CELL};

/// Rotates axial coordinates by 60° anti-clockwise, `k` times.
pub fn rotate(mut xy: (i8, i8), k: usize) -> (i8, i8) {
    for _ in 0..k % 6 {
        xy = (-xy.1, xy.0 + xy.1);
    }
    xy
}

/// Which point each seat starts on, for every player count (crates/games/halma/README.md,
/// "Players, start points and homes": A bottom → top; with three players B upper-right → lower-left and C
/// upper-left → lower-right).
fn start_points(players: usize) -> &'static [usize] {
    match players {
        2 => &[0, 3],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        _ => &[0, 1, 2, 3, 4, 5],
    }
}

/// One seat's geometry.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Point index (see the module docs) of the start corner.
    pub point: usize,
    /// Cells the pegs start on.
    pub start: CellSet,
    /// Cells the pegs must all reach.
    pub home: CellSet,
    /// The far tip of the home point.
    pub home_tip: Cell,
    /// `rows_to_go[c]`: hex distance from cell c to the home tip (0 on the tip).
    pub tip_distance: Vec<i32>,
}

/// The seats of one board and player count.
#[derive(Debug)]
pub struct Layout {
    pub kind: BoardKind,
    pub seats: Vec<Seat>,
}

impl Layout {
    /// Builds (once) and returns the layout for a board and a player count the board seats.
    pub(crate) fn get(kind: BoardKind, players: usize) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; 18] = [const { OnceLock::new() }; 18];
        let slot = BoardKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) * 6 + players - 1;
        LAYOUTS[slot].get_or_init(|| Layout::build(kind, players))
    }

    fn build(kind: BoardKind, players: usize) -> Layout {
        let board = kind.board();
        let r = kind.radius();
        let point_cells = |point: usize| -> CellSet {
            board.cells_where(|x, y| {
                // Carry the cell back into the bottom point's frame and test y < −r there.
                let (_, by) = rotate((x, y), (6 - point) % 6);
                by < -r
            })
        };
        let seats = start_points(players)
            .iter()
            .map(|&point| {
                let home_point = (point + 3) % 6;
                let (tx, ty) = rotate((-r, 2 * r), point);
                let home_tip = board.cell_at(tx, ty).unwrap_or(NO_CELL);
                let tip_distance = (0..board.len() as Cell)
                    .map(|c| board.distance(c, home_tip))
                    .collect();
                Seat {
                    point,
                    start: point_cells(point),
                    home: point_cells(home_point),
                    home_tip,
                    tip_distance,
                }
            })
            .collect();
        Layout { kind, seats }
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cells_of;

    fn coords(kind: BoardKind, set: CellSet) -> Vec<(i8, i8)> {
        let mut v: Vec<_> = cells_of(set).map(|c| kind.board().coords(c)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn a_starts_and_ends_where_rules_md_says() {
        for kind in [BoardKind::Star, BoardKind::Rhombus] {
            let layout = Layout::get(kind, 2);
            let a = &layout.seats[0];
            let mut start = vec![(3, -6), (3, -5), (2, -5), (3, -4), (2, -4), (1, -4)];
            let mut home = vec![(-3, 6), (-3, 5), (-2, 5), (-3, 4), (-2, 4), (-1, 4)];
            start.sort_unstable();
            home.sort_unstable();
            assert_eq!(coords(kind, a.start), start);
            assert_eq!(coords(kind, a.home), home);
            assert_eq!(coords(kind, layout.seats[1].start), home);
        }
    }

    #[test]
    fn three_players_go_to_the_opposite_points() {
        let layout = Layout::get(BoardKind::Star, 3);
        let board = BoardKind::Star.board();
        let b = &layout.seats[1];
        assert!(cells_of(b.start).all(|c| {
            let (x, y) = board.coords(c);
            x + y >= 4
        }));
        assert!(cells_of(b.home).all(|c| {
            let (x, y) = board.coords(c);
            x + y <= -4
        }));
        let c = &layout.seats[2];
        assert!(cells_of(c.start).all(|cell| board.coords(cell).0 <= -4));
        assert!(cells_of(c.home).all(|cell| board.coords(cell).0 >= 4));
    }

    #[test]
    fn points_have_a_full_set_of_cells() {
        for kind in BoardKind::ALL {
            for &players in kind.allowed_players() {
                for seat in &Layout::get(kind, players).seats {
                    assert_eq!(seat.start.count_ones() as usize, kind.pegs_per_player());
                    assert_eq!(seat.home.count_ones() as usize, kind.pegs_per_player());
                    assert_ne!(seat.home_tip, NO_CELL);
                    assert!(seat.home & (1u128 << seat.home_tip) != 0);
                }
            }
        }
    }
}
