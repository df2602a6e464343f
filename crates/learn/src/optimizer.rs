//! Adam with decoupled weight decay (AdamW), as candle-nn's, but with its moments in the
//! open so a checkpoint can save them and a resumed run goes on exactly where it stopped
//! (candle-nn's `AdamW` keeps them private).

use std::collections::HashMap;

use candle_core::backprop::GradStore;
use candle_core::{Result, Tensor, Var};
use candle_nn::VarMap;

/// The settings of [`Adam`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdamSettings {
    pub learning_rate: f64,
    pub weight_decay: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub eps: f64,
}

impl Default for AdamSettings {
    fn default() -> Self {
        AdamSettings {
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
        }
    }
}

/// One trained variable and its two moments.
struct Slot {
    name: String,
    var: Var,
    first: Tensor,
    second: Tensor,
}

/// AdamW over the trainable variables of a [`VarMap`] (the norms' running statistics,
/// which get no gradient, are left alone).
pub struct Adam {
    slots: Vec<Slot>,
    /// Updates made so far (the bias correction's `t`).
    pub steps: u64,
    pub settings: AdamSettings,
}

/// The names under which a checkpoint stores each variable's moments.
fn moment_names(name: &str) -> (String, String) {
    (format!("adam.m.{name}"), format!("adam.v.{name}"))
}

impl Adam {
    /// Fresh moments for every variable of `vars` but the running statistics.
    pub fn new(vars: &VarMap, settings: AdamSettings) -> Result<Adam> {
        let data = vars
            .data()
            .lock()
            .expect("the variable map is not poisoned");
        let mut names: Vec<&String> = data.keys().filter(|n| !n.contains("running_")).collect();
        names.sort();
        let slots = names
            .into_iter()
            .map(|name| {
                let var = data[name].clone();
                let zeros = var.as_tensor().zeros_like()?;
                Ok(Slot {
                    name: name.clone(),
                    var,
                    first: zeros.clone(),
                    second: zeros,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Adam {
            slots,
            steps: 0,
            settings,
        })
    }

    /// One update from `grads`.
    pub fn step(&mut self, grads: &GradStore) -> Result<()> {
        self.steps += 1;
        let s = self.settings;
        let t = self.steps.min(i32::MAX as u64) as i32;
        let scale_m = 1.0 / (1.0 - s.beta1.powi(t));
        let scale_v = 1.0 / (1.0 - s.beta2.powi(t));
        for slot in &mut self.slots {
            let Some(g) = grads.get(slot.var.as_tensor()) else {
                continue;
            };
            // A gradient carries the graph it was computed through: kept as it is, each
            // step's moments would hold every earlier step's graph alive (gigabytes within
            // an hour of training). The moments are plain values.
            let g = g.detach();
            slot.first = ((&slot.first * s.beta1)? + (&g * (1.0 - s.beta1))?)?.detach();
            slot.second = ((&slot.second * s.beta2)? + (g.sqr()? * (1.0 - s.beta2))?)?.detach();
            let m_hat = (&slot.first * scale_m)?;
            let v_hat = (&slot.second * scale_v)?;
            let decayed = (slot.var.as_tensor() * (1.0 - s.learning_rate * s.weight_decay))?;
            let update = ((m_hat / (v_hat.sqrt()? + s.eps)?)? * s.learning_rate)?;
            slot.var.set(&(decayed - update)?)?;
        }
        Ok(())
    }

    /// The moments by their checkpoint names.
    pub fn state(&self) -> Vec<(String, Tensor)> {
        let mut out = Vec::with_capacity(2 * self.slots.len());
        for slot in &self.slots {
            let (m, v) = moment_names(&slot.name);
            out.push((m, slot.first.clone()));
            out.push((v, slot.second.clone()));
        }
        out
    }

    /// Restores the moments [`Adam::state`] gave; each must be there with its variable's
    /// shape. The error names the first that is not.
    pub fn restore(&mut self, saved: &HashMap<String, Tensor>) -> std::result::Result<(), String> {
        for slot in &mut self.slots {
            let (m, v) = moment_names(&slot.name);
            for (key, target) in [(m, &mut slot.first), (v, &mut slot.second)] {
                let tensor = saved
                    .get(&key)
                    .ok_or_else(|| format!("the optimizer state has no {key}"))?;
                if tensor.dims() != slot.var.dims() {
                    return Err(format!(
                        "the optimizer state's {key} has shape {:?}, not {:?}",
                        tensor.dims(),
                        slot.var.dims()
                    ));
                }
                *target = tensor.clone();
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{DType, Device, Tensor};
    use candle_nn::{linear, Module, VarBuilder};

    /// The moments are plain values: were they to keep the graph of the gradients they came
    /// from, every step would keep all earlier steps' graphs alive (a leak of megabytes a
    /// step, found when a training run was killed for using 24 GB).
    #[test]
    fn moments_hold_no_graph_after_steps() {
        let vars = VarMap::new();
        let vb = VarBuilder::from_varmap(&vars, DType::F32, &Device::Cpu);
        let layer = linear(4, 2, vb.pp("layer")).unwrap();
        let mut adam = Adam::new(&vars, AdamSettings::default()).unwrap();
        let x = Tensor::ones((8, 4), DType::F32, &Device::Cpu).unwrap();
        for _ in 0..3 {
            let loss = layer
                .forward(&x)
                .unwrap()
                .sqr()
                .unwrap()
                .mean_all()
                .unwrap();
            adam.step(&loss.backward().unwrap()).unwrap();
        }
        assert_eq!(adam.steps, 3);
        for (name, moment) in adam.state() {
            assert!(!moment.track_op(), "{name} keeps its graph");
        }
    }
}
