//! The agent catalog of one game: spec strings (`alphabeta:depth=9,order=center`) in,
//! agents out.
//!
//! ```
//! use std::sync::Arc;
//! use ply_core::{Agent, SearchLimits};
//! use ply_search::spec::Catalog;
//! use ply_tictactoe::{CenterCornerOrdering, LineCount, TicTacToe};
//!
//! let mut catalog = Catalog::generic(Arc::new(LineCount));
//! catalog.add_ordering(Arc::new(CenterCornerOrdering));
//! catalog.add_preset("perfect", "searches to the end", "alphabeta:depth=9,order=center-corner");
//! let mut agent = catalog.build("perfect:tt=1", 7).unwrap();
//! let decision = agent.select(&TicTacToe::new(), &SearchLimits::none()).unwrap();
//! assert_eq!(decision.value, 0.0);
//! let err = catalog.build("alphabeta:dept=3", 7).err().unwrap().to_string();
//! assert!(err.contains("'dept'") && err.contains("depth"));
//! ```

mod error;
mod params;
mod parse;
mod timed;

use std::sync::Arc;

use ply_core::eval::{HashNoise, Zero};
use ply_core::{Agent, Evaluator, Game, MoveOrdering, ZobristHash};

pub use error::SpecError;
pub use params::{parse_duration, KeyInfo, KeyKind, Params};
pub use parse::{parse_spec, ParsedSpec};
pub use timed::{format_duration, TimedSpec};

use crate::alphabeta::AlphaBeta;
use crate::expectimax::Expectimax;
use crate::greedy::Greedy;
use crate::mcts::{Mcts, RolloutPolicy, UniformRollout};
use crate::minimax::Minimax;
use crate::random::RandomAgent;

/// Builds an agent from its checked settings and a random seed.
pub type AgentFactory<G> =
    dyn Fn(&Params, u64) -> Result<Box<dyn Agent<G>>, SpecError> + Send + Sync;

/// The bytes an agent's tables would take, from its checked settings, without building it
/// (see [`Catalog::set_table_memory`]). A setting outside its bound is the same error the
/// build would give.
pub type TableMemory = dyn Fn(&Params) -> Result<u64, SpecError> + Send + Sync;

/// What a catalog line describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Agent,
    Preset,
    Evaluator,
    Ordering,
    Rollout,
}

/// One line of `ply list`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    pub name: String,
    pub kind: EntryKind,
    pub description: String,
    /// The keys it accepts (a preset accepts its agent's keys).
    pub keys: Vec<KeyInfo>,
    /// The values a preset gives its agent's keys (through any chain of presets); empty
    /// for everything else.
    pub settings: Vec<(String, String)>,
    /// What an agent (or a preset) searches a move when neither its spec nor the command
    /// sets a limit (see [`Catalog::set_default_budget`]); `None` when its own keys always
    /// bound it or it does not search.
    pub budget: Option<String>,
}

impl CatalogEntry {
    /// The value a key takes when the entry is used as it is: the preset's setting, else the
    /// key's default.
    pub fn value_of<'a>(&'a self, key: &'a KeyInfo) -> &'a str {
        self.settings
            .iter()
            .find(|(k, _)| k == key.key)
            .map_or(key.default, |(_, v)| v.as_str())
    }
}

/// The generic agents the catalog builds itself (they need its evaluators and orderings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Generic {
    Minimax,
    AlphaBeta,
    Expectimax,
    Mcts,
    Greedy,
    Random,
}

/// Builds an agent from the catalog it is in (to look up `eval=`, `order=` names at build
/// time), its checked settings and a random seed.
pub type CatalogAgentFactory<G> =
    dyn Fn(&Catalog<G>, &Params, u64) -> Result<Box<dyn Agent<G>>, SpecError> + Send + Sync;

enum Build<G: Game> {
    Generic(Generic),
    Factory(Box<AgentFactory<G>>),
    CatalogFactory(Box<CatalogAgentFactory<G>>),
}

struct AgentEntry<G: Game> {
    name: String,
    description: String,
    keys: Vec<KeyInfo>,
    build: Build<G>,
    /// What its tables take; `None`: it allocates none worth counting.
    memory: Option<Arc<TableMemory>>,
    /// Its default budget, as settings (`depth=6`).
    budget: Option<String>,
}

