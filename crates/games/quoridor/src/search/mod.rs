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

mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use ply_core::eval::WIN;
use ply_core::{Agent, Decision, Evaluator, Game, Player, SearchLimits, Stopper, ZobristHash};
use ply_search::deepening::{Clock, Iteration, IterationTimer, TimePolicy, WallClock};
use ply_search::multiplayer::BestReply;
use ply_search::value::{value_from_table, value_to_table, INFINITY};

use crate::board::Quoridor;
use crate::crowd_agents::crowd_search;
use crate::geometry::{Move, Orientation, Wall};
use crate::paths::PathSteps;
use crate::rules::blocked_passages;
use table::{Bound, Entry, SharedTable};

/// Which walls a node searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallFilter {
    /// Every legal wall.
    All,
    /// Below the root, only walls that block a step of the opponent's current shortest path
    /// or touch the opponent's pawn: the walls that change the race now.
    NearPaths,
    /// Every wall, and no reductions, on boards of [`FULL_WIDTH_MAX_SIZE`] and smaller
    /// (there the whole width is affordable, and a filtered search lost a 5x5 game to seed
    /// 002's full-width depth 6 that it believed lost from the third move); `NearPaths` on
    /// larger boards.
    Auto,
}

/// The largest board `WallFilter::Auto` searches at full width.
pub const FULL_WIDTH_MAX_SIZE: usize = 7;

impl WallFilter {
    /// Whether a search on a board of `size` keeps only the walls near the paths.
    fn narrows(self, size: usize) -> bool {
        match self {
            WallFilter::All => false,
            WallFilter::NearPaths => true,
            WallFilter::Auto => size > FULL_WIDTH_MAX_SIZE,
        }
    }
}

/// Everything that can be switched on and off, so each part's worth can be measured.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    /// Depth in plies (the last iteration when deepening).
    pub depth: u32,
    /// Seed 002's pseudo-depth: at the last ply only pawn moves and walls on the slot rows
    /// touching the opponent pawn's row.
    pub pseudo_depth: bool,
    /// Search depth 1, 2, … until the depth or the time runs out.
    pub iterative: bool,
    /// log2 of the transposition table's entries; 0 for no table.
    pub table_bits: u32,
    /// Order moves: table move, killers, pawn steps by distance, walls by how much they
    /// lengthen the opponent's path.
    pub ordering: bool,
    pub wall_filter: WallFilter,
    /// How many plies from the root search every wall before the filter applies (1: the
    /// root only). The opponent's reply at ply 1 is where a setup wall, one that lengthens
    /// no path yet but prepares a long detour, refutes a plan; at ply 2 the mover finds its
    /// own answer to it. At equal nodes on 9x9, 2 plies scored 57–43 against 1, and 3
    /// scored 106–93 (one draw) against 2 with the hand-set weights; with the fitted weights
    /// 2 plies scored 129–70 (one draw) against 3 at 30,000 nodes, since the narrower tree
    /// searches a ply deeper.
    pub wide_plies: u32,
    /// The width, in place of `wide_plies`, when a move's budget is large (see
    /// [`large_budget`]); `None` keeps `wide_plies` whatever the budget. Against an opponent
    /// that builds cages of walls, more full-width plies pay: under the Cup referee's clock
    /// 4 plies won 19 of 21 games against gorisanson's MCTS at 60,000 rollouts where 2 won
    /// 7 of 13. At small node budgets the narrower tree searches deeper and wins instead
    /// (at 30,000 nodes 2 plies scored 120–80 against 4; at 200,000 4 scored 52–48).
    pub wide_plies_large_budget: Option<u32>,
    /// Below the root, search late walls that gain nothing in the race by the ordering's
    /// measure one ply shallower first (and fully again only if they look good).
    pub reductions: bool,
    /// The first ply whose late walls may be reduced (1: every ply below the root).
    /// Starting them at ply 2 searches the opponent's quiet first replies (such as a wall
    /// that shields its own path) to full depth, but at equal nodes it scored 93–107
    /// against ply 1 on 9x9: the depth it costs is worth more.
    pub reduce_from: u32,
    /// Where the filter applies, also generate walls that guard the mover's own path: a
    /// wall crossing the slot of a wall that would block it. Off by default: at equal
    /// nodes it scored 92–108 against the filter without them on 9x9.
    pub guard_walls: bool,
    /// Principal variation search: every move after a node's first is searched with a
    /// null window, and again with the full window only if it beats alpha.
    pub pvs: bool,
    /// Null-move pruning: at a node off the principal variation whose static value already
    /// reaches beta, let the opponent move twice, searched [`NULL_MOVE_REDUCTION`] plies
    /// shallower; if the side to move still reaches beta, the node is cut.
    pub null_move: bool,
    /// Score a position that repeats one earlier in the search line or one this agent was
    /// asked about earlier in the game as a draw (0): a side ahead then makes progress
    /// instead of stepping back and forth, and a side behind may hold the repetition.
    pub repetitions: bool,
    /// The agent's think time when the caller gives no time or node limit (scaled by the
    /// walls still in hand: ×2 at the start, ×½ when none are left).
    pub time: Option<Duration>,
    /// The agent's node budget per move when the caller gives no time or node limit (scaled
    /// by the walls in hand like `time`). Nodes, unlike time, do not depend on the machine's load,
    /// so a budget in nodes plays the same game on a busy machine as on a quiet one.
    pub nodes: Option<u64>,
    /// The node budget in place of `nodes` where a move's search keeps every wall (boards
    /// up to [`FULL_WIDTH_MAX_SIZE`] with the `Auto` filter, any board with `All`): each
    /// iteration there costs several times the nodes, so the same depth needs a larger
    /// budget. `None`: `nodes` everywhere.
    pub full_width_nodes: Option<u64>,
    /// Take `depth` and `pseudo_depth` from seed 002's table for each board's size.
    pub depth_by_size: bool,
    /// Search threads (Lazy SMP over a shared table); 1 searches on the caller's thread.
    pub threads: usize,
}

