//! Negamax alpha-beta with every classic enhancement behind a switch.
//!
//! ```
//! use std::sync::Arc;
//! use ply_core::{Agent, SearchLimits};
//! use ply_search::AlphaBeta;
//! use ply_tictactoe::{CenterCornerOrdering, LineCount, TicTacToe};
//!
//! let mut agent = AlphaBeta::new(Arc::new(LineCount))
//!     .depth(9)
//!     .ordering(Arc::new(CenterCornerOrdering))
//!     .table(4); // MB; only offered for games with a Zobrist hash
//! let decision = agent.select(&TicTacToe::new(), &SearchLimits::none()).unwrap();
//! assert_eq!(decision.value, 0.0); // tic-tac-toe is a draw
//! ```
//!
//! Options (all on by default except the table, which needs a size): iterative deepening,
//! principal-variation search, killer moves, the history heuristic; plus hooks for a
//! [`MoveOrdering`] and a [`HorizonFilter`]. Without a time, node or stop limit the search is
//! fully deterministic: nothing depends on the clock or on hash-map iteration order, so the
//! node count of a fixed-depth search is a stable benchmark figure.

mod filter;
mod heuristics;
mod search;
mod table;

use std::sync::Arc;
use std::time::Duration;

use ply_core::eval::is_proven;
use ply_core::{
    Agent, Decision, Evaluator, Game, MoveOrdering, SearchLimits, Stopper, ZobristHash,
};

pub use filter::HorizonFilter;
pub use table::{Bound, NoTable, Table, TableEntry, TranspositionTable, COMPLETE_DEPTH};

use heuristics::{History, Killers};
use search::SearchContext;

use crate::value::INFINITY;

/// The default budget: the depth searched when neither the agent's options nor the
/// caller's limits set a depth, a time or a node count (a stop flag is not a budget).
pub const DEFAULT_DEPTH: u32 = 6;
/// The deepest any iteration goes (a time- or node-limited search stops long before).
pub const MAX_DEPTH: u32 = 64;

/// The switches of an alpha-beta search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// Depth in plies; `None`: [`DEFAULT_DEPTH`], or [`MAX_DEPTH`] when a time or node limit
    /// is set.
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    pub iterative_deepening: bool,
    pub pvs: bool,
    pub killers: bool,
    pub history: bool,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            depth: None,
            time: None,
            nodes: None,
            iterative_deepening: true,
            pvs: true,
            killers: true,
            history: true,
        }
    }
}

/// Reusable per-ply buffers and the ordering memory: allocated as the search first reaches
/// a ply, then reused, so the search loop itself does not allocate.
pub(crate) struct SearchMemory<M> {
    pub(crate) moves: Vec<Vec<M>>,
    pub(crate) scores: Vec<Vec<u64>>,
    /// Triangular PV array: row `ply` holds the best line found from that ply down.
    pub(crate) pv: Vec<Vec<M>>,
    pub(crate) killers: Killers<M>,
    pub(crate) history: History,
}

impl<M: Copy + Eq> SearchMemory<M> {
    fn new() -> Self {
        SearchMemory {
            moves: Vec::new(),
            scores: Vec::new(),
            pv: Vec::new(),
            killers: Killers::new(),
            history: History::new(),
        }
    }

    pub(crate) fn ensure_ply(&mut self, ply: usize) {
        if self.pv.len() < ply + 2 {
            self.moves.resize_with(ply + 2, Vec::new);
            self.scores.resize_with(ply + 2, Vec::new);
            self.pv.resize_with(ply + 2, Vec::new);
        }
    }

    /// `mv` followed by the child's line becomes the line at `ply`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row.clear();
        row.push(mv);
        row.extend_from_slice(&tail[0]);
    }
}

/// The result of the last iteration that counts.
struct Outcome<M> {
    mv: M,
    value: i32,
    pv: Vec<M>,
    /// The deepest completed depth.
    depth: u32,
}

