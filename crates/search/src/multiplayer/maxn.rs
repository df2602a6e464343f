//! Max-n search (Luckhardt & Irani 1986): every player maximises its own value.
//!
//! A node's value is a vector with one value per player; the player to move picks the child
//! whose vector is best in its own component.
//!
//! **Tie-break.** Among children with equal own value, the mover keeps the first one in
//! search order: the game's legal-move order, after the optional move ordering. (At the root
//! the previous iteration's best move is searched first; that changes only which of the
//! root player's equally valued moves is played, never the reported value.) The result is
//! therefore the one a plain max-n recursion over the same move order gives.
//!
//! **Shallow pruning** (Korf 1991), off by default, needs a [`SumBound`] from the caller:
//! once the mover `p` at a node has a child worth `b` to it, no vector this node returns
//! gives its parent's mover `q` more than `max_sum - b - (n - 2)·min_value`; if `q` already
//! has that much elsewhere, the rest of the node is skipped. Because `q` takes a new child
//! only when it is strictly better, the pruned node can never be chosen, so the root vector
//! and move are exactly those of the unpruned search. Deeper ("deep") pruning is unsound in
//! max-n and is not done.

use ply_core::{Agent, Decision, Game, Player, SearchLimits, MAX_PLAYERS};

use super::context::SearchContext;
use super::iterative::{iterative_deepening, FixedDepthSearch};
use super::options::SearchOptions;
use super::value::{value_vector, SumBound, ValueVector};

/// The max-n agent. Its [`Decision::value`] is the root player's own component.
#[derive(Debug, Clone)]
pub struct MaxN<G: Game> {
    options: SearchOptions<G>,
    shallow_pruning: Option<SumBound>,
}

impl<G: Game> MaxN<G> {
    pub fn new(options: SearchOptions<G>) -> Self {
        MaxN {
            options,
            shallow_pruning: None,
        }
    }

    /// Turns on shallow pruning, sound only if every value vector (evaluated or terminal)
    /// respects `bound`.
    pub fn shallow_pruning(mut self, bound: SumBound) -> Self {
        self.shallow_pruning = Some(bound);
        self
    }

    pub fn options(&self) -> &SearchOptions<G> {
        &self.options
    }

    /// The value vector of `state` at a fixed `depth` (the root player's and everyone
    /// else's), with the best line: for analysis and tests.
    pub fn search_vector(&self, state: &G, depth: u32) -> Option<(ValueVector, Vec<G::Move>)> {
        if state.is_terminal() {
            return None;
        }
        let limits = SearchLimits::depth(depth);
        let mut context = SearchContext::new(
            ply_core::Stopper::new(&limits),
            self.options.ordering.clone(),
            false,
        );
        let search = MaxNSearch {
            options: &self.options,
            shallow_pruning: self.shallow_pruning,
            players: state.num_players(),
        };
        let mut root = state.clone();
        let vector = search.max_n(&mut root, depth.max(1), 0, None, &mut context);
        Some((vector, context.root_pv().to_vec()))
    }
}

impl<G: Game> Agent<G> for MaxN<G> {
    fn name(&self) -> String {
        let mut name = format!("maxn:{}", self.options.spec_keys(false));
        if let Some(bound) = self.shallow_pruning {
            name.push_str(&format!(
                ",min-value={},max-sum={}",
                bound.min_value, bound.max_sum
            ));
        }
        name
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut search = MaxNSearch {
            options: &self.options,
            shallow_pruning: self.shallow_pruning,
            players: state.num_players(),
        };
        iterative_deepening(&mut search, &self.options, state, limits)
    }
}

struct MaxNSearch<'a, G: Game> {
    options: &'a SearchOptions<G>,
    shallow_pruning: Option<SumBound>,
    players: usize,
}

/// What a node knows about its parent: who moves there and the best own value that player
/// already has from earlier children.
#[derive(Debug, Clone, Copy)]
struct ParentBest {
    player: Player,
    value: i64,
}

impl<G: Game> FixedDepthSearch<G> for MaxNSearch<'_, G> {
    fn search_to_depth(
        &mut self,
        state: &mut G,
        depth: u32,
        context: &mut SearchContext<G>,
    ) -> i64 {
        let root_player = state.to_move();
        self.max_n(state, depth, 0, None, context)[root_player]
    }
}

impl<G: Game> MaxNSearch<'_, G> {
    fn max_n(
        &self,
        state: &mut G,
        depth: u32,
        ply: usize,
        parent: Option<ParentBest>,
        context: &mut SearchContext<G>,
    ) -> ValueVector {
        context.enter(ply);
        // Checked at every node, leaves included: evaluations may be what costs the time.
        if context.should_stop() {
            return [0; MAX_PLAYERS];
        }
        let outcome = state.outcome();
        if outcome.is_some() || depth == 0 {
            context.horizon_reached |= outcome.is_none();
            let evaluator = self.options.evaluator.as_ref();
            return value_vector(state, outcome.as_ref(), evaluator, ply);
        }

        let mover = state.to_move();
        // The most the parent's mover can still get from this node, given what we found.
        let cutoff = self
            .shallow_pruning
            .zip(parent)
            .filter(|(_, parent)| parent.player != mover);
        let mut best: Option<ValueVector> = None;
        let moves = context.take_moves(state, ply);
        for &mv in &moves {
            let so_far = best.map(|vector| ParentBest {
                player: mover,
                value: vector[mover],
            });
            state.play(mv);
            let vector = self.max_n(state, depth - 1, ply + 1, so_far, context);
            state.undo(mv);
            if context.stopped() {
                break;
            }
            if best.is_none_or(|b| vector[mover] > b[mover]) {
                best = Some(vector);
                context.record_pv(ply, mv);
            }
            if let (Some((bound, parent)), Some(b)) = (cutoff, best) {
                if bound.best_remaining(b[mover], self.players) <= parent.value {
                    break;
                }
            }
        }
        context.give_back(ply, moves);
        best.unwrap_or([0; MAX_PLAYERS])
    }
}