impl SearchOptions {
    /// Seed 002's search: fixed depth from its table by board size, plain alpha-beta in
    /// generation order.
    pub fn seed002() -> Self {
        SearchOptions {
            depth: 4,
            pseudo_depth: true,
            depth_by_size: true,
            iterative: false,
            table_bits: 0,
            ordering: false,
            wall_filter: WallFilter::All,
            wide_plies: 1,
            wide_plies_large_budget: None,
            reductions: false,
            reduce_from: 1,
            guard_walls: false,
            pvs: false,
            null_move: false,
            repetitions: false,
            time: None,
            nodes: None,
            full_width_nodes: None,
            threads: 1,
        }
    }

    /// The strong settings: deepening with a table, ordering and the wall filter.
    pub fn strong(time: Duration) -> Self {
        SearchOptions {
            depth: 64,
            pseudo_depth: false,
            iterative: true,
            table_bits: 20,
            ordering: true,
            wall_filter: WallFilter::Auto,
            wide_plies: 2,
            wide_plies_large_budget: Some(4),
            reductions: true,
            reduce_from: 1,
            guard_walls: false,
            pvs: true,
            null_move: true,
            repetitions: true,
            time: Some(time),
            nodes: None,
            full_width_nodes: None,
            depth_by_size: false,
            threads: 1,
        }
    }
}

/// Seed 002's depth by board size: (depth, whether the last ply is a pseudo-ply).
pub fn seed002_depth(size: usize) -> (u32, bool) {
    match size {
        0..=5 => (6, false),
        6..=7 => (4, false),
        8..=9 => (4, true),
        10..=11 => (3, false),
        12..=17 => (2, false),
        _ => (2, true),
    }
}

const MAX_PLY: usize = 128;
/// How much shallower than the node, besides the ply of the pass itself, a null move is
/// searched.
pub const NULL_MOVE_REDUCTION: u32 = 2;
/// A fall of the root's value this large from one iteration to the next (a step of the
/// race; values are in hundredths of a step) makes a timed search unsure: it may take more
/// than its target (`ply_search::deepening`).
const UNSURE_VALUE_FALL: i32 = 100;
/// How often, in nodes, a timed search reads its clock.
const CLOCK_EVERY_NODES: u64 = 64;
/// log2 of the horizon-value cache's entries (1 MiB).
const EVAL_CACHE_BITS: u32 = 16;

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

/// One thread's search: its buffers and counters, and the table it shares.
struct Worker {
    options: SearchOptions,
    evaluator: Arc<dyn Evaluator<Quoridor>>,
    table: Arc<SharedTable>,
    /// Horizon values by position key (the side to move is part of the key): transposed
    /// leaves are common (walls and steps commute) and the evaluator's path searches are
    /// most of a node's cost. Empty when there is no table.
    evals: Vec<(u64, i32)>,
    moves: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    killers: Vec<[Option<Move>; 2]>,
    nodes: u64,
    /// The best move of the root search in progress (kept even when it is cut short).
    root_best: Option<Move>,
    /// The previous iteration's best move, searched first at the root: an iteration cut
    /// short then still knows whether any other move beat it.
    root_hint: Option<Move>,
    /// The agent's `game_roots`, copied in at each move.
    game_roots: Vec<u64>,
    /// The keys of the positions along the line being searched, by ply.
    line: Vec<u64>,
    /// Whether the move into each ply of the line was a null move (two in a row are not
    /// tried).
    after_null: Vec<bool>,
    /// Whether this move's search keeps only the walls near the paths, and whether it
    /// reduces late walls (the options, resolved for the board at the root).
    narrow: bool,
    reduce: bool,
    /// Breaks ties between root moves the ordering scores alike, so that different seeds
    /// play different games against a deterministic opponent; 0 keeps generation order.
    root_seed: u64,
    /// The time policy of the timed search in progress (the last one's, after it), for the
    /// first thread; helpers run until they are stopped.
    timer: Option<IterationTimer<Arc<dyn Clock>>>,
}

