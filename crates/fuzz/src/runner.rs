//! Running a target on many inputs: seeds first, then mutations of a growing corpus, every
//! input under `catch_unwind` so that a panic is a finding, not the end of the run.

use std::collections::HashSet;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::mutate::Mutator;

/// What one input did, as far as the corpus cares: inputs with an outcome not seen before
/// are kept and mutated further.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome(pub u64);

impl Outcome {
    /// An outcome named by a short text: the kind of answer with its variable parts (numbers,
    /// quoted inputs) left out, so that two inputs refused for the same reason count once.
    pub fn of(text: &str) -> Outcome {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut in_quote = false;
        let mut bytes = text.bytes().take(160);
        while let Some(b) = bytes.next() {
            match b {
                // An escaped character inside a quote (`\'`) does not close it.
                b'\\' => {
                    bytes.next();
                }
                b'\'' => in_quote = !in_quote,
                b if in_quote || !(b.is_ascii_alphabetic() || b == b' ') => {}
                b => hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3),
            }
        }
        Outcome(hash)
    }
}

/// Seeds given as text.
pub fn seeds_of(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|t| t.as_bytes().to_vec()).collect()
}

/// A parser or protocol under test.
pub trait Target {
    /// The name the runner and the tests use.
    fn name(&self) -> &str;
    /// Inputs to start from: valid ones of every kind, and a few known to be tricky.
    fn seeds(&self) -> Vec<Vec<u8>>;
    /// Words of the input language, inserted by mutations.
    fn dictionary(&self) -> Vec<&str>;
    /// Runs one input. `Err` describes a broken property (an error that does not name its
    /// input, a state changed by a refused command, a reply that is not one line, …).
    fn run(&mut self, input: &[u8]) -> Result<Outcome, String>;
    /// Called after a panic and every so often, so that a long session does not drift into
    /// states no rng_seed reaches (and so that a panic leaves nothing half-changed behind).
    fn reset(&mut self) {}
}

/// A broken property, with the input that shows it.
#[derive(Debug, Clone)]
pub struct Finding {
    pub input: Vec<u8>,
    pub problem: String,
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct Report {
    pub target: String,
    pub inputs: u64,
    pub distinct_outcomes: usize,
    pub corpus: usize,
    pub elapsed: Duration,
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn inputs_per_second(&self) -> f64 {
        self.inputs as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// How a run is set up.
#[derive(Debug, Clone, Copy)]
pub struct RunConfig {
    /// Inputs to run, the seeds included.
    pub inputs: u64,
    pub rng_seed: u64,
    /// Stop after this many findings.
    pub max_findings: usize,
    /// Reset the target after this many inputs.
    pub reset_every: u64,
}

impl RunConfig {
    pub fn new(inputs: u64, rng_seed: u64) -> Self {
        RunConfig {
            inputs,
            rng_seed,
            max_findings: 5,
            reset_every: 512,
        }
    }
}

/// The largest corpus kept: past it, new entries replace random old ones.
const MAX_CORPUS: usize = 4096;

/// Runs `target` on `config.inputs` inputs.
pub fn run(target: &mut dyn Target, config: RunConfig) -> Report {
    quiet_panics();
    let started = Instant::now();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.rng_seed);
    let mutator = Mutator::new(&target.dictionary());
    let seeds = target.seeds();
    let mut corpus: Vec<Vec<u8>> = seeds.clone();
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    let mut seen: HashSet<Outcome> = HashSet::new();
    let mut findings = Vec::new();
    let mut done = 0u64;
    while done < config.inputs && findings.len() < config.max_findings {
        let input = if (done as usize) < seeds.len() {
            seeds[done as usize].clone()
        } else if rng.random_bool(0.05) {
            mutator.generate(&mut rng)
        } else {
            let base = corpus.choose(&mut rng).cloned().unwrap_or_default();
            let other = corpus.choose(&mut rng).cloned().unwrap_or_default();
            mutator.mutate(&mut rng, &base, &other)
        };
        if done > 0 && done.is_multiple_of(config.reset_every) {
            target.reset();
        }
        done += 1;
        let result = panic::catch_unwind(AssertUnwindSafe(|| {
            FUZZING.with(|f| f.set(true));
            let result = target.run(&input);
            FUZZING.with(|f| f.set(false));
            result
        }));
        FUZZING.with(|f| f.set(false));
        match result {
            Ok(Ok(outcome)) => {
                if seen.insert(outcome) {
                    if corpus.len() < MAX_CORPUS {
                        corpus.push(input);
                    } else {
                        let i = rng.random_range(0..corpus.len());
                        corpus[i] = input;
                    }
                }
            }
            Ok(Err(problem)) => {
                findings.push(Finding { input, problem });
                target.reset();
            }
            Err(payload) => {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic without a message".to_string());
                findings.push(Finding {
                    input,
                    problem: format!("panic: {message} (at {})", last_panic_location()),
                });
                target.reset();
            }
        }
    }
    Report {
        target: target.name().to_string(),
        inputs: done,
        distinct_outcomes: seen.len(),
        corpus: corpus.len(),
        elapsed: started.elapsed(),
        findings,
    }
}

thread_local! {
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    static FUZZING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Panics inside a target are findings, reported with their input: the default hook's
/// message for each would only flood the output, so the hook keeps where the last one of
/// this thread happened. Any other panic (a failed assertion) goes to the default hook.
fn quiet_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !FUZZING.with(|f| f.get()) {
                return default(info);
            }
            let location = info
                .location()
                .map_or_else(|| "unknown place".to_string(), |l| l.to_string());
            LAST_PANIC.with(|last| *last.borrow_mut() = location);
        }));
    });
}

fn last_panic_location() -> String {
    LAST_PANIC.with(|last| last.borrow().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Refuses inputs holding `b'!'` without naming them, and panics on `b'?'`.
    struct Broken;

    impl Target for Broken {
        fn name(&self) -> &str {
            "broken"
        }
        fn seeds(&self) -> Vec<Vec<u8>> {
            vec![b"abc".to_vec()]
        }
        fn dictionary(&self) -> Vec<&str> {
            vec!["!", "?"]
        }
        fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
            if input.contains(&b'?') {
                panic!("question");
            }
            if input.contains(&b'!') {
                return Err("bang".into());
            }
            Ok(Outcome(input.len() as u64))
        }
    }

    #[test]
    fn the_runner_finds_panics_and_broken_properties() {
        let report = run(&mut Broken, RunConfig::new(10_000, 7));
        assert_eq!(report.findings.len(), 5, "stops after five findings");
        assert!(report.findings.iter().any(|f| f.problem == "bang"));
        assert!(report.findings.iter().any(|f| f
            .problem
            .starts_with("panic: question (at crates/fuzz/src/runner.rs")));
    }

    #[test]
    fn outcomes_ignore_numbers_and_quoted_inputs() {
        assert_eq!(
            Outcome::of("illegal move 'a9': no cell 9"),
            Outcome::of("illegal move 'zz': no cell 12")
        );
        assert_ne!(Outcome::of("= ok"), Outcome::of("? no"));
    }
}