/// Negamax alpha-beta, generic over the game and over its table ([`NoTable`] or a
/// [`TranspositionTable`]).
pub struct AlphaBeta<G: Game, T: Table<G> = NoTable> {
    options: AlphaBetaOptions,
    evaluator: Arc<dyn Evaluator<G>>,
    ordering: Option<Arc<dyn MoveOrdering<G>>>,
    filter: Option<Arc<dyn HorizonFilter<G>>>,
    table: T,
    memory: SearchMemory<G::Move>,
    name: Option<String>,
}

impl<G: Game> AlphaBeta<G, NoTable> {
    /// Alpha-beta with the default options and no table.
    pub fn new(evaluator: Arc<dyn Evaluator<G>>) -> Self {
        AlphaBeta {
            options: AlphaBetaOptions::default(),
            evaluator,
            ordering: None,
            filter: None,
            table: NoTable,
            memory: SearchMemory::new(),
            name: None,
        }
    }
}

impl<G: Game + ZobristHash> AlphaBeta<G, NoTable> {
    /// Adds a transposition table of `megabytes` MB. Only games with a Zobrist hash have
    /// this method.
    pub fn table(self, megabytes: usize) -> AlphaBeta<G, TranspositionTable<G>> {
        self.with_table(TranspositionTable::new(megabytes))
    }
}

impl<G: Game, T: Table<G>> AlphaBeta<G, T> {
    /// Replaces the table by any [`Table`] implementation.
    pub fn with_table<U: Table<G>>(self, table: U) -> AlphaBeta<G, U> {
        AlphaBeta {
            options: self.options,
            evaluator: self.evaluator,
            ordering: self.ordering,
            filter: self.filter,
            table,
            memory: self.memory,
            name: self.name,
        }
    }

    pub fn options(mut self, options: AlphaBetaOptions) -> Self {
        self.options = options;
        self
    }

    pub fn depth(mut self, depth: u32) -> Self {
        self.options.depth = Some(depth.clamp(1, MAX_DEPTH));
        self
    }

    pub fn time(mut self, time: Duration) -> Self {
        self.options.time = Some(time);
        self
    }

    pub fn nodes(mut self, nodes: u64) -> Self {
        self.options.nodes = Some(nodes);
        self
    }

    pub fn iterative_deepening(mut self, on: bool) -> Self {
        self.options.iterative_deepening = on;
        self
    }

    pub fn pvs(mut self, on: bool) -> Self {
        self.options.pvs = on;
        self
    }

    pub fn killers(mut self, on: bool) -> Self {
        self.options.killers = on;
        self
    }

    pub fn history(mut self, on: bool) -> Self {
        self.options.history = on;
        self
    }

    pub fn ordering(mut self, ordering: Arc<dyn MoveOrdering<G>>) -> Self {
        self.ordering = Some(ordering);
        self
    }

    pub fn filter(mut self, filter: Arc<dyn HorizonFilter<G>>) -> Self {
        self.filter = Some(filter);
        self
    }

    /// The name [`Agent::name`] reports, for agents built around this search (a source's
    /// engine) whose spec is not the generic `alphabeta:...` one.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    pub fn current_options(&self) -> &AlphaBetaOptions {
        &self.options
    }

    /// The generic spec string that rebuilds this agent from a catalog.
    fn spec(&self) -> String {
        let o = &self.options;
        let mut spec = String::from("alphabeta:");
        if let Some(depth) = o.depth {
            spec += &format!("depth={depth},");
        }
        if let Some(time) = o.time {
            spec += &format!("time={}ms,", time.as_millis());
        }
        if let Some(nodes) = o.nodes {
            spec += &format!("nodes={nodes},");
        }
        spec += &format!("eval={},", self.evaluator.name());
        if let Some(ordering) = &self.ordering {
            spec += &format!("order={},", ordering.name());
        }
        spec += &format!(
            "tt={},id={},pvs={},killers={},history={}",
            self.table.size_mb(),
            o.iterative_deepening,
            o.pvs,
            o.killers,
            o.history
        );
        spec
    }

    /// Extends `pv` with the table's best moves while they are legal, up to `length`.
    fn extend_pv_from_table(&self, state: &G, pv: &mut Vec<G::Move>, length: usize) {
        let mut state = state.clone();
        for &mv in pv.iter() {
            state.play(mv);
        }
        let mut moves = Vec::new();
        while pv.len() < length {
            let Some(mv) = self.table.probe(&state).and_then(|e| e.best) else {
                break;
            };
            state.legal_moves(&mut moves);
            if !moves.contains(&mv) {
                break;
            }
            state.play(mv);
            pv.push(mv);
        }
    }
}

