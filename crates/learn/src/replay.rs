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
    /// The value targets from the mover's side: the mover first, then the others in turn
    /// order (the net's value outputs). Each is the game's final reward, blended with the
    /// search's value of the position by [`value_targets`].
    pub values: Vec<f32>,
}

/// The value targets of a position from its mover's side (the mover first, then the others
/// in turn order): the game's final `rewards` (by seat), and with `q_share` above 0 the
/// search's value `q` of the position for its mover blended in, `(1 − q_share)·z +
/// q_share·q`. Averaging the outcome with the search's estimate lowers the noise of a
/// target that one game decides (Oracle's "Lessons from AlphaZero", part 4). The search
/// gives a value for its mover only: with two players the other's is `1 − q`; with more,
/// the others keep the outcome.
pub fn value_targets(rewards: &[f32], mover: usize, q: Option<f32>, q_share: f32) -> Vec<f32> {
    let players = rewards.len();
    let mut values: Vec<f32> = (0..players)
        .map(|i| rewards[(mover + i) % players])
        .collect();
    if let Some(q) = q.filter(|_| q_share > 0.0) {
        let blend = |z: f32, q: f32| (1.0 - q_share) * z + q_share * q;
        values[0] = blend(values[0], q);
        if players == 2 {
            values[1] = blend(values[1], 1.0 - q);
        }
    }
    values
}

/// Replays `record` from `start` and returns its positions with a policy target (each twice,
/// as played and mirrored, where the game has a mirror: `Encode::mirror_action`), their value
/// targets blending in the search's values by `q_share` ([`value_targets`]). A record whose
/// moves are not legal in turn (a damaged games file) is an error naming the ply.
pub fn examples_of<G: Encode>(
    start: &G,
    record: &GameRecord,
    q_share: f32,
) -> Result<Vec<Example>, String> {
    let players = start.num_players();
    let moves_count = record.moves.len();
    if record.rewards.len() != players
        || record.targets.len() != moves_count
        || !(record.values.is_empty() || record.values.len() == moves_count)
    {
        return Err(format!(
            "game {} has {} rewards, {} targets and {} values for {} players and {} moves",
            record.index,
            record.rewards.len(),
            record.targets.len(),
            record.values.len(),
            players,
            moves_count
        ));
    }
    if record.rewards.iter().any(|r| !(0.0..=1.0).contains(r)) {
        return Err(format!("game {} has a reward outside 0..1", record.index));
    }
    if record
        .values
        .iter()
        .flatten()
        .any(|v| !(0.0..=1.0).contains(v))
    {
        return Err(format!(
            "game {} has a search value outside 0..1",
            record.index
        ));
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
            let q = record.values.get(ply).copied().flatten();
            let values = value_targets(&record.rewards, me, q, q_share);
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

#[cfg(test)]
mod tests {
    use super::*;
    use ply_tictactoe::TicTacToe;

    /// X takes the top row against O's middle row: cells 0, 3, 1, 4, 2, every move searched
    /// in full, the search's value of each position for its mover `values`.
    fn top_row(values: Vec<Option<f32>>) -> GameRecord {
        let moves = vec![0, 3, 1, 4, 2];
        GameRecord {
            index: 7,
            targets: moves.iter().map(|&a| Some(vec![(a, 1.0)])).collect(),
            moves,
            values,
            rewards: vec![1.0, 0.0],
        }
    }

    #[test]
    fn the_value_target_blends_the_outcome_with_the_search_by_its_share() {
        assert_eq!(value_targets(&[1.0, 0.0], 1, Some(0.8), 0.0), [0.0, 1.0]);
        assert_eq!(value_targets(&[1.0, 0.0], 1, None, 0.5), [0.0, 1.0]);
        assert_eq!(value_targets(&[1.0, 0.0], 1, Some(0.8), 0.5), [0.4, 0.6]);
        assert_eq!(value_targets(&[1.0, 0.0], 0, Some(0.5), 1.0), [0.5, 0.5]);
        // Three players: the search speaks for its mover only.
        assert_eq!(
            value_targets(&[0.0, 0.5, 1.0], 1, Some(1.0), 0.5),
            [0.75, 1.0, 0.0]
        );
    }

    #[test]
    fn a_games_search_values_become_its_value_targets() {
        let start = TicTacToe::new();
        let values = vec![Some(0.6), Some(0.2), Some(0.9), Some(0.0), Some(1.0)];
        // Each position twice (mirrored, then as played), with the same targets.
        let movers = |examples: &[Example]| -> Vec<f32> {
            examples
                .chunks(2)
                .map(|pair| {
                    assert_eq!(pair[0].values, pair[1].values);
                    pair[1].values[0]
                })
                .collect()
        };
        let blended = examples_of(&start, &top_row(values.clone()), 0.5).unwrap();
        let expected = [0.8, 0.1, 0.95, 0.0, 1.0];
        let got = movers(&blended);
        assert!(
            got.iter().zip(expected).all(|(g, e)| (g - e).abs() < 1e-6),
            "{got:?}"
        );
        let outcome_only = examples_of(&start, &top_row(values), 0.0).unwrap();
        assert_eq!(movers(&outcome_only), [1.0, 0.0, 1.0, 0.0, 1.0]);
        // A game recorded before values were kept learns from its outcome.
        assert_eq!(
            examples_of(&start, &top_row(Vec::new()), 0.5).unwrap(),
            outcome_only
        );
    }

    #[test]
    fn damaged_search_values_are_refused() {
        let start = TicTacToe::new();
        let short = examples_of(&start, &top_row(vec![Some(0.5); 4]), 0.5).unwrap_err();
        assert!(
            short.contains("4 values for 2 players and 5 moves"),
            "{short}"
        );
        let mut wild = vec![None; 5];
        wild[2] = Some(1.5);
        let wild = examples_of(&start, &top_row(wild), 0.5).unwrap_err();
        assert!(wild.contains("search value outside 0..1"), "{wild}");
        let mut nan = vec![None; 5];
        nan[0] = Some(f32::NAN);
        assert!(examples_of(&start, &top_row(nan), 0.5).is_err());
    }
}