struct Preset {
    name: String,
    description: String,
    spec: String,
}

const EVAL_KEY: KeyInfo = KeyInfo::new(
    "eval",
    "default",
    "evaluator at the horizon (default: the game's own)",
);
const TIME_KEY: KeyInfo = KeyInfo::new("time", "none", "time per move, e.g. 750ms or 2s");

/// The keys that limit a search. A spec that sets none of them (or sets them to `auto` or
/// `none`), run with no limit from the command either, searches its agent's default budget.
pub const LIMIT_KEYS: [&str; 5] = ["depth", "time", "nodes", "iterations", "sims"];

const MINIMAX_KEYS: &[KeyInfo] = &[
    KeyInfo::new("depth", "4", "plies to search"),
    EVAL_KEY,
    TIME_KEY,
];
const ALPHABETA_KEYS: &[KeyInfo] = &[
    KeyInfo::new(
        "depth",
        "auto",
        "plies to search; auto: the default budget, or unbounded when time or nodes is set",
    ),
    TIME_KEY,
    KeyInfo::new("nodes", "none", "node budget per move"),
    EVAL_KEY,
    KeyInfo::new("order", "none", "move-ordering hook"),
    TT_KEY,
    KeyInfo::new("id", "true", "iterative deepening"),
    KeyInfo::new("pvs", "true", "principal-variation search"),
    KeyInfo::new("killers", "true", "killer-move ordering"),
    KeyInfo::new("history", "true", "history-heuristic ordering"),
];
const EXPECTIMAX_KEYS: &[KeyInfo] = &[
    KeyInfo::new("depth", "3", "plies to search"),
    EVAL_KEY,
    TIME_KEY,
];
const MCTS_KEYS: &[KeyInfo] = &[
    KeyInfo::new(
        "iterations",
        "auto",
        "playouts per move; auto: the default budget unless time is set",
    ),
    TIME_KEY,
    KeyInfo::new(
        "c",
        "1.414",
        "UCT exploration constant: mean + c·sqrt(ln N / n)",
    ),
    KeyInfo::new("solver", "true", "prove wins and losses (MCTS-solver)"),
    KeyInfo::new("rollout", "uniform", "playout policy"),
];
const GREEDY_KEYS: &[KeyInfo] = &[EVAL_KEY];

/// The largest table the `tt` key of the searches (`alphabeta`, `paranoid`) accepts, in MB
/// (MiB: 2^20 bytes). Its help line in [`TT_KEY`] states it.
pub const MAX_TABLE_MB: u64 = 1024;

/// The `tt` key of the searches with a transposition table, bounded by [`MAX_TABLE_MB`].
pub const TT_KEY: KeyInfo = KeyInfo::new(
    "tt",
    "16",
    "transposition table size in MB, 0 to 1024; 0 for none",
)
.of_kind(KeyKind::Memory);

/// What `tt` expects, for the error that refuses a value outside it.
const TT_RULE: &str = "a whole number of MB from 0 to 1024 (the table size)";

/// The `tt` key of `params`, checked against [`MAX_TABLE_MB`]: a
/// [`SpecError::BadValue`] naming the agent, the key, the value and the range otherwise.
pub fn tt_megabytes(params: &Params) -> Result<u64, SpecError> {
    let megabytes = params
        .u64("tt")
        .map_err(|_| params.bad_value("tt", TT_RULE))?;
    if megabytes > MAX_TABLE_MB {
        return Err(params.bad_value("tt", TT_RULE));
    }
    Ok(megabytes)
}

/// The bytes a `tt` table takes at most: its size in MB, 2^20 bytes each (the table rounds
/// down to a power-of-two number of buckets).
pub fn tt_bytes(params: &Params) -> Result<u64, SpecError> {
    Ok(tt_megabytes(params)? << 20)
}

