//! `ply engine quoridor`: the Quoridor Text Protocol on standard input and output.

use std::time::Duration;

use anyhow::anyhow;
use clap::Args;
use ply_quoridor::qtp::{run_stdio, EngineOptions, TimeBudget};

/// Options of the QTP engine. The referee's own form, `-seed N`, is read by `ply-qtp`.
#[derive(Args, Debug, Clone)]
pub struct QtpArgs {
    /// Seed for the engine's randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Longest think time for one move, in seconds (the referee allows 30).
    #[arg(long, default_value_t = 30.0)]
    pub move_time: f64,
    /// Time for a whole game per unit of board size, in seconds (the referee allows 20·n).
    #[arg(long, default_value_t = 20.0)]
    pub game_time_per_size: f64,
    /// Fraction of each allowance the engine uses, leaving a margin for the pipe.
    #[arg(long, default_value_t = 0.8)]
    pub safety: f64,
    /// The agent that answers genmove (see `ply list quoridor`).
    #[arg(long, default_value = "strongest")]
    pub agent: String,
    /// Report each decision on standard error.
    #[arg(long)]
    pub verbose: bool,
}

fn seconds(name: &str, value: f64) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| anyhow!("--{name} {value}: a time must be a positive number of seconds"))
}

/// Runs the engine on standard input and output until `quit` or the end of the input.
pub fn run(args: &QtpArgs) -> anyhow::Result<()> {
    if !(args.safety > 0.0 && args.safety <= 1.0) {
        return Err(anyhow!(
            "--safety {}: the fraction of time used must be in (0, 1]",
            args.safety
        ));
    }
    let options = EngineOptions {
        seed: args.seed,
        budget: TimeBudget {
            per_move: seconds("move-time", args.move_time)?,
            per_game_per_size: seconds("game-time-per-size", args.game_time_per_size)?,
            safety: args.safety,
        },
        agent: args.agent.clone(),
        verbose: args.verbose,
    };
    run_stdio(&options).map_err(|e| anyhow!(e))
}
