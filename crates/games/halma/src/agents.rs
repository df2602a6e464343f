//! The halma catalog: the generic searches with halma's evaluators, ordering, filter and
//! playout policy, seed 003's five strategies, the CCERL engine `ccerl`, and the strongest
//! agent, `champion`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Decision, Game, SearchLimits};
use ply_search::multiplayer::{BestReply, SearchOptions};
use ply_search::spec::{Catalog, KeyInfo, KeyKind, Params, SpecError};
use ply_search::{AlphaBeta, TranspositionTable};

use crate::board::Halma;
use crate::ccerl_agent::{CcerlAgent, CcerlBudget, CCERL_TABLE_MB};
use crate::eval::{CcerlEval, ProgressEval, ProgressOrdering, Seed003Eval};
use crate::movegen::HalmaMove;
use crate::pruning::{ForwardFilter, ProgressRollout};
use crate::seed003::{DirectionAgent, FarthestPegAgent, MoveBook, SeedMinimax};
use crate::settings::RuleSet;

/// The champion's default time per move: under the 0.2 s the strength targets allow.
pub const CHAMPION_TIME: Duration = Duration::from_millis(100);

/// Every agent, evaluator and ordering halma offers.
pub fn catalog() -> Catalog<Halma> {
    let mut catalog = Catalog::generic(Arc::new(ProgressEval));
    catalog.add_evaluator(Arc::new(Seed003Eval));
    catalog.add_evaluator(Arc::new(CcerlEval));
    catalog.add_ordering(Arc::new(ProgressOrdering));
    catalog.add_rollout(Arc::new(ProgressRollout::default()));
    // Again, now that halma's evaluators and ordering are in the catalog.
    ply_search::multiplayer::register_agents(&mut catalog);

    catalog.add_agent(
        "seed003-s1",
        "seed 003 strategy 1: single steps and hops by compass priority NW, N, W, E, SE, S",
        &[],
        |_params, rng_seed| Ok(Box::new(DirectionAgent::new(rng_seed))),
    );
    catalog.add_agent(
        "seed003-s2",
        "seed 003 strategy 2: the peg farthest from the goal moves, side points avoided",
        &[],
        |_params, rng_seed| Ok(Box::new(FarthestPegAgent::new(rng_seed))),
    );
    catalog.add_agent(
        "seed003-s3",
        "seed 003 strategy 3: minimax + alpha-beta over the farthest peg's moves, saved table",
        &[
            KeyInfo::new("depth", "5", "plies to search"),
            KeyInfo::new(
                "table",
                "none",
                "file of saved best moves, read at start and appended to (none: in memory)",
            )
            .of_kind(KeyKind::File),
        ],
        |params, rng_seed| {
            let depth = depth_param(params)?;
            let table = params.str("table")?;
            let book = if table.eq_ignore_ascii_case("none") {
                MoveBook::in_memory()
            } else {
                MoveBook::open(Path::new(table))
                    .map(|(book, _skipped)| book)
                    .map_err(|e| {
                        params.bad_value("table", &format!("a table file or none ({e})"))
                    })?
            };
            Ok(Box::new(
                SeedMinimax::strategy3(rng_seed).depth(depth).book(book),
            ))
        },
    );
    catalog.add_agent(
        "seed003-s4",
        "seed 003 strategy 4: minimax + alpha-beta over all moves sorted by distance, depth 3",
        &[KeyInfo::new("depth", "3", "plies to search")],
        |params, rng_seed| {
            Ok(Box::new(
                SeedMinimax::strategy4(rng_seed).depth(depth_param(params)?),
            ))
        },
    );
    catalog.add_agent(
        "seed003-s5",
        "seed 003 strategy 5: strategy 4 for three players (the others minimise), depth 3",
        &[KeyInfo::new("depth", "3", "plies to search")],
        |params, rng_seed| {
            Ok(Box::new(
                SeedMinimax::strategy5(rng_seed).depth(depth_param(params)?),
            ))
        },
    );
    catalog.add_agent(
        "champion",
        "the strongest (100 ms a move): 2 players alpha-beta (table, forward-move filter), 3+ best-reply search, \
         both with the progress evaluator; under the ccerl rules the ccerl agent",
        &[
            KeyInfo::new("time", "100ms", "time per move"),
            KeyInfo::new(
                "depth",
                "none",
                "fixed depth instead (for reproducible tests)",
            ),
        ],
        |params, _seed| {
            let mut champion = Champion::new(params.duration("time")?);
            if let Some(depth) = params.opt_u32("depth")? {
                champion = champion.depth(depth.max(1));
            }
            Ok(Box::new(champion))
        },
    );
    catalog.add_catalog_agent(
        "ccerl",
        "the CCERL rules' engine (what the champion plays under them): alpha-beta with a \
         table, the forward-move filter and the ccerl evaluator; a caller's budget (a CCP \
         go) replaces its own time and nodes",
        &[
            KeyInfo::new(
                "time",
                "100ms",
                "time per move when the caller gives no budget (none: no time limit)",
            ),
            KeyInfo::new(
                "nodes",
                "none",
                "nodes per move when the caller gives no budget (instead of the time)",
            ),
            KeyInfo::new("depth", "none", "deepest depth (for reproducible tests)"),
            KeyInfo::new("eval", "ccerl", "evaluator"),
        ],
        |catalog, params, _seed| {
            let nodes = params.opt_u64("nodes")?;
            let budget = CcerlBudget {
                time: params.opt_duration("time")?.filter(|_| nodes.is_none()),
                nodes,
                depth: params.opt_u32("depth")?.map(|d| d.max(1)),
            };
            Ok(Box::new(CcerlAgent::new(
                catalog.evaluator_for(params)?,
                budget,
            )))
        },
    );
    // Their two-player searches keep tables: declared, so that a server weighs them like
    // any other table (the champion's CCERL search is only built under those rules).
    catalog.set_table_memory("champion", |_| Ok(CHAMPION_TABLE_MB << 20));
    catalog.set_table_memory("ccerl", |_| Ok(CCERL_TABLE_MB << 20));
    catalog.add_preset("strongest", "the strongest agent", "champion");
    catalog.add_preset(
        "halma-ab",
        "alpha-beta with the progress evaluator and ordering",
        "alphabeta:order=progress,time=180ms",
    );
    catalog.add_preset(
        "halma-mcts",
        "MCTS with progress-seeking playouts",
        "mcts:rollout=progress,time=180ms,solver=false",
    );
    catalog
}

