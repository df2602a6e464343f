//! Making new inputs from old ones: the mutations of a classic byte-level fuzzer, plus the
//! tokens of the target's language and numbers at the edges of every integer type.
//!
//! Coverage-guided fuzzers (libFuzzer, AFL) need a nightly compiler or instrumentation; these
//! targets run on stable Rust inside `cargo test`, so the guidance is the target's own: an
//! input whose outcome (accepted, or refused with a new kind of message) was not seen before
//! joins the corpus and is mutated further (see `runner`).

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Numbers that break careless arithmetic: zero, one, signs, and the edges of 8, 16, 32 and
/// 64-bit integers and of floating point.
pub const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "9",
    "10",
    "25",
    "26",
    "127",
    "128",
    "255",
    "256",
    "-128",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "1e20",
    "1e308",
    "1e309",
    "-0",
    "0.5",
    "1.7976931348623157e308",
    "5e-324",
    "NaN",
    "inf",
    "-inf",
    "0x10",
    "00000000000000000000001",
];

/// Bytes that end, split or escape things.
const EDGE_BYTES: &[u8] = b"\0\n\r\t \"'\\,:;=-+.#{}[]/%\x1b\x7f\xc3\xff\xfe\x80";

/// The longest input a mutation makes; the targets' own limits are tested separately by
/// seeds that cross them.
pub const MAX_INPUT: usize = 4096;

/// Mutates inputs with the tokens of one target.
pub struct Mutator {
    dictionary: Vec<Vec<u8>>,
}

impl Mutator {
    pub fn new(dictionary: &[&str]) -> Self {
        let mut words: Vec<Vec<u8>> = dictionary.iter().map(|w| w.as_bytes().to_vec()).collect();
        words.extend(EDGE_NUMBERS.iter().map(|n| n.as_bytes().to_vec()));
        Mutator { dictionary: words }
    }

    /// A new input: `base` changed by one to four stacked mutations, sometimes spliced with
    /// `other`.
    pub fn mutate(&self, rng: &mut Xoshiro256PlusPlus, base: &[u8], other: &[u8]) -> Vec<u8> {
        let mut input = base.to_vec();
        for _ in 0..rng.random_range(1..=4) {
            self.mutate_once(rng, &mut input, other);
        }
        input.truncate(MAX_INPUT);
        input
    }

    /// An input made from nothing: dictionary words and edge bytes joined by spaces.
    pub fn generate(&self, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
        let mut input = Vec::new();
        for i in 0..rng.random_range(0..8) {
            if i > 0 {
                input.push(b' ');
            }
            if rng.random_bool(0.8) {
                input.extend_from_slice(self.word(rng));
            } else {
                input.push(*EDGE_BYTES.choose(rng).unwrap_or(&b'x'));
            }
        }
        input
    }

    fn word(&self, rng: &mut Xoshiro256PlusPlus) -> &[u8] {
        self.dictionary.choose(rng).map_or(b"x", |w| w)
    }

    fn mutate_once(&self, rng: &mut Xoshiro256PlusPlus, input: &mut Vec<u8>, other: &[u8]) {
        let len = input.len();
        let at = |rng: &mut Xoshiro256PlusPlus| rng.random_range(0..=len);
        match rng.random_range(0..12) {
            // Flip one bit.
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                input[i] ^= 1 << rng.random_range(0..8);
            }
            // Replace a byte by an edge byte or a random one.
            1 if len > 0 => {
                let i = rng.random_range(0..len);
                input[i] = if rng.random_bool(0.5) {
                    *EDGE_BYTES.choose(rng).unwrap_or(&0)
                } else {
                    rng.random()
                };
            }
            // Insert an edge byte.
            2 => {
                let i = at(rng);
                input.insert(i, *EDGE_BYTES.choose(rng).unwrap_or(&0));
            }
            // Delete a run.
            3 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(16));
                input.drain(i..i + n);
            }
            // Duplicate a run, sometimes many times.
            4 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(32));
                let run = input[i..i + n].to_vec();
                let times = if rng.random_bool(0.1) {
                    rng.random_range(2..64)
                } else {
                    1
                };
                for _ in 0..times {
                    input.splice(i..i, run.iter().copied());
                }
            }
            // Insert a word of the target's language or an edge number.
            5 | 6 => {
                let i = at(rng);
                let word = self.word(rng).to_vec();
                input.splice(i..i, word);
            }
            // Replace a run of digits (or any short run) by an edge number.
            7 => self.replace_number(rng, input),
            // Splice: the start of this input, the end of another.
            8 if !other.is_empty() => {
                let cut = at(rng);
                let from = rng.random_range(0..other.len());
                input.truncate(cut);
                input.extend_from_slice(&other[from..]);
            }
            // Truncate.
            9 if len > 0 => input.truncate(rng.random_range(0..len)),
            // Swap two bytes.
            10 if len > 1 => {
                let (i, j) = (rng.random_range(0..len), rng.random_range(0..len));
                input.swap(i, j);
            }
            // Change the case of a letter, or add a separator.
            _ => {
                if len > 0 && rng.random_bool(0.5) {
                    let i = rng.random_range(0..len);
                    input[i] = if input[i].is_ascii_lowercase() {
                        input[i].to_ascii_uppercase()
                    } else {
                        input[i].to_ascii_lowercase()
                    };
                } else {
                    let i = at(rng);
                    input.insert(i, *b" \n,=:".choose(rng).unwrap_or(&b' '));
                }
            }
        }
    }

    fn replace_number(&self, rng: &mut Xoshiro256PlusPlus, input: &mut Vec<u8>) {
        let starts: Vec<usize> = (0..input.len())
            .filter(|&i| input[i].is_ascii_digit() && (i == 0 || !input[i - 1].is_ascii_digit()))
            .collect();
        let number = EDGE_NUMBERS.choose(rng).unwrap_or(&"0").as_bytes();
        match starts.choose(rng) {
            Some(&start) => {
                let end = (start..input.len())
                    .find(|&i| !input[i].is_ascii_digit() && input[i] != b'.')
                    .unwrap_or(input.len());
                input.splice(start..end, number.iter().copied());
            }
            None => {
                let i = rng.random_range(0..=input.len());
                input.splice(i..i, number.iter().copied());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn mutations_stay_within_the_size_limit_and_change_inputs() {
        let mutator = Mutator::new(&["play", "genmove"]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let base = b"play a1".to_vec();
        let mut changed = 0;
        for _ in 0..10_000 {
            let out = mutator.mutate(&mut rng, &base, b"genmove");
            assert!(out.len() <= MAX_INPUT);
            changed += usize::from(out != base);
        }
        assert!(changed > 9_000, "{changed} of 10000 inputs changed");
    }

    #[test]
    fn numbers_are_replaced_by_edge_numbers() {
        let mutator = Mutator::new(&[]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let mut seen_huge = false;
        for _ in 0..1000 {
            let mut input = b"width 7".to_vec();
            mutator.replace_number(&mut rng, &mut input);
            seen_huge |= input == b"width 18446744073709551615";
        }
        assert!(seen_huge);
    }
}