/// The agents, evaluators, move orderings, rollout policies and presets of one game.
pub struct Catalog<G: Game> {
    agents: Vec<AgentEntry<G>>,
    presets: Vec<Preset>,
    default_eval: Arc<dyn Evaluator<G>>,
    evaluators: Vec<Arc<dyn Evaluator<G>>>,
    orderings: Vec<Arc<dyn MoveOrdering<G>>>,
    rollouts: Vec<Arc<dyn RolloutPolicy<G>>>,
}

fn replace_or_push<T>(items: &mut Vec<T>, item: T, same: impl Fn(&T) -> bool) {
    match items.iter().position(same) {
        Some(i) => items[i] = item,
        None => items.push(item),
    }
}

impl<G: Game + ZobristHash> Catalog<G> {
    /// The generic agents (minimax, alphabeta, expectimax, mcts, greedy, random, and the
    /// multi-player paranoid, maxn, bestreply), with `default_eval` as the evaluator when a
    /// spec names none. The evaluators `zero` and `hash-noise` (±100) and the `uniform`
    /// rollout policy are always there too.
    pub fn generic(default_eval: Arc<dyn Evaluator<G>>) -> Self {
        let mut catalog = Catalog {
            agents: Vec::new(),
            presets: Vec::new(),
            default_eval: default_eval.clone(),
            evaluators: Vec::new(),
            orderings: Vec::new(),
            rollouts: vec![Arc::new(UniformRollout)],
        };
        catalog.add_evaluator(default_eval);
        catalog.add_evaluator(Arc::new(Zero));
        catalog.add_evaluator(Arc::new(HashNoise { spread: 100 }));
        let generic: [(&str, &str, &[KeyInfo], Generic); 6] = [
            (
                "minimax",
                "plain depth-limited minimax (the reference)",
                MINIMAX_KEYS,
                Generic::Minimax,
            ),
            (
                "alphabeta",
                "alpha-beta: iterative deepening, table, PVS, killers, history",
                ALPHABETA_KEYS,
                Generic::AlphaBeta,
            ),
            (
                "expectimax",
                "maximises its own moves, averages the opponents' (seed 004)",
                EXPECTIMAX_KEYS,
                Generic::Expectimax,
            ),
            (
                "mcts",
                "Monte Carlo tree search (UCT, MCTS-solver)",
                MCTS_KEYS,
                Generic::Mcts,
            ),
            (
                "greedy",
                "best move one ply ahead; ties broken at random (seeded)",
                GREEDY_KEYS,
                Generic::Greedy,
            ),
            (
                "random",
                "a uniformly random legal move (seeded)",
                &[],
                Generic::Random,
            ),
        ];
        for (name, description, keys, kind) in generic {
            catalog.agents.push(AgentEntry {
                name: name.to_string(),
                description: description.to_string(),
                keys: keys.to_vec(),
                build: Build::Generic(kind),
                memory: (kind == Generic::AlphaBeta)
                    .then(|| Arc::new(tt_bytes) as Arc<TableMemory>),
                budget: None,
            });
        }
        // The default budgets are the searches' own, stated where each search applies them;
        // minimax and expectimax always have a depth, greedy and random do not search.
        let alphabeta = format!("depth={}", crate::alphabeta::DEFAULT_DEPTH);
        catalog.set_default_budget("alphabeta", &alphabeta);
        let mcts = format!("iterations={}", crate::mcts::DEFAULT_ITERATIONS);
        catalog.set_default_budget("mcts", &mcts);
        crate::multiplayer::register_agents(&mut catalog);
        catalog
    }

    /// Like [`Catalog::add_agent`], but the factory also gets the catalog, so it can resolve
    /// `eval=` and `order=` with [`Catalog::evaluator_for`] and [`Catalog::ordering_for`]
    /// against everything added, before or after this agent.
    pub fn add_catalog_agent(
        &mut self,
        name: &str,
        description: &str,
        keys: &[KeyInfo],
        factory: impl Fn(&Catalog<G>, &Params, u64) -> Result<Box<dyn Agent<G>>, SpecError>
            + Send
            + Sync
            + 'static,
    ) {
        let entry = AgentEntry {
            name: name.to_ascii_lowercase(),
            description: description.to_string(),
            keys: keys.to_vec(),
            build: Build::CatalogFactory(Box::new(factory)),
            memory: None,
            budget: None,
        };
        replace_or_push(&mut self.agents, entry, |a| {
            a.name.eq_ignore_ascii_case(name)
        });
    }

