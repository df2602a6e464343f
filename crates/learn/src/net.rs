//! The network: a residual tower of 3x3 convolutions over the game's observation planes,
//! with a policy head over the variant's whole action space and a value head with one
//! output per seat.
//!
//! ```text
//!   observation [planes, rows, cols]
//!     └─ stem: conv 3x3 → C channels, batch norm, ReLU
//!        └─ blocks × B: conv 3x3, BN, ReLU, conv 3x3, BN, + input, ReLU
//!           ├─ policy: conv 1x1 → 2, BN, ReLU, flatten, [linear → 256, ReLU,] linear → actions
//!           └─ value:  conv 1x1 → 1, BN, ReLU, flatten, linear → 64, ReLU, linear → seats, sigmoid
//! ```
//!
//! Everything is sized from the game's `Encode` (`observation_shape`, `num_actions`, the
//! seats) and two numbers, the blocks `B` and channels `C` ([`NetSize`]). The policy's
//! hidden layer is there only when a direct layer would be huge (halma's from-to actions on
//! the 121-hole star), so every game's net stays a few megabytes.
//!
//! Values are rewards in 0..=1 (1 first, 0 last: see `ply_search::puct::rewards`), seat 0
//! being the observer (the player to move), then the others in turn order.

use candle_core::{DType, Device, Module, ModuleT, Result, Tensor};
use candle_nn::{batch_norm, conv2d_no_bias, linear, BatchNorm, Conv2d, Conv2dConfig, Linear};
use candle_nn::{VarBuilder, VarMap};
use rand::SeedableRng;
use rand_distr::{Distribution, Normal};
use serde::{Deserialize, Serialize};

use crate::patches::patches;
use crate::LearnRng;

/// What the net reads and writes: fixed by the game's variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetShape {
    /// `[planes, rows, columns]`, as `Encode::observation_shape`.
    pub observation: [usize; 3],
    /// The action space, as `Encode::num_actions`.
    pub actions: usize,
    /// Players: one value each.
    pub seats: usize,
}

impl NetShape {
    /// The length of one observation.
    pub fn observation_len(&self) -> usize {
        self.observation.iter().product()
    }

    fn cells(&self) -> usize {
        self.observation[1] * self.observation[2]
    }
}

/// How big the tower is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetSize {
    pub blocks: usize,
    pub channels: usize,
}

impl NetSize {
    /// The size `ply train` uses unless told: measured on two cores to let self-play run
    /// thousands of games an hour (docs/results/learning.md).
    pub const DEFAULT: NetSize = NetSize {
        blocks: 4,
        channels: 32,
    };
    /// The largest tower a model file may ask for.
    pub const MAX_BLOCKS: usize = 40;
    pub const MAX_CHANNELS: usize = 512;
}

/// The policy head's hidden width when a direct layer would have more weights than
/// [`DIRECT_POLICY_LIMIT`].
const POLICY_HIDDEN: usize = 256;
const DIRECT_POLICY_LIMIT: usize = 2_000_000;
const VALUE_HIDDEN: usize = 64;

/// One residual block.
struct Block {
    conv1: Conv2d,
    bn1: BatchNorm,
    conv2: Conv2d,
    bn2: BatchNorm,
}

impl Block {
    fn forward_t(&self, x: &Tensor, train: bool) -> Result<Tensor> {
        let y = self
            .bn1
            .forward_t(&convolve(&self.conv1, x)?, train)?
            .relu()?;
        let y = self.bn2.forward_t(&convolve(&self.conv2, &y)?, train)?;
        (y + x)?.relu()
    }
}

/// The network, its weights in a [`VarMap`] (the trainer's variables).
pub struct Net {
    pub shape: NetShape,
    pub size: NetSize,
    stem: Conv2d,
    stem_bn: BatchNorm,
    blocks: Vec<Block>,
    policy_conv: Conv2d,
    policy_bn: BatchNorm,
    policy_hidden: Option<Linear>,
    policy_out: Linear,
    value_conv: Conv2d,
    value_bn: BatchNorm,
    value_hidden: Linear,
    value_out: Linear,
}

/// `conv` over `x` (`[batch, inputs, rows, cols]`, stride 1, padding `kernel / 2`, no
/// bias, as [`conv`] makes them) as one matrix product of the batch's patches by the
/// kernel, `[batch·rows·cols, inputs·k²] × [inputs·k², outputs]` (see [`patches`]).
///
/// Why: the same result as candle's `Conv2d::forward` with a faster gradient, which made a
/// training step 1.65 times faster (docs/results/learning.md, "The training step").
fn convolve(conv: &Conv2d, x: &Tensor) -> Result<Tensor> {
    let weight = conv.weight();
    let (outputs, inputs, k, _) = weight.dims4()?;
    let (batch, _, rows, cols) = x.dims4()?;
    let cells = rows * cols;
    let patches = if k == 1 {
        x.permute((0, 2, 3, 1))?.reshape((batch * cells, inputs))?
    } else {
        patches(x, k)?
    };
    let kernel = weight.reshape((outputs, inputs * k * k))?.t()?;
    patches
        .matmul(&kernel)?
        .reshape((batch, cells, outputs))?
        .transpose(1, 2)?
        .reshape((batch, outputs, rows, cols))
}

