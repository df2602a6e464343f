//! Iterative deepening, shared by the three searches.
//!
//! Depth 1, 2, 3, … until the depth limit, until a search reaches no horizon (the whole tree
//! is solved and deeper iterations would repeat it) or until the stopper fires. A stopped
//! iteration is thrown away; the answer is the last completed one, so a time-limited search
//! always has a move to give, and at worst gives the first legal move.

use ply_core::{Decision, Game, SearchLimits, Stopper};

use super::context::SearchContext;
use super::options::{SearchOptions, DEFAULT_DEPTH, MAX_DEPTH};

/// A search that can run to a fixed depth from the root.
pub(crate) trait FixedDepthSearch<G: Game> {
    /// Searches `state` (the root, its player to move) to `depth` and returns the root
    /// value reported in the [`Decision`]; the best line is left in the context. The result
    /// is ignored if the stopper fired meanwhile.
    fn search_to_depth(&mut self, state: &mut G, depth: u32, context: &mut SearchContext<G>)
        -> i64;
}

/// Once this share of the time budget is gone, a new iteration is not started: it would
/// take longer than all the previous ones together and most likely be thrown away.
const NEXT_ITERATION_TIME_SHARE: f64 = 0.5;

/// Runs `search` on `state` under the agent's `options` combined with the caller's
/// `limits`. `None` only at a terminal state.
pub(crate) fn iterative_deepening<G: Game, S: FixedDepthSearch<G>>(
    search: &mut S,
    options: &SearchOptions<G>,
    state: &G,
    limits: &SearchLimits,
) -> Option<Decision<G::Move>> {
    if state.is_terminal() {
        return None;
    }
    let limits = options.limits().combine(limits);
    // A stop flag is an interrupt, not a budget: with only a flag, the default depth.
    let open_ended = limits.time.is_some() || limits.nodes.is_some();
    let max_depth = limits
        .depth
        .unwrap_or(if open_ended { MAX_DEPTH } else { DEFAULT_DEPTH })
        .max(1);

    let mut context = SearchContext::new(
        Stopper::new(&limits),
        options.ordering.clone(),
        options.killers,
    );
    let mut root = state.clone();
    let mut best: Option<(i64, Vec<G::Move>)> = None;
    let mut completed_depth = 0;
    for depth in 1..=max_depth {
        if depth > 1
            && (context.stopper.out_of_time()
                || context.stopper.time_used_fraction() > NEXT_ITERATION_TIME_SHARE)
        {
            break;
        }
        context.horizon_reached = false;
        let value = search.search_to_depth(&mut root, depth, &mut context);
        if context.stopped() || context.root_pv().is_empty() {
            break;
        }
        let line = context.root_pv().to_vec();
        context.previous_pv.clone_from(&line);
        best = Some((value, line));
        completed_depth = depth;
        if !context.horizon_reached {
            break;
        }
    }

    let elapsed = context.stopper.elapsed();
    let (value, pv) = match best {
        Some(found) => found,
        None => (0, vec![first_move(state, &mut context)]),
    };
    Some(Decision {
        mv: pv[0],
        value: value as f64,
        pv,
        nodes: context.nodes,
        depth: completed_depth,
        elapsed,
        iterations: u64::from(completed_depth),
    })
}

/// The move a search that completed nothing falls back on: the first in search order.
fn first_move<G: Game>(state: &G, context: &mut SearchContext<G>) -> G::Move {
    let moves = context.take_moves(state, 0);
    let first = moves[0];
    context.give_back(0, moves);
    first
}
