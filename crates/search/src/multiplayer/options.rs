//! The settings every multi-player search shares, as a builder.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use ply_core::{Evaluator, Game, MoveOrdering, SearchLimits};

/// The default budget: the depth searched when neither the options nor the caller's limits
/// set a depth, a time or a node count (a stop flag is not a budget).
pub const DEFAULT_DEPTH: u32 = 4;

/// The deepest iteration a time- or node-limited search will start.
pub const MAX_DEPTH: u32 = 64;

/// Evaluator, move ordering and limits of a multi-player search, e.g.
/// `SearchOptions::new(evaluator).depth(5).time(Duration::from_millis(500))`.
///
/// The limits here are the agent's own; [`ply_core::Agent::select`] combines them with the
/// caller's, the tighter bound winning. With a time or node limit the search deepens
/// iteratively (up to the depth limit, or [`MAX_DEPTH`]) and always answers with the best
/// move of the last completed iteration.
pub struct SearchOptions<G: Game> {
    pub(crate) evaluator: Arc<dyn Evaluator<G>>,
    pub(crate) ordering: Option<Arc<dyn MoveOrdering<G>>>,
    pub(crate) depth: Option<u32>,
    pub(crate) time: Option<Duration>,
    pub(crate) nodes: Option<u64>,
    pub(crate) killers: bool,
}

impl<G: Game> Clone for SearchOptions<G> {
    fn clone(&self) -> Self {
        SearchOptions {
            evaluator: Arc::clone(&self.evaluator),
            ordering: self.ordering.clone(),
            depth: self.depth,
            time: self.time,
            nodes: self.nodes,
            killers: self.killers,
        }
    }
}

impl<G: Game> fmt::Debug for SearchOptions<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchOptions")
            .field("evaluator", &self.evaluator.name())
            .field(
                "ordering",
                &self.ordering.as_ref().map(|o| o.name().to_owned()),
            )
            .field("depth", &self.depth)
            .field("time", &self.time)
            .field("nodes", &self.nodes)
            .field("killers", &self.killers)
            .finish()
    }
}

impl<G: Game> SearchOptions<G> {
    /// No limits of its own (so [`DEFAULT_DEPTH`] unless the caller says otherwise), no
    /// static ordering (moves come in the game's legal-move order), killer moves on.
    pub fn new(evaluator: Arc<dyn Evaluator<G>>) -> Self {
        SearchOptions {
            evaluator,
            ordering: None,
            depth: None,
            time: None,
            nodes: None,
            killers: true,
        }
    }

    /// Maximum depth in plies (best-reply search: in layers, see its docs).
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }

    /// Wall-clock budget per decision; turns on iterative deepening.
    pub fn time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// Node budget per decision; turns on iterative deepening.
    pub fn nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Reorders the moves at every node before they are searched.
    pub fn ordering(mut self, ordering: Arc<dyn MoveOrdering<G>>) -> Self {
        self.ordering = Some(ordering);
        self
    }

    /// Killer moves (the last two moves that caused a cutoff at the same ply are tried
    /// early) in the alpha-beta searches, paranoid and best-reply. They change the node
    /// count, never the value; max-n, whose result follows the move order, ignores them.
    pub fn killers(mut self, on: bool) -> Self {
        self.killers = on;
        self
    }

    pub fn evaluator(&self) -> &Arc<dyn Evaluator<G>> {
        &self.evaluator
    }

    /// The agent's own limits, as [`SearchLimits`].
    pub(crate) fn limits(&self) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            time: self.time,
            nodes: self.nodes,
            ..SearchLimits::default()
        }
    }

    /// The spec keys that recreate these options, e.g. `depth=5,time=500ms,eval=lines`;
    /// `killers` only for the searches that use them.
    pub(crate) fn spec_keys(&self, uses_killers: bool) -> String {
        let mut keys = Vec::new();
        if let Some(depth) = self.depth {
            keys.push(format!("depth={depth}"));
        }
        if let Some(time) = self.time {
            keys.push(format!("time={}ms", time.as_millis()));
        }
        if let Some(nodes) = self.nodes {
            keys.push(format!("nodes={nodes}"));
        }
        keys.push(format!("eval={}", self.evaluator.name()));
        if let Some(ordering) = &self.ordering {
            keys.push(format!("order={}", ordering.name()));
        }
        if uses_killers && !self.killers {
            keys.push("killers=false".to_string());
        }
        keys.join(",")
    }
}
