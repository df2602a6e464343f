//! One training step: a batch of examples, the loss, the gradient, the update.
//!
//! The loss is AlphaZero's: the cross-entropy of the policy against the search's visit
//! shares, plus the squared error of each seat's value against the game's result (on the
//! −1..1 scale AlphaZero uses, so the two terms weigh as there); weight decay is the
//! optimizer's.
//!
//! A step may split its batch into parts ([`Trainer::parts`], the run's threads): each part's
//! forward pass in turn (each updates the norms' running statistics, in a fixed order), then
//! their backward passes, the bulk of the work, on a thread each, and the gradients averaged
//! by the parts' sizes. The norms then see each part's statistics rather than the whole
//! batch's (as with "ghost" batch norm), so the run's threads are part of what it learns;
//! the timing of the threads is not.

use candle_core::backprop::GradStore;
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
    /// The parts a step's batch is split into, their gradients computed on as many threads.
    pub parts: usize,
}

impl Trainer {
    pub fn new(model: Model, settings: AdamSettings) -> Result<Trainer> {
        let adam = Adam::new(&model.vars, settings)?;
        Ok(Trainer {
            model,
            adam,
            parts: 1,
        })
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

    /// One update on `batch`, in [`Trainer::parts`] parts.
    pub fn step(&mut self, batch: &[&Example]) -> Result<Losses> {
        if batch.is_empty() {
            candle_core::bail!("a training step needs at least one example");
        }
        let size = self.parts.clamp(1, batch.len());
        let parts: Vec<&[&Example]> = batch.chunks(batch.len().div_ceil(size)).collect();
        let mut forward = Vec::with_capacity(parts.len());
        for part in &parts {
            forward.push(self.losses(part, true)?);
        }
        let grads = std::thread::scope(|scope| {
            let others: Vec<_> = forward[1..]
                .iter()
                .map(|(total, _)| scope.spawn(move || total.backward()))
                .collect();
            let mut grads = vec![forward[0].0.backward()?];
            for other in others {
                let grad = other
                    .join()
                    .map_err(|_| candle_core::Error::Msg("a backward pass panicked".into()))?;
                grads.push(grad?);
            }
            Ok::<_, candle_core::Error>(grads)
        })?;
        let shares: Vec<f64> = parts
            .iter()
            .map(|p| p.len() as f64 / batch.len() as f64)
            .collect();
        let grads = self.average(grads, &shares)?;
        self.adam.step(&grads)?;
        self.model.header.steps += 1;
        let mut losses = Losses::default();
        for ((_, part), share) in forward.iter().zip(&shares) {
            losses.policy += part.policy * *share as f32;
            losses.value += part.value * *share as f32;
        }
        Ok(losses)
    }

    /// The gradients of the parts, weighed by `shares`, as one.
    fn average(&self, mut grads: Vec<GradStore>, shares: &[f64]) -> Result<GradStore> {
        if grads.len() == 1 {
            return Ok(grads.remove(0));
        }
        let mut out = GradStore::default();
        for var in self.model.vars.all_vars() {
            let mut sum: Option<Tensor> = None;
            for (g, share) in grads.iter().zip(shares) {
                if let Some(g) = g.get(var.as_tensor()) {
                    let g = (g * *share)?;
                    sum = Some(match sum {
                        Some(s) => (s + g)?,
                        None => g,
                    });
                }
            }
            if let Some(sum) = sum {
                out.insert(var.as_tensor(), sum);
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelHeader;
    use crate::net::NetSize;
    use ply_tictactoe::TicTacToe;

    #[test]
    fn the_parts_gradients_are_weighed_by_their_sizes() {
        let size = NetSize {
            blocks: 1,
            channels: 4,
        };
        let header = ModelHeader::for_game(&TicTacToe::new(), size, "test");
        let trainer = Trainer::new(Model::fresh(header, 1).unwrap(), Default::default()).unwrap();
        let vars = trainer.model.vars.all_vars();
        let store = |value: f64| {
            let mut grads = GradStore::default();
            for var in &vars {
                let g = (var.as_tensor().ones_like().unwrap() * value).unwrap();
                grads.insert(var.as_tensor(), g);
            }
            grads
        };
        let average = trainer
            .average(vec![store(1.0), store(3.0)], &[0.75, 0.25])
            .unwrap();
        for var in &vars {
            let values = average
                .get(var.as_tensor())
                .unwrap()
                .flatten_all()
                .unwrap()
                .to_vec1::<f32>()
                .unwrap();
            assert!(values.iter().all(|&v| (v - 1.5).abs() < 1e-6), "{values:?}");
        }
    }

    #[test]
    fn an_empty_batch_is_an_error_not_a_panic() {
        let header = ModelHeader::for_game(&TicTacToe::new(), NetSize::DEFAULT, "test");
        let mut trainer =
            Trainer::new(Model::fresh(header, 1).unwrap(), Default::default()).unwrap();
        for parts in [1, 2] {
            trainer.parts = parts;
            let error = trainer.step(&[]).unwrap_err().to_string();
            assert!(error.contains("at least one example"), "{error}");
        }
        assert_eq!(trainer.model.header.steps, 0);
    }
}
