//! The positions the net learns from: the newest self-play games' positions with a policy
//! target, up to a capacity, the oldest dropped first.

use std::collections::VecDeque;

use ply_core::Encode;
use rand::Rng;

use crate::input::{input_shape, mirrored, write_input};
use crate::selfplay::GameRecord;

/// A position to learn from.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// The mover's observation (`observation_shape`, row-major).
    pub observation: Vec<f32>,
    /// The search's visit shares, `(action, share)`.
    pub policy: Vec<(u32, f32)>,
    /// The game's final rewards from the mover's side: the mover first, then the others in
    /// turn order (the net's value outputs).
    pub values: Vec<f32>,
}

/// Replays `record` from `start` and returns its positions with a policy target (each twice,
/// as played and mirrored, where the game has a mirror: `Encode::mirror_action`). A record
/// whose moves are not legal in turn (a damaged games file) is an error naming the ply.
pub fn examples_of<G: Encode>(start: &G, record: &GameRecord) -> Result<Vec<Example>, String> {
    let players = start.num_players();
    if record.rewards.len() != players || record.targets.len() != record.moves.len() {
        return Err(format!(
            "game {} has {} rewards and {} targets for {} players and {} moves",
            record.index,
            record.rewards.len(),
            record.targets.len(),
            players,
            record.moves.len()
        ));
    }
    if record.rewards.iter().any(|r| !(0.0..=1.0).contains(r)) {
        return Err(format!("game {} has a reward outside 0..1", record.index));
    }
    let shape = input_shape(start);
    let len: usize = shape.iter().product();
    let actions = start.num_actions();
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut out = Vec::new();
    for (ply, (&action, target)) in record.moves.iter().zip(&record.targets).enumerate() {
        if state.is_terminal() {
            return Err(format!(
                "game {} goes on after its end, at ply {ply}",
                record.index
            ));
        }
        state.legal_moves(&mut moves);
        let mv = moves
            .iter()
            .copied()
            .find(|&m| state.action_of(m) == action as usize)
            .ok_or_else(|| {
                format!(
                    "game {} plays action {action} at ply {ply}, which is not a legal move there",
                    record.index
                )
            })?;
        if let Some(policy) = target {
            if policy
                .iter()
                .any(|&(a, p)| a as usize >= actions || !(0.0..=1.0).contains(&p))
            {
                return Err(format!(
                    "game {} has a policy target outside the action space at ply {ply}",
                    record.index
                ));
            }
            let mut observation = vec![0.0; len];
            let me = state.to_move();
            write_input(&state, &mut observation);
            let values: Vec<f32> = (0..players)
                .map(|i| record.rewards[(me + i) % players])
                .collect();
            let mirror: Option<Vec<(u32, f32)>> = policy
                .iter()
                .map(|&(a, p)| Some((state.mirror_action(a as usize)? as u32, p)))
                .collect();
            if let Some(mirror) = mirror {
                out.push(Example {
                    observation: mirrored(shape, &observation),
                    policy: mirror,
                    values: values.clone(),
                });
            }
            out.push(Example {
                observation,
                policy: policy.clone(),
                values,
            });
        }
        state.play(mv);
    }
    Ok(out)
}

/// The window of the newest examples.
pub struct Replay {
    capacity: usize,
    examples: VecDeque<Example>,
    /// Examples ever added (the window holds the last `capacity` of them).
    pub added: u64,
}

impl Replay {
    pub fn new(capacity: usize) -> Self {
        Replay {
            capacity: capacity.max(1),
            examples: VecDeque::new(),
            added: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.examples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.examples.is_empty()
    }

    pub fn add(&mut self, examples: impl IntoIterator<Item = Example>) {
        for example in examples {
            if self.examples.len() == self.capacity {
                self.examples.pop_front();
            }
            self.examples.push_back(example);
            self.added += 1;
        }
    }

    /// `count` examples drawn uniformly (with replacement).
    pub fn sample<'a>(&'a self, count: usize, rng: &mut impl Rng) -> Vec<&'a Example> {
        if self.examples.is_empty() {
            return Vec::new();
        }
        (0..count)
            .map(|_| &self.examples[rng.random_range(0..self.examples.len())])
            .collect()
    }

    /// Every example, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Example> {
        self.examples.iter()
    }
}
