//! `ply engine halma`: the course server's JSON line protocol on standard input and output.
//!
//! One position per line in (`{"A": [[x,y],…], "B": […], "turn": "A"}`), one move per line
//! out (`[[3,-6],[3,-4]]`); a bad line gets one `{"error": "…"}` line and the engine reads
//! on. See `ply_halma::engine`.

use std::io;

use anyhow::anyhow;
use clap::Args;
use ply_core::Game;
use ply_halma::engine::{run as run_engine, Engine, EngineOptions};
use ply_search::spec::parse_duration;

use crate::games::new_halma;
use crate::variant::VariantArgs;

/// Options of the halma engine.
#[derive(Args, Debug, Clone)]
pub struct HalmaEngineArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The agent that answers (see `ply list halma`).
    #[arg(long, default_value = "champion")]
    pub agent: String,
    /// Seed for the agent's randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Time per move on top of the agent's own limits, e.g. 150ms or 2s.
    #[arg(long)]
    pub time: Option<String>,
}

/// Runs the engine until the end of standard input.
pub fn run(args: &HalmaEngineArgs) -> anyhow::Result<()> {
    let start = new_halma(&args.variant)?;
    let time = match &args.time {
        Some(text) => Some(parse_duration(text).ok_or_else(|| {
            anyhow!("--time {text}: expected a duration such as 150ms, 2s or 0.5s")
        })?),
        None => None,
    };
    let options = EngineOptions {
        board: start.kind(),
        players: start.num_players(),
        agent: args.agent.clone(),
        seed: args.seed,
        time,
    };
    let mut engine = Engine::new(&options)?;
    let stdin = io::stdin();
    run_engine(stdin.lock(), io::stdout().lock(), &mut engine)?;
    Ok(())
}