    /// Builds an agent from `NAME[:key=value,...]` (an agent or a preset), with `rng_seed`
    /// for its randomness. (`seed001`… in agent names are source reports, not random seeds.)
    pub fn build(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, SpecError> {
        let (entry, params) = self.checked(spec)?;
        match &entry.build {
            Build::Factory(factory) => factory(&params, rng_seed),
            Build::CatalogFactory(factory) => factory(self, &params, rng_seed),
            Build::Generic(kind) => self.build_generic(*kind, &params, rng_seed),
        }
    }

    /// Builds an agent as [`Catalog::build`] does and checks that it can play `start`'s
    /// game and variant ([`Agent::fits`]): what front ends call once they know the game.
    pub fn build_for(
        &self,
        spec: &str,
        rng_seed: u64,
        start: &G,
    ) -> Result<Box<dyn Agent<G>>, SpecError> {
        let mut agent = self.build(spec, rng_seed)?;
        agent.fits(start).map_err(|message| SpecError::Agent {
            agent: parse_spec(spec, "")
                .map(|s| s.name)
                .unwrap_or_else(|_| spec.to_string()),
            message,
        })?;
        Ok(agent)
    }

    fn build_generic(
        &self,
        kind: Generic,
        params: &Params,
        rng_seed: u64,
    ) -> Result<Box<dyn Agent<G>>, SpecError> {
        Ok(match kind {
            Generic::Minimax => {
                let depth = Self::depth_at_least_one(params, params.u32("depth")?)?;
                let mut agent = Minimax::new(self.evaluator_for(params)?).depth(depth);
                if let Some(time) = params.opt_duration("time")? {
                    agent = agent.time(time);
                }
                Box::new(agent)
            }
            Generic::Expectimax => {
                let depth = Self::depth_at_least_one(params, params.u32("depth")?)?;
                let mut agent = Expectimax::new(self.evaluator_for(params)?).depth(depth);
                if let Some(time) = params.opt_duration("time")? {
                    agent = agent.time(time);
                }
                Box::new(agent)
            }
            Generic::AlphaBeta => {
                let mut agent = AlphaBeta::new(self.evaluator_for(params)?)
                    .iterative_deepening(params.bool("id")?)
                    .pvs(params.bool("pvs")?)
                    .killers(params.bool("killers")?)
                    .history(params.bool("history")?);
                if let Some(depth) = params.opt_u32("depth")? {
                    agent = agent.depth(Self::depth_at_least_one(params, depth)?);
                }
                if let Some(time) = params.opt_duration("time")? {
                    agent = agent.time(time);
                }
                if let Some(nodes) = params.opt_u64("nodes")? {
                    agent = agent.nodes(nodes);
                }
                if let Some(ordering) = self.ordering_for(params)? {
                    agent = agent.ordering(ordering);
                }
                let megabytes = tt_megabytes(params)?;
                if megabytes == 0 {
                    Box::new(agent)
                } else {
                    Box::new(agent.table(megabytes as usize))
                }
            }
            Generic::Mcts => {
                let c = params.f64("c")?;
                if c < 0.0 {
                    return Err(params.bad_value("c", "a number ≥ 0 such as 2 or 1.41"));
                }
                let mut agent = Mcts::new(rng_seed)
                    .exploration(c)
                    .solver(params.bool("solver")?)
                    .rollout(self.rollout_for(params)?);
                if let Some(iterations) = params.opt_u64("iterations")? {
                    if iterations == 0 {
                        return Err(params.bad_value("iterations", "at least 1 playout"));
                    }
                    agent = agent.iterations(iterations);
                }
                if let Some(time) = params.opt_duration("time")? {
                    agent = agent.time(time);
                }
                Box::new(agent)
            }
            Generic::Greedy => Box::new(Greedy::new(self.evaluator_for(params)?, rng_seed)),
            Generic::Random => Box::new(RandomAgent::new(rng_seed)),
        })
    }
}

impl<G: Game> Catalog<G> {
    /// Adds (or replaces, by name) an evaluator that specs pick with `eval=NAME`.
    pub fn add_evaluator(&mut self, ev: Arc<dyn Evaluator<G>>) {
        let name = ev.name().to_ascii_lowercase();
        replace_or_push(&mut self.evaluators, ev, |e| {
            e.name().eq_ignore_ascii_case(&name)
        });
    }

