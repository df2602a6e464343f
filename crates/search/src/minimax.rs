//! Plain minimax in negamax form: no pruning, no tables, nothing clever.
//!
//! It is the reference every exact search is checked against, so it stays as simple as the
//! definition: a finished game is worth ±(`WIN` − ply), the horizon is worth the evaluator's
//! opinion for the side to move, and every other node is the best of its children negated.

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Decision, Evaluator, Game, Player, SearchLimits, Stopper};

use crate::value::{clamp_heuristic, next_player, terminal_value, INFINITY};

/// Depth-limited minimax.
pub struct Minimax<G: Game> {
    evaluator: Arc<dyn Evaluator<G>>,
    depth: u32,
    time: Option<Duration>,
}

impl<G: Game> Minimax<G> {
    /// Depth 4 by default.
    pub fn new(evaluator: Arc<dyn Evaluator<G>>) -> Self {
        Minimax {
            evaluator,
            depth: 4,
            time: None,
        }
    }

    /// Search `depth` plies (at least 1).
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth.max(1);
        self
    }

    /// Give up after `time` and play the best move among those already searched.
    pub fn time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// The exact minimax value of `state` for the side to move at `depth` plies, and the
    /// principal variation (empty at a finished game). Unbounded: for tests and references.
    pub fn value(&self, state: &G, depth: u32) -> (i32, Vec<G::Move>) {
        let mut ctx = Walk {
            evaluator: self.evaluator.as_ref(),
            stopper: Stopper::new(&SearchLimits::none()),
            nodes: 0,
            aborted: false,
            buffers: Vec::new(),
        };
        let mut state = state.clone();
        let me = state.to_move();
        let value = ctx.negamax(&mut state, depth, 0, me);
        (value, ctx.principal_variation(&state, depth))
    }

    /// Every move with its exact minimax value at `depth` plies (the value after the move,
    /// for the player who makes it).
    pub fn move_values(&self, state: &G, depth: u32) -> Vec<(G::Move, i32)> {
        let mut state = state.clone();
        let me = state.to_move();
        let next = next_player(me, state.num_players());
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut ctx = Walk {
            evaluator: self.evaluator.as_ref(),
            stopper: Stopper::new(&SearchLimits::none()),
            nodes: 0,
            aborted: false,
            buffers: Vec::new(),
        };
        moves
            .into_iter()
            .map(|mv| {
                state.play(mv);
                let v = -ctx.negamax(&mut state, depth.saturating_sub(1), 1, next);
                state.undo(mv);
                (mv, v)
            })
            .collect()
    }
}

/// One search's working state.
struct Walk<'a, G: Game> {
    evaluator: &'a dyn Evaluator<G>,
    stopper: Stopper,
    nodes: u64,
    aborted: bool,
    /// One reusable move list per ply.
    buffers: Vec<Vec<G::Move>>,
}

impl<G: Game> Walk<'_, G> {
    /// The value of `state` for `me`, the side to move (negamax).
    fn negamax(&mut self, state: &mut G, depth: u32, ply: usize, me: Player) -> i32 {
        self.nodes += 1;
        if let Some(scores) = state.outcome() {
            return terminal_value(&scores, me, ply);
        }
        if depth == 0 {
            return clamp_heuristic(self.evaluator.evaluate(state, me));
        }
        if self.stopper.should_stop(self.nodes) {
            self.aborted = true;
            return 0;
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        state.legal_moves(&mut moves);
        let next = next_player(me, state.num_players());
        let mut best = -INFINITY;
        for &mv in &moves {
            state.play(mv);
            let value = -self.negamax(state, depth - 1, ply + 1, next);
            state.undo(mv);
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// A PV by re-deriving the best move ply by ply (minimax is the slow reference anyway).
    fn principal_variation(&mut self, state: &G, depth: u32) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut state = state.clone();
        for remaining in (1..=depth).rev() {
            if state.is_terminal() {
                break;
            }
            let me = state.to_move();
            let next = next_player(me, state.num_players());
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut best: Option<(G::Move, i32)> = None;
            for mv in moves {
                state.play(mv);
                let v = -self.negamax(&mut state, remaining - 1, 1, next);
                state.undo(mv);
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((mv, v));
                }
            }
            let Some((mv, _)) = best else { break };
            line.push(mv);
            state.play(mv);
        }
        line
    }
}

impl<G: Game> Agent<G> for Minimax<G> {
    fn name(&self) -> String {
        format!(
            "minimax:depth={},eval={}{}",
            self.depth,
            self.evaluator.name(),
            self.time
                .map(|t| format!(",time={}ms", t.as_millis()))
                .unwrap_or_default()
        )
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let own = SearchLimits {
            time: self.time,
            ..SearchLimits::default()
        };
        let limits = own.combine(limits);
        let depth = limits.depth.unwrap_or(self.depth).clamp(1, self.depth);
        let mut ctx = Walk {
            evaluator: self.evaluator.as_ref(),
            stopper: Stopper::new(&limits),
            nodes: 1,
            aborted: false,
            buffers: Vec::new(),
        };
        let mut state = state.clone();
        let me = state.to_move();
        let next = next_player(me, state.num_players());
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best: Option<(G::Move, i32)> = None;
        for &mv in &moves {
            state.play(mv);
            let value = -ctx.negamax(&mut state, depth - 1, 1, next);
            state.undo(mv);
            if ctx.aborted {
                break;
            }
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
            }
        }
        let (mv, value) = best.unwrap_or((moves[0], 0));
        Some(Decision {
            mv,
            value: f64::from(value),
            pv: vec![mv],
            nodes: ctx.nodes,
            depth: if ctx.aborted { 0 } else { depth },
            elapsed: ctx.stopper.elapsed(),
            iterations: 1,
        })
    }
}
