//! The named agents of Quoridor and the catalog that builds them from spec strings.
//!
//! | name | what it is |
//! |---|---|
//! | `strongest` (also `default`) | iterative-deepening alpha-beta (table, path-aware ordering, wall filter and reductions above 7x7, full width up to 7x7 and above it for the first four plies on a large budget (a time limit, or 200000 nodes or more), the first two on a smaller one, repetitions as draws), race evaluator with the single-wall threat, its weights fitted to game outcomes (but for `walls-path`, and `walls-far` where the players start with more walls than the board's standard count; on 7x7 with more, weights fitted there); principal variation search and null-move pruning; 10000 nodes a move by default, 100000 up to 7x7; `threads=N` searches on N threads sharing the table (Lazy SMP) |
//! | `strongest-v6` | `strongest` with the weights as fitted (`eval=race-v3`), without null moves and principal variation search, the previous default |
//! | `strongest-v5` | `strongest` with every wall for the first two plies whatever the budget (`wide=2`), the previous default |
//! | `strongest-v4` | `strongest` with every wall for the first three plies (`wide=3`) |
//! | `strongest-v3` | `strongest-v4` with the race's hand-set weights (`wide=3,eval=race-v2`) |
//! | `strongest-v2` | `strongest-v3` with every wall for the first two plies only (`wide=2,eval=race-v2`) |
//! | `strongest-v1` | `strongest` before full width on small boards, before every wall counted and before the full-width reply (`filter=near,eval=race-v1,wide=1`), kept as the baseline |
//! | `seed002` | seed 002's engine: its depth-by-size table with pseudo-depth, its evaluation, generation order |
//! | `seed004-minimax` | seed 004's minimax with alpha-beta, depth 2, its heuristic |
//! | `seed004-expectimax` | seed 004's expectimax, depth 2, its heuristic with the factor 17 |
//! | `seed004-mcts` | seed 004's UCT (c = 0.1 in its √(2 ln N / n) form), uniform random playouts |
//! | `mcts-paths` | UCT with playouts that mostly walk a shortest path |
//!
//! With 3 or 4 players: `strongest` plays best-reply search with [`crate::CrowdRaceEval`];
//! `paranoid`, `maxn`, `bestreply`, `mcts`, `greedy` and `random` play as they are (their
//! default evaluator, `race`, hands such positions to `CrowdRaceEval`); the agents in
//! [`crate::crowd_agents::TWO_PLAYER_ONLY`] are refused by [`build_agent_for`].

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Evaluator, Game};
use ply_search::mcts::RolloutPolicy;
use ply_search::spec::{Catalog, KeyInfo, KeyKind, Params, SpecError};
use ply_search::SearchRng;
use rand::Rng;

use crate::board::Quoridor;
use crate::eval::{Seed002Eval, Seed004Eval};
use crate::geometry::Move;
use crate::goal_paths::distance_to_goal;
use crate::race::{RaceEval, RACE_FEATURES, RACE_FEATURE_NAMES};
use crate::search::{
    table_bytes, AlphaBetaAgent, SearchOptions, WallFilter, MAX_TABLE_BITS, MAX_THREADS,
};

/// The strongest agent's cap on the think time per move when neither the spec nor the
/// caller sets one.
pub const STRONGEST_DEFAULT_TIME: Duration = Duration::from_secs(2);

/// The strongest agent's nodes per move (before the scaling by walls in hand: twice this
/// at the start, half once no walls are left) when neither the spec nor the caller sets a
/// time. Measured on 9x9: 93 of 100 games against seed 002 in about 0.73 of seed 002's
/// time per game; a node budget plays the same game on a busy machine as on a quiet one.
pub const STRONGEST_DEFAULT_NODES: u64 = 10_000;