impl<G: Game, T: Table<G>> Agent<G> for AlphaBeta<G, T> {
    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| self.spec())
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let own = SearchLimits {
            depth: self.options.depth,
            time: self.options.time,
            nodes: self.options.nodes,
            ..SearchLimits::default()
        };
        let limits = own.combine(limits);
        // A stop flag is an interrupt, not a budget: with only a flag, the default depth.
        let open_ended = limits.time.is_some() || limits.nodes.is_some();
        let max_depth = limits
            .depth
            .unwrap_or(if open_ended { MAX_DEPTH } else { DEFAULT_DEPTH })
            .clamp(1, MAX_DEPTH);

        self.table.new_search();
        self.memory.killers.clear();
        self.memory.history.clear();
        let mut ctx = SearchContext::new(Stopper::new(&limits));
        let mut position = state.clone();
        let me = position.to_move();
        let first_depth = if self.options.iterative_deepening {
            1
        } else {
            max_depth
        };

        let mut result: Option<Outcome<G::Move>> = None;
        let mut iterations = 0;
        for depth in first_depth..=max_depth {
            // A new iteration costs more than all before it: do not start one that cannot
            // finish in the time left.
            if depth > first_depth
                && (ctx.stopper.stopped()
                    || ctx.stopper.out_of_time()
                    || ctx.stopper.time_used_fraction() > 0.5)
            {
                break;
            }
            ctx.root_hint = result.as_ref().map(|r| r.mv);
            ctx.root_best = None;
            ctx.root_moves_done = 0;
            ctx.hit_horizon = false;
            let value = self.node(&mut position, depth, 0, -INFINITY, INFINITY, me, &mut ctx);
            if ctx.aborted {
                // The previous best was searched first; if it finished, whatever beat it in
                // this deeper iteration is better informed.
                if ctx.root_moves_done > 0 {
                    if let Some((mv, v)) = ctx.root_best {
                        let mut pv = self.memory.pv[0].clone();
                        if pv.first() != Some(&mv) {
                            pv = vec![mv];
                        }
                        let depth = result.as_ref().map_or(0, |r| r.depth);
                        result = Some(Outcome {
                            mv,
                            value: v,
                            pv,
                            depth,
                        });
                    }
                }
                break;
            }
            iterations += 1;
            let (mv, _) = ctx
                .root_best
                .expect("a completed iteration searched a root move");
            let mut pv = self.memory.pv[0].clone();
            if pv.first() != Some(&mv) {
                pv = vec![mv];
            }
            self.extend_pv_from_table(state, &mut pv, depth as usize);
            result = Some(Outcome {
                mv,
                value,
                pv,
                depth,
            });
            if !ctx.hit_horizon || is_proven(value) {
                break; // deeper iterations cannot change the value
            }
        }

        let Outcome {
            mv,
            value,
            pv,
            depth,
        } = result.unwrap_or_else(|| {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            if let Some(ordering) = &self.ordering {
                ordering.order(state, &mut moves);
            }
            Outcome {
                mv: moves[0],
                value: 0,
                pv: vec![moves[0]],
                depth: 0,
            }
        });
        Some(Decision {
            mv,
            value: f64::from(value),
            pv,
            nodes: ctx.nodes,
            depth,
            elapsed: ctx.stopper.elapsed(),
            iterations,
        })
    }

    fn new_game(&mut self) {
        self.table.clear();
    }
}
