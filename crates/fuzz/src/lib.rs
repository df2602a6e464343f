//! Fuzz targets for every parser and protocol of `ply`, on stable Rust.
//!
//! Each [`Target`] takes bytes and runs them through one input path a user or a program can
//! reach: durations, agent specs, every game's move notation and position text, Connect
//! Four's move sequences and test-set files, the command-line flags, `ply play`, QTP, the
//! text engines, the halma JSON engine, the web API through its router and the arena's saved
//! games read back by `--resume`, the one module that opens files (`ply_core::files`)
//! on every kind of path: FIFO, device, folder, huge sparse file, link, and files of right
//! syntax and hostile size (records, `--resume`, a book build's progress) read under a
//! memory cap ([`memory`]). The [`runner`]
//! starts from each target's seeds, then mutates a corpus that grows with every input whose
//! outcome was not seen before, and checks under `catch_unwind`:
//!
//! - nothing panics;
//! - an error is one printable line of bounded length that names its input ([`checks`]);
//! - a refused input leaves the state (position, engine, game on the server) as it was;
//! - what is accepted is consistent (a parsed move is legal and reads back the same, a
//!   position text reads back to itself, no 5xx from the server).
//!
//! `cargo test -p ply-fuzz` runs every target for [`inputs_per_target`] inputs (20,000
//! unless `PLY_FUZZ_INPUTS` says otherwise; CI runs 80,000 more with another seed); the
//! `ply-fuzz` binary runs them for as long as asked and prints the rates.

pub mod checks;
pub mod memory;
pub mod mutate;
pub mod runner;
pub mod targets;

pub use runner::{run, Finding, Outcome, Report, RunConfig, Target};

/// Every fuzz binary counts what each thread holds, so a target can cap an input's memory.
#[global_allocator]
static ALLOCATOR: memory::Counting = memory::Counting;

/// Inputs per target in a test run: `PLY_FUZZ_INPUTS`, or 100,000.
pub fn inputs_per_target() -> u64 {
    std::env::var("PLY_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(DEFAULT_INPUTS)
}

/// Inputs per target when `PLY_FUZZ_INPUTS` is not set: enough to find the easy defects
/// within the README's test command; CI runs 80,000 more per target, with another seed, in a
/// step of its own (`.ci/run`), and a long run sets more.
pub const DEFAULT_INPUTS: u64 = 20_000;

/// The rng_seed of a test run: `PLY_FUZZ_SEED`, or 1, so that a run is reproducible.
pub fn run_seed() -> u64 {
    std::env::var("PLY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}
