//! Seed 003's compass: the six neighbour directions named as on A's side of the board.

use crate::board::Halma;
use crate::geometry::Cell;
use crate::layout::rotate;

/// The priority of strategy 1 in A's frame: NW, N, W, E, SE, S, as axial steps. NW (−1, 1)
/// points straight up the screen, from A's start tip to A's home tip.
pub const COMPASS_PRIORITY: [(i8, i8); 6] = [(-1, 1), (0, 1), (-1, 0), (1, 0), (1, -1), (0, -1)];

/// The rank (0 = NW, best) of the compass direction nearest the move `from → to`, in the
/// frame of the player to move.
pub fn compass_rank(state: &Halma, from: Cell, to: Cell) -> usize {
    let board = state.board();
    let (fx, fy) = board.coords(from);
    let (tx, ty) = board.coords(to);
    let (dx, dy) = ((tx - fx) as i32, (ty - fy) as i32);
    let point = state.seat(ply_core::Game::to_move(state)).point;
    let cube = |x: i32, y: i32| [x, y, -x - y];
    let delta = cube(dx, dy);
    let mut best = (i32::MIN, 0);
    for (rank, &dir) in COMPASS_PRIORITY.iter().enumerate() {
        let (ux, uy) = rotate(dir, point);
        let unit = cube(ux as i32, uy as i32);
        let dot: i32 = (0..3).map(|i| delta[i] * unit[i]).sum();
        if dot > best.0 {
            best = (dot, rank);
        }
    }
    best.1
}
