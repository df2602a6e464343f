//! Expectimax as seed 004 defines it: the root player maximises; at every other player's
//! turn the replies are treated as equally likely and their values averaged.
//!
//! Values are for the root player throughout (not negamax): a finished game is
//! ±(`WIN` − ply) by `Scores::margin`, the horizon is the evaluator's value for the root
//! player. With a single reply the average is that reply's value, so on such positions
//! expectimax equals minimax.

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Decision, Evaluator, Game, Player, SearchLimits, Stopper};

use crate::value::{clamp_heuristic, terminal_value};

/// Depth-limited expectimax.
pub struct Expectimax<G: Game> {
    evaluator: Arc<dyn Evaluator<G>>,
    depth: u32,
    time: Option<Duration>,
}

struct Walk<'a, G: Game> {
    evaluator: &'a dyn Evaluator<G>,
    root_player: Player,
    stopper: Stopper,
    nodes: u64,
    aborted: bool,
    buffers: Vec<Vec<G::Move>>,
}

impl<G: Game> Walk<'_, G> {
    /// The expected value of `state` for the root player.
    fn value(&mut self, state: &mut G, depth: u32, ply: usize) -> f64 {
        self.nodes += 1;
        if let Some(scores) = state.outcome() {
            return f64::from(terminal_value(&scores, self.root_player, ply));
        }
        if depth == 0 {
            return f64::from(clamp_heuristic(
                self.evaluator.evaluate(state, self.root_player),
            ));
        }
        if self.stopper.should_stop(self.nodes) {
            self.aborted = true;
            return 0.0;
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        state.legal_moves(&mut moves);
        let maximising = state.to_move() == self.root_player;
        let mut best = f64::NEG_INFINITY;
        let mut sum = 0.0;
        for &mv in &moves {
            state.play(mv);
            let v = self.value(state, depth - 1, ply + 1);
            state.undo(mv);
            if self.aborted {
                break;
            }
            best = best.max(v);
            sum += v;
        }
        let count = moves.len() as f64;
        self.buffers[ply] = moves;
        if maximising {
            best
        } else {
            sum / count
        }
    }
}

impl<G: Game> Expectimax<G> {
    /// Depth 3 by default.
    pub fn new(evaluator: Arc<dyn Evaluator<G>>) -> Self {
        Expectimax {
            evaluator,
            depth: 3,
            time: None,
        }
    }

    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth.max(1);
        self
    }

    pub fn time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }
}

impl<G: Game> Agent<G> for Expectimax<G> {
    fn name(&self) -> String {
        format!(
            "expectimax:depth={},eval={}{}",
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
        let mut position = state.clone();
        let mut walk = Walk {
            evaluator: self.evaluator.as_ref(),
            root_player: position.to_move(),
            stopper: Stopper::new(&limits),
            nodes: 1,
            aborted: false,
            buffers: Vec::new(),
        };
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut best: Option<(G::Move, f64)> = None;
        for &mv in &moves {
            position.play(mv);
            let v = walk.value(&mut position, depth - 1, 1);
            position.undo(mv);
            if walk.aborted {
                break;
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((mv, v));
            }
        }
        let (mv, value) = best.unwrap_or((moves[0], 0.0));
        Some(Decision {
            mv,
            value,
            pv: vec![mv],
            nodes: walk.nodes,
            depth: if walk.aborted { 0 } else { depth },
            elapsed: walk.stopper.elapsed(),
            iterations: 1,
        })
    }
}