    /// Adds (or replaces, by name) a move ordering that specs pick with `order=NAME`.
    pub fn add_ordering(&mut self, ord: Arc<dyn MoveOrdering<G>>) {
        let name = ord.name().to_ascii_lowercase();
        replace_or_push(&mut self.orderings, ord, |o| {
            o.name().eq_ignore_ascii_case(&name)
        });
    }

    /// Adds (or replaces, by name) a playout policy that specs pick with `rollout=NAME`.
    pub fn add_rollout(&mut self, policy: Arc<dyn RolloutPolicy<G>>) {
        let name = policy.name().to_ascii_lowercase();
        replace_or_push(&mut self.rollouts, policy, |r| {
            r.name().eq_ignore_ascii_case(&name)
        });
    }

    /// A named alias of a spec; keys given by the user override the preset's.
    pub fn add_preset(&mut self, name: &str, description: &str, spec: &str) {
        let preset = Preset {
            name: name.to_ascii_lowercase(),
            description: description.to_string(),
            spec: spec.to_string(),
        };
        replace_or_push(&mut self.presets, preset, |p| {
            p.name.eq_ignore_ascii_case(name)
        });
    }

    /// A game-specific agent; `factory` gets the checked settings and the rng_seed.
    pub fn add_agent(
        &mut self,
        name: &str,
        description: &str,
        keys: &[KeyInfo],
        factory: impl Fn(&Params, u64) -> Result<Box<dyn Agent<G>>, SpecError> + Send + Sync + 'static,
    ) {
        let entry = AgentEntry {
            name: name.to_ascii_lowercase(),
            description: description.to_string(),
            keys: keys.to_vec(),
            build: Build::Factory(Box::new(factory)),
            memory: None,
            budget: None,
        };
        replace_or_push(&mut self.agents, entry, |a| {
            a.name.eq_ignore_ascii_case(name)
        });
    }

    /// Declares what the tables of agent `name` take, from its checked settings (the
    /// generic `alphabeta` and `paranoid` declare theirs: `tt` MB). An agent added or
    /// replaced later starts with none declared, so declare after adding it. Returns
    /// whether `name` is an agent of the catalog.
    pub fn set_table_memory(
        &mut self,
        name: &str,
        memory: impl Fn(&Params) -> Result<u64, SpecError> + Send + Sync + 'static,
    ) -> bool {
        self.agent_mut(name)
            .map(|entry| entry.memory = Some(Arc::new(memory)))
            .is_some()
    }

    /// Declares the default budget of agent `name`, as the settings it amounts to
    /// (`depth=4`): what its search does when neither its spec nor the command sets a
    /// limit ([`LIMIT_KEYS`]), for `ply list` and the help texts. The agent applies it
    /// itself (a stop flag alone does not lift it). An agent added or replaced later starts
    /// with none declared. Returns whether `name` is an agent of the catalog.
    pub fn set_default_budget(&mut self, name: &str, budget: &str) -> bool {
        self.agent_mut(name)
            .map(|entry| entry.budget = Some(budget.to_string()))
            .is_some()
    }

    /// The agent called `name`, to declare more about it.
    fn agent_mut(&mut self, name: &str) -> Option<&mut AgentEntry<G>> {
        self.agents
            .iter_mut()
            .find(|a| a.name.eq_ignore_ascii_case(name))
    }

    /// The bytes the tables of the agent `spec` names (an agent or a preset, with its
    /// keys) would take, without building it: what [`Catalog::set_table_memory`] declared
    /// for it, 0 if nothing. The spec is checked as [`Catalog::build`] checks it, so a
    /// table size outside its bound is the same error.
    pub fn table_bytes(&self, spec: &str) -> Result<u64, SpecError> {
        let (entry, params) = self.checked(spec)?;
        entry
            .memory
            .as_ref()
            .map_or(Ok(0), |memory| memory(&params))
    }

