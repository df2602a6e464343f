//! Fitting an evaluation's weights to game outcomes (Texel's method, as a logistic
//! regression).
//!
//! Each sample is one position of a played game: the evaluation's features for the player
//! to move, and what that player scored in the end (1 a win, 0 a loss, ½ a draw). The model
//! is `P(win) = σ(Σ βⱼ·xⱼ)`; the β that minimise the log loss over all samples are found
//! by Newton's method (the loss is convex in β, so there is one minimum and no learning
//! rate to tune). A small ridge term keeps rare features (a settled race, say) from
//! drifting where the games say little about them.
//!
//! An evaluation in its own units is `v = Σ wⱼ·xⱼ`; its fitted weights are β rescaled so
//! that one chosen feature keeps its weight, which leaves the evaluation's scale (and any
//! margin a search keeps in those units) as it was.

use thiserror::Error;

/// One position of a game: its features for the mover and the mover's final score.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub features: Vec<f64>,
    pub outcome: f64,
}

/// Why weights could not be fitted.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum TexelError {
    #[error("no positions to fit: the records hold no finished two-player game")]
    NoSamples,
    #[error("sample {index} has {found} features, the others {expected}")]
    Ragged {
        index: usize,
        found: usize,
        expected: usize,
    },
    #[error("the features are linearly dependent in these games (one is a sum of others); add more games")]
    Singular,
    #[error(
        "the fitted weight of feature {0} is {1:.4}, not positive, so the weights cannot be \
         scaled to keep it (the games do not say that feature is good)"
    )]
    BadAnchor(usize, f64),
}

/// The mean log loss (natural log) of predicting each sample's outcome by
/// `σ(scale · Σ weightⱼ·xⱼ)`.
pub fn log_loss(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let z = scale * dot(&s.features, weights);
            // log(1 + e^z) − y·z, written to stay finite for large |z|.
            softplus(z) - s.outcome * z
        })
        .sum();
    total / samples.len() as f64
}

/// The scale `k` that best predicts the outcomes by `σ(k · v)` for fixed `weights` (the
/// "K" of Texel tuning): the evaluation's own weights, judged at their best.
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    // One-dimensional Newton on a convex loss, from a small positive start.
    let values: Vec<f64> = samples.iter().map(|s| dot(&s.features, weights)).collect();
    let mut k = 0.0;
    for _ in 0..100 {
        let (mut grad, mut hess) = (0.0, 1e-12);
        for (v, s) in values.iter().zip(samples) {
            let p = sigmoid(k * v);
            grad += (p - s.outcome) * v;
            hess += p * (1.0 - p) * v * v;
        }
        let step = grad / hess;
        k -= step;
        if step.abs() < 1e-12 * (1.0 + k.abs()) {
            break;
        }
    }
    k
}

/// The result of [`fit`].
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// One β per feature (0 for the features in `unfitted`).
    pub beta: Vec<f64>,
    /// The features that are 0 in every sample: the games say nothing of their weight.
    pub unfitted: Vec<usize>,
}

/// The β of `P(win) = σ(Σ βⱼ·xⱼ)` minimising the mean log loss plus `ridge`·Σβⱼ²
/// (on features scaled to unit spread, so the ridge treats every feature alike). A
/// feature that is 0 in every sample is left out (its β is 0) and listed as unfitted.
pub fn fit(samples: &[Sample], ridge: f64) -> Result<Fit, TexelError> {
    let n = samples.first().ok_or(TexelError::NoSamples)?.features.len();
    if let Some((index, s)) = samples
        .iter()
        .enumerate()
        .find(|(_, s)| s.features.len() != n)
    {
        return Err(TexelError::Ragged {
            index,
            found: s.features.len(),
            expected: n,
        });
    }
    // Scale each feature by its root mean square, so the ridge and the convergence test do
    // not depend on the units; a feature that is always 0 cannot be fitted.
    let count = samples.len() as f64;
    let spread: Vec<f64> = (0..n)
        .map(|j| (samples.iter().map(|s| s.features[j].powi(2)).sum::<f64>() / count).sqrt())
        .collect();
    let (fitted, unfitted): (Vec<usize>, Vec<usize>) = (0..n).partition(|&j| spread[j] > 0.0);
    let scaled: Vec<Sample> = samples
        .iter()
        .map(|s| Sample {
            features: fitted.iter().map(|&j| s.features[j] / spread[j]).collect(),
            outcome: s.outcome,
        })
        .collect();
    let beta = newton(&scaled, ridge, fitted.len())?;
    let mut full = vec![0.0; n];
    for (b, &j) in beta.iter().zip(&fitted) {
        full[j] = b / spread[j];
    }
    Ok(Fit {
        beta: full,
        unfitted,
    })
}

