//! Zobrist hashing, kept as its own trait.
//!
//! A search that needs a transposition table is generic over `G: Game + ZobristHash`, so it
//! cannot even be built for a game without a hash: no runtime check, no panic.

/// A 64-bit position hash, updated incrementally by `play` / `undo`.
pub trait ZobristHash {
    /// The hash kept up to date move by move.
    fn zobrist(&self) -> u64;

    /// The same hash computed from nothing but the position; the conformance kit checks
    /// that the two always agree.
    fn zobrist_from_scratch(&self) -> u64;
}

/// SplitMix64: a tiny, well-mixed generator, good enough to fill Zobrist tables with
/// reproducible keys (it is what xoshiro's authors recommend for seeding).
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// `N` reproducible Zobrist keys from `rng_seed`, computable at compile time.
pub const fn zobrist_keys<const N: usize>(rng_seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = rng_seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// `n` reproducible Zobrist keys from `rng_seed`, for tables whose size is a runtime setting.
pub fn zobrist_table(rng_seed: u64, n: usize) -> Vec<u64> {
    let mut state = rng_seed;
    (0..n)
        .map(|_| {
            let (next, key) = splitmix64(state);
            state = next;
            key
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn const_and_runtime_keys_agree_and_differ() {
        let a: [u64; 16] = zobrist_keys(7);
        let b = zobrist_table(7, 16);
        assert_eq!(a.as_slice(), b.as_slice());
        let mut sorted = b.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 16, "keys must be distinct");
    }
}