fn depth_param(params: &Params) -> Result<u32, SpecError> {
    let depth = params.u32("depth")?;
    if !(1..=12).contains(&depth) {
        return Err(params.bad_value("depth", "a depth from 1 to 12"));
    }
    Ok(depth)
}

/// The megabytes of the champion's transposition table.
pub const CHAMPION_TABLE_MB: u64 = 16;

/// The strongest agent: per player count, the search that measured best (alpha-beta for
/// two players; best-reply search for more, which beat paranoid 1.83 to 1.17 points per
/// game head to head on the 3-player star), and under the CCERL rules the `ccerl` agent.
pub struct Champion {
    two_players: AlphaBeta<Halma, TranspositionTable<Halma>>,
    many_players: BestReply<Halma>,
    /// Built on the first CCERL position (its table is only needed then).
    ccerl: Option<CcerlAgent>,
    time: Duration,
    depth: Option<u32>,
}

impl Champion {
    pub fn new(time: Duration) -> Self {
        Champion::with_filter(time, Some(ForwardFilter::default()))
    }

    /// The champion with another forward filter for two players (`None`: every move).
    pub fn with_filter(time: Duration, filter: Option<ForwardFilter>) -> Self {
        let mut two_players = AlphaBeta::new(Arc::new(ProgressEval))
            .ordering(Arc::new(ProgressOrdering))
            .time(time)
            .named("champion");
        if let Some(filter) = filter {
            two_players = two_players.filter(Arc::new(filter));
        }
        let two_players = two_players.table(CHAMPION_TABLE_MB as usize);
        let options = SearchOptions::new(Arc::new(ProgressEval))
            .ordering(Arc::new(ProgressOrdering))
            .time(time);
        Champion {
            two_players,
            many_players: BestReply::new(options),
            ccerl: None,
            time,
            depth: None,
        }
    }

    /// Searches to a fixed depth (time limits still apply).
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }
}

impl Agent<Halma> for Champion {
    fn name(&self) -> String {
        match self.depth {
            Some(d) => format!("champion:depth={d}"),
            None => format!("champion:time={}ms", self.time.as_millis()),
        }
    }

    fn select(&mut self, state: &Halma, limits: &SearchLimits) -> Option<Decision<HalmaMove>> {
        let own = SearchLimits {
            depth: self.depth,
            time: Some(self.time),
            ..SearchLimits::default()
        };
        let limits = limits.combine(&own);
        if state.settings().rules == RuleSet::Ccerl {
            let ccerl = self.ccerl.get_or_insert_with(|| {
                CcerlAgent::new(Arc::new(CcerlEval), CcerlBudget::default())
            });
            ccerl.select(state, &limits)
        } else if state.num_players() == 2 {
            self.two_players.select(state, &limits)
        } else {
            self.many_players.select(state, &limits)
        }
    }

    fn new_game(&mut self) {
        self.two_players.new_game();
        self.many_players.new_game();
        if let Some(ccerl) = &mut self.ccerl {
            ccerl.new_game();
        }
    }

    fn value_scale(&self, state: &Halma) -> ply_core::ValueScale {
        if state.num_players() == 2 {
            self.two_players.value_scale(state)
        } else {
            self.many_players.value_scale(state)
        }
    }
}
