//! What the Quoridor search can switch on and off, and the budgets that decide its width.

use std::time::Duration;

use ply_core::SearchLimits;

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
    pub(super) fn narrows(self, size: usize) -> bool {
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
    /// reaches beta, let the opponent move twice, searched [`NULL_MOVE_REDUCTION`](super::NULL_MOVE_REDUCTION) plies
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
