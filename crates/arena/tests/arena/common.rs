//! Small agents for testing the arena: honest ones and every kind of misbehaviour.

#![allow(dead_code)]

use std::time::Duration;

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Agent, Decision, Game, SearchLimits};

/// Plays a uniformly random legal move.
pub struct RandomMover {
    rng: Xoshiro256PlusPlus,
}

impl<G: Game> Agent<G> for RandomMover {
    fn name(&self) -> String {
        "random".into()
    }
    fn select(&mut self, state: &G, _: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.choose(&mut self.rng).map(|&m| Decision::just(m))
    }
}

/// Plays the first legal move.
pub struct FirstMover;

impl<G: Game> Agent<G> for FirstMover {
    fn name(&self) -> String {
        "first".into()
    }
    fn select(&mut self, state: &G, _: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.first().map(|&m| Decision::just(m))
    }
}

/// Plays the last legal move.
pub struct LastMover;

impl<G: Game> Agent<G> for LastMover {
    fn name(&self) -> String {
        "last".into()
    }
    fn select(&mut self, state: &G, _: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.last().map(|&m| Decision::just(m))
    }
}

/// Perfect play for small two-player games: negamax with alpha-beta to the end, ties broken
/// at random (so it does not always play the same game).
pub struct Solver {
    rng: Xoshiro256PlusPlus,
}

pub fn negamax<G: Game>(state: &mut G, mut alpha: f64, beta: f64, nodes: &mut u64) -> f64 {
    *nodes += 1;
    if let Some(scores) = state.outcome() {
        // The mover of the previous ply just moved; value for the side to move now.
        return scores.margin(state.to_move());
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best = f64::NEG_INFINITY;
    for mv in moves {
        state.play(mv);
        let v = -negamax(state, -beta, -alpha, nodes);
        state.undo(mv);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

impl<G: Game> Agent<G> for Solver {
    fn name(&self) -> String {
        "solver".into()
    }
    fn select(&mut self, state: &G, _: &SearchLimits) -> Option<Decision<G::Move>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut work = state.clone();
        let mut nodes = 0;
        let mut scored = Vec::new();
        for &mv in &moves {
            work.play(mv);
            // After the move it is the opponent's turn (or the game is over, where the
            // margin is still read from the side that would move next).
            let v = -negamax(&mut work, -1.0, 1.0, &mut nodes);
            work.undo(mv);
            scored.push((mv, v));
        }
        let best = scored.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<_> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        let &mv = top.choose(&mut self.rng)?;
        Some(Decision {
            nodes,
            depth: 9,
            value: best,
            ..Decision::just(mv)
        })
    }
}

/// Panics on its second move.
pub struct Panicker {
    moves: u32,
}

impl<G: Game> Agent<G> for Panicker {
    fn name(&self) -> String {
        "panic".into()
    }
    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        self.moves += 1;
        if self.moves == 2 {
            panic!("deliberate failure on move 2");
        }
        FirstMover.select(state, limits)
    }
}

/// Never answers: ignores the stop flag and sleeps forever.
pub struct Hanger;

impl<G: Game> Agent<G> for Hanger {
    fn name(&self) -> String {
        "hang".into()
    }
    fn select(&mut self, _: &G, _: &SearchLimits) -> Option<Decision<G::Move>> {
        loop {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Thinks until told to stop (by the stop flag of its limits), then plays the first move.
pub struct Waiter;

impl<G: Game> Agent<G> for Waiter {
    fn name(&self) -> String {
        "wait".into()
    }
    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let stop = limits.stop.as_ref().expect("the arena passes a stop flag");
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        FirstMover.select(state, limits)
    }
}

/// How late `slow` answers: past the tests' time limits by more than a loaded machine delays
/// an honest answer, and within the grace that tells an overrun from a hang.
pub const SLOW: Duration = Duration::from_millis(1500);

/// Answers, but far too late.
pub struct Sleeper {
    pub delay: Duration,
}

impl<G: Game> Agent<G> for Sleeper {
    fn name(&self) -> String {
        "slow".into()
    }
    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        std::thread::sleep(self.delay);
        FirstMover.select(state, limits)
    }
}

/// Plays a move that is not legal: the first move of the start position, again and again.
pub struct Repeater<G: Game> {
    pub start: G,
}

impl<G: Game> Agent<G> for Repeater<G> {
    fn name(&self) -> String {
        "illegal".into()
    }
    fn select(&mut self, _: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        FirstMover.select(&self.start, limits)
    }
}

/// Says there is nothing to play.
pub struct Mute;

impl<G: Game> Agent<G> for Mute {
    fn name(&self) -> String {
        "none".into()
    }
    fn select(&mut self, _: &G, _: &SearchLimits) -> Option<Decision<G::Move>> {
        None
    }
}

/// Builds the agents above by name; `start` is what `illegal` keeps replaying.
pub fn build<G: Game>(start: &G, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String> {
    let rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
    Ok(match spec {
        "random" => Box::new(RandomMover { rng }),
        "first" => Box::new(FirstMover),
        "last" => Box::new(LastMover),
        "solver" => Box::new(Solver { rng }),
        "panic" => Box::new(Panicker { moves: 0 }),
        "hang" => Box::new(Hanger),
        "slow" => Box::new(Sleeper { delay: SLOW }),
        "illegal" => Box::new(Repeater {
            start: start.clone(),
        }),
        "none" => Box::new(Mute),
        "wait" => Box::new(Waiter),
        "explode" => panic!("cannot even be built"),
        other => {
            return Err(format!(
                "unknown agent '{other}'; known: random, first, last, solver, panic, hang, slow, illegal, none, wait"
            ))
        }
    })
}
