//! What guides PUCT: a prior over each position's legal moves and a value for every seat.
//!
//! A network is one guide (`ply-learn`); [`RolloutGuide`] is another, with no learning at
//! all — a uniform prior and the rewards of one random playout — which makes PUCT plain
//! MCTS with a prior, and lets the search be tested on its own.

use ply_core::{Game, Scores, MAX_PLAYERS};
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use crate::SearchRng;

/// A position waiting for guidance: the state and its legal moves, in
/// [`Game::legal_moves`] order.
#[derive(Debug, Clone)]
pub struct Leaf<G: Game> {
    pub state: G,
    pub moves: Vec<G::Move>,
}

/// A guide's answer for one [`Leaf`].
#[derive(Debug, Clone, PartialEq)]
pub struct Guidance {
    /// One prior per legal move, in the leaf's order: non-negative, summing to 1 (the
    /// search normalises what it is given).
    pub priors: Vec<f32>,
    /// The expected reward of each seat, 0 (last) to 1 (first), by seat number (not from
    /// the mover's side); only the first `players` mean anything.
    pub values: [f32; MAX_PLAYERS],
}

impl Guidance {
    /// Uniform priors over `moves` legal moves and the given values.
    pub fn uniform(moves: usize, values: [f32; MAX_PLAYERS]) -> Self {
        Guidance {
            priors: vec![1.0 / moves.max(1) as f32; moves],
            values,
        }
    }
}

/// Gives PUCT its priors and values, a batch of positions at a time (a network is fastest
/// on batches).
pub trait Guide<G: Game>: Send {
    /// A short description for the agent's name (`rollout`, `model=…`).
    fn describe(&self) -> String;

    /// Writes one [`Guidance`] per leaf into `out` (cleared first), in the leaves' order.
    /// No leaf is a finished game.
    fn evaluate(&mut self, leaves: &[Leaf<G>], out: &mut Vec<Guidance>);
}

/// Scores scaled to rewards 0..=1 per seat (divided by `players − 1`): two-player
/// win/draw/loss is 1/½/0, three-player ranking 2/1/0 is 1/½/0 — the scale of
/// [`Guidance::values`] and of MCTS.
pub fn rewards(scores: &Scores) -> [f32; MAX_PLAYERS] {
    let scale = (scores.players().max(2) - 1) as f64;
    let mut out = [0.0; MAX_PLAYERS];
    for (p, value) in scores.as_slice().iter().enumerate() {
        out[p] = (value / scale) as f32;
    }
    out
}

/// A uniform prior and the rewards of one uniformly random playout (scored as a tie when
/// it reaches [`RolloutGuide::PLAYOUT_LIMIT`] plies).
pub struct RolloutGuide {
    rng: SearchRng,
}

impl RolloutGuide {
    /// A playout longer than this is scored as a tie.
    pub const PLAYOUT_LIMIT: u32 = 1000;

    pub fn new(rng_seed: u64) -> Self {
        RolloutGuide {
            rng: SearchRng::seed_from_u64(rng_seed),
        }
    }

    fn playout<G: Game>(&mut self, state: &G) -> [f32; MAX_PLAYERS] {
        let mut state = state.clone();
        let mut moves = Vec::new();
        for _ in 0..Self::PLAYOUT_LIMIT {
            if let Some(scores) = state.outcome() {
                return rewards(&scores);
            }
            state.legal_moves(&mut moves);
            let &mv = moves
                .choose(&mut self.rng)
                .expect("a game goes on with a move");
            state.play(mv);
        }
        let mut tie = [0.0; MAX_PLAYERS];
        tie[..state.num_players()].fill(0.5);
        tie
    }
}

impl<G: Game> Guide<G> for RolloutGuide {
    fn describe(&self) -> String {
        "rollout".to_string()
    }

    fn evaluate(&mut self, leaves: &[Leaf<G>], out: &mut Vec<Guidance>) {
        out.clear();
        for leaf in leaves {
            let values = self.playout(&leaf.state);
            out.push(Guidance::uniform(leaf.moves.len(), values));
        }
    }
}
