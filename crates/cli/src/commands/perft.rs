//! `ply perft GAME --depth N`: the count of move sequences of each exact depth, to check
//! move generators.

use std::time::Instant;

use clap::Args;
use ply_core::{perft, perft_divide, Game};

use crate::games::GameName;
use crate::variant::VariantArgs;

/// The deepest `--depth` accepted.
pub const MAX_DEPTH: u32 = 64;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// Count move sequences of 1..=N plies, N from 1 to 64. Counting stops after the first
    /// depth whose count is 0 (every line has ended there, so every deeper count is 0 too).
    #[arg(long, short, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    pub depth: u32,
    #[command(flatten)]
    pub start: crate::start::StartArgs,
    /// Also print the count below each first move at the deepest depth.
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    ply_registry::with_game!(args.game, |G| {
        let mut state = crate::start::resolve::<G>(&args.start, &args.variant)?.state;
        count(&mut state, args)
    })
}

fn count<G: Game>(state: &mut G, args: &PerftArgs) -> anyhow::Result<()> {
    if !(1..=MAX_DEPTH).contains(&args.depth) {
        anyhow::bail!(
            "--depth {}: the depth must be from 1 to {MAX_DEPTH}",
            args.depth
        );
    }
    let mut nodes = 0u64;
    let started = Instant::now();
    let mut deepest = args.depth;
    for depth in 1..=args.depth {
        let n = perft(state, depth);
        nodes = nodes.saturating_add(n);
        println!("{depth} {n}");
        if n == 0 {
            // No line reaches this depth, so none reaches a deeper one.
            if depth < args.depth {
                eprintln!("every line has ended by depth {depth}: deeper counts are all 0");
            }
            deepest = depth;
            break;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    // The counts added up are the nodes of the tree below the root to the deepest depth,
    // not its leaves (a count of depth d is the leaves of the depth-d tree only).
    eprintln!(
        "perft {}{}: {} nodes over depths 1 to {deepest} in {:.3} s, {:.0} nodes/s",
        state.name(),
        match state.variant() {
            v if v.is_empty() => String::new(),
            v => format!(" {v}"),
        },
        nodes,
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    if args.divide {
        for (mv, n) in perft_divide(state, deepest) {
            eprintln!("{} {}", state.format_move(mv), n);
        }
    }
    Ok(())
}
