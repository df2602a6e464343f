//! Paranoid search (Sturtevant & Korf 2000): the root player against a coalition.
//!
//! The player to move at the root maximises its own value; every other player is assumed to
//! minimise it. That turns an N-player game into a two-player zero-sum one, so alpha-beta
//! pruning is sound: the value is exactly the plain paranoid value, whatever the move order.
//! Turn order is read from the game at every node (`to_move`), so games where a player is
//! skipped or drops out need nothing special. Depth is counted in plies.
//!
//! Move order: the previous iteration's line first, then killer moves, then the static
//! ordering; with a transposition table ([`Paranoid::table`], games with a Zobrist hash),
//! its best move comes first and its results are reused at the same remaining depth (which
//! keeps the value exact; in halma it halves the nodes at depth 6 and 7).

use std::fmt;

use ply_core::{Agent, Decision, Game, Player, SearchLimits, ZobristHash};

use super::context::SearchContext;
use super::iterative::{iterative_deepening, FixedDepthSearch};
use super::options::SearchOptions;
use super::value::{value_for, value_from_table, value_to_table, INFINITY};
use crate::alphabeta::{Bound, Table, TableEntry, TranspositionTable, COMPLETE_DEPTH};

/// The paranoid agent. Its [`Decision::value`] is the root player's paranoid value.
pub struct Paranoid<G: Game> {
    options: SearchOptions<G>,
    /// Optional transposition table. Its values are the root player's, so it is cleared
    /// whenever the agent searches for another player than last time.
    table: Option<Box<dyn Table<G>>>,
    table_player: Option<Player>,
}

impl<G: Game> fmt::Debug for Paranoid<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Paranoid")
            .field("options", &self.options)
            .field("table_mb", &self.table.as_ref().map(|t| t.size_mb()))
            .finish()
    }
}

impl<G: Game> Paranoid<G> {
    pub fn new(options: SearchOptions<G>) -> Self {
        Paranoid {
            options,
            table: None,
            table_player: None,
        }
    }

    pub fn options(&self) -> &SearchOptions<G> {
        &self.options
    }
}

impl<G: Game + ZobristHash> Paranoid<G> {
    /// A transposition table of `megabytes` MB (0: none). A stored result is reused only
    /// at the same remaining depth, so the value stays exactly the plain paranoid value;
    /// its best move is tried first at any depth.
    pub fn table(mut self, megabytes: usize) -> Self {
        self.table = (megabytes > 0)
            .then(|| Box::new(TranspositionTable::<G>::new(megabytes)) as Box<dyn Table<G>>);
        self
    }
}

impl<G: Game> Agent<G> for Paranoid<G> {
    fn name(&self) -> String {
        let mut name = format!("paranoid:{}", self.options.spec_keys(true));
        if let Some(table) = &self.table {
            name.push_str(&format!(",tt={}", table.size_mb()));
        }
        name
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let root_player = state.to_move();
        if let Some(table) = self.table.as_mut() {
            if self.table_player != Some(root_player) {
                table.clear();
                self.table_player = Some(root_player);
            }
            table.new_search();
        }
        let mut search = ParanoidSearch {
            options: &self.options,
            root_player,
            table: self.table.as_deref_mut(),
        };
        iterative_deepening(&mut search, &self.options, state, limits)
    }

    fn new_game(&mut self) {
        if let Some(table) = self.table.as_mut() {
            table.clear();
        }
        self.table_player = None;
    }
}

struct ParanoidSearch<'a, G: Game> {
    options: &'a SearchOptions<G>,
    root_player: Player,
    table: Option<&'a mut (dyn Table<G> + 'static)>,
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
        &mut self,
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

        let (window_low, window_high) = (alpha, beta);
        let mut table_move = None;
        if let Some(entry) = self.table.as_ref().and_then(|table| table.probe(state)) {
            table_move = entry.best;
            if ply > 0 && u32::from(entry.depth) == depth {
                let value = value_from_table(i64::from(entry.value), ply);
                let settled = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                    Bound::Empty => false,
                };
                if settled {
                    // The stored subtree may have met the horizon: keep deepening.
                    context.horizon_reached = true;
                    return value;
                }
            }
        }

        let maximising = state.to_move() == self.root_player;
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        let mut moves = context.take_moves(state, ply);
        context.prioritise(&mut moves, ply, on_previous_pv);
        if let Some(mv) = table_move {
            context.put_first(&mut moves, mv);
        }
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
                    best_move = Some(mv);
                    context.record_pv(ply, mv);
                }
                alpha = alpha.max(value);
            } else {
                if value < best {
                    best = value;
                    best_move = Some(mv);
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
        if !context.stopped() {
            self.remember(
                state,
                depth,
                ply,
                best,
                (window_low, window_high),
                best_move,
            );
        }
        best
    }

    /// Stores a finished node's result, with its bound relative to the window it had.
    fn remember(
        &mut self,
        state: &G,
        depth: u32,
        ply: usize,
        value: i64,
        (window_low, window_high): (i64, i64),
        best: Option<G::Move>,
    ) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let bound = if value <= window_low {
            Bound::Upper
        } else if value >= window_high {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let stored = i32::try_from(value_to_table(value, ply));
        if let (Ok(value), Ok(depth)) = (stored, u8::try_from(depth)) {
            if depth < COMPLETE_DEPTH {
                table.store(
                    state,
                    TableEntry {
                        value,
                        depth,
                        bound,
                        best,
                    },
                );
            }
        }
    }
}
