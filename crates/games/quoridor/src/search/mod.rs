//! Alpha-beta for Quoridor: negamax with optional iterative deepening, transposition table,
//! path-aware move ordering, seed 002's pseudo-depth, a wall filter, reductions of late
//! walls, repetitions scored as draws, and a budget in time or nodes.
//!
//! It lives here rather than in the generic search crate because the parts that make it
//! strong know Quoridor: which walls touch a shortest path, how far a step brings a pawn
//! (the generic alpha-beta's ordering and filter hooks see one move list at a time; this
//! search computes the opponent's shortest path once per node and uses it for the wall
//! filter, the ordering and the late-wall reductions together, and it has seed 002's
//! pseudo-depth, which changes how depth is counted).
//! The value conventions (window bounds, proven results in the table) are the generic
//! search's own (`ply_search::value`).
//! Move lists are per-ply buffers allocated once per thread, so the search never allocates.
//! With `threads` above 1 the threads share the transposition table (`table.rs`, lockless)
//! and search the same root (Lazy SMP): each finds its way into the others' results through
//! the table.
//!
//! This file is the agent: its budgets, its threads and the game's history. One thread's
//! negamax is `worker.rs`, which moves a node tries and in what order `moves.rs`, the
//! iterations and their clock `deepening.rs`, and what can be switched on and off
//! `options.rs`.

mod deepening;
mod moves;
mod options;
mod table;
#[cfg(test)]
mod tests;
mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ply_core::hash::splitmix64;
use ply_core::{Agent, Decision, Evaluator, Game, SearchLimits, ZobristHash};
use ply_search::deepening::Clock;
use ply_search::multiplayer::BestReply;

use crate::board::Quoridor;
use crate::crowd_agents::crowd_search;
use crate::geometry::Move;
pub use options::{
    large_budget, seed002_depth, SearchOptions, WallFilter, FULL_WIDTH_MAX_SIZE, LARGE_BUDGET_NODES,
};
use table::SharedTable;
pub use worker::NULL_MOVE_REDUCTION;
use worker::{Worker, EVAL_CACHE_BITS, MAX_PLY, MOVES_PER_PLY};

/// An alpha-beta player for Quoridor. With more than one thread it runs a Lazy SMP search:
/// every thread searches the same root, they share the transposition table, and the first
/// thread's iterations decide unless a helper completed a deeper one.
pub struct AlphaBetaAgent {
    name: String,
    options: SearchOptions,
    table: Arc<SharedTable>,
    /// `workers[0]` decides; the others are the helpers.
    workers: Vec<Worker>,
    /// Keys of the positions this agent was asked to move in this game, in order.
    game_roots: Vec<u64>,
    /// Walls in hand (both sides) at the last root: more at a new root means a new game.
    last_root_walls: u32,
    /// The multi-player search that plays for this agent when 3 or 4 pawns race (this
    /// search assumes one opponent); made at the first such position.
    crowd: Option<Box<BestReply<Quoridor>>>,
    /// The clock a timed search reads (the wall clock unless a test sets another).
    clock: Option<Arc<dyn Clock>>,
}

/// The most entries the table may have, as log2: 2^24 entries is a few hundred MiB.
pub const MAX_TABLE_BITS: u32 = 24;

/// The most search threads an agent may run.
pub const MAX_THREADS: usize = 64;

/// The bytes an agent with a table of 2^`bits` entries and `threads` threads allocates for
/// its table, and each thread for its evaluation cache (none when `bits` is 0) and its
/// move lists.
pub fn table_bytes(bits: u32, threads: usize) -> u64 {
    let lists = (MAX_PLY * MOVES_PER_PLY * (std::mem::size_of::<Move>() + 4)) as u64;
    let (table, evals) = if bits == 0 {
        (0, 0)
    } else {
        (
            table::SLOT_BYTES << bits.min(63),
            (std::mem::size_of::<(u64, i32)>() as u64) << EVAL_CACHE_BITS,
        )
    };
    let per_thread = evals + lists;
    table.saturating_add(per_thread.saturating_mul(threads.clamp(1, MAX_THREADS) as u64))
}

/// A table of `len` entries made by `fill` (`len` a power of two), halved until the machine
/// can give it: a smaller table, not an abort. Lookups mask by the length actually allocated.
pub(super) fn power_of_two_table<T>(len: usize, fill: impl FnMut() -> T) -> Vec<T> {
    let mut len = len.max(1);
    let mut table = Vec::new();
    while table.try_reserve_exact(len).is_err() && len > 1 {
        len /= 2;
    }
    table.resize_with(len, fill);
    table
}

impl AlphaBetaAgent {
    pub fn new(
        name: &str,
        options: SearchOptions,
        evaluator: Arc<dyn Evaluator<Quoridor>>,
    ) -> Self {
        let table = Arc::new(SharedTable::new(options.table_bits.min(MAX_TABLE_BITS)));
        let workers = (0..options.threads.clamp(1, MAX_THREADS))
            .map(|_| Worker::new(&options, &evaluator, &table))
            .collect();
        AlphaBetaAgent {
            name: name.to_string(),
            options,
            table,
            workers,
            game_roots: Vec::new(),
            last_root_walls: 0,
            crowd: None,
            clock: None,
        }
    }