/// From this many nodes a move, a node budget counts as large (see [`large_budget`]).
pub const LARGE_BUDGET_NODES: u64 = 200_000;

/// Whether a move searched under `limits` has a large budget: a node cap of at least
/// [`LARGE_BUDGET_NODES`], or a time limit with no node cap (a referee's clock gives
/// seconds a move, millions of nodes on two threads; a depth alone counts as small).
pub fn large_budget(limits: &SearchLimits) -> bool {
    match limits.nodes {
        Some(nodes) => nodes >= LARGE_BUDGET_NODES,
        None => limits.time.is_some(),
    }
}

/// The most entries the table may have, as log2: 2^24 entries is a few hundred MiB.
pub const MAX_TABLE_BITS: u32 = 24;

/// The most search threads an agent may run.
pub const MAX_THREADS: usize = 64;

/// Moves a node's list has room for without growing (more than any legal position has on
/// boards up to 25x25 with few walls placed; a list that needs more grows once).
const MOVES_PER_PLY: usize = 1300;

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
                splitmix(seed ^ i as u64)
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

impl Worker {
    fn new(
        options: &SearchOptions,
        evaluator: &Arc<dyn Evaluator<Quoridor>>,
        table: &Arc<SharedTable>,
    ) -> Self {
        let evals = if options.table_bits > 0 {
            power_of_two_table(1 << EVAL_CACHE_BITS, || (0, 0))
        } else {
            Vec::new()
        };
        Worker {
            options: options.clone(),
            evaluator: Arc::clone(evaluator),
            table: Arc::clone(table),
            evals,
            moves: (0..MAX_PLY)
                .map(|_| Vec::with_capacity(MOVES_PER_PLY))
                .collect(),
            scores: (0..MAX_PLY)
                .map(|_| Vec::with_capacity(MOVES_PER_PLY))
                .collect(),
            killers: vec![[None; 2]; MAX_PLY],
            nodes: 0,
            root_best: None,
            root_hint: None,
            game_roots: Vec::new(),
            line: vec![0; MAX_PLY],
            after_null: vec![false; MAX_PLY],
            narrow: false,
            reduce: false,
            root_seed: 0,
            timer: None,
        }
    }

    /// Whether the search must stop now: a limit of the stopper is reached, or the time
    /// policy's budget is spent (then the stopper is told, so it stays stopped).
    fn must_stop(&mut self, stopper: &mut Stopper) -> bool {
        if stopper.should_stop(self.nodes) {
            return true;
        }
        let time_is_up = self.nodes.is_multiple_of(CLOCK_EVERY_NODES)
            && self.timer.as_ref().is_some_and(|t| t.time_is_up());
        if time_is_up {
            stopper.stop();
        }
        time_is_up
    }

    /// Whether the position with `key` at `ply` repeats one earlier on the line with the
    /// same side to move, or (at even plies, the root's side to move) an earlier root.
    fn repeats(&self, key: u64, ply: usize) -> bool {
        let on_line = (ply % 2..ply).step_by(2).any(|p| self.line[p] == key);
        on_line || (ply.is_multiple_of(2) && self.game_roots.contains(&key))
    }

    /// The evaluator's value for the side to move, from the cache when it is there.
    fn evaluate(&mut self, state: &Quoridor) -> i32 {
        if self.evals.is_empty() {
            return self.evaluator.evaluate(state, state.to_move());
        }
        let key = state.zobrist();
        let slot = (key as usize) & (self.evals.len() - 1);
        // Key 0 marks an empty slot; a real position hashing to 0 is merely never cached.
        match self.evals[slot] {
            (k, value) if k == key && key != 0 => value,
            _ => {
                let value = self.evaluator.evaluate(state, state.to_move());
                self.evals[slot] = (key, value);
                value
            }
        }
    }