fn conv(inputs: usize, outputs: usize, kernel: usize, vb: VarBuilder) -> Result<Conv2d> {
    let config = Conv2dConfig {
        padding: kernel / 2,
        ..Conv2dConfig::default()
    };
    conv2d_no_bias(inputs, outputs, kernel, config, vb)
}

/// The batch norms' epsilon (`x / √(σ² + ε)`); [`crate::infer`] folds it in too.
pub const NORM_EPSILON: f64 = 1e-5;

fn norm(channels: usize, vb: VarBuilder) -> Result<BatchNorm> {
    batch_norm(channels, NORM_EPSILON, vb)
}

impl Net {
    /// The net of `shape` and `size`, its variables created in `vars` (or taken from it when
    /// they are there already, as after loading a model).
    pub fn new(shape: NetShape, size: NetSize, vars: &VarMap) -> Result<Net> {
        let vb = VarBuilder::from_varmap(vars, DType::F32, &Device::Cpu);
        let [planes, _, _] = shape.observation;
        let c = size.channels;
        let blocks = (0..size.blocks)
            .map(|i| {
                let vb = vb.pp(format!("block{i}"));
                Ok(Block {
                    conv1: conv(c, c, 3, vb.pp("conv1"))?,
                    bn1: norm(c, vb.pp("bn1"))?,
                    conv2: conv(c, c, 3, vb.pp("conv2"))?,
                    bn2: norm(c, vb.pp("bn2"))?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let cells = shape.cells();
        let policy_features = 2 * cells;
        let (policy_hidden, policy_out) = if policy_features * shape.actions > DIRECT_POLICY_LIMIT {
            (
                Some(linear(
                    policy_features,
                    POLICY_HIDDEN,
                    vb.pp("policy.hidden"),
                )?),
                linear(POLICY_HIDDEN, shape.actions, vb.pp("policy.out"))?,
            )
        } else {
            (
                None,
                linear(policy_features, shape.actions, vb.pp("policy.out"))?,
            )
        };
        Ok(Net {
            shape,
            size,
            stem: conv(planes, c, 3, vb.pp("stem.conv"))?,
            stem_bn: norm(c, vb.pp("stem.bn"))?,
            blocks,
            policy_conv: conv(c, 2, 1, vb.pp("policy.conv"))?,
            policy_bn: norm(2, vb.pp("policy.bn"))?,
            policy_hidden,
            policy_out,
            value_conv: conv(c, 1, 1, vb.pp("value.conv"))?,
            value_bn: norm(1, vb.pp("value.bn"))?,
            value_hidden: linear(cells, VALUE_HIDDEN, vb.pp("value.hidden"))?,
            value_out: linear(VALUE_HIDDEN, shape.seats, vb.pp("value.out"))?,
        })
    }

    /// Policy logits `[batch, actions]` and values `[batch, seats]` (0..=1) for a batch of
    /// observations `[batch, planes, rows, cols]`; `train` uses the batch's own statistics
    /// in the norms (and updates their running ones).
    pub fn forward_t(&self, x: &Tensor, train: bool) -> Result<(Tensor, Tensor)> {
        let mut h = self
            .stem_bn
            .forward_t(&convolve(&self.stem, x)?, train)?
            .relu()?;
        for block in &self.blocks {
            h = block.forward_t(&h, train)?;
        }
        let p = self
            .policy_bn
            .forward_t(&convolve(&self.policy_conv, &h)?, train)?
            .relu()?
            .flatten_from(1)?;
        let p = match &self.policy_hidden {
            Some(hidden) => hidden.forward(&p)?.relu()?,
            None => p,
        };
        let logits = self.policy_out.forward(&p)?;
        let v = self
            .value_bn
            .forward_t(&convolve(&self.value_conv, &h)?, train)?
            .relu()?
            .flatten_from(1)?;
        let v = self.value_hidden.forward(&v)?.relu()?;
        let values = candle_nn::ops::sigmoid(&self.value_out.forward(&v)?)?;
        Ok((logits, values))
    }
}

/// Sets every variable of `vars` from a seeded generator (candle's own initialisers draw
/// from an unseeded one): weights He-normal by their fan-in, biases and norm shifts 0, norm
/// scales and running variances 1.
pub fn initialise(vars: &VarMap, rng_seed: u64) -> Result<()> {
    let mut rng = LearnRng::seed_from_u64(rng_seed);
    let data = vars
        .data()
        .lock()
        .expect("the variable map is not poisoned");
    let mut names: Vec<&String> = data.keys().collect();
    // A fixed order, so the same seed gives the same weights.
    names.sort();
    for name in names {
        let var = &data[name];
        let dims = var.dims().to_vec();
        let count: usize = dims.iter().product();
        let is_scale =
            name.ends_with("running_var") || name.ends_with(".weight") && dims.len() == 1;
        let values: Vec<f32> = if is_scale {
            vec![1.0; count]
        } else if dims.len() == 1 {
            vec![0.0; count]
        } else {
            let fan_in: usize = dims[1..].iter().product();
            let std = (2.0 / fan_in.max(1) as f64).sqrt() as f32;
            let normal = Normal::new(0.0, std).expect("a finite deviation");
            (0..count).map(|_| normal.sample(&mut rng)).collect()
        };
        var.set(&Tensor::from_vec(values, dims.as_slice(), &Device::Cpu)?)?;
    }
    Ok(())
}

/// The number of weights of a net of `shape` and `size`, its norms' running statistics
/// included, by arithmetic: what a model file's header asks for can be weighed before
/// anything is allocated.
pub fn parameter_estimate(shape: NetShape, size: NetSize) -> usize {
    let [planes, _, _] = shape.observation;
    let (c, cells, actions) = (size.channels, shape.cells(), shape.actions);
    let norm = |channels: usize| 4 * channels;
    let stem = planes * c * 9 + norm(c);
    let blocks = size.blocks * 2 * (c * c * 9 + norm(c));
    let policy_features = 2 * cells;
    let policy = c * 2
        + norm(2)
        + if policy_features.saturating_mul(actions) > DIRECT_POLICY_LIMIT {
            policy_features * POLICY_HIDDEN + POLICY_HIDDEN + POLICY_HIDDEN * actions + actions
        } else {
            policy_features * actions + actions
        };
    let value = c
        + norm(1)
        + cells * VALUE_HIDDEN
        + VALUE_HIDDEN
        + VALUE_HIDDEN * shape.seats
        + shape.seats;
    stem + blocks + policy + value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_counts_every_weight() {
        for (observation, actions, seats, size) in [
            (
                [3, 6, 7],
                7,
                2,
                NetSize {
                    blocks: 2,
                    channels: 8,
                },
            ),
            (
                [5, 17, 17],
                14_641,
                3,
                NetSize {
                    blocks: 1,
                    channels: 4,
                },
            ),
            (
                [7, 9, 9],
                209,
                2,
                NetSize {
                    blocks: 0,
                    channels: 3,
                },
            ),
        ] {
            let shape = NetShape {
                observation,
                actions,
                seats,
            };
            let vars = VarMap::new();
            Net::new(shape, size, &vars).unwrap();
            let counted: usize = vars.all_vars().iter().map(|v| v.elem_count()).sum();
            assert_eq!(
                parameter_estimate(shape, size),
                counted,
                "{shape:?} {size:?}"
            );
        }
    }

    /// The product form of a convolution gives candle's results, and the same gradients for
    /// the input and the kernel, for 3x3 and 1x1 kernels on a board that is not square.
    #[test]
    fn convolve_is_candles_convolution_and_its_gradient() {
        let vars = VarMap::new();
        initialise(&vars, 0).unwrap();
        let vb = VarBuilder::from_varmap(&vars, DType::F32, &Device::Cpu);
        for (inputs, outputs, k) in [(3, 5, 3), (4, 2, 1)] {
            let conv = conv(inputs, outputs, k, vb.pp(format!("c{k}"))).unwrap();
            initialise(&vars, k as u64).unwrap();
            let values: Vec<f32> = (0..2 * inputs * 6 * 7)
                .map(|i| ((i * 37 % 23) as f32 - 11.0) / 7.0)
                .collect();
            let x = candle_core::Var::from_vec(values, (2, inputs, 6, 7), &Device::Cpu).unwrap();
            // A loss that weighs each output differently, so a wrong layout shows.
            let weights: Vec<f32> = (0..2 * outputs * 6 * 7)
                .map(|i| (i % 13) as f32 - 6.0)
                .collect();
            let weights = Tensor::from_vec(weights, (2, outputs, 6, 7), &Device::Cpu).unwrap();
            let mut results = Vec::new();
            for ours in [false, true] {
                let y = if ours {
                    convolve(&conv, &x).unwrap()
                } else {
                    conv.forward(&x).unwrap()
                };
                let grads = (&y * &weights)
                    .unwrap()
                    .sum_all()
                    .unwrap()
                    .backward()
                    .unwrap();
                let flat = |t: &Tensor| t.flatten_all().unwrap().to_vec1::<f32>().unwrap();
                results.push([
                    flat(&y),
                    flat(grads.get(&x).unwrap()),
                    flat(grads.get(conv.weight()).unwrap()),
                ]);
            }
            for (what, (a, b)) in ["output", "input gradient", "kernel gradient"]
                .iter()
                .zip(results[0].iter().zip(&results[1]))
            {
                assert_eq!(a.len(), b.len(), "{what}");
                for (i, (a, b)) in a.iter().zip(b).enumerate() {
                    assert!(
                        (a - b).abs() <= 1e-4 * (1.0 + a.abs()),
                        "{k}x{k} {what} {i}: candle {a}, ours {b}"
                    );
                }
            }
        }
    }
}
