//! The recursive part of alpha-beta: one function, every enhancement behind a switch.
//!
//! Fail-soft negamax. At each node: a finished game scores ±(`WIN` − ply); the horizon asks
//! the evaluator; the table may answer outright; otherwise the moves are generated, filtered
//! (horizon filter), ordered (game hook, then table move, killers, history) and searched,
//! the first with the full window and the rest with a null window first when PVS is on.

use ply_core::{Game, Player, Stopper};

use super::heuristics::{pick_next, KILLER_SCORE, TABLE_MOVE_SCORE};
use super::table::{Bound, Table, TableEntry, COMPLETE_DEPTH};
use super::AlphaBeta;
use crate::value::{
    clamp_heuristic, next_player, terminal_value, value_from_table, value_to_table, INFINITY,
};

/// What one `select` call tracks while it searches.
pub(crate) struct SearchContext<M> {
    pub(crate) stopper: Stopper,
    pub(crate) nodes: u64,
    /// A limit was hit: every value computed since is meaningless.
    pub(crate) aborted: bool,
    /// Whether the subtree being searched reached the horizon (or dropped moves, or used a
    /// depth-limited table entry): if not, its result holds at any depth.
    pub(crate) hit_horizon: bool,
    /// The previous iteration's best root move, searched first.
    pub(crate) root_hint: Option<M>,
    /// The best root move of the current iteration so far, with its value.
    pub(crate) root_best: Option<(M, i32)>,
    /// Root moves completely searched in the current iteration.
    pub(crate) root_moves_done: usize,
}

impl<M> SearchContext<M> {
    pub(crate) fn new(stopper: Stopper) -> Self {
        SearchContext {
            stopper,
            nodes: 0,
            aborted: false,
            hit_horizon: false,
            root_hint: None,
            root_best: None,
            root_moves_done: 0,
        }
    }
}

impl<G: Game, T: Table<G>> AlphaBeta<G, T> {
    /// The value of `state` for `me`, the side to move, searched `depth` plies within the
    /// window (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn node(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        me: Player,
        ctx: &mut SearchContext<G::Move>,
    ) -> i32 {
        ctx.nodes += 1;
        self.memory.ensure_ply(ply);
        self.memory.pv[ply].clear();
        let root = ply == 0;
        // Every node asks (the root excepted: it must produce a move), so a node budget is
        // kept exactly and a deadline is noticed within 64 nodes.
        if !root && ctx.stopper.should_stop(ctx.nodes) {
            ctx.aborted = true;
            return 0;
        }
        if let Some(scores) = state.outcome() {
            return terminal_value(&scores, me, ply);
        }
        if depth == 0 {
            ctx.hit_horizon = true;
            return clamp_heuristic(self.evaluator.evaluate(state, me));
        }

        let mut table_move = None;
        if let Some(entry) = self.table.probe(state) {
            table_move = entry.best;
            if !root && entry.depth >= depth as u8 {
                let value = value_from_table(entry.value, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                    Bound::Empty => false,
                };
                if usable {
                    if entry.depth != COMPLETE_DEPTH {
                        ctx.hit_horizon = true;
                    }
                    return value;
                }
            }
        }

        let outer_hit_horizon = std::mem::replace(&mut ctx.hit_horizon, false);
        let mut moves = std::mem::take(&mut self.memory.moves[ply]);
        let mut scores = std::mem::take(&mut self.memory.scores[ply]);
        state.legal_moves(&mut moves);
        if let Some(filter) = &self.filter {
            let before = moves.len();
            filter.filter(state, depth, &mut moves);
            if moves.is_empty() {
                state.legal_moves(&mut moves);
            } else if moves.len() < before {
                ctx.hit_horizon = true;
            }
        }
        if let Some(ordering) = &self.ordering {
            ordering.order(state, &mut moves);
        }

        let hint = if root { ctx.root_hint } else { None };
        let killers = if self.options.killers {
            self.memory.killers.get(ply)
        } else {
            [None, None]
        };
        let scored =
            hint.is_some() || table_move.is_some() || killers[0].is_some() || self.options.history;
        if scored {
            scores.clear();
            scores.extend(moves.iter().map(|mv| {
                if Some(*mv) == hint {
                    2 * TABLE_MOVE_SCORE
                } else if Some(*mv) == table_move {
                    TABLE_MOVE_SCORE
                } else if Some(*mv) == killers[0] {
                    KILLER_SCORE + 1
                } else if Some(*mv) == killers[1] {
                    KILLER_SCORE
                } else if self.options.history {
                    u64::from(self.memory.history.score(me, mv))
                } else {
                    0
                }
            }));
        }

        let next = next_player(me, state.num_players());
        let alpha_at_entry = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            if scored {
                pick_next(&mut moves, &mut scores, i);
            }
            let mv = moves[i];
            state.play(mv);
            let value = if i == 0 || !self.options.pvs {
                -self.node(state, depth - 1, ply + 1, -beta, -alpha, next, ctx)
            } else {
                let probe = -self.node(state, depth - 1, ply + 1, -alpha - 1, -alpha, next, ctx);
                if probe > alpha && probe < beta && !ctx.aborted {
                    -self.node(state, depth - 1, ply + 1, -beta, -alpha, next, ctx)
                } else {
                    probe
                }
            };
            state.undo(mv);
            if ctx.aborted {
                break;
            }
            if root {
                ctx.root_moves_done += 1;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if root {
                    ctx.root_best = Some((mv, value));
                }
                if value > alpha {
                    alpha = value;
                    self.memory.update_pv(ply, mv);
                }
            }
            if alpha >= beta {
                if self.options.killers && Some(mv) != table_move {
                    self.memory.killers.record(ply, mv);
                }
                if self.options.history {
                    self.memory.history.record(me, &mv, depth);
                }
                break;
            }
        }
        self.memory.moves[ply] = moves;
        self.memory.scores[ply] = scores;

        let depth_dependent = ctx.hit_horizon;
        ctx.hit_horizon = outer_hit_horizon || depth_dependent;
        if ctx.aborted {
            return 0;
        }
        let bound = if best <= alpha_at_entry {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            state,
            TableEntry {
                value: value_to_table(best, ply),
                depth: if depth_dependent {
                    depth as u8
                } else {
                    COMPLETE_DEPTH
                },
                bound,
                best: best_move,
            },
        );
        best
    }
}