    /// Fills `moves` for the node: legal moves, cut by the pseudo-ply rule or the wall
    /// filter. `paths` are both pawns' shortest paths here.
    fn generate(
        &self,
        state: &Quoridor,
        moves: &mut Vec<Move>,
        depth: u32,
        ply: usize,
        paths: &[PathSteps; 2],
    ) {
        let opponent = state.pawn(1 - state.to_move());
        let size = state.size();
        state.pawn_moves(moves);
        if self.options.pseudo_depth && depth == 1 {
            // Only the slot rows touching the opponent's row.
            let row = opponent.row as usize;
            state.push_legal_walls_where(moves, row.saturating_sub(1), row, paths, |_, _| u32::MAX);
        } else if self.narrow && ply as u32 >= self.options.wide_plies {
            let near_pawn = 0b111u32 << opponent.col >> 1;
            let pawn_rows = (opponent.row as usize).saturating_sub(1)..=opponent.row as usize + 1;
            let (mine, theirs) = (&paths[state.to_move()], &paths[1 - state.to_move()]);
            state.push_legal_walls_where(moves, 0, size - 2, paths, |orientation, r| {
                // Walls across the opponent's path (a wall across one's own path is almost
                // never worth a tempo).
                let on_path = theirs.slots_cutting(orientation, r);
                // Guards: walls crossing, at their centre, the slot of a wall that would
                // cut the mover's own path, so that wall can no longer be placed.
                let guard = if self.options.guard_walls {
                    mine.slots_cutting(orientation.crossing(), r)
                } else {
                    0
                };
                on_path | guard | if pawn_rows.contains(&r) { near_pawn } else { 0 }
            });
        } else {
            state.push_legal_walls_where(moves, 0, size - 2, paths, |_, _| u32::MAX);
        }
    }