/// Newton's method on the ridge-penalised mean log loss of `scaled` (`n` features).
fn newton(scaled: &[Sample], ridge: f64, n: usize) -> Result<Vec<f64>, TexelError> {
    let count = scaled.len() as f64;
    let objective = |beta: &[f64]| {
        log_loss(scaled, beta, 1.0) + ridge * beta.iter().map(|b| b * b).sum::<f64>()
    };
    let mut beta = vec![0.0; n];
    let mut current = objective(&beta);
    for _ in 0..100 {
        let mut grad: Vec<f64> = beta.iter().map(|b| 2.0 * ridge * b).collect();
        let mut hess = vec![vec![0.0; n]; n];
        for (j, row) in hess.iter_mut().enumerate() {
            row[j] = 2.0 * ridge;
        }
        for s in scaled {
            let p = sigmoid(dot(&s.features, &beta));
            let (g, h) = ((p - s.outcome) / count, p * (1.0 - p) / count);
            for (j, (x, row)) in s.features.iter().zip(hess.iter_mut()).enumerate() {
                grad[j] += g * x;
                for (cell, y) in row.iter_mut().zip(&s.features) {
                    *cell += h * x * y;
                }
            }
        }
        let step = solve(hess, grad).ok_or(TexelError::Singular)?;
        // Newton's step, halved while it does not lower the objective.
        let mut t = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = beta.iter().zip(&step).map(|(b, d)| b - t * d).collect();
            let value = objective(&next);
            if value <= current || t < 1e-6 {
                let done = current - value < 1e-13;
                beta = next;
                current = value.min(current);
                if done {
                    return Ok(beta);
                }
                break;
            }
            t /= 2.0;
        }
    }
    Ok(beta)
}

/// β rescaled so that feature `anchor` keeps `anchor_weight`: the fitted weights in the
/// evaluation's own units.
pub fn to_weights(beta: &[f64], anchor: usize, anchor_weight: f64) -> Result<Vec<f64>, TexelError> {
    let b = beta[anchor];
    if b <= 0.0 || !b.is_finite() {
        return Err(TexelError::BadAnchor(anchor, b));
    }
    Ok(beta.iter().map(|x| x * anchor_weight / b).collect())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn softplus(z: f64) -> f64 {
    if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    }
}

/// Solves `a·x = b` by Gaussian elimination with partial pivoting; `None` if `a` is
/// singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, rest) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (row, target) in rest.iter_mut().enumerate() {
            let f = target[col] / pivot_row[col];
            for (cell, p) in target.iter_mut().zip(pivot_row).skip(col) {
                *cell -= f * p;
            }
            b[col + 1 + row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Outcomes drawn from a known logistic model: the fit finds its β again.
    #[test]
    fn recovers_known_weights() {
        let truth = [0.8, -0.5, 0.3];
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let features: Vec<f64> = (0..3).map(|_| rng.random_range(-3.0..3.0)).collect();
                let p = sigmoid(dot(&features, &truth));
                let outcome = if rng.random::<f64>() < p { 1.0 } else { 0.0 };
                Sample { features, outcome }
            })
            .collect();
        let beta = fit(&samples, 0.0).unwrap().beta;
        for (b, t) in beta.iter().zip(truth) {
            assert!((b - t).abs() < 0.05, "fitted {beta:?}, truth {truth:?}");
        }
        // The fit predicts better than the truth scaled wrong, and as well as the truth.
        assert!(log_loss(&samples, &beta, 1.0) <= log_loss(&samples, &truth, 1.0) + 1e-9);
        assert!(log_loss(&samples, &beta, 1.0) < log_loss(&samples, &truth, 0.5));
        // The best scale of the true weights is about 1.
        assert!((fit_scale(&samples, &truth) - 1.0).abs() < 0.05);
        let w = to_weights(&beta, 0, 100.0).unwrap();
        assert!((w[0] - 100.0).abs() < 1e-9);
        assert!((w[1] + 62.5).abs() < 8.0, "{w:?}");
    }

    #[test]
    fn refuses_what_cannot_be_fitted() {
        assert_eq!(fit(&[], 0.0), Err(TexelError::NoSamples));
        let flat = vec![
            Sample {
                features: vec![1.0, 0.0],
                outcome: 1.0,
            };
            4
        ];
        // The feature that never varies is left out and named; the other is fitted.
        let only = fit(&flat, 1e-3).unwrap();
        assert_eq!(only.unfitted, vec![1]);
        assert_eq!(only.beta[1], 0.0);
        assert!(only.beta[0] > 0.0);
        let twins = vec![
            Sample {
                features: vec![1.0, 1.0],
                outcome: 1.0,
            },
            Sample {
                features: vec![-1.0, -1.0],
                outcome: 0.0,
            },
        ];
        assert_eq!(fit(&twins, 0.0), Err(TexelError::Singular));
        let ragged = vec![
            Sample {
                features: vec![1.0, 0.0],
                outcome: 1.0,
            },
            Sample {
                features: vec![1.0],
                outcome: 0.0,
            },
        ];
        assert!(matches!(fit(&ragged, 0.0), Err(TexelError::Ragged { .. })));
        assert!(matches!(
            to_weights(&[-1.0, 2.0], 0, 100.0),
            Err(TexelError::BadAnchor(0, _))
        ));
    }

    /// A feature perfectly separating wins from losses would send β to infinity; the ridge
    /// keeps it finite.
    #[test]
    fn ridge_keeps_separable_data_finite() {
        let samples: Vec<Sample> = (0..100)
            .map(|i| {
                let x = if i % 2 == 0 { 1.0 } else { -1.0 };
                Sample {
                    features: vec![x],
                    outcome: if x > 0.0 { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let beta = fit(&samples, 1e-3).unwrap().beta;
        assert!(beta[0].is_finite() && beta[0] > 1.0, "{beta:?}");
    }
}