/// The strongest agent's default nodes per move (scaled by the walls in hand the same way)
/// where its search keeps every wall: on boards up to 7x7 (`filter=auto`) each iteration
/// costs several times the nodes it costs under the filter. On 7x7 with 6 walls each,
/// against the `seed002` agent from random 2-ply openings, 40 games each: 10,000 nodes won
/// 80 %, 30,000 92.5 % (in 81 ms a move against seed 002's 20 ms), 100,000 92.5 %. Over 100
/// games a cell (`--seed 101`, the evaluation of [`RaceEval::race`]), 30,000 against
/// 100,000: 5x5 with 3 walls 62 % against 69 %, with 6 75.5 % against 85.5 %; 7x7 with 3
/// 76 % against 81 %, with 6 92 % against 91 %, with 12 86 % against 85.5 % (there 104,000
/// nodes a move at depth 7.7 in 231 ms, at load 5). 300,000 gained nothing on 5x5 (67 % and
/// 85 %).
pub const STRONGEST_FULL_WIDTH_NODES: u64 = 100_000;

const TIME_KEY: KeyInfo = KeyInfo::new("time", "none", "time per move, e.g. 750ms or 2s");

const STRONGEST_KEYS: &[KeyInfo] = &[
    KeyInfo::new(
        "time",
        "2s",
        "time per move, scaled by the walls in hand (the caller's limit replaces it)",
    ),
    KeyInfo::new(
        "nodes",
        "auto",
        "nodes per move, scaled by the walls in hand; auto: 10000 (100000 where every wall \
         is searched: up to 7x7) unless a time is given, none: time only (a caller's time \
         limit replaces it)",
    ),
    KeyInfo::new("depth", "64", "deepest iteration"),
    KeyInfo::new("eval", "race", "evaluator at the horizon"),
    KeyInfo::new(
        "filter",
        "auto",
        "below the root, which walls to search: near (only walls that touch a shortest path \
         or the opponent; also true), all (every wall; also false), auto (all, without \
         reductions, up to 7x7; near above)",
    ),
    KeyInfo::new(
        "wide",
        "auto",
        "plies from the root that search every wall before the filter applies, 1 to 64; \
         auto: 4 on a large budget (a time limit, or 200000 nodes a move or more), 2 on a \
         smaller one",
    ),
    KeyInfo::new(
        "reduce",
        "true",
        "below the root, search late walls with no race gain a ply shallower first",
    ),
    KeyInfo::new(
        "rfrom",
        "1",
        "the first ply whose late walls may be reduced, 1 to 64; wide: where the filter \
         starts (with wide=auto, where it starts on a small budget)",
    ),
    KeyInfo::new(
        "guard",
        "false",
        "where the filter applies, also walls that guard the mover's own path",
    ),
    KeyInfo::new(
        "pvs",
        "true",
        "principal variation search: moves after a node's first get a null window first",
    ),
    KeyInfo::new(
        "null",
        "true",
        "null-move pruning off the principal variation (a pass searched 3 plies shallower)",
    ),
    KeyInfo::new(
        "weights",
        "none",
        "the race's weights instead of eval=, one integer per feature joined by / (ply tune \
         quoridor prints them)",
    ),
    KeyInfo::new(
        "tt",
        "20",
        "log2 of the transposition table's entries; 0 for none",
    )
    .of_kind(KeyKind::Memory),
    KeyInfo::new(
        "threads",
        "1",
        "search threads sharing one table (Lazy SMP), 1 to 64; auto: one per core",
    )
    .of_kind(KeyKind::Threads),
    KeyInfo::new(
        "pseudo",
        "false",
        "seed 002's pseudo-ply: at each horizon only pawn moves and walls by the opponent",
    ),
];

const SEED002_KEYS: &[KeyInfo] = &[
    KeyInfo::new(
        "depth",
        "auto",
        "plies; auto = seed 002's table by board size",
    ),
    TIME_KEY,
];

/// Seed 002's engine: alpha-beta at its depth-by-size table with pseudo-depth, seed 002's
/// evaluation, moves in generation order.
pub fn seed002() -> Box<dyn Agent<Quoridor>> {
    Box::new(AlphaBetaAgent::new(
        "seed002",
        SearchOptions::seed002(),
        Arc::new(Seed002Eval),
    ))
}

