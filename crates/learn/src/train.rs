//! One training step: a batch of examples, the loss, the gradient, the update.
//!
//! The loss is AlphaZero's: the cross-entropy of the policy against the search's visit
//! shares, plus the squared error of each seat's value against the game's result (on the
//! −1..1 scale AlphaZero uses, so the two terms weigh as there); weight decay is the
//! optimizer's.

use candle_core::{Device, Result, Tensor, D};
use candle_nn::ops::log_softmax;

use crate::model::Model;
use crate::optimizer::{Adam, AdamSettings};
use crate::replay::Example;

/// What one step measured.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Losses {
    /// Cross-entropy of the policy against the visit shares.
    pub policy: f32,
    /// Mean squared error of the values, on the −1..1 scale.
    pub value: f32,
}

/// The net being trained and its optimizer.
pub struct Trainer {
    pub model: Model,
    pub adam: Adam,
}

impl Trainer {
    pub fn new(model: Model, settings: AdamSettings) -> Result<Trainer> {
        let adam = Adam::new(&model.vars, settings)?;
        Ok(Trainer { model, adam })
    }

    /// The loss of `batch` under the current weights, without training (`train`: with the
    /// batch's own norm statistics, as a step sees it).
    pub fn losses(&self, batch: &[&Example], train: bool) -> Result<(Tensor, Losses)> {
        let shape = self.model.header.shape;
        let n = batch.len();
        let [planes, rows, cols] = shape.observation;
        let len = shape.observation_len();
        let mut observations = Vec::with_capacity(n * len);
        let mut policies = vec![0.0f32; n * shape.actions];
        let mut values = Vec::with_capacity(n * shape.seats);
        for (i, example) in batch.iter().enumerate() {
            observations.extend_from_slice(&example.observation);
            for &(action, share) in &example.policy {
                policies[i * shape.actions + action as usize] = share;
            }
            values.extend_from_slice(&example.values);
        }
        let device = Device::Cpu;
        let x = Tensor::from_vec(observations, (n, planes, rows, cols), &device)?;
        let pi = Tensor::from_vec(policies, (n, shape.actions), &device)?;
        let z = Tensor::from_vec(values, (n, shape.seats), &device)?;
        let (logits, v) = self.model.net.forward_t(&x, train)?;
        let policy_loss = (pi * log_softmax(&logits, D::Minus1)?)?
            .sum(D::Minus1)?
            .mean_all()?
            .neg()?;
        // (2v − 1) − (2z − 1) = 2(v − z): the −1..1 scale's squared error is 4 (v − z)².
        let value_loss = ((v - z)?.sqr()?.mean_all()? * 4.0)?;
        let total = (&policy_loss + &value_loss)?;
        let losses = Losses {
            policy: policy_loss.to_scalar::<f32>()?,
            value: value_loss.to_scalar::<f32>()?,
        };
        Ok((total, losses))
    }

    /// One update on `batch`.
    pub fn step(&mut self, batch: &[&Example]) -> Result<Losses> {
        let (total, losses) = self.losses(batch, true)?;
        let grads = total.backward()?;
        self.adam.step(&grads)?;
        self.model.header.steps += 1;
        Ok(losses)
    }
}
