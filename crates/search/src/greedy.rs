//! Greedy: one ply with an evaluator. A move that wins at once is taken; among equally good
//! moves the choice is made by the seeded generator (so a random seed replays a game, and two
//! greedy players do not repeat the same game forever).

use std::sync::Arc;

use ply_core::{Agent, Decision, Evaluator, Game, SearchLimits};
use rand::{Rng, SeedableRng};

use crate::value::{clamp_heuristic, terminal_value};
use crate::SearchRng;

pub struct Greedy<G: Game> {
    evaluator: Arc<dyn Evaluator<G>>,
    rng: SearchRng,
    moves: Vec<G::Move>,
    ties: Vec<G::Move>,
}

impl<G: Game> Greedy<G> {
    pub fn new(evaluator: Arc<dyn Evaluator<G>>, rng_seed: u64) -> Self {
        Greedy {
            evaluator,
            rng: SearchRng::seed_from_u64(rng_seed),
            moves: Vec::new(),
            ties: Vec::new(),
        }
    }
}

impl<G: Game> Agent<G> for Greedy<G> {
    fn name(&self) -> String {
        format!("greedy:eval={}", self.evaluator.name())
    }

    fn select(&mut self, state: &G, _limits: &SearchLimits) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let start = std::time::Instant::now();
        let mut position = state.clone();
        let me = position.to_move();
        position.legal_moves(&mut self.moves);
        let mut best = i32::MIN;
        self.ties.clear();
        for &mv in &self.moves {
            position.play(mv);
            let value = match position.outcome() {
                Some(scores) => terminal_value(&scores, me, 1),
                None => clamp_heuristic(self.evaluator.evaluate(&position, me)),
            };
            position.undo(mv);
            if value > best {
                best = value;
                self.ties.clear();
            }
            if value == best {
                self.ties.push(mv);
            }
        }
        let mv = self.ties[self.rng.random_range(0..self.ties.len())];
        Some(Decision {
            mv,
            value: f64::from(best),
            pv: vec![mv],
            nodes: self.moves.len() as u64 + 1,
            depth: 1,
            elapsed: start.elapsed(),
            iterations: 1,
        })
    }
}