    /// The settings the agent `spec` names would be built with (through presets, the
    /// outer spec's keys winning), checked against its keys as [`Catalog::build`] checks
    /// them: [`Params::keys`] with [`Params::str`] give every key's value, given or default,
    /// so a front end can judge the keys that open files or start threads
    /// ([`KeyKind`]) before anything is built.
    pub fn params(&self, spec: &str) -> Result<Params, SpecError> {
        self.checked(spec).map(|(_, params)| params)
    }

    /// The agent `spec` names (through presets) and its settings, checked against its keys.
    fn checked(&self, spec: &str) -> Result<(&AgentEntry<G>, Params), SpecError> {
        let parsed = parse_spec(spec, &self.known_names())?;
        let (agent_name, settings) = self.resolve(parsed)?;
        let entry = self
            .agents
            .iter()
            .find(|a| a.name == agent_name)
            .ok_or_else(|| SpecError::UnknownAgent {
                name: agent_name.clone(),
                known: self.known_names(),
            })?;
        let params = Params::new(&entry.name, &entry.keys, settings)?;
        Ok((entry, params))
    }

    /// Every agent, preset, evaluator, ordering and rollout policy, in that order.
    pub fn entries(&self) -> Vec<CatalogEntry> {
        let mut entries: Vec<CatalogEntry> = self
            .agents
            .iter()
            .map(|a| CatalogEntry {
                name: a.name.clone(),
                kind: EntryKind::Agent,
                description: a.description.clone(),
                keys: a.keys.clone(),
                settings: Vec::new(),
                budget: a.budget.clone(),
            })
            .collect();
        for p in &self.presets {
            // Resolved as a build would resolve it, so the listing shows the values the
            // preset really gives (`seed001-minimax` searches depth 5, not the default 4).
            let resolved = parse_spec(&p.name, "")
                .ok()
                .and_then(|spec| self.resolve(spec).ok());
            let (keys, settings, budget) = resolved
                .and_then(|(agent, settings)| {
                    let entry = self.agents.iter().find(|a| a.name == agent)?;
                    let budget = entry.budget.clone().filter(|_| !sets_a_limit(&settings));
                    Some((entry.keys.clone(), settings, budget))
                })
                .unwrap_or_default();
            entries.push(CatalogEntry {
                name: p.name.clone(),
                kind: EntryKind::Preset,
                description: format!("{} (= {})", p.description, p.spec),
                keys,
                settings,
                budget,
            });
        }
        let named = |name: &str, kind, description: String| CatalogEntry {
            name: name.to_string(),
            kind,
            description,
            keys: Vec::new(),
            settings: Vec::new(),
            budget: None,
        };
        for e in &self.evaluators {
            let default = if Arc::ptr_eq(e, &self.default_eval) {
                " (default)"
            } else {
                ""
            };
            entries.push(named(
                e.name(),
                EntryKind::Evaluator,
                format!("evaluator, eval={}{default}", e.name()),
            ));
        }
        for o in &self.orderings {
            entries.push(named(
                o.name(),
                EntryKind::Ordering,
                format!("move ordering, order={}", o.name()),
            ));
        }
        for r in &self.rollouts {
            entries.push(named(
                r.name(),
                EntryKind::Rollout,
                format!("MCTS playout policy, rollout={}", r.name()),
            ));
        }
        entries
    }

    /// The evaluator called `name` (`default` is the game's default one).
    pub fn evaluator(&self, name: &str) -> Option<Arc<dyn Evaluator<G>>> {
        if name.eq_ignore_ascii_case("default") {
            return Some(self.default_eval.clone());
        }
        self.evaluators
            .iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
            .cloned()
    }

    /// The move ordering called `name`.
    pub fn ordering(&self, name: &str) -> Option<Arc<dyn MoveOrdering<G>>> {
        self.orderings
            .iter()
            .find(|o| o.name().eq_ignore_ascii_case(name))
            .cloned()
    }

    /// The rollout policy called `name`.
    pub fn rollout(&self, name: &str) -> Option<Arc<dyn RolloutPolicy<G>>> {
        self.rollouts
            .iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
            .cloned()
    }

