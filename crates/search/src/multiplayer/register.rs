//! The multi-player agents in a game's [`Catalog`]: `paranoid`, `maxn`, `bestreply`.

use std::sync::Arc;

use ply_core::{Agent, Evaluator, Game, MoveOrdering, ZobristHash};

use super::bestreply::{BestReply, DefaultMove};
use super::maxn::MaxN;
use super::options::{SearchOptions, MAX_DEPTH};
use super::paranoid::Paranoid;
use super::value::SumBound;
use crate::spec::{Catalog, EntryKind, KeyInfo, Params, SpecError};

const COMMON_KEYS: [KeyInfo; 5] = [
    KeyInfo::new(
        "depth",
        "auto",
        "plies to search; auto = 4, or up to 64 by iterative deepening when time or nodes is set",
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

const BESTREPLY_KEYS: [KeyInfo; 6] = [
    COMMON_KEYS[0],
    COMMON_KEYS[1],
    COMMON_KEYS[2],
    COMMON_KEYS[3],
    COMMON_KEYS[4],
    KeyInfo::new(
        "default",
        "first",
        "move of the opponents that do not reply: first (in search order) or greedy",
    ),
];

/// The evaluators and orderings a catalog holds when the agents are registered: a factory
/// cannot reach the catalog later, so it keeps its own handles.
struct Knowledge<G: Game> {
    default_evaluator: Arc<dyn Evaluator<G>>,
    evaluators: Vec<Arc<dyn Evaluator<G>>>,
    orderings: Vec<Arc<dyn MoveOrdering<G>>>,
}

impl<G: Game> Knowledge<G> {
    fn evaluator(&self, params: &Params) -> Result<Arc<dyn Evaluator<G>>, SpecError> {
        let name = params.str("eval")?;
        if name.eq_ignore_ascii_case("default") {
            return Ok(self.default_evaluator.clone());
        }
        self.evaluators
            .iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
            .cloned()
            .ok_or_else(|| SpecError::UnknownName {
                agent: params.agent().to_string(),
                key: "eval".to_string(),
                kind: "evaluator".to_string(),
                value: name.to_string(),
                known: names(self.evaluators.iter().map(|e| e.name())),
            })
    }

    fn ordering(&self, params: &Params) -> Result<Option<Arc<dyn MoveOrdering<G>>>, SpecError> {
        let name = params.str("order")?;
        if name.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        self.orderings
            .iter()
            .find(|o| o.name().eq_ignore_ascii_case(name))
            .cloned()
            .map(Some)
            .ok_or_else(|| SpecError::UnknownName {
                agent: params.agent().to_string(),
                key: "order".to_string(),
                kind: "ordering".to_string(),
                value: name.to_string(),
                known: names(
                    std::iter::once("none").chain(self.orderings.iter().map(|o| o.name())),
                ),
            })
    }

    /// The keys every multi-player agent shares, checked.
    fn options(&self, params: &Params) -> Result<SearchOptions<G>, SpecError> {
        let mut options = SearchOptions::new(self.evaluator(params)?);
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
        if let Some(ordering) = self.ordering(params)? {
            options = options.ordering(ordering);
        }
        Ok(options)
    }
}

fn names<'a>(list: impl Iterator<Item = &'a str>) -> String {
    list.collect::<Vec<_>>().join(", ")
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

/// Adds `paranoid`, `maxn` and `bestreply` to `catalog`.
///
/// Call it after the game's evaluators and orderings are added: the agents can name (with
/// `eval=` and `order=`) those the catalog holds at this moment.
pub fn register_agents<G: Game + ZobristHash>(catalog: &mut Catalog<G>) {
    let knowledge = Arc::new(snapshot(catalog));

    let known = knowledge.clone();
    catalog.add_agent(
        "paranoid",
        "multi-player: the others are assumed to play against the root player; alpha-beta",
        &COMMON_KEYS,
        move |params, _seed| {
            let agent: Box<dyn Agent<G>> = Box::new(Paranoid::new(known.options(params)?));
            Ok(agent)
        },
    );

    let known = knowledge.clone();
    catalog.add_agent(
        "maxn",
        "multi-player: every player maximises its own value (max-n), optional shallow pruning",
        &MAXN_KEYS,
        move |params, _seed| {
            let mut agent = MaxN::new(known.options(params)?);
            if let Some(bound) = sum_bound(params)? {
                agent = agent.shallow_pruning(bound);
            }
            let agent: Box<dyn Agent<G>> = Box::new(agent);
            Ok(agent)
        },
    );

    catalog.add_agent(
        "bestreply",
        "multi-player: root moves alternate with the single best reply of all opponents (BRS)",
        &BESTREPLY_KEYS,
        move |params, _seed| {
            let agent =
                BestReply::new(knowledge.options(params)?).default_move(default_move(params)?);
            let agent: Box<dyn Agent<G>> = Box::new(agent);
            Ok(agent)
        },
    );
}

fn snapshot<G: Game + ZobristHash>(catalog: &Catalog<G>) -> Knowledge<G> {
    let entries = catalog.entries();
    let named = |kind: EntryKind| {
        entries
            .iter()
            .filter(move |e| e.kind == kind)
            .map(|e| e.name.as_str())
    };
    Knowledge {
        default_evaluator: catalog.default_evaluator(),
        evaluators: named(EntryKind::Evaluator)
            .filter_map(|name| catalog.evaluator(name))
            .collect(),
        orderings: named(EntryKind::Ordering)
            .filter_map(|name| catalog.ordering(name))
            .collect(),
    }
}
