//! What may be played: pawn steps and jumps, wall placements, and the path rule.

use ply_core::{GameError, Player};

use crate::board::Quoridor;
use crate::geometry::{Direction, Move, Orientation, Square, Wall, MAX_SIZE};
use crate::goal_paths::{reaches_goal, shortest_path_to_goal};
use crate::paths::{Passages, PathSteps};

/// Up to six pawn destinations: with two pawns three steps and two side-steps is the most
/// there can be; with more, two free steps and the four diagonal side-steps.
#[derive(Debug, Clone, Copy, Default)]
pub struct PawnTargets {
    squares: [Option<Square>; 6],
    len: usize,
}

impl PawnTargets {
    pub(crate) fn push(&mut self, sq: Square) {
        self.squares[self.len] = Some(sq);
        self.len += 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..self.len].iter().flatten().copied()
    }

    pub fn contains(&self, sq: Square) -> bool {
        self.iter().any(|s| s == sq)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Why a wall cannot go on a slot, as the protocol and the person at the board read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallProblem {
    NoWallsLeft,
    OffBoard,
    Overlaps,
    Crosses,
    CutsOffPawn,
}

impl WallProblem {
    pub fn rule(self) -> &'static str {
        match self {
            WallProblem::NoWallsLeft => "the player has no walls left",
            WallProblem::OffBoard => "the wall does not lie on the board",
            WallProblem::Overlaps => "the wall overlaps a wall already placed",
            WallProblem::Crosses => "the wall crosses a wall already placed",
            WallProblem::CutsOffPawn => "the wall would cut a pawn off from its goal row",
        }
    }
}

impl Quoridor {
    pub(crate) fn can_step(&self, from: Square, dir: Direction) -> Option<Square> {
        let to = dir.step(from, self.size)?;
        let (c, r) = (from.col as usize, from.row as usize);
        let p = &self.passages;
        let open = match dir {
            Direction::Up => p.up[r] >> c & 1,
            Direction::Down => p.up[r - 1] >> c & 1,
            Direction::Right => p.right[r] >> c & 1,
            Direction::Left => p.right[r] >> (c - 1) & 1,
        };
        (open == 1).then_some(to)
    }

    /// Where `player`'s pawn may go: steps, a straight jump over the other pawn, or a
    /// side-step beside it when a wall or the edge is behind it. In a fixed order.
    pub fn pawn_targets(&self, player: Player) -> PawnTargets {
        if self.players > 2 {
            return self.crowded_pawn_targets(player);
        }
        let mut targets = PawnTargets::default();
        let from = self.pawns[player];
        let other = self.pawns[1 - player];
        for dir in Direction::ALL {
            let Some(to) = self.can_step(from, dir) else {
                continue;
            };
            if to != other {
                targets.push(to);
            } else if let Some(beyond) = self.can_step(other, dir) {
                targets.push(beyond);
            } else {
                for side in dir.perpendicular() {
                    if let Some(diag) = self.can_step(other, side) {
                        targets.push(diag);
                    }
                }
            }
        }
        targets
    }

