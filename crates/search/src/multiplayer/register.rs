//! The multi-player agents in a game's [`Catalog`]: `paranoid`, `maxn`, `bestreply`.

use ply_core::{Agent, Game, ZobristHash};

use super::bestreply::{BestReply, DefaultMove};
use super::maxn::MaxN;
use super::options::{SearchOptions, DEFAULT_DEPTH, MAX_DEPTH};
use super::paranoid::Paranoid;
use super::value::SumBound;
use crate::spec::{tt_bytes, tt_megabytes, Catalog, KeyInfo, Params, SpecError, TT_KEY};

const COMMON_KEYS: [KeyInfo; 5] = [
    KeyInfo::new(
        "depth",
        "auto",
        "plies to search; auto: the default budget, or up to 64 by iterative deepening when \
         time or nodes is set",
    ),
    KeyInfo::new("time", "none", "time per move, e.g. 750ms or 2s"),
    KeyInfo::new("nodes", "none", "node budget per move"),
    KeyInfo::new(
        "eval",
        "default",
        "evaluator at the horizon (default: the game's own)",
    ),
    KeyInfo::new("order", "none", "move-ordering hook"),
];

const KILLERS_KEY: KeyInfo = KeyInfo::new(
    "killers",
    "true",
    "try the moves that caused cutoffs at the same ply early",
);

const PARANOID_KEYS: [KeyInfo; 7] = [
    COMMON_KEYS[0],
    COMMON_KEYS[1],
    COMMON_KEYS[2],
    COMMON_KEYS[3],
    COMMON_KEYS[4],
    KILLERS_KEY,
    TT_KEY,
];

const MAXN_KEYS: [KeyInfo; 7] = [
    COMMON_KEYS[0],
    COMMON_KEYS[1],
    COMMON_KEYS[2],
    COMMON_KEYS[3],
    COMMON_KEYS[4],
    KeyInfo::new(
        "min-value",
        "none",
        "shallow pruning: no player's value is below this (give max-sum too)",
    ),
    KeyInfo::new(
        "max-sum",
        "none",
        "shallow pruning: the players' values never sum above this (give min-value too)",
    ),
];

const BESTREPLY_KEYS: [KeyInfo; 7] = [
    COMMON_KEYS[0],
    COMMON_KEYS[1],
    COMMON_KEYS[2],
    COMMON_KEYS[3],
    COMMON_KEYS[4],
    KILLERS_KEY,
    KeyInfo::new(
        "default",
        "first",
        "move of the opponents that do not reply: first (in search order) or greedy",
    ),
];

/// The keys every multi-player agent shares, checked; `eval=` and `order=` are resolved
/// against everything the catalog holds when the agent is built.
fn options<G: Game + ZobristHash>(
    catalog: &Catalog<G>,
    params: &Params,
) -> Result<SearchOptions<G>, SpecError> {
    let mut options = SearchOptions::new(catalog.evaluator_for(params)?);
    if let Some(depth) = params.opt_u32("depth")? {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(params.bad_value("depth", "a depth from 1 to 64"));
        }
        options = options.depth(depth);
    }
    if let Some(time) = params.opt_duration("time")? {
        options = options.time(time);
    }
    if let Some(nodes) = params.opt_u64("nodes")? {
        if nodes == 0 {
            return Err(params.bad_value("nodes", "at least 1 node"));
        }
        options = options.nodes(nodes);
    }
    if let Some(ordering) = catalog.ordering_for(params)? {
        options = options.ordering(ordering);
    }
    Ok(options)
}

fn signed(params: &Params, key: &str) -> Result<Option<i64>, SpecError> {
    let text = params.str(key)?.trim();
    if ["", "none", "auto"].contains(&text.to_ascii_lowercase().as_str()) {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| params.bad_value(key, "a whole number such as -1000000 or 0"))
}

fn sum_bound(params: &Params) -> Result<Option<SumBound>, SpecError> {
    match (signed(params, "min-value")?, signed(params, "max-sum")?) {
        (None, None) => Ok(None),
        (Some(min_value), Some(max_sum)) => Ok(Some(SumBound { min_value, max_sum })),
        (Some(_), None) => Err(params.bad_value(
            "max-sum",
            "a bound on the sum of values as well, since min-value is given",
        )),
        (None, Some(_)) => Err(params.bad_value(
            "min-value",
            "a lower bound on each value as well, since max-sum is given",
        )),
    }
}

fn default_move(params: &Params) -> Result<DefaultMove, SpecError> {
    match params.str("default")?.trim().to_ascii_lowercase().as_str() {
        "first" => Ok(DefaultMove::FirstOrdered),
        "greedy" => Ok(DefaultMove::Greedy),
        _ => Err(params.bad_value("default", "first or greedy")),
    }
}

/// Adds `paranoid`, `maxn` and `bestreply` to `catalog` (again: calling it twice replaces
/// the entries). `eval=` and `order=` name any evaluator or ordering the catalog holds when
/// the agent is built, whether added before or after this call.
pub fn register_agents<G: Game + ZobristHash>(catalog: &mut Catalog<G>) {
    catalog.add_catalog_agent(
        "paranoid",
        "multi-player: the others are assumed to play against the root player; alpha-beta",
        &PARANOID_KEYS,
        |catalog, params, _rng_seed| {
            let options = options(catalog, params)?.killers(params.bool("killers")?);
            let megabytes = tt_megabytes(params)?;
            let agent: Box<dyn Agent<G>> =
                Box::new(Paranoid::new(options).table(megabytes as usize));
            Ok(agent)
        },
    );
    catalog.set_table_memory("paranoid", tt_bytes);
    catalog.add_catalog_agent(
        "maxn",
        "multi-player: every player maximises its own value (max-n), optional shallow pruning",
        &MAXN_KEYS,
        |catalog, params, _rng_seed| {
            let mut agent = MaxN::new(options(catalog, params)?);
            if let Some(bound) = sum_bound(params)? {
                agent = agent.shallow_pruning(bound);
            }
            let agent: Box<dyn Agent<G>> = Box::new(agent);
            Ok(agent)
        },
    );
    catalog.add_catalog_agent(
        "bestreply",
        "multi-player: root moves alternate with the single best reply of all opponents (BRS)",
        &BESTREPLY_KEYS,
        |catalog, params, _rng_seed| {
            let options = options(catalog, params)?.killers(params.bool("killers")?);
            let agent = BestReply::new(options).default_move(default_move(params)?);
            let agent: Box<dyn Agent<G>> = Box::new(agent);
            Ok(agent)
        },
    );
    for name in ["paranoid", "maxn", "bestreply"] {
        catalog.set_default_budget(name, &format!("depth={DEFAULT_DEPTH}"));
    }
}