    /// Scores moves for ordering (higher first): the table's move, killers, pawn steps by
    /// the distance they gain, walls by how much longer they make the opponent's path than
    /// the mover's.
    fn order(
        &self,
        state: &Quoridor,
        moves: &mut [Move],
        scores: &mut Vec<i32>,
        best: Option<Move>,
        ply: usize,
        paths: &[PathSteps; 2],
    ) {
        scores.clear();
        let me = state.to_move();
        let them = 1 - me;
        let passages = state.passages();
        let their_path = &paths[them];
        let their_dist = their_path.length as i32;
        let my_dist = paths[me].length as i32;
        for &mv in moves.iter() {
            let score = if Some(mv) == best {
                1 << 30
            } else if self.killers[ply].contains(&Some(mv)) {
                1 << 20
            } else {
                match mv {
                    Move::Pawn { to, .. } => {
                        let d = passages
                            .distance_to_row(to, state.goal_row(me))
                            .unwrap_or(1000) as i32;
                        1000 * (my_dist - d) + 500
                    }
                    Move::Wall(w) if blocks_path(w, their_path) => {
                        let blocked = blocked_passages(passages, w);
                        let d = blocked
                            .distance_to_row(state.pawn(them), state.goal_row(them))
                            .unwrap_or(0) as i32;
                        let mine = if blocks_path(w, &paths[me]) {
                            blocked
                                .distance_to_row(state.pawn(me), state.goal_row(me))
                                .unwrap_or(0) as i32
                        } else {
                            my_dist
                        };
                        1000 * ((d - their_dist) - (mine - my_dist)) - 100
                    }
                    Move::Wall(_) => -5000,
                }
            };
            // At the root, a seeded tie-break smaller than any difference between the
            // ordering's scores (100 or more).
            let jitter = if ply == 0 && self.root_seed != 0 {
                (splitmix(self.root_seed ^ move_code(mv)) % 10) as i32
            } else {
                0
            };
            scores.push(score + jitter);
        }
        // Insertion sort by score, stable: lists are short and nearly sorted by kind.
        for i in 1..moves.len() {
            let (m, s) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < s {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            scores[j] = s;
        }
    }

    fn negamax(
        &mut self,
        state: &mut Quoridor,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        stopper: &mut Stopper,
    ) -> i32 {
        self.nodes += 1;
        if state.winner().is_some() {
            // The player who just moved reached the goal: the mover here has lost.
            return -(WIN - ply as i32);
        }
        if self.options.repetitions {
            let key = state.zobrist();
            // Only pawn steps can repeat a position (walls stay). The draw may reach the
            // table and be reused on another line: accepted, as usual for repetitions.
            if ply > 0 && self.repeats(key, ply) {
                return 0;
            }
            self.line[ply] = key;
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return self.evaluate(state);
        }
        if ply > 0 && self.must_stop(stopper) {
            return 0;
        }
        let key = state.zobrist();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if ply > 0 && entry.depth as u32 >= depth {
                let value = value_from_table(entry.value, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if usable {
                    return value;
                }
            }
        }
        if ply == 0 && self.root_hint.is_some() {
            table_move = self.root_hint;
        }
        if self.null_move_cuts(state, depth, ply, alpha, beta, stopper) {
            return beta;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let paths = [0, 1].map(|p: Player| {
            state
                .passages()
                .shortest_path(state.pawn(p), state.goal_row(p))
                .expect("legal positions keep a path for each pawn")
        });
        self.generate(state, &mut moves, depth, ply, &paths);
        if self.options.ordering {
            self.order(state, &mut moves, &mut scores, table_move, ply, &paths);
        }
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            state.play(mv);
            // A late wall the ordering gave no race gain: first a shallower look with a
            // null window; only a wall that then beats alpha earns the full search.
            let reduce = self.reduce
                && self.options.ordering
                && ply > 0
                && ply as u32 >= self.options.reduce_from
                && depth >= 3
                && i >= 3
                && mv.is_wall()
                && scores[i] <= 0;
            let mut value = alpha + 1;
            if reduce {
                value = -self.negamax(state, depth - 2, ply + 1, -alpha - 1, -alpha, stopper);
            }
            // After the first move, a null window first: a move that cannot beat alpha is
            // refuted more cheaply than its exact value is found, and one that reaches beta
            // even so needs no exact value either.
            let mut exact = value > alpha;
            if exact && self.options.pvs && i > 0 && beta > alpha + 1 {
                value = -self.negamax(state, depth - 1, ply + 1, -alpha - 1, -alpha, stopper);
                exact = value > alpha && value < beta;
            }
            if exact {
                value = -self.negamax(state, depth - 1, ply + 1, -beta, -alpha, stopper);
            }
            state.undo(mv);
            if stopper.stopped() {
                break;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                }
                if alpha >= beta {
                    if mv.is_wall() || self.options.ordering {
                        let k = &mut self.killers[ply];
                        if k[0] != Some(mv) {
                            k[1] = k[0];
                            k[0] = Some(mv);
                        }
                    }
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if ply == 0 {
            self.root_best = best_move;
        }
        if stopper.stopped() {
            return best_value.max(-WIN);
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                value: value_to_table(best_value, ply),
                depth: depth.min(255) as u8,
                bound,
                best: best_move,
            },
        );
        best_value
    }

    /// Whether a null move refutes the node (see [`SearchOptions::null_move`]): only off the
    /// principal variation (a null window), deep enough, not right after another null
    /// move, away from proven values, and when the static value already reaches beta.
    fn null_move_cuts(
        &mut self,
        state: &mut Quoridor,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        stopper: &mut Stopper,
    ) -> bool {
        let eligible = self.options.null_move
            && ply > 0
            && beta == alpha + 1
            && depth > NULL_MOVE_REDUCTION + 1
            && !self.after_null[ply]
            && !ply_core::eval::is_proven(beta)
            && ply + 1 < MAX_PLY;
        if !eligible || self.evaluate(state) < beta {
            return false;
        }
        let me = state.to_move();
        state.set_to_move(1 - me);
        self.after_null[ply + 1] = true;
        let depth = depth - 1 - NULL_MOVE_REDUCTION;
        let value = -self.negamax(state, depth, ply + 1, -beta, -beta + 1, stopper);
        self.after_null[ply + 1] = false;
        state.set_to_move(me);
        !stopper.stopped() && value >= beta
    }

    /// The line the table remembers from `state`, starting with `first`.
    fn principal_variation(&self, state: &Quoridor, first: Move, depth: u32) -> Vec<Move> {
        let mut pv = vec![first];
        let mut s = state.clone();
        s.play(first);
        let mut legal = Vec::new();
        while (pv.len() as u32) < depth {
            let Some(mv) = self.table.probe(s.zobrist()).and_then(|e| e.best) else {
                break;
            };
            s.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            s.play(mv);
            pv.push(mv);
        }
        pv
    }
}

/// What one thread's iterations found: the move of its deepest finished iteration (or a
/// better one from the iteration cut short), with its value and depth.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    best: Option<(Move, i32, u32)>,
    iterations: u64,
}

impl Worker {
    /// Iterative deepening from the root (or one search at `max_depth` when the options ask
    /// for no deepening and nothing may cut it short). A helper starts one ply deeper than
    /// the first thread and keeps deepening until it is stopped, so the two seldom search
    /// the same iteration at once.
    ///
    /// The first thread's time follows the time policy of `ply_search::deepening`: the next
    /// iteration starts only if it is predicted to finish within the budget (the limits'
    /// `time`, up to `max_time` when unsure), unless the limits set nodes too: a node budget
    /// is spent whole, and the time only cuts it at the budget itself.
    fn iterate(
        &mut self,
        state: &Quoridor,
        limits: &SearchLimits,
        max_depth: u32,
        helper: bool,
        clock: Option<Arc<dyn Clock>>,
    ) -> Outcome {
        let timed = limits.time.is_some() || limits.stop.is_some() || limits.nodes.is_some();
        self.timer = match limits.time {
            Some(target) if !helper => {
                let policy = TimePolicy {
                    target,
                    limit: limits.max_time.unwrap_or(target),
                    value_margin: UNSURE_VALUE_FALL,
                };
                let clock = clock.unwrap_or_else(|| Arc::new(WallClock::start()));
                Some(IterationTimer::new(policy, clock))
            }
            _ => None,
        };
        // With a timer the clock is the timer's to read.
        let mut stopper = if self.timer.is_some() {
            Stopper::new(&SearchLimits {
                time: None,
                ..limits.clone()
            })
        } else {
            Stopper::new(limits)
        };

        let mut s = state.clone();
        self.nodes = 0;
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        // A search that may be cut short first finishes depth 1, so it always has a move.
        let mut depth = if self.options.iterative || timed {
            1 + helper as u32
        } else {
            max_depth
        }
        .min(max_depth);
        let mut best: Option<(Move, i32, u32)> = None;
        let mut iterations = 0;
        self.root_hint = None;
        loop {
            self.root_best = None;
            let value = self.negamax(&mut s, depth, 0, -INFINITY, INFINITY, &mut stopper);
            iterations += 1;
            if stopper.stopped() {
                // The cut iteration searched the previous best move first: a move it
                // completed and found better is better at this depth too.
                match (best, self.root_best) {
                    (None, Some(m)) => best = Some((m, value, 0)),
                    (Some((old, _, d)), Some(m)) if m != old => best = Some((m, value, d)),
                    _ => {}
                }
                break;
            }
            let Some(mv) = self.root_best else { break };
            let best_changed = best.is_some_and(|(old, _, _)| old != mv);
            best = Some((mv, value, depth));
            self.root_hint = Some(mv);
            if let Some(timer) = &mut self.timer {
                timer.finished(Iteration {
                    best_changed,
                    value,
                });
            }
            // A proven result is final once the search horizon covers it; a longer one may
            // come from the table, and stopping there would let the engine walk in circles
            // between positions that each "win" in the same number of moves.
            let proven_within =
                ply_core::eval::is_proven(value) && (WIN - value.abs()) as u32 <= depth;
            if depth >= max_depth || proven_within {
                break;
            }
            // Do not start an iteration predicted not to finish in the time left. A node
            // budget is spent whole: the iteration it cuts searched the best move so far
            // first and may still find a better one (at 10,000 nodes a move this beat
            // stopping once the next iteration was predicted not to fit by 87.5 % to 80 %
            // against `seed002` on 9x9 and 75 % to 69 % on 7x7, 40 games each), and with
            // a time beside it (the agent's own cap) only the time running out stops it,
            // not a prediction from a slow clock, so a busy machine plays the same moves
            // until the cap. (Helpers go on until the first thread is done.)
            let fits = limits.nodes.is_some() || self.timer.as_ref().is_none_or(|t| t.next_fits());
            if !helper && self.options.iterative && !fits {
                break;
            }
            depth = if self.options.iterative {
                depth + 1
            } else {
                max_depth
            };
        }
        Outcome { best, iterations }
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

/// A number that names `mv` (for the seeded root tie-break).
fn move_code(mv: Move) -> u64 {
    match mv {
        Move::Pawn { to, .. } => 1 + ((to.row as u64) << 8 | to.col as u64),
        Move::Wall(w) => {
            let orientation = matches!(w.orientation, Orientation::Vertical) as u64;
            1 << 20 | orientation << 16 | (w.slot.row as u64) << 8 | w.slot.col as u64
        }
    }
}

/// SplitMix64's finaliser: spreads the bits of `x` over the whole word.
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Whether a wall blocks a step of the path.
fn blocks_path(wall: Wall, path: &PathSteps) -> bool {
    let (c, r) = (wall.slot.col as usize, wall.slot.row as usize);
    path.slots_cutting(wall.orientation, r) >> c & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::RaceEval;

    /// A seed reorders only root moves that the ordering scores alike; 0 keeps generation
    /// order, and below the root the seed changes nothing.
    #[test]
    fn the_root_seed_breaks_ties_only() {
        let state = Quoridor::standard();
        let paths = [0, 1].map(|p: Player| {
            state
                .passages()
                .shortest_path(state.pawn(p), state.goal_row(p))
                .unwrap()
        });
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let ordered = |seed: u64, ply: usize| {
            let agent = AlphaBetaAgent::new(
                "t",
                SearchOptions::strong(Duration::from_millis(20)),
                Arc::new(RaceEval::race()),
            )
            .with_root_seed(seed);
            let (mut moves, mut scores) = (legal.clone(), Vec::new());
            agent.workers[0].order(&state, &mut moves, &mut scores, None, ply, &paths);
            moves
        };
        let plain = ordered(0, 0);
        assert!(matches!(plain[0], Move::Pawn { .. }), "{:?}", plain[0]);
        for seed in [1, 2, 99] {
            let seeded = ordered(seed, 0);
            assert_eq!(seeded[0], plain[0], "the step forward stays first");
            assert_ne!(
                seeded, plain,
                "seed {seed}: walls that score alike are reordered"
            );
            assert_eq!(
                ordered(seed, 1),
                ordered(0, 1),
                "below the root nothing changes"
            );
        }
        assert_ne!(ordered(1, 0), ordered(2, 0));
    }

    /// The filter starts at ply `wide_plies`: before it every legal move is generated.
    #[test]
    fn the_filter_starts_after_the_wide_plies() {
        let mut state = Quoridor::standard();
        state.play_notation("e8").unwrap();
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let paths = [0, 1].map(|p: Player| {
            state
                .passages()
                .shortest_path(state.pawn(p), state.goal_row(p))
                .unwrap()
        });
        for wide in [1, 2, 3] {
            let mut options = SearchOptions::strong(Duration::from_millis(20));
            options.wide_plies = wide;
            let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()));
            agent.workers[0].narrow = true;
            for ply in 0..4 {
                let mut moves = Vec::new();
                agent.workers[0].generate(&state, &mut moves, 5, ply, &paths);
                if (ply as u32) < wide {
                    assert_eq!(moves.len(), legal.len(), "wide {wide}, ply {ply}");
                } else {
                    assert!(moves.len() < legal.len() / 2, "wide {wide}, ply {ply}");
                }
            }
        }
    }

