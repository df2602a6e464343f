//! `ply-qtp`: the Quoridor engine as a referee starts it, `./ply-qtp -seed N`.
//!
//! Reads `-seed N` (or `--seed N`, `-seed=N`) and the engine's own options (`-move-time S`,
//! `-game-time-per-size S`, `-safety F`, `-agent SPEC`, `-verbose`); any other argument is
//! ignored, as referees pass their own.

use std::process::ExitCode;

use ply_quoridor::qtp::{run_stdio, EngineOptions};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match EngineOptions::from_args(&args).and_then(|o| run_stdio(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ply-qtp: {e}");
            ExitCode::FAILURE
        }
    }
}
