//! The net's forward pass for play, where no gradient is needed: each batch norm folded
//! into the convolution before it, and each convolution one matrix product over the whole
//! batch.
//!
//! Why: candle's CPU convolution gathers its 3x3 patches one position at a time and
//! multiplies one board (42 cells on 7x6) at a time; profiled with `perf` under
//! `ply bench net connect4`, gathering took about half of an evaluation and the products
//! themselves a fifth. Here the patches of the whole batch are laid out once (im2col) and
//! a 3x3 convolution over a batch of 64 on the 7x6 board is one product of
//! [2,688 × 288] by [288 × 32]. Training keeps candle's [`Net`](crate::net::Net): it needs
//! the gradients and the batch's own statistics.
//!
//! Activations are kept cell-major (NHWC): row `b·cells + cell`, one column per channel.
//! A batch norm in evaluation is `γ·(x − μ)/√(σ² + ε) + β`, an affine map per channel, so it
//! folds into the weights of the convolution that feeds it (`w·s`, bias `β − μ·s`, with
//! `s = γ/√(σ² + ε)`).

use std::collections::HashMap;

use candle_core::{Result, Tensor};

use crate::model::Model;
use crate::net::{NetShape, NORM_EPSILON};

/// A product `x·W + b` over rows of `inputs` values, `W` stored `[inputs, outputs]`,
/// row-major.
struct Dense {
    weights: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
    outputs: usize,
}

impl Dense {
    /// `rows × inputs` values in, `rows × outputs` out, the bias added.
    ///
    /// gemm writes straight into the answer, each row of which starts as the bias: no tensor
    /// to copy out of, no second pass to add the bias, and no thread pool (the callers'
    /// threads are the parallelism: see `settle_threads`).
    fn apply(&self, x: &[f32], rows: usize) -> Result<Vec<f32>> {
        if x.len() != rows * self.inputs
            || self.weights.len() != self.inputs * self.outputs
            || self.bias.len() != self.outputs
        {
            candle_core::bail!(
                "a product of {} values ({rows} rows of {} inputs) by {} weights and {} biases \
                 for {} outputs",
                x.len(),
                self.inputs,
                self.weights.len(),
                self.bias.len(),
                self.outputs
            );
        }
        let mut y = Vec::with_capacity(rows * self.outputs);
        for _ in 0..rows {
            y.extend_from_slice(&self.bias);
        }
        if rows == 0 || self.inputs == 0 || self.outputs == 0 {
            return Ok(y);
        }
        // SAFETY: `y` holds rows × outputs values, `x` rows × inputs and `weights` inputs ×
        // outputs (all three checked above), all row-major (a column stride of 1, a row stride of
        // the row's length), so gemm reads and writes within the three buffers, which live
        // through the call and do not overlap (`y` is new).
        unsafe {
            gemm::gemm(
                rows,
                self.outputs,
                self.inputs,
                y.as_mut_ptr(),
                1,
                self.outputs as isize,
                true,
                x.as_ptr(),
                1,
                self.inputs as isize,
                self.weights.as_ptr(),
                1,
                self.outputs as isize,
                1.0,
                1.0,
                false,
                false,
                false,
                gemm::Parallelism::None,
            );
        }
        Ok(y)
    }
}

/// A convolution (3x3 with a border of zeros, or 1x1) with its batch norm folded in.
struct Conv {
    kernel: usize,
    dense: Dense,
}

/// The folded net.
pub struct Inference {
    shape: NetShape,
    stem: Conv,
    blocks: Vec<(Conv, Conv)>,
    policy_conv: Conv,
    policy_hidden: Option<Dense>,
    policy_out: Dense,
    value_conv: Conv,
    value_hidden: Dense,
    value_out: Dense,
}

fn relu(x: &mut [f32]) {
    x.iter_mut().for_each(|v| *v = v.max(0.0));
}

