//! Dirichlet noise for the root's priors in self-play (AlphaZero: `(1 − ε)·P + ε·η`,
//! `η ~ Dir(α)`), so every move of a position is tried now and then however sure the
//! network is.

use rand::Rng;
use rand_distr::{Distribution, Gamma};

/// A draw from the symmetric Dirichlet distribution `Dir(alpha)` over `n` outcomes: `n`
/// independent `Gamma(alpha, 1)` draws, normalised.
pub fn dirichlet(alpha: f64, n: usize, rng: &mut impl Rng) -> Vec<f32> {
    let gamma = Gamma::new(alpha.max(1e-3), 1.0).expect("a positive shape and scale");
    let draws: Vec<f64> = (0..n).map(|_| gamma.sample(rng)).collect();
    let total: f64 = draws.iter().sum();
    if total > 0.0 && total.is_finite() {
        draws.iter().map(|d| (d / total) as f32).collect()
    } else {
        // Every draw underflowed (a tiny alpha): all the weight on one outcome at random.
        let mut out = vec![0.0; n];
        if n > 0 {
            out[rng.random_range(0..n)] = 1.0;
        }
        out
    }
}

/// AlphaZero's rule of thumb for `alpha`: about 10 over the typical number of legal moves
/// (0.3 for chess, 0.03 for Go), clamped to a sensible range.
pub fn default_alpha(legal_moves: usize) -> f64 {
    (10.0 / legal_moves.max(1) as f64).clamp(0.03, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_draw_is_a_distribution() {
        let mut rng = crate::SearchRng::seed_from_u64(3);
        for &(alpha, n) in &[(0.3, 7), (0.03, 200), (1.0, 1), (1e-9, 5)] {
            let d = dirichlet(alpha, n, &mut rng);
            assert_eq!(d.len(), n);
            assert!(d.iter().all(|&x| (0.0..=1.0).contains(&x)));
            assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        }
    }

    #[test]
    fn small_alpha_concentrates() {
        let mut rng = crate::SearchRng::seed_from_u64(5);
        let peaked = (0..200)
            .filter(|_| dirichlet(0.05, 10, &mut rng).iter().any(|&x| x > 0.8))
            .count();
        assert!(peaked > 100, "{peaked} of 200 draws put 0.8 on one outcome");
    }
}
