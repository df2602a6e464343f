//! Seeds for every game and every seat, derived from the tournament's one random seed, so any game
//! can be replayed alone and parallel scheduling changes nothing.

use ply_core::hash::splitmix64;

/// Mixes `rng_seed` with a path of integers (a purpose tag, a game index, a seat…).
pub fn derive_rng_seed(rng_seed: u64, path: &[u64]) -> u64 {
    path.iter().fold(splitmix64(rng_seed).1, |acc, &part| {
        splitmix64(acc ^ splitmix64(part).1).1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_paths_give_distinct_seeds() {
        let seeds: Vec<u64> = (0..100)
            .flat_map(|g| (0..3).map(move |s| derive_rng_seed(1, &[g, s])))
            .collect();
        let mut unique = seeds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seeds.len());
        assert_eq!(derive_rng_seed(5, &[1, 2]), derive_rng_seed(5, &[1, 2]));
        assert_ne!(derive_rng_seed(5, &[1, 2]), derive_rng_seed(5, &[2, 1]));
    }
}
