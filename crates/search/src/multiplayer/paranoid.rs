//! Paranoid search (Sturtevant & Korf 2000): the root player against a coalition.
//!
//! The player to move at the root maximises its own value; every other player is assumed to
//! minimise it. That turns an N-player game into a two-player zero-sum one, so alpha-beta
//! pruning is sound: the value is exactly the plain paranoid value, whatever the move order.
//! Turn order is read from the game at every node (`to_move`), so games where a player is
//! skipped or drops out need nothing special. Depth is counted in plies.

use ply_core::{Agent, Decision, Game, Player, SearchLimits};

use super::context::SearchContext;
use super::iterative::{iterative_deepening, FixedDepthSearch};
use super::options::SearchOptions;
use super::value::{value_for, INFINITY};

/// The paranoid agent. Its [`Decision::value`] is the root player's paranoid value.
#[derive(Debug, Clone)]
pub struct Paranoid<G: Game> {
    options: SearchOptions<G>,
}

impl<G: Game> Paranoid<G> {
    pub fn new(options: SearchOptions<G>) -> Self {
        Paranoid { options }
    }

    pub fn options(&self) -> &SearchOptions<G> {
        &self.options
    }
}

impl<G: Game> Agent<G> for Paranoid<G> {
    fn name(&self) -> String {
        format!("paranoid:{}", self.options.spec_keys(true))
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut search = ParanoidSearch {
            options: &self.options,
            root_player: state.to_move(),
        };
        iterative_deepening(&mut search, &self.options, state, limits)
    }
}

struct ParanoidSearch<'a, G: Game> {
    options: &'a SearchOptions<G>,
    root_player: Player,
}

impl<G: Game> FixedDepthSearch<G> for ParanoidSearch<'_, G> {
    fn search_to_depth(
        &mut self,
        state: &mut G,
        depth: u32,
        context: &mut SearchContext<G>,
    ) -> i64 {
        self.alpha_beta(state, depth, 0, -INFINITY, INFINITY, true, context)
    }
}

impl<G: Game> ParanoidSearch<'_, G> {
    /// Fail-soft alpha-beta over the root player's value: max at the root player's turns,
    /// min at everyone else's. `on_previous_pv`: every move from the root to here followed
    /// the previous iteration's best line.
    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &self,
        state: &mut G,
        depth: u32,
        ply: usize,
        mut alpha: i64,
        mut beta: i64,
        on_previous_pv: bool,
        context: &mut SearchContext<G>,
    ) -> i64 {
        context.enter(ply);
        // Checked at every node, leaves included: evaluations may be what costs the time.
        if context.should_stop() {
            return 0;
        }
        let outcome = state.outcome();
        if outcome.is_some() || depth == 0 {
            context.horizon_reached |= outcome.is_none();
            let evaluator = self.options.evaluator.as_ref();
            return value_for(state, outcome.as_ref(), evaluator, self.root_player, ply);
        }

        let maximising = state.to_move() == self.root_player;
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut moves = context.take_moves(state, ply);
        context.prioritise(&mut moves, ply, on_previous_pv);
        for &mv in &moves {
            let child_on_pv = context.continues_previous_pv(on_previous_pv, ply, mv);
            state.play(mv);
            let value =
                self.alpha_beta(state, depth - 1, ply + 1, alpha, beta, child_on_pv, context);
            state.undo(mv);
            if context.stopped() {
                break;
            }
            if maximising {
                if value > best {
                    best = value;
                    context.record_pv(ply, mv);
                }
                alpha = alpha.max(value);
            } else {
                if value < best {
                    best = value;
                    context.record_pv(ply, mv);
                }
                beta = beta.min(value);
            }
            if alpha >= beta {
                context.record_cutoff(ply, mv);
                break;
            }
        }
        context.give_back(ply, moves);
        best
    }
}