    /// Clears `moves` and writes the mover's pawn moves (none once the game is over).
    pub fn pawn_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.winner().is_some() {
            return;
        }
        let from = self.pawns[self.to_move];
        moves.extend(
            self.pawn_targets(self.to_move)
                .iter()
                .map(|to| Move::Pawn { from, to }),
        );
    }

    /// Whether the slot has room for the wall (no overlap, no crossing); no path check.
    pub fn wall_fits(&self, wall: Wall) -> Result<(), WallProblem> {
        let (c, r) = (wall.slot.col as usize, wall.slot.row as usize);
        if c + 1 >= self.size || r + 1 >= self.size {
            return Err(WallProblem::OffBoard);
        }
        let (same, other) = match wall.orientation {
            Orientation::Horizontal => (self.horizontal[r], self.vertical[r]),
            Orientation::Vertical => (self.vertical[r], self.horizontal[r]),
        };
        if other >> c & 1 == 1 {
            return Err(WallProblem::Crosses);
        }
        let free = match wall.orientation {
            Orientation::Horizontal => self.free_horizontal(r),
            Orientation::Vertical => self.free_vertical(r),
        };
        if same >> c & 1 == 1 || free >> c & 1 == 0 {
            return Err(WallProblem::Overlaps);
        }
        Ok(())
    }

    /// Whether every pawn still reaches its goal side with `wall` added (which must fit).
    pub fn wall_keeps_paths(&self, wall: Wall) -> bool {
        let blocked = blocked_passages(&self.passages, wall);
        if self.players == 2 {
            (0..2).all(|p| blocked.reaches_row(self.pawns[p], self.goal_row(p)))
        } else {
            (0..self.players).all(|p| reaches_goal(&blocked, self.pawns[p], self.goal(p)))
        }
    }

    /// Every rule a wall placement by `player` must pass.
    pub fn check_wall(&self, player: Player, wall: Wall) -> Result<(), WallProblem> {
        if self.walls_left[player] == 0 {
            return Err(WallProblem::NoWallsLeft);
        }
        self.wall_fits(wall)?;
        if !self.wall_keeps_paths(wall) {
            return Err(WallProblem::CutsOffPawn);
        }
        Ok(())
    }

    /// Writes the legal walls on every slot row.
    pub(crate) fn push_legal_walls(&self, moves: &mut Vec<Move>) {
        self.push_legal_walls_in_rows(moves, 0, self.size - 2);
    }

    /// Writes the legal walls whose slot row is in `lo..=hi`, horizontal ones first.
    ///
    /// A free slot needs no path search when its wall blocks no step of either pawn's
    /// current shortest path (that path survives), or when at most one of the wall's three
    /// corner points touches the border or another wall (a wall closes no region unless it
    /// joins two points of the same wall-and-border structure). Only walls failing both
    /// tests are checked by a search.
    pub(crate) fn push_legal_walls_in_rows(&self, moves: &mut Vec<Move>, lo: usize, hi: usize) {
        if self.walls_left[self.to_move] == 0 || lo > hi {
            return;
        }
        if self.players > 2 {
            // Every pawn's path in one set: a wall off all of them needs no search.
            let mut union = PathSteps::default();
            for p in 0..self.players {
                let Some(path) = shortest_path_to_goal(&self.passages, self.pawns[p], self.goal(p))
                else {
                    return;
                };
                for r in 0..self.size {
                    union.up[r] |= path.up[r];
                    union.right[r] |= path.right[r];
                }
            }
            let paths = [union, PathSteps::default()];
            self.push_legal_walls_where(moves, lo, hi, &paths, |_, _| u32::MAX);
            return;
        }
        let paths: [Option<PathSteps>; 2] =
            [0, 1].map(|p| self.passages.shortest_path(self.pawns[p], self.goal_row(p)));
        let (Some(black), Some(white)) = (paths[0], paths[1]) else {
            return; // a position without paths admits no wall at all
        };
        self.push_legal_walls_where(moves, lo, hi, &[black, white], |_, _| u32::MAX);
    }

    /// Like `Quoridor::push_legal_walls_in_rows` with both pawns' shortest paths given,
    /// and only the slots in `keep(orientation, row)`'s mask considered. With 3 or 4 pawns
    /// the first set holds every pawn's path and the second may be empty.
    pub fn push_legal_walls_where(
        &self,
        moves: &mut Vec<Move>,
        lo: usize,
        hi: usize,
        paths: &[PathSteps; 2],
        keep: impl Fn(Orientation, usize) -> u32,
    ) {
        if self.walls_left[self.to_move] == 0 || lo > hi {
            return;
        }
        let [black, white] = paths;
        let corners = self.touched_corners();
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            for r in lo..=hi.min(self.size - 2) {
                let mut free = match orientation {
                    Orientation::Horizontal => self.free_horizontal(r),
                    Orientation::Vertical => self.free_vertical(r),
                } & keep(orientation, r);
                // Slots whose wall blocks a step on either path, and slots whose wall
                // touches the structure at two or more of its three points.
                let (near_path, joins) = match orientation {
                    Orientation::Horizontal => {
                        let h = black.up[r] | white.up[r];
                        let line = corners[r + 1];
                        let (left, mid, right) = (line, line >> 1, line >> 2);
                        (h | h >> 1, two_of_three(left, mid, right))
                    }
                    Orientation::Vertical => {
                        let v = black.right[r]
                            | white.right[r]
                            | black.right[r + 1]
                            | white.right[r + 1];
                        let (low, mid, high) =
                            (corners[r] >> 1, corners[r + 1] >> 1, corners[r + 2] >> 1);
                        (v, two_of_three(low, mid, high))
                    }
                };
                let needs_search = near_path & joins;
                while free != 0 {
                    let c = free.trailing_zeros();
                    free &= free - 1;
                    let wall = Wall {
                        slot: Square::new(c as u8, r as u8),
                        orientation,
                    };
                    if needs_search >> c & 1 == 0 || self.wall_keeps_paths(wall) {
                        moves.push(Move::Wall(wall));
                    }
                }
            }
        }
    }

    /// The wall corner points (x, y), x and y in 0..=n, that lie on the border or on a
    /// wall: bit x of entry y. A horizontal wall on slot (c, r) covers points
    /// (c..=c+2, r+1); a vertical one covers (c+1, r..=r+2).
    fn touched_corners(&self) -> [u32; MAX_SIZE + 1] {
        let n = self.size;
        let mut corners = [0u32; MAX_SIZE + 1];
        let border_row = (1u32 << (n + 1)) - 1;
        corners[0] = border_row;
        corners[n] = border_row;
        for (y, row) in corners.iter_mut().enumerate().take(n).skip(1) {
            *row |= 1 | 1 << n;
            let h = self.horizontal[y - 1];
            *row |= h | h << 1 | h << 2;
        }
        for r in 0..n - 1 {
            let v = self.vertical[r] << 1;
            for row in &mut corners[r..=r + 2] {
                *row |= v;
            }
        }
        corners
    }

    /// The rule `mv` breaks for the player to move, if any.
    pub(crate) fn check(&self, mv: Move) -> Result<(), GameError> {
        if self.winner().is_some() {
            return Err(GameError::GameOver);
        }
        let player = self.to_move;
        let text = || crate::notation::format_move(self.size, mv);
        match mv {
            Move::Pawn { from, to } => {
                if from != self.pawns[player] {
                    return Err(GameError::illegal(
                        text(),
                        "the move does not start from the pawn's square",
                    ));
                }
                if to.col as usize >= self.size || to.row as usize >= self.size {
                    return Err(GameError::illegal(text(), "the square is off the board"));
                }
                if to == from && self.players > 2 {
                    return self.check_pass(mv);
                }
                if self.pawn_on(to).is_some() {
                    let rule = if self.players == 2 {
                        "the other pawn stands on that square"
                    } else {
                        "another pawn stands on that square"
                    };
                    return Err(GameError::illegal(text(), rule));
                }
                if !self.pawn_targets(player).contains(to) {
                    return Err(GameError::illegal(
                        text(),
                        "a pawn moves one step, not through walls, or jumps the adjacent \
                         pawn (straight, or to the side when a wall or the edge is behind it)",
                    ));
                }
                Ok(())
            }
            Move::Wall(wall) => self
                .check_wall(player, wall)
                .map_err(|problem| GameError::illegal(text(), problem.rule())),
        }
    }

    /// The player whose pawn stands on its goal side, if any.
    pub fn winner(&self) -> Option<Player> {
        if self.players == 2 {
            (0..2).find(|&p| self.pawns[p].row as usize == self.goal_row(p))
        } else {
            (0..self.players).find(|&p| self.goal(p).contains(self.pawns[p]))
        }
    }
}

/// The passages with `wall`'s two steps closed.
pub fn blocked_passages(passages: &Passages, wall: Wall) -> Passages {
    let mut blocked = *passages;
    let (c, r) = (wall.slot.col as usize, wall.slot.row as usize);
    match wall.orientation {
        Orientation::Horizontal => blocked.up[r] &= !(0b11 << c),
        Orientation::Vertical => {
            blocked.right[r] &= !(1 << c);
            blocked.right[r + 1] &= !(1 << c);
        }
    }
    blocked
}

/// Bit-parallel "at least two of three".
fn two_of_three(a: u32, b: u32, c: u32) -> u32 {
    (a & b) | (a & c) | (b & c)
}
