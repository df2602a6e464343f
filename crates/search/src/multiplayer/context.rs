//! The per-decision working memory of a search: move lists, principal variations and
//! killer moves per ply, the node count and the stopper.
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
    /// The previous iteration's best line: its first move is searched first at the root,
    /// and the searches that may reorder freely follow the whole line first.
    pub(crate) previous_pv: Vec<G::Move>,
    ordering: Option<Arc<dyn MoveOrdering<G>>>,
    /// Whether [`SearchContext::prioritise`] puts killer moves early.
    killers_on: bool,
    move_lists: Vec<Vec<G::Move>>,
    /// Triangular table: `pv[ply]` is the best line found from the node at `ply`.
    pv: Vec<Vec<G::Move>>,
    /// Per ply, the last two moves that caused a cutoff there (in sibling positions they
    /// often refute again).
    killers: Vec<[Option<G::Move>; 2]>,
}

const MOVE_LIST_CAPACITY: usize = 256;

impl<G: Game> SearchContext<G> {
    pub(crate) fn new(
        stopper: Stopper,
        ordering: Option<Arc<dyn MoveOrdering<G>>>,
        killers_on: bool,
    ) -> Self {
        SearchContext {
            stopper,
            nodes: 0,
            horizon_reached: false,
            previous_pv: Vec::new(),
            ordering,
            killers_on,
            move_lists: Vec::new(),
            pv: Vec::new(),
            killers: Vec::new(),
        }
    }

    /// Counts a visit to a node at `ply` and forgets the line stored there.
    pub(crate) fn enter(&mut self, ply: usize) {
        self.nodes += 1;
        while self.pv.len() <= ply + 1 {
            self.pv.push(Vec::with_capacity(32));
            self.killers.push([None; 2]);
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

    /// The legal moves at `ply` in search order: the game's order after the static move
    /// ordering, with the previous best move first at the root. Hand the list back with
    /// [`SearchContext::give_back`] once the node is done.
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
            if let Some(&first) = self.previous_pv.first() {
                move_to(&mut moves, 0, first);
            }
        }
        moves
    }

    /// Dynamic ordering for searches whose value does not depend on the move order
    /// (alpha-beta): the previous iteration's move first while the node lies on its line,
    /// then the killer moves; the rest keep their order.
    pub(crate) fn prioritise(&self, moves: &mut [G::Move], ply: usize, on_previous_pv: bool) {
        let mut front = 0;
        let pv_move = if on_previous_pv {
            self.previous_pv.get(ply).copied()
        } else {
            None
        };
        let killers = if self.killers_on {
            self.killers[ply]
        } else {
            [None; 2]
        };
        for first in [pv_move, killers[0], killers[1]].into_iter().flatten() {
            if move_to(&mut moves[front..], 0, first) {
                front += 1;
            }
        }
    }

    /// Puts `mv` (a transposition table's best move) first, if it is in `moves`.
    pub(crate) fn put_first(&self, moves: &mut [G::Move], mv: G::Move) {
        move_to(moves, 0, mv);
    }

    /// Whether the child reached by `mv` from a node on the previous line is on it too.
    pub(crate) fn continues_previous_pv(
        &self,
        on_previous_pv: bool,
        ply: usize,
        mv: G::Move,
    ) -> bool {
        on_previous_pv && self.previous_pv.get(ply) == Some(&mv)
    }

    /// `mv` refuted the node at `ply`: remember it as a killer there.
    pub(crate) fn record_cutoff(&mut self, ply: usize, mv: G::Move) {
        let slots = &mut self.killers[ply];
        if slots[0] != Some(mv) {
            slots[1] = slots[0];
            slots[0] = Some(mv);
        }
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

/// Moves `mv` (if present) to `index`, shifting the moves before it back by one so they keep
/// their order. Whether it was found.
fn move_to<M: Copy + PartialEq>(moves: &mut [M], index: usize, mv: M) -> bool {
    match moves[index..].iter().position(|&m| m == mv) {
        Some(offset) => {
            moves[index..=index + offset].rotate_right(1);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::SearchLimits;
    use ply_tictactoe::TicTacToe;

    #[test]
    fn move_to_keeps_the_others_in_order() {
        let mut moves = [5, 1, 4, 2, 3];
        assert!(move_to(&mut moves, 0, 2));
        assert_eq!(moves, [2, 5, 1, 4, 3]);
        assert!(move_to(&mut moves, 1, 3));
        assert_eq!(moves, [2, 3, 5, 1, 4]);
        assert!(!move_to(&mut moves, 2, 2), "2 is before the index");
        assert_eq!(moves, [2, 3, 5, 1, 4]);
    }

    fn context(killers_on: bool) -> SearchContext<TicTacToe> {
        let mut context = SearchContext::new(Stopper::new(&SearchLimits::none()), None, killers_on);
        context.previous_pv = vec![4, 0];
        context.enter(0);
        context.enter(1);
        context.record_cutoff(1, 8);
        context.record_cutoff(1, 2);
        context.record_cutoff(1, 2);
        context
    }

    #[test]
    fn previous_line_first_then_killers_newest_first() {
        let context = context(true);
        let mut moves = [0, 1, 2, 3, 5, 6, 7, 8];
        context.prioritise(&mut moves, 1, true);
        assert_eq!(moves, [0, 2, 8, 1, 3, 5, 6, 7]);
        let mut moves = [1, 2, 3, 5, 6, 7, 8, 0];
        context.prioritise(&mut moves, 1, false);
        assert_eq!(
            moves,
            [2, 8, 1, 3, 5, 6, 7, 0],
            "off the line, killers only"
        );
        assert!(context.continues_previous_pv(true, 1, 0));
        assert!(!context.continues_previous_pv(false, 1, 0));
        assert!(!context.continues_previous_pv(true, 1, 3));
    }

    #[test]
    fn killers_can_be_switched_off() {
        let context = context(false);
        let mut moves = [1, 2, 3, 5, 6, 7, 8, 0];
        context.prioritise(&mut moves, 1, true);
        assert_eq!(moves, [0, 1, 2, 3, 5, 6, 7, 8]);
    }
}