impl Inference {
    /// The folded form of `model`'s weights (a copy: later training does not reach it).
    pub fn new(model: &Model) -> Result<Inference> {
        let weights: HashMap<String, Tensor> = model.tensors().into_iter().collect();
        let get = |name: &str| -> Result<Vec<f32>> {
            weights
                .get(name)
                .ok_or_else(|| candle_core::Error::Msg(format!("no weight {name}")))?
                .flatten_all()?
                .to_vec1::<f32>()
        };
        let conv = |prefix: &str, norm: &str, inputs: usize, kernel: usize| -> Result<Conv> {
            let w = get(&format!("{prefix}.weight"))?;
            let gamma = get(&format!("{norm}.weight"))?;
            let beta = get(&format!("{norm}.bias"))?;
            let mean = get(&format!("{norm}.running_mean"))?;
            let var = get(&format!("{norm}.running_var"))?;
            let outputs = gamma.len();
            let taps = kernel * kernel;
            // A loaded model's tensors were checked against its header; this keeps a
            // mismatch an error here rather than an index out of bounds.
            if w.len() != taps * inputs * outputs
                || [&beta, &mean, &var].iter().any(|t| t.len() != outputs)
            {
                return Err(candle_core::Error::Msg(format!(
                    "{prefix} and {norm} do not fit together"
                )));
            }
            let scale: Vec<f32> = gamma
                .iter()
                .zip(&var)
                .map(|(g, v)| g / (v + NORM_EPSILON as f32).sqrt())
                .collect();
            // candle's [outputs, inputs, kh, kw] becomes rows (tap·inputs + input), a column
            // per output, as the patches below are laid out.
            let mut folded = vec![0.0; taps * inputs * outputs];
            for o in 0..outputs {
                for i in 0..inputs {
                    for t in 0..taps {
                        folded[(t * inputs + i) * outputs + o] =
                            w[(o * inputs + i) * taps + t] * scale[o];
                    }
                }
            }
            let bias = (0..outputs).map(|o| beta[o] - mean[o] * scale[o]).collect();
            Ok(Conv {
                kernel,
                dense: Dense {
                    weights: folded,
                    bias,
                    inputs: taps * inputs,
                    outputs,
                },
            })
        };
        let linear = |prefix: &str| -> Result<Dense> {
            let w = &weights
                .get(&format!("{prefix}.weight"))
                .ok_or_else(|| candle_core::Error::Msg(format!("no weight {prefix}")))?;
            let (outputs, inputs) = w.dims2()?;
            Ok(Dense {
                // candle's Linear keeps [outputs, inputs].
                weights: w.t()?.contiguous()?.flatten_all()?.to_vec1::<f32>()?,
                bias: get(&format!("{prefix}.bias"))?,
                inputs,
                outputs,
            })
        };
        let shape = model.header.shape;
        let c = model.header.size.channels;
        let blocks = (0..model.header.size.blocks)
            .map(|i| {
                Ok((
                    conv(&format!("block{i}.conv1"), &format!("block{i}.bn1"), c, 3)?,
                    conv(&format!("block{i}.conv2"), &format!("block{i}.bn2"), c, 3)?,
                ))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Inference {
            shape,
            stem: conv("stem.conv", "stem.bn", shape.observation[0], 3)?,
            blocks,
            policy_conv: conv("policy.conv", "policy.bn", c, 1)?,
            policy_hidden: weights
                .contains_key("policy.hidden.weight")
                .then(|| linear("policy.hidden"))
                .transpose()?,
            policy_out: linear("policy.out")?,
            value_conv: conv("value.conv", "value.bn", c, 1)?,
            value_hidden: linear("value.hidden")?,
            value_out: linear("value.out")?,
        })
    }

    /// Policy logits (`[batch][actions]`) and values in 0..=1 (`[batch][seats]`) for
    /// `batch` observations laid out as the net reads them (`[planes, rows, cols]` each),
    /// as [`Net::forward_t`](crate::net::Net::forward_t) gives them without training.
    pub fn forward(&self, observations: &[f32], batch: usize) -> Result<(Vec<f32>, Vec<f32>)> {
        let [planes, rows, cols] = self.shape.observation;
        let cells = rows * cols;
        // Planes first (as encoded) to cells first.
        let mut x = vec![0.0; batch * cells * planes];
        for b in 0..batch {
            for p in 0..planes {
                for cell in 0..cells {
                    x[(b * cells + cell) * planes + p] =
                        observations[(b * planes + p) * cells + cell];
                }
            }
        }
        let mut h = self.conv(&self.stem, &x, batch)?;
        relu(&mut h);
        for (first, second) in &self.blocks {
            let mut y = self.conv(first, &h, batch)?;
            relu(&mut y);
            let mut y = self.conv(second, &y, batch)?;
            for (v, skip) in y.iter_mut().zip(&h) {
                *v = (*v + skip).max(0.0);
            }
            h = y;
        }

        let mut p = self.conv(&self.policy_conv, &h, batch)?;
        relu(&mut p);
        // Flattened as candle flattens [channels, rows, cols]: channel-major.
        let channels = self.policy_conv.dense.outputs;
        let mut flat = vec![0.0; p.len()];
        for b in 0..batch {
            for cell in 0..cells {
                for ch in 0..channels {
                    flat[(b * channels + ch) * cells + cell] =
                        p[(b * cells + cell) * channels + ch];
                }
            }
        }
        if let Some(hidden) = &self.policy_hidden {
            flat = hidden.apply(&flat, batch)?;
            relu(&mut flat);
        }
        let logits = self.policy_out.apply(&flat, batch)?;

        // The value conv has one channel, so cells-first is already its flattening.
        let mut v = self.conv(&self.value_conv, &h, batch)?;
        relu(&mut v);
        let mut v = self.value_hidden.apply(&v, batch)?;
        relu(&mut v);
        let mut values = self.value_out.apply(&v, batch)?;
        values
            .iter_mut()
            .for_each(|v| *v = 1.0 / (1.0 + (-*v).exp()));
        Ok((logits, values))
    }

    /// A convolution of `x` (cells first, `inputs` columns) with its norm folded in.
    fn conv(&self, conv: &Conv, x: &[f32], batch: usize) -> Result<Vec<f32>> {
        let [_, rows, cols] = self.shape.observation;
        let cells = rows * cols;
        let inputs = x.len() / (batch * cells).max(1);
        if conv.kernel == 1 {
            return conv.dense.apply(x, batch * cells);
        }
        // Each cell's 3x3 neighbourhood side by side (zeros off the board): row
        // `b·cells + cell`, columns `tap·inputs + input`, taps in reading order. Written in
        // that order, so nothing is cleared first.
        let mut patches = Vec::with_capacity(batch * cells * 9 * inputs);
        for b in 0..batch {
            for r in 0..rows {
                for c in 0..cols {
                    for tap in 0..9 {
                        let (nr, nc) =
                            ((r + tap / 3).wrapping_sub(1), (c + tap % 3).wrapping_sub(1));
                        if nr < rows && nc < cols {
                            let from = (b * cells + nr * cols + nc) * inputs;
                            patches.extend_from_slice(&x[from..from + inputs]);
                        } else {
                            patches.resize(patches.len() + inputs, 0.0);
                        }
                    }
                }
            }
        }
        conv.dense.apply(&patches, batch * cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelHeader;
    use crate::net::NetSize;
    use candle_core::Device;
    use rand::{Rng, SeedableRng};

    /// The folded net gives candle's answers on random nets (their norms' statistics made
    /// non-trivial, as training leaves them) and random inputs.
    #[test]
    fn the_folded_net_answers_as_candles_net_does() {
        for (observation, actions, seats, blocks, channels, batch) in [
            ([3, 6, 7], 7, 2, 2, 8, 5),
            ([4, 3, 3], 9, 2, 1, 4, 1),
            ([5, 5, 4], 700, 3, 0, 6, 3),
        ] {
            let shape = NetShape {
                observation,
                actions,
                seats,
            };
            let header = ModelHeader {
                format: crate::model::FORMAT,
                game: "test".into(),
                variant: "test".into(),
                shape,
                size: NetSize { blocks, channels },
                steps: 0,
                games: 0,
                command: String::new(),
            };
            let model = Model::fresh(header, 7).unwrap();
            let mut rng = crate::LearnRng::seed_from_u64(3);
            for (name, var) in model.vars.data().lock().unwrap().iter() {
                if name.contains(".bn") {
                    let n = var.elem_count();
                    let values: Vec<f32> = (0..n)
                        .map(|_| {
                            if name.ends_with("running_var") {
                                rng.random_range(0.2..2.0)
                            } else {
                                rng.random_range(-0.5..0.5)
                            }
                        })
                        .collect();
                    var.set(&Tensor::from_vec(values, n, &Device::Cpu).unwrap())
                        .unwrap();
                }
            }
            let len = shape.observation_len();
            let x: Vec<f32> = (0..batch * len)
                .map(|_| rng.random_range(-1.0..1.0))
                .collect();
            let [p, r, c] = observation;
            let input = Tensor::from_slice(&x, (batch, p, r, c), &Device::Cpu).unwrap();
            let (logits, values) = model.net.forward_t(&input, false).unwrap();
            let logits = logits.flatten_all().unwrap().to_vec1::<f32>().unwrap();
            let values = values.flatten_all().unwrap().to_vec1::<f32>().unwrap();
            let (fast_logits, fast_values) =
                Inference::new(&model).unwrap().forward(&x, batch).unwrap();
            for (a, b) in logits
                .iter()
                .zip(&fast_logits)
                .chain(values.iter().zip(&fast_values))
            {
                assert!((a - b).abs() <= 1e-4 * (1.0 + a.abs()), "{a} against {b}");
            }
            assert_eq!(logits.len(), fast_logits.len());
            assert_eq!(values.len(), fast_values.len());
        }
    }
}