    /// Reads `clock` instead of the wall clock (tests of the time policy).
    #[cfg(test)]
    fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = Some(clock);
        self
    }

    /// Orders root moves the ordering scores alike by `seed` (0: by generation order, as
    /// without a seed). Only which of two equally good moves is played depends on it.
    pub fn with_root_seed(mut self, seed: u64) -> Self {
        for (i, worker) in self.workers.iter_mut().enumerate() {
            // Helpers break ties their own way, so they do not all follow the same line.
            worker.root_seed = if i == 0 {
                seed
            } else {
                splitmix64(seed ^ i as u64).1
            };
        }
        self
    }

    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Records the root in the game's history, starting a new history when the walls in
    /// hand show a new game or a wall taken back (they only ever go down within a game).
    fn remember_root(&mut self, state: &Quoridor) {
        let walls = state.walls_left(0) + state.walls_left(1);
        if walls > self.last_root_walls {
            self.game_roots.clear();
        }
        self.last_root_walls = walls;
        let key = state.zobrist();
        // A root seen before ends the history there: the game came back to it (a real
        // repetition, still on record) or was taken back to it (the later roots never
        // happened in this game any more).
        match self.game_roots.iter().position(|&k| k == key) {
            Some(i) => self.game_roots.truncate(i + 1),
            None => self.game_roots.push(key),
        }
    }
}

impl Agent<Quoridor> for AlphaBetaAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, state: &Quoridor, limits: &SearchLimits) -> Option<Decision<Move>> {
        if state.is_terminal() {
            return None;
        }
        if state.num_players() > 2 {
            let options = &self.options;
            let crowd = self
                .crowd
                .get_or_insert_with(|| Box::new(crowd_search(options)));
            return crowd.select(state, limits);
        }
        if self.options.depth_by_size {
            (self.options.depth, self.options.pseudo_depth) = seed002_depth(state.size());
        }
        let narrow = self.options.wall_filter.narrows(state.size());
        // Reductions belong with the filter's regime: where every wall is searched, every
        // wall is searched to full depth.
        let reduce =
            self.options.reductions && (narrow || self.options.wall_filter != WallFilter::Auto);
        // The agent's own budget applies only when the caller gives none: a referee's time
        // may be longer than the default, an analysis may want more nodes.
        let caller_budget = limits.time.is_some() || limits.nodes.is_some();
        let scale = wall_scale(state);
        let own = SearchLimits {
            depth: Some(self.options.depth),
            time: (self.options.time)
                .filter(|_| !caller_budget)
                .map(|t| t.mul_f64(scale)),
            nodes: (if narrow {
                self.options.nodes
            } else {
                self.options.full_width_nodes.or(self.options.nodes)
            })
            .filter(|_| !caller_budget)
            .map(|n| (n as f64 * scale) as u64),
            ..SearchLimits::default()
        };
        let limits = limits.combine(&own);
        let max_depth = limits.depth.unwrap_or(self.options.depth).max(1);
        if self.options.repetitions {
            self.remember_root(state);
        }
        let wide_plies = match self.options.wide_plies_large_budget {
            Some(wide) if large_budget(&limits) => wide,
            _ => self.options.wide_plies,
        };
        for worker in self.workers.iter_mut() {
            worker.options.depth = self.options.depth;
            worker.options.wide_plies = wide_plies;
            worker.options.pseudo_depth = self.options.pseudo_depth;
            worker.narrow = narrow;
            worker.reduce = reduce;
            worker.game_roots.clone_from(&self.game_roots);
        }
        let start = std::time::Instant::now();
        let (main, helpers) = self.workers.split_first_mut()?;
        let clock = self.clock.clone();
        let mut outcome = if helpers.is_empty() {
            main.iterate(state, &limits, max_depth, false, clock)
        } else {
            // Helpers stop when the first thread is done (or at the most the caller allows);
            // the node budget, if any, is the first thread's.
            let done = Arc::new(AtomicBool::new(false));
            let helper_limits = SearchLimits {
                nodes: None,
                stop: Some(Arc::clone(&done)),
                time: limits.time.map(|t| t.max(limits.max_time.unwrap_or(t))),
                ..limits.clone()
            };
            std::thread::scope(|scope| {
                let running: Vec<_> = helpers
                    .iter_mut()
                    .map(|h| {
                        scope.spawn(|| h.iterate(state, &helper_limits, max_depth, true, None))
                    })
                    .collect();
                let mut outcome = main.iterate(state, &limits, max_depth, false, clock);
                done.store(true, Ordering::Relaxed);
                for handle in running {
                    // A helper that panicked only costs its help.
                    let Ok(helped) = handle.join() else { continue };
                    outcome.iterations += helped.iterations;
                    // A helper's finished iteration deeper than the first thread's decides.
                    if let (Some(h), Some(m)) = (helped.best, outcome.best) {
                        if h.2 > m.2 {
                            outcome.best = Some(h);
                        }
                    }
                }
                outcome
            })
        };
        let nodes = self.workers.iter().map(|w| w.nodes).sum();
        let (mv, value, depth) = match outcome.best.take() {
            Some(b) => b,
            None => {
                let mut legal = Vec::new();
                state.legal_moves(&mut legal);
                (*legal.first()?, 0, 0)
            }
        };
        Some(Decision {
            mv,
            value: value as f64,
            pv: self.workers[0].principal_variation(state, mv, depth.max(1)),
            nodes,
            depth,
            elapsed: start.elapsed(),
            iterations: outcome.iterations,
        })
    }

    fn new_game(&mut self) {
        self.table.clear();
        for worker in self.workers.iter_mut() {
            worker.evals.iter_mut().for_each(|e| *e = (0, 0));
        }
        self.game_roots.clear();
        if let Some(crowd) = &mut self.crowd {
            crowd.new_game();
        }
    }
}

/// The share of the agent's own time or nodes per move, spent where it matters: up to twice
/// as much while many walls are still in hand (the wall fight decides the game), half as
/// much once none are.
fn wall_scale(state: &Quoridor) -> f64 {
    let total = 2 * state.walls_per_player().max(1);
    let left = (state.walls_left(0) + state.walls_left(1)).min(total);
    0.5 + 1.5 * left as f64 / total as f64
}