/// The strongest engine with its default settings: [`STRONGEST_DEFAULT_NODES`] per move
/// (scaled by the walls in hand), at most [`STRONGEST_DEFAULT_TIME`]; a caller's time limit
/// replaces both. `seed` only breaks ties between root moves the ordering scores alike (0:
/// none), so a referee's `-seed` gives different games against a deterministic opponent.
pub fn strongest(seed: u64) -> Box<dyn Agent<Quoridor>> {
    let mut options = SearchOptions::strong(STRONGEST_DEFAULT_TIME);
    options.nodes = Some(STRONGEST_DEFAULT_NODES);
    options.full_width_nodes = Some(STRONGEST_FULL_WIDTH_NODES);
    Box::new(
        AlphaBetaAgent::new("strongest", options, Arc::new(RaceEval::race())).with_root_seed(seed),
    )
}

/// Playouts that mostly walk a shortest path: with probability 3/4 the pawn step that
/// brings the mover nearest its goal, otherwise any legal move.
#[derive(Debug, Clone, Copy, Default)]
pub struct PathRollout;

impl RolloutPolicy<Quoridor> for PathRollout {
    fn name(&self) -> &str {
        "paths"
    }

    fn choose(&self, state: &Quoridor, moves: &[Move], rng: &mut SearchRng) -> Move {
        if rng.random_range(0..4) != 0 {
            let me = state.to_move();
            let goal = state.goal(me);
            let best = moves
                .iter()
                .filter_map(|&m| match m {
                    Move::Pawn { to, .. } => {
                        distance_to_goal(state.passages(), to, goal).map(|d| (d, m))
                    }
                    Move::Wall(_) => None,
                })
                .min_by_key(|&(d, _)| d);
            if let Some((_, m)) = best {
                return m;
            }
        }
        moves[rng.random_range(0..moves.len())]
    }
}

fn strongest_from(
    catalog: &Catalog<Quoridor>,
    p: &Params,
    seed: u64,
) -> Result<Box<dyn Agent<Quoridor>>, SpecError> {
    let mut options = SearchOptions::strong(p.duration("time")?);
    options.depth = p.u32("depth")?.max(1);
    let given = |key: &str| p.given().iter().any(|(k, _)| k == key);
    let auto_nodes = if given("nodes") {
        p.str("nodes")?.trim().eq_ignore_ascii_case("auto")
    } else {
        !given("time")
    };
    if auto_nodes {
        options.nodes = Some(STRONGEST_DEFAULT_NODES);
        options.full_width_nodes = Some(STRONGEST_FULL_WIDTH_NODES);
    } else if given("nodes") {
        options.nodes = p.opt_u64("nodes")?;
    }
    options.wall_filter = match p.str("filter")?.trim().to_ascii_lowercase().as_str() {
        "auto" => WallFilter::Auto,
        "near" | "true" => WallFilter::NearPaths,
        "all" | "false" => WallFilter::All,
        _ => return Err(p.bad_value("filter", "auto, near (or true) or all (or false)")),
    };
    if !p.str("wide")?.trim().eq_ignore_ascii_case("auto") {
        options.wide_plies = plies(p, "wide", "a number of plies, 1 to 64, or auto")?;
        options.wide_plies_large_budget = None;
    }
    options.pseudo_depth = p.bool("pseudo")?;
    options.reductions = p.bool("reduce")?;
    options.guard_walls = p.bool("guard")?;
    options.pvs = p.bool("pvs")?;
    options.null_move = p.bool("null")?;
    options.reduce_from = if p.str("rfrom")?.trim().eq_ignore_ascii_case("wide") {
        options.wide_plies
    } else {
        plies(p, "rfrom", "a ply, 1 to 64, or wide")?
    };
    options.table_bits = table_bits(p)?;
    options.threads = threads(p)?;
    let name = if p.given().is_empty() {
        "strongest".to_string()
    } else {
        let keys: Vec<String> = p.given().iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("strongest:{}", keys.join(","))
    };
    let eval: Arc<dyn Evaluator<Quoridor>> = match p.str("weights")?.trim() {
        "none" => catalog.evaluator_for(p)?,
        text => Arc::new(RaceEval::with_weights(race_weights(p, text)?)),
    };
    Ok(Box::new(
        AlphaBetaAgent::new(&name, options, eval).with_root_seed(seed),
    ))
}

