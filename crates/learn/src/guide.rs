//! The network as PUCT's guide: observations in, a prior over each position's legal moves
//! and a value per seat out.

use std::marker::PhantomData;
use std::sync::Arc;

use candle_core::{Device, Tensor};
use ply_core::{Encode, MAX_PLAYERS};
use ply_search::puct::{Guidance, Guide, Leaf};

use crate::infer::Inference;
use crate::input::write_input;
use crate::model::Model;

/// Evaluates positions with a [`Model`], many at once.
pub struct NetGuide<G: Encode> {
    model: Arc<Model>,
    /// The model's folded forward pass; `None` only if it could not be built, and then
    /// candle's net answers.
    inference: Option<Inference>,
    observations: Vec<f32>,
    actions: Vec<usize>,
    description: String,
    _game: PhantomData<fn(&G)>,
}

impl<G: Encode> NetGuide<G> {
    /// A guide for `model`, described as `description` in agent names.
    pub fn new(model: Arc<Model>, description: impl Into<String>) -> Self {
        NetGuide {
            inference: Inference::new(&model).ok(),
            model,
            observations: Vec::new(),
            actions: Vec::new(),
            description: description.into(),
            _game: PhantomData,
        }
    }

    pub fn model(&self) -> &Arc<Model> {
        &self.model
    }

    /// Guidance for every leaf of every group, in order, in one network call.
    pub fn evaluate_groups(&mut self, groups: &[&[Leaf<G>]], out: &mut Vec<Guidance>) {
        out.clear();
        let count: usize = groups.iter().map(|g| g.len()).sum();
        if count == 0 {
            return;
        }
        let shape = self.model.header.shape;
        let len = shape.observation_len();
        self.observations.clear();
        self.observations.resize(count * len, 0.0);
        for (i, leaf) in groups.iter().flat_map(|g| g.iter()).enumerate() {
            write_input(&leaf.state, &mut self.observations[i * len..(i + 1) * len]);
        }
        let answer = match &self.inference {
            Some(inference) => inference.forward(&self.observations, count),
            None => self.candle_forward(count),
        };
        let leaves = groups.iter().flat_map(|g| g.iter());
        match answer {
            Ok((logits, values)) => {
                let logits = logits.chunks_exact(shape.actions);
                let values = values.chunks_exact(shape.seats);
                for ((leaf, logits), values) in leaves.zip(logits).zip(values) {
                    out.push(self.guidance(leaf, logits, values));
                }
            }
            // The shapes were checked when the model was loaded, so this is only a failed
            // allocation: the search goes on with no knowledge rather than stopping.
            Err(_) => {
                for leaf in leaves {
                    let mut even = [0.0; MAX_PLAYERS];
                    even[..leaf.state.num_players()].fill(0.5);
                    out.push(Guidance::uniform(leaf.moves.len(), even));
                }
            }
        }
    }

    /// Logits and values of the first `count` observations by candle's net, each flat.
    fn candle_forward(&self, count: usize) -> candle_core::Result<(Vec<f32>, Vec<f32>)> {
        let [planes, rows, cols] = self.model.header.shape.observation;
        let x = Tensor::from_slice(
            &self.observations,
            (count, planes, rows, cols),
            &Device::Cpu,
        )?;
        let (logits, values) = self.model.net.forward_t(&x, false)?;
        Ok((
            logits.flatten_all()?.to_vec1::<f32>()?,
            values.flatten_all()?.to_vec1::<f32>()?,
        ))
    }

    /// The softmax of the legal moves' logits, and the values turned from the observer's
    /// seats (itself first) to seat numbers.
    fn guidance(&mut self, leaf: &Leaf<G>, logits: &[f32], values: &[f32]) -> Guidance {
        let state = &leaf.state;
        self.actions.clear();
        self.actions
            .extend(leaf.moves.iter().map(|&mv| state.action_of(mv)));
        let max = self
            .actions
            .iter()
            .map(|&a| logits[a])
            .fold(f32::NEG_INFINITY, f32::max);
        let mut priors: Vec<f32> = self
            .actions
            .iter()
            .map(|&a| (logits[a] - max).exp())
            .collect();
        let total: f32 = priors.iter().sum();
        priors.iter_mut().for_each(|p| *p /= total);
        let players = state.num_players();
        let mut seats = [0.0; MAX_PLAYERS];
        for (i, &v) in values.iter().enumerate().take(players) {
            seats[(state.to_move() + i) % players] = v;
        }
        Guidance {
            priors,
            values: seats,
        }
    }
}

impl<G: Encode> Guide<G> for NetGuide<G> {
    fn describe(&self) -> String {
        self.description.clone()
    }

    fn evaluate(&mut self, leaves: &[Leaf<G>], out: &mut Vec<Guidance>) {
        self.evaluate_groups(&[leaves], out);
    }
}