    /// The game's default evaluator.
    pub fn default_evaluator(&self) -> Arc<dyn Evaluator<G>> {
        self.default_eval.clone()
    }

    /// Agent and preset names, for messages.
    fn known_names(&self) -> String {
        let mut names: Vec<&str> = self.agents.iter().map(|a| a.name.as_str()).collect();
        names.extend(self.presets.iter().map(|p| p.name.as_str()));
        names.join(", ")
    }

    /// Follows presets (a preset may name another, up to a few levels) to an agent name and
    /// its settings, the outer spec's keys overriding the inner's.
    fn resolve(&self, mut spec: ParsedSpec) -> Result<(String, Vec<(String, String)>), SpecError> {
        for _ in 0..8 {
            if self.agents.iter().any(|a| a.name == spec.name) {
                return Ok((spec.name, spec.settings));
            }
            let Some(preset) = self.presets.iter().find(|p| p.name == spec.name) else {
                return Err(SpecError::UnknownAgent {
                    name: spec.name,
                    known: self.known_names(),
                });
            };
            let mut inner = parse_spec(&preset.spec, &self.known_names())?;
            for (key, value) in spec.settings {
                match inner.settings.iter_mut().find(|(k, _)| *k == key) {
                    Some(slot) => slot.1 = value,
                    None => inner.settings.push((key, value)),
                }
            }
            spec = inner;
        }
        Err(SpecError::Malformed {
            spec: spec.name,
            reason: "presets refer to each other in a loop".to_string(),
        })
    }

    /// The evaluator the `eval` key of `params` names (`default`: the game's own), or a
    /// [`SpecError::UnknownName`] listing the evaluators.
    pub fn evaluator_for(&self, params: &Params) -> Result<Arc<dyn Evaluator<G>>, SpecError> {
        let name = params.str("eval")?;
        self.evaluator(name).ok_or_else(|| SpecError::UnknownName {
            agent: params.agent().to_string(),
            key: "eval".to_string(),
            kind: "evaluator".to_string(),
            value: name.to_string(),
            known: self
                .evaluators
                .iter()
                .map(|e| e.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }

    /// The ordering the `order` key of `params` names (`none`: no ordering), or a
    /// [`SpecError::UnknownName`] listing the orderings.
    pub fn ordering_for(
        &self,
        params: &Params,
    ) -> Result<Option<Arc<dyn MoveOrdering<G>>>, SpecError> {
        let name = params.str("order")?;
        if name.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        self.ordering(name)
            .map(Some)
            .ok_or_else(|| SpecError::UnknownName {
                agent: params.agent().to_string(),
                key: "order".to_string(),
                kind: "ordering".to_string(),
                value: name.to_string(),
                known: std::iter::once("none")
                    .chain(self.orderings.iter().map(|o| o.name()))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The rollout policy the `rollout` key of `params` names, or a
    /// [`SpecError::UnknownName`] listing them.
    pub fn rollout_for(&self, params: &Params) -> Result<Arc<dyn RolloutPolicy<G>>, SpecError> {
        let name = params.str("rollout")?;
        self.rollout(name).ok_or_else(|| SpecError::UnknownName {
            agent: params.agent().to_string(),
            key: "rollout".to_string(),
            kind: "rollout".to_string(),
            value: name.to_string(),
            known: self
                .rollouts
                .iter()
                .map(|r| r.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }

    pub(crate) fn depth_at_least_one(params: &Params, depth: u32) -> Result<u32, SpecError> {
        if (1..=crate::alphabeta::MAX_DEPTH).contains(&depth) {
            Ok(depth)
        } else {
            Err(params.bad_value("depth", "a depth from 1 to 64"))
        }
    }
}

/// Whether `settings` set one of the [`LIMIT_KEYS`] to a value (`auto` and `none` leave
/// the limit to the agent's default).
fn sets_a_limit(settings: &[(String, String)]) -> bool {
    settings.iter().any(|(key, value)| {
        LIMIT_KEYS.contains(&key.as_str())
            && !["auto", "none"]
                .iter()
                .any(|unset| value.trim().eq_ignore_ascii_case(unset))
    })
}

#[cfg(test)]
mod tests;