/// The `weights` key of `strongest`: one integer per race feature, joined by `/`.
fn race_weights(p: &Params, text: &str) -> Result<[i32; RACE_FEATURES], SpecError> {
    let expected = format!(
        "{RACE_FEATURES} integers joined by / ({}), each within ±100000",
        RACE_FEATURE_NAMES.join(", ")
    );
    let numbers: Option<Vec<i32>> = text
        .split('/')
        .map(|w| w.trim().parse::<i32>().ok().filter(|n| n.abs() <= 100_000))
        .collect();
    numbers
        .and_then(|n| <[i32; RACE_FEATURES]>::try_from(n).ok())
        .ok_or_else(|| p.bad_value("weights", &expected))
}

/// The `tt` key of `strongest`, checked: log2 of the table's entries, 0 to
/// [`MAX_TABLE_BITS`] (larger tables would take gigabytes).
fn table_bits(p: &Params) -> Result<u32, SpecError> {
    let bits = p.u32("tt")?;
    if bits > MAX_TABLE_BITS {
        return Err(p.bad_value(
            "tt",
            &format!("log2 of the table's entries, 0 to {MAX_TABLE_BITS}"),
        ));
    }
    Ok(bits)
}

/// A ply count from 1 to 64 under `key`; anything else (a word, a negative or a number
/// too large for any parser) is refused with `expected`.
fn plies(p: &Params, key: &str, expected: &str) -> Result<u32, SpecError> {
    match p.str(key)?.trim().parse::<u32>() {
        Ok(n @ 1..=64) => Ok(n),
        _ => Err(p.bad_value(key, expected)),
    }
}

/// The `threads` key of `strongest`: 1 to [`MAX_THREADS`], or `auto` for one per core.
fn threads(p: &Params) -> Result<usize, SpecError> {
    let text = p.str("threads")?.trim().to_ascii_lowercase();
    if text == "auto" {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        return Ok(cores.min(MAX_THREADS));
    }
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(p.bad_value(
            "threads",
            &format!("a number of threads, 1 to {MAX_THREADS}, or auto"),
        )),
    }
}

