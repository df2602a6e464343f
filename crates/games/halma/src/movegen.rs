//! Move generation: steps and hop chains.
//!
//! A move is the pair (from, to). Chains are found by depth-first search from the peg's cell
//! without landing twice on a cell (the start counts as landed on); two chains that end on
//! the same cell are the same move, and a step and a chain to the same cell too. The path
//! printed for a move is recovered by breadth-first search (the shortest chain), so moves stay
//! two bytes and never allocate.
//!
//! Under goal locking (CCERL) a peg standing in its home may only step or hop to another
//! cell of its home, and a chain that lands in the home must stay there. Where a peg may go
//! next depends only on the cell it stands on, so one visited set per search still finds
//! every cell some chain reaches.

use crate::board::Halma;
use crate::geometry::{bit, cells_of, Cell, CellSet, NO_CELL};

/// One peg from one cell to another, by a step or by a chain of hops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalmaMove {
    pub from: Cell,
    pub to: Cell,
}

impl HalmaMove {
    pub fn new(from: Cell, to: Cell) -> Self {
        HalmaMove { from, to }
    }
}

impl Halma {
    /// The occupied cells a move by `player` may still end on: under FAUhalma's rules the
    /// swap cells (the player's home cells holding an opponent's peg); none under the classic
    /// rules.
    pub(crate) fn swap_cells(&self, player: usize) -> CellSet {
        if !self.settings().swaps() {
            return 0;
        }
        self.seat(player).home & self.occupied() & !self.pegs(player)
    }

    /// The cells of `player`'s home that its pegs may not leave: the whole home under goal
    /// locking, none otherwise.
    pub(crate) fn locked_cells(&self, player: usize) -> CellSet {
        if self.settings().goal_locking() {
            self.seat(player).home
        } else {
            0
        }
    }

    /// Where a peg of a player whose locked cells are `locked` may land from `cell`.
    fn landings_from(cell: Cell, locked: CellSet) -> CellSet {
        if locked & bit(cell) != 0 {
            locked
        } else {
            CellSet::MAX
        }
    }

    /// Every cell the peg on `from` can reach by a chain of one or more hops (none if
    /// `from` holds no peg).
    pub fn hop_destinations(&self, from: Cell) -> CellSet {
        let Some(player) = self.owner(from) else {
            return 0;
        };
        let board = self.board();
        // The moving peg has left its cell: it can neither be hopped over nor block.
        let occupied = self.occupied() & !bit(from);
        let swaps = self.swap_cells(player);
        let locked = self.locked_cells(player);
        let mid_chain = self.settings().swap_cells_mid_chain;
        let mut landed = bit(from);
        let mut reached: CellSet = 0;
        let mut stack = [0 as Cell; 128];
        let mut top = 1;
        stack[0] = from;
        while top > 0 {
            top -= 1;
            let cell = stack[top];
            let allowed = Self::landings_from(cell, locked);
            for &(over, landing) in board.jumps(cell) {
                if landing == NO_CELL
                    || occupied & bit(over) == 0
                    || (landed | !allowed) & bit(landing) != 0
                {
                    continue;
                }
                let free = occupied & bit(landing) == 0;
                let swap = swaps & bit(landing) != 0;
                if !free && !swap {
                    continue;
                }
                landed |= bit(landing);
                reached |= bit(landing);
                if free || mid_chain {
                    stack[top] = landing;
                    top += 1;
                }
            }
        }
        reached
    }

    /// Every cell the peg on `from` can move to (steps and chains; none if `from` holds no
    /// peg).
    pub fn destinations(&self, from: Cell) -> CellSet {
        let Some(player) = self.owner(from) else {
            return 0;
        };
        let open = (self.board().all_cells() & !self.occupied()) | self.swap_cells(player);
        let allowed = Self::landings_from(from, self.locked_cells(player));
        let steps = self.board().adjacent(from) & open & allowed;
        (steps | self.hop_destinations(from)) & !bit(from)
    }

    /// Appends the moves of `player` to `moves`, pegs in cell order, destinations in cell
    /// order.
    pub(crate) fn push_moves_of(&self, player: usize, moves: &mut Vec<HalmaMove>) {
        for from in cells_of(self.pegs(player)) {
            for to in cells_of(self.destinations(from)) {
                moves.push(HalmaMove { from, to });
            }
        }
    }

    /// Whether `player` has any legal move: a step or a single hop is enough, since every
    /// chain starts with one.
    pub fn has_any_move(&self, player: usize) -> bool {
        let board = self.board();
        let open = (board.all_cells() & !self.occupied()) | self.swap_cells(player);
        let locked = self.locked_cells(player);
        cells_of(self.pegs(player)).any(|from| {
            let open = open & Self::landings_from(from, locked);
            board.adjacent(from) & open != 0
                || board.jumps(from).iter().any(|&(over, landing)| {
                    landing != NO_CELL
                        && self.occupied() & bit(over) != 0
                        && open & bit(landing) != 0
                })
        })
    }

    /// The cells a legal move passes through: the peg, every landing, the destination. A
    /// step if the destination is next to the peg, otherwise the shortest hop chain. `None`
    /// if no step or chain reaches `to`.
    pub fn move_path(&self, mv: HalmaMove) -> Option<Vec<Cell>> {
        let player = self.owner(mv.from)?;
        let board = self.board();
        let open = (board.all_cells() & !self.occupied()) | self.swap_cells(player);
        let locked = self.locked_cells(player);
        if board.adjacent(mv.from) & open & Self::landings_from(mv.from, locked) & bit(mv.to) != 0 {
            return Some(vec![mv.from, mv.to]);
        }
        let occupied = self.occupied() & !bit(mv.from);
        let swaps = self.swap_cells(player);
        let mid_chain = self.settings().swap_cells_mid_chain;
        let mut parent = [NO_CELL; 128];
        let mut landed = bit(mv.from);
        let mut queue = std::collections::VecDeque::from([mv.from]);
        while let Some(cell) = queue.pop_front() {
            let allowed = Self::landings_from(cell, locked);
            for &(over, landing) in board.jumps(cell) {
                if landing == NO_CELL
                    || occupied & bit(over) == 0
                    || (landed | !allowed) & bit(landing) != 0
                {
                    continue;
                }
                let free = occupied & bit(landing) == 0;
                let swap = swaps & bit(landing) != 0;
                if !free && !swap {
                    continue;
                }
                landed |= bit(landing);
                parent[landing as usize] = cell;
                if landing == mv.to {
                    let mut path = vec![landing];
                    let mut at = landing;
                    while at != mv.from {
                        at = parent[at as usize];
                        path.push(at);
                    }
                    path.reverse();
                    return Some(path);
                }
                if free || mid_chain {
                    queue.push_back(landing);
                }
            }
        }
        None
    }
}
