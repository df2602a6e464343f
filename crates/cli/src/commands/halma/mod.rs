//! Halma's own commands: its engine protocols, JSON lines and CCP (`ply engine halma`).

pub mod ccp;
pub mod json_lines;

use clap::Args;

use crate::variant::VariantArgs;

/// Options of the halma engine.
#[derive(Args, Debug, Clone)]
pub struct HalmaEngineArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The agent that answers (see `ply list halma`) [default: champion; with --protocol
    /// ccp, ccerl]. A spec that sets no limit plays its agent's default budget (shown there).
    #[arg(long)]
    pub agent: Option<String>,
    /// Seed for the agent's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    /// With --protocol ccp: report on standard error, for every go, who answered (the
    /// search, the watchdog, stop) and how long after the go.
    #[arg(long)]
    pub verbose: bool,
    /// Time per move, e.g. 150ms or 2s: the agent's search budget per move (it replaces a
    /// preset's own time; a time= written in --agent wins, and ply says so). Not with
    /// --protocol ccp, whose `go` gives the time.
    #[arg(long)]
    pub time: Option<String>,
}
