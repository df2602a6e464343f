//! The Quoridor engine as a referee starts it: `./ply-quoridor-qtp -seed N`.
//! (The same engine as `ply-qtp` and `ply engine quoridor`; this copy lets the crate's
//! tests drive a real process through pipes.)

use std::process::ExitCode;

use ply_quoridor::qtp::{run_stdio, EngineOptions};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match EngineOptions::from_args(&args).and_then(|o| run_stdio(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ply-quoridor-qtp: {e}");
            ExitCode::FAILURE
        }
    }
}
