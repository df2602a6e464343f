//! `ply bench position GAME`: one search of one position (the variant's start, `--position`
//! or the end of `--record`), with its move, value, depth, nodes and speed: the fixed
//! benchmark's measurement, on a position of the user's choosing.

use std::time::Duration;

use clap::Args;
use ply_core::{Described, SearchLimits, ZobristHash};
use ply_search::spec::Catalog;

use crate::format::describe_decision;
use crate::games::{default_agent, GameName};
use crate::start::{resolve, StartArgs};
use crate::variant::VariantArgs;

#[derive(Args, Debug)]
pub struct PositionBenchArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// The agent spec to search with (default: the game's full-strength engine). A spec
    /// that sets no limit plays its agent's default budget (`ply list GAME` shows it).
    #[arg(long)]
    pub agent: Option<String>,
    /// The search's time budget, e.g. 2s (default: the agent's own limits).
    #[arg(long, value_parser = crate::format::parse_duration)]
    pub time: Option<Duration>,
    /// Seed for the agent's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: &PositionBenchArgs) -> anyhow::Result<()> {
    ply_registry::with_game!(args.game, |G| {
        let start = resolve::<G>(&args.start, &args.variant)?;
        let catalog = <G as ply_registry::Registered>::catalog();
        search_once(&start.state, &catalog, args)
    })
}

fn search_once<G: Described + ZobristHash>(
    state: &G,
    catalog: &Catalog<G>,
    args: &PositionBenchArgs,
) -> anyhow::Result<()> {
    if state.is_terminal() {
        anyhow::bail!(
            "the position {} is over: there is nothing to search",
            ply_core::quote(&state.to_text())
        );
    }
    let spec = args
        .agent
        .clone()
        .unwrap_or_else(|| default_agent(args.game).to_string());
    let (mut agent, limit) =
        crate::timed::build_timed("bench", catalog, &spec, args.time, "--time", args.rng_seed)?;
    let limits = SearchLimits {
        time: limit,
        ..SearchLimits::none()
    };
    let decision = agent
        .select(state, &limits)
        .ok_or_else(|| anyhow::anyhow!("the agent found no move"))?;
    println!("position {}", state.to_text());
    println!("agent    {}", agent.name());
    println!("move     {}", state.format_move(decision.mv));
    println!("search   {}", describe_decision(state, &decision));
    println!(
        "speed    {:.0} nodes/s",
        decision.nodes as f64 / decision.elapsed.as_secs_f64().max(1e-9)
    );
    Ok(())
}
