//! Confidence intervals for a mean score.
//!
//! The Wilson score interval: unlike the textbook "mean ± 1.96·σ/√n" it stays inside 0..1
//! and keeps its coverage near 95 % for scores close to 0 or 1 and for few games. With draws a
//! game's score is 0, ½ or 1, whose variance is at most that of a coin flip with the same
//! mean, so the interval is, if anything, a little wide.

use serde::Serialize;

use super::{elo_from_score, Wdl};

/// The normal quantile for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A closed interval with its centre estimate.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// The Wilson interval for a mean score of `score` over `games` games at normal quantile `z`.
pub fn wilson(score: f64, games: u64, z: f64) -> Interval {
    if games == 0 {
        return Interval {
            estimate: 0.5,
            low: 0.0,
            high: 1.0,
        };
    }
    let n = games as f64;
    let z2 = z * z;
    let centre = (score + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (score * (1.0 - score) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        estimate: score,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The 95 % interval of a result's mean score.
pub fn score_interval(wdl: &Wdl) -> Interval {
    wilson(wdl.score(), wdl.games(), Z95)
}

/// The same interval as Elo differences (infinite at a perfect or a null score).
pub fn elo_interval(wdl: &Wdl) -> Interval {
    let s = score_interval(wdl);
    Interval {
        estimate: elo_from_score(s.estimate),
        low: elo_from_score(s.low),
        high: elo_from_score(s.high),
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    #[test]
    fn known_values() {
        // 50 % of 100 games: 0.5 ± 0.0962 (the Wilson interval is symmetric there).
        let i = wilson(0.5, 100, Z95);
        assert!((i.low - 0.4038).abs() < 1e-3 && (i.high - 0.5962).abs() < 1e-3);
        // A perfect score keeps a finite, non-degenerate interval.
        let i = wilson(1.0, 10, Z95);
        assert!(
            (i.high - 1.0).abs() < 1e-12 && (i.low - 0.7225).abs() < 1e-3,
            "{i:?}"
        );
        assert_eq!(wilson(0.3, 0, Z95).low, 0.0);
    }

    /// Simulated coin flips of known bias: the 95 % interval must hold the true mean about
    /// 95 % of the time, for fair and for lopsided coins, few or many flips.
    #[test]
    fn coverage_on_coin_flips_of_known_bias() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
        let trials = 4000;
        for &(p, n) in &[(0.5, 30u64), (0.5, 200), (0.25, 100), (0.1, 200), (0.8, 60)] {
            let mut covered = 0;
            for _ in 0..trials {
                let heads = (0..n).filter(|_| rng.random_bool(p)).count() as f64;
                if wilson(heads / n as f64, n, Z95).contains(p) {
                    covered += 1;
                }
            }
            let rate = covered as f64 / trials as f64;
            assert!(
                (0.925..=0.975).contains(&rate),
                "coverage {rate} for p = {p}, n = {n}"
            );
        }
    }

    #[test]
    fn interval_narrows_with_games() {
        let few = wilson(0.6, 50, Z95);
        let many = wilson(0.6, 5000, Z95);
        assert!(many.high - many.low < (few.high - few.low) / 5.0);
        assert!(few.contains(0.6) && many.contains(0.6));
    }
}
