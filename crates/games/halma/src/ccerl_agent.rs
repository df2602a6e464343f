//! The engine for the CCERL rules: what `ply engine halma --protocol ccp` plays with, and
//! what the champion plays under those rules.
//!
//! Its own budget (the catalog's `time`, `nodes` and `depth` keys) is a default: a caller
//! that gives a budget (a CCP `go`, a referee's clock) is obeyed as it is, so one agent,
//! with one transposition table kept from move to move, serves every `go`.

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Decision, Evaluator, SearchLimits};
use ply_search::{AlphaBeta, TranspositionTable};

use crate::board::Halma;
use crate::eval::ProgressOrdering;
use crate::movegen::HalmaMove;
use crate::pruning::ForwardFilter;

/// The megabytes of its transposition table.
pub const CCERL_TABLE_MB: u64 = 16;

/// The agent's own budget, used when the caller gives none (the depth always applies).
#[derive(Debug, Clone, Copy, Default)]
pub struct CcerlBudget {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

/// Alpha-beta with a table, the forward filter and an evaluator (the CCERL one in the
/// catalog).
pub struct CcerlAgent {
    search: AlphaBeta<Halma, TranspositionTable<Halma>>,
    budget: CcerlBudget,
    name: String,
}

impl CcerlAgent {
    pub fn new(evaluator: Arc<dyn Evaluator<Halma>>, budget: CcerlBudget) -> Self {
        let mut name = format!("ccerl:eval={}", evaluator.name());
        if let Some(t) = budget.time {
            name += &format!(",time={}ms", t.as_millis());
        }
        if let Some(n) = budget.nodes {
            name += &format!(",nodes={n}");
        }
        if let Some(d) = budget.depth {
            name += &format!(",depth={d}");
        }
        let search = alpha_beta(evaluator)
            .named(name.clone())
            .table(CCERL_TABLE_MB as usize);
        CcerlAgent {
            search,
            budget,
            name,
        }
    }
}

/// The agent's search, before its table: alpha-beta, progress ordering, the forward filter.
fn alpha_beta(evaluator: Arc<dyn Evaluator<Halma>>) -> AlphaBeta<Halma> {
    AlphaBeta::new(evaluator)
        .ordering(Arc::new(ProgressOrdering))
        .filter(Arc::new(ForwardFilter::default()))
}

/// The plies of [`glance`].
pub const GLANCE_DEPTH: u32 = 2;

/// The best move by a [`GLANCE_DEPTH`]-ply search with the CCERL evaluator and no table:
/// about a hundred positions, a fraction of a millisecond. What an engine answers with when
/// its real search cannot answer in time. `None` when the game is over.
pub fn glance(state: &Halma) -> Option<HalmaMove> {
    alpha_beta(Arc::new(crate::eval::CcerlEval))
        .depth(GLANCE_DEPTH)
        .select(state, &SearchLimits::none())
        .map(|d| d.mv)
}

impl Agent<Halma> for CcerlAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select(&mut self, state: &Halma, limits: &SearchLimits) -> Option<Decision<HalmaMove>> {
        let caller_budget = !limits.is_unbounded() || limits.stop.is_some();
        let own = SearchLimits {
            depth: self.budget.depth,
            time: self.budget.time.filter(|_| !caller_budget),
            nodes: self.budget.nodes.filter(|_| !caller_budget),
            ..SearchLimits::default()
        };
        self.search.select(state, &limits.combine(&own))
    }

    fn new_game(&mut self) {
        self.search.new_game();
    }

    fn value_scale(&self, state: &Halma) -> ply_core::ValueScale {
        self.search.value_scale(state)
    }
}