/// Every Quoridor agent, evaluator and preset, by name. The default evaluator is `race`;
/// the default agent is `strongest` (also reachable as `default`).
pub fn catalog() -> Catalog<Quoridor> {
    let mut catalog = Catalog::generic(Arc::new(RaceEval::race()));
    catalog.add_evaluator(Arc::new(Seed002Eval));
    catalog.add_evaluator(Arc::new(RaceEval::dead()));
    catalog.add_evaluator(Arc::new(RaceEval::v1()));
    catalog.add_evaluator(Arc::new(RaceEval::v3()));
    catalog.add_evaluator(Arc::new(RaceEval::v2()));
    catalog.add_evaluator(Arc::new(Seed004Eval { expectimax: false }));
    catalog.add_evaluator(Arc::new(Seed004Eval { expectimax: true }));
    catalog.add_rollout(Arc::new(PathRollout));
    catalog.add_catalog_agent(
        "strongest",
        "iterative-deepening alpha-beta (table, path-aware ordering; wall filter and reductions above 7x7, every wall up to 7x7), race and wall-threat evaluation, null moves; 10000 nodes a move (100000 up to 7x7) unless a time is given",
        STRONGEST_KEYS,
        strongest_from,
    );
    catalog.add_agent(
        "seed002",
        "seed 002's engine: depth by board size with pseudo-depth, its 1/0.6/0.8 evaluation",
        SEED002_KEYS,
        |p, _seed| {
            let mut options = SearchOptions::seed002();
            if let Some(depth) = p.opt_u32("depth")? {
                options.depth_by_size = false;
                options.pseudo_depth = false;
                options.depth = depth.max(1);
            }
            options.time = p.opt_duration("time")?;
            Ok(Box::new(AlphaBetaAgent::new(
                "seed002",
                options,
                Arc::new(Seed002Eval),
            )))
        },
    );
    catalog.add_preset("default", "the strongest engine", "strongest");
    catalog.add_preset(
        "strongest-v1",
        "the strongest engine as it was before full-width search on small boards, before \
         every wall in hand counted and before the full-width first reply: the wall filter on \
         every board from ply 1, walls above 10 worth nothing (kept so each change is \
         measured against it)",
        "strongest:filter=near,eval=race-v1,wide=1",
    );
    catalog.add_preset(
        "strongest-v2",
        "the strongest engine as it was before its third full-width ply: every wall at the \
         root and the opponent's first reply, the filter from ply 2 (the QTP default that won \
         16 of 20 against gorisanson's MCTS at 20,000 rollouts)",
        "strongest:wide=2,eval=race-v2",
    );
    catalog.add_preset(
        "strongest-v3",
        "the strongest engine as it was before its evaluation's weights were fitted to game \
         outcomes: race-v2's hand-set weights (the QTP default that won 17 of 20 against \
         gorisanson's MCTS at 20,000 rollouts)",
        "strongest:wide=3,eval=race-v2",
    );
    catalog.add_preset(
        "strongest-v4",
        "the strongest engine as it was before its filter came back to the third ply: every \
         wall for the first three plies, the fitted weights (the QTP default that won 18 of 20 \
         against gorisanson's MCTS at 20,000 rollouts and 17 of 20 at 60,000, but 1 of 5 as \
         white against seed 002's engine on 9x9)",
        "strongest:wide=3",
    );
    catalog.add_preset(
        "strongest-v6",
        "the strongest engine as it was before it dropped walls-path from its evaluation and \
         searched with null moves and principal variation search: the weights as fitted \
         (the QTP default that won 19 of 20 against gorisanson's MCTS at 20,000 rollouts on \
         a 16 s/size clock, but lost 13 of 20 to the seed002 agent on 9x9 with 20 walls)",
        "strongest:eval=race-v3,null=false,pvs=false",
    );
    catalog.add_preset(
        "strongest-v5",
        "the strongest engine as it was before its width followed the budget: every wall for \
         the first two plies on any budget (the QTP default that won 18 of 20 against \
         gorisanson's MCTS at 20,000 rollouts on a 9 s/size clock, but 7 of 13 at 60,000)",
        "strongest:wide=2",
    );
    catalog.add_preset(
        "seed004-minimax",
        "seed 004's minimax with alpha-beta: depth 2, its path heuristic",
        "alphabeta:depth=2,eval=seed004,tt=0,id=false,pvs=false,killers=false,history=false",
    );
    catalog.add_preset(
        "seed004-expectimax",
        "seed 004's expectimax: depth 2, its heuristic with the opponent's path weighed 17x",
        "expectimax:depth=2,eval=seed004-expectimax",
    );
    catalog.add_preset(
        "seed004-mcts",
        "seed 004's UCT: c = 0.1·√2 in this library's form, uniform random playouts",
        "mcts:c=0.141,solver=false,iterations=1000",
    );
    catalog.add_preset(
        "mcts-paths",
        "UCT with playouts that mostly step along a shortest path",
        "mcts:c=0.5,rollout=paths,time=2s",
    );
    // What `strongest`'s table and evaluation cache take, so a server can cap it; `seed002`
    // has no table, but its move lists take a megabyte or so.
    catalog.set_table_memory("strongest", |p| {
        Ok(table_bytes(table_bits(p)?, threads(p)?))
    });
    let seed002 = SearchOptions::seed002();
    let seed002_bytes = table_bytes(seed002.table_bits, seed002.threads);
    catalog.set_table_memory("seed002", move |_| Ok(seed002_bytes));
    catalog
}

/// Builds an agent from its spec for a game of `players` players, refusing the agents that
/// only play two ([`crate::crowd_agents::check_players`]).
pub fn build_agent_for(
    spec: &str,
    rng_seed: u64,
    players: usize,
) -> Result<Box<dyn Agent<Quoridor>>, String> {
    crate::crowd_agents::check_players(spec, players)?;
    build_agent(spec, rng_seed)
}

/// Builds an agent from its spec (`strongest`, `seed002`, `mcts:time=1s`, …) with
/// `rng_seed` for its randomness.
pub fn build_agent(spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<Quoridor>>, String> {
    let spec = if spec.trim().is_empty() {
        "strongest"
    } else {
        spec
    };
    catalog().build(spec, rng_seed).map_err(|e| e.to_string())
}
