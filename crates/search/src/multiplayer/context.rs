//! The per-decision working memory of a search: move lists and principal variations per
//! ply, the node count and the stopper.
//!
//! Buffers are reused from node to node (`legal_moves` clears and refills a ply's list), so
//! after the first visit of each ply the search loop allocates nothing.

use std::sync::Arc;

use ply_core::{Game, MoveOrdering, Stopper};

pub(crate) struct SearchContext<G: Game> {
    pub(crate) stopper: Stopper,
    /// Positions visited, over all iterations.
    pub(crate) nodes: u64,
    /// Whether this iteration cut a non-terminal position at the horizon; if not, a deeper
    /// iteration would return the same result.
    pub(crate) horizon_reached: bool,
    /// The move to search first at the root (the previous iteration's best).
    pub(crate) root_first: Option<G::Move>,
    ordering: Option<Arc<dyn MoveOrdering<G>>>,
    move_lists: Vec<Vec<G::Move>>,
    /// Triangular table: `pv[ply]` is the best line found from the node at `ply`.
    pv: Vec<Vec<G::Move>>,
}

const MOVE_LIST_CAPACITY: usize = 256;

impl<G: Game> SearchContext<G> {
    pub(crate) fn new(stopper: Stopper, ordering: Option<Arc<dyn MoveOrdering<G>>>) -> Self {
        SearchContext {
            stopper,
            nodes: 0,
            horizon_reached: false,
            root_first: None,
            ordering,
            move_lists: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Counts a visit to a node at `ply` and forgets the line stored there.
    pub(crate) fn enter(&mut self, ply: usize) {
        self.nodes += 1;
        while self.pv.len() <= ply + 1 {
            self.pv.push(Vec::with_capacity(32));
        }
        self.pv[ply].clear();
    }

    /// Whether the limits say the search must stop now.
    pub(crate) fn should_stop(&mut self) -> bool {
        self.stopper.should_stop(self.nodes)
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stopper.stopped()
    }

    /// The legal moves at `ply`, ordered, with the root hint first at ply 0. Hand the list
    /// back with [`SearchContext::give_back`] once the node is done.
    pub(crate) fn take_moves(&mut self, state: &G, ply: usize) -> Vec<G::Move> {
        while self.move_lists.len() <= ply {
            self.move_lists.push(Vec::with_capacity(MOVE_LIST_CAPACITY));
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        state.legal_moves(&mut moves);
        if let Some(ordering) = &self.ordering {
            ordering.order(state, &mut moves);
        }
        if ply == 0 {
            if let Some(first) = self.root_first {
                if let Some(index) = moves.iter().position(|&mv| mv == first) {
                    moves[..=index].rotate_right(1);
                }
            }
        }
        moves
    }

    pub(crate) fn give_back(&mut self, ply: usize, moves: Vec<G::Move>) {
        self.move_lists[ply] = moves;
    }

    /// `mv` is the new best move at `ply`: its line is `mv` followed by the child's line.
    pub(crate) fn record_pv(&mut self, ply: usize, mv: G::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// The best line from the root found by the last search.
    pub(crate) fn root_pv(&self) -> &[G::Move] {
        self.pv.first().map_or(&[], Vec::as_slice)
    }
}