    /// Guard walls cross the slot of a wall that would block the mover's own path; the
    /// plain filter has none of them.
    #[test]
    fn guard_walls_shield_the_movers_path() {
        let mut state = Quoridor::standard();
        state.play_notation("e8").unwrap();
        state.play_notation("e2").unwrap();
        let paths = [0, 1].map(|p: Player| {
            state
                .passages()
                .shortest_path(state.pawn(p), state.goal_row(p))
                .unwrap()
        });
        let filtered = |guard: bool| {
            let mut options = SearchOptions::strong(Duration::from_millis(20));
            options.guard_walls = guard;
            let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()));
            agent.workers[0].narrow = true;
            let mut moves = Vec::new();
            agent.workers[0].generate(&state, &mut moves, 5, 3, &paths);
            moves
        };
        let (plain, guarded) = (filtered(false), filtered(true));
        assert!(plain.iter().all(|m| guarded.contains(m)));
        let extra: Vec<&Move> = guarded.iter().filter(|m| !plain.contains(m)).collect();
        assert!(!extra.is_empty());
        // Each extra wall sits on the slot of a crossing wall that would cut a step of the
        // mover's path.
        let mine = &paths[state.to_move()];
        for &&mv in &extra {
            let Move::Wall(wall) = mv else {
                panic!("only walls are added: {mv:?}")
            };
            let orientation = match wall.orientation {
                Orientation::Horizontal => Orientation::Vertical,
                Orientation::Vertical => Orientation::Horizontal,
            };
            let crossing = Wall {
                orientation,
                ..wall
            };
            let cut = blocked_passages(state.passages(), crossing);
            let breaks_path = (0..state.size())
                .any(|r| mine.up[r] & !cut.up[r] != 0 || mine.right[r] & !cut.right[r] != 0);
            assert!(breaks_path, "{mv:?}");
        }
    }

    /// `Auto` searches every wall, without reductions, up to 7x7, and filters above.
    #[test]
    fn auto_filter_is_full_width_on_small_boards_only() {
        for (size, narrow) in [(3, false), (5, false), (7, false), (9, true), (25, true)] {
            assert_eq!(WallFilter::Auto.narrows(size), narrow, "{size}");
            assert!(WallFilter::NearPaths.narrows(size));
            assert!(!WallFilter::All.narrows(size));
            let mut agent = AlphaBetaAgent::new(
                "t",
                SearchOptions::strong(Duration::from_millis(20)),
                Arc::new(RaceEval::race()),
            );
            let state = Quoridor::new(size, 2).unwrap();
            agent.select(&state, &SearchLimits::nodes(200)).unwrap();
            let worker = &agent.workers[0];
            assert_eq!((worker.narrow, worker.reduce), (narrow, narrow), "{size}");
        }
    }

    /// On a fake clock that moves with the search's work (a tick each time it is read,
    /// every 64 nodes), a timed search starts each iteration predicted to finish in its
    /// budget and stops when the next is not, or when an iteration it started runs out of
    /// time; it never stops at a fixed share of the budget.
    #[test]
    fn a_timed_search_deepens_while_the_next_iteration_fits() {
        use ply_search::deepening::{predict_next, FakeClock};
        let state = Quoridor::new(7, 6).unwrap();
        for budget_ms in [10, 30, 90] {
            let budget = Duration::from_millis(budget_ms);
            let clock = Arc::new(FakeClock::ticking(Duration::from_micros(100)));
            let mut agent = AlphaBetaAgent::new(
                "t",
                SearchOptions::strong(Duration::from_secs(1)),
                Arc::new(RaceEval::race()),
            )
            .with_clock(clock.clone());
            let decision = agent.select(&state, &SearchLimits::time(budget)).unwrap();
            let timer = agent.workers[0].timer.as_ref().unwrap();
            let ends = timer.ends().to_vec();
            let stopped_at = clock.elapsed();
            assert_eq!(ends.len() as u32, decision.depth, "{budget_ms} ms");
            assert!(ends.len() >= 3, "{budget_ms} ms: {ends:?}");
            // Every iteration after the first was predicted to fit when it started.
            for i in 1..ends.len() {
                let predicted = predict_next(&ends[..i]).unwrap();
                assert!(
                    ends[i - 1] + predicted <= budget,
                    "{budget_ms} ms: {ends:?}"
                );
            }
            let last = *ends.last().unwrap();
            let next_fits = last + predict_next(&ends).unwrap() <= budget;
            if next_fits {
                // It started the next one, and the budget cut it.
                assert!(
                    stopped_at >= budget,
                    "{budget_ms} ms: {ends:?}, {stopped_at:?}"
                );
            } else {
                assert!(
                    stopped_at < budget,
                    "{budget_ms} ms: {ends:?}, {stopped_at:?}"
                );
            }
            // Never past the budget by more than one reading of the clock per ply.
            assert!(
                stopped_at <= budget + Duration::from_millis(5),
                "{stopped_at:?}"
            );
        }
    }

    /// A node budget is spent whole on a slow clock too: with the agent's own nodes and
    /// its time cap, the time only cuts an iteration at the cap, and the prediction that
    /// the next iteration would overrun it stops nothing. So the agent's default plays the
    /// same moves on a busy machine as on a quiet one, until the cap.
    #[test]
    fn a_node_budget_is_spent_whole_on_a_slow_clock() {
        use ply_search::deepening::{predict_next, FakeClock};
        let state = Quoridor::new(7, 6).unwrap();
        // The agent's own budget: 1 s and 50,000 nodes, both scaled for the walls in hand.
        let cap = Duration::from_secs(1).mul_f64(wall_scale(&state));
        let search = |tick: Duration| {
            let mut options = SearchOptions::strong(Duration::from_secs(1));
            options.nodes = Some(50_000);
            options.full_width_nodes = None;
            let clock = Arc::new(FakeClock::ticking(tick));
            let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()))
                .with_clock(clock.clone());
            let d = agent.select(&state, &SearchLimits::default()).unwrap();
            let ends = agent.workers[0].timer.as_ref().unwrap().ends().to_vec();
            ((d.mv, d.nodes, d.depth), ends, clock.elapsed())
        };
        // A clock that hardly moves, then one slow enough to spend 90 % of the cap on the
        // same work.
        let (quick, _, reads) = search(Duration::from_nanos(1));
        let (slow, ends, elapsed) = search(cap.mul_f64(0.9) / reads.as_nanos() as u32);
        assert!(elapsed < cap, "{elapsed:?}");
        // Some iteration was predicted to end past the cap, and the next still started.
        assert!(
            (1..ends.len()).any(|i| ends[i] + predict_next(&ends[..=i]).unwrap() > cap),
            "{ends:?}"
        );
        assert_eq!(slow, quick);
    }

    /// The width follows the move's budget: four plies of every wall on a clock or a large
    /// node budget, two on a small one (the agent's own 10,000 nodes) or a depth alone; a
    /// width that is set stays whatever the budget.
    #[test]
    fn the_width_follows_the_budget() {
        let state = Quoridor::standard();
        let width = |options: SearchOptions, limits: &SearchLimits| {
            let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()));
            agent.select(&state, limits).unwrap();
            agent.workers[0].options.wide_plies
        };
        let mut own_nodes = SearchOptions::strong(Duration::from_secs(2));
        own_nodes.nodes = Some(10_000);
        let timed = SearchLimits::time(Duration::from_millis(50));
        // A budget's size decides the width, not how much of it the search spends.
        let shallow = |limits: SearchLimits| SearchLimits {
            depth: Some(2),
            ..limits
        };
        for (limits, wide) in [
            (SearchLimits::default(), 2),
            (timed.clone(), 4),
            (shallow(SearchLimits::nodes(LARGE_BUDGET_NODES - 1)), 2),
            (shallow(SearchLimits::nodes(LARGE_BUDGET_NODES)), 4),
            (SearchLimits::depth(2), 2),
        ] {
            assert_eq!(width(own_nodes.clone(), &limits), wide, "{limits:?}");
        }
        let mut fixed = own_nodes.clone();
        fixed.wide_plies_large_budget = None;
        assert_eq!(width(fixed, &timed), 2);
        // The agent's own time, with no node budget, is a clock too.
        let own_time = SearchOptions::strong(Duration::from_millis(50));
        assert_eq!(width(own_time, &SearchLimits::default()), 4);
    }
}
