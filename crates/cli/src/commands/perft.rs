//! `ply perft GAME --depth N`: leaf counts of exact depths, to check move generators.

use std::time::Instant;

use clap::Args;
use ply_core::{perft, perft_divide, Game};

use crate::games::{with_game, GameName};
use crate::variant::VariantArgs;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// Count move sequences of 1..=N plies.
    #[arg(long, short, default_value_t = 3)]
    pub depth: u32,
    /// Start from this position (the game's text form, as `ply play` prints it) instead of
    /// the start.
    #[arg(long)]
    pub position: Option<String>,
    /// Also print the count below each first move at the deepest depth.
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    with_game!(args.game, &args.variant, |start, _catalog| {
        let mut state = match &args.position {
            Some(text) => start.from_text(text)?,
            None => start,
        };
        count(&mut state, args)
    })
}

fn count<G: Game>(state: &mut G, args: &PerftArgs) -> anyhow::Result<()> {
    let mut nodes = 0u64;
    let started = Instant::now();
    for depth in 1..=args.depth {
        let n = perft(state, depth);
        nodes += n;
        println!("{depth} {n}");
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "perft {} {}: {} leaves in {:.3} s, {:.0} leaves/s",
        state.name(),
        state.variant(),
        nodes,
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    if args.divide {
        for (mv, n) in perft_divide(state, args.depth) {
            eprintln!("{} {}", state.format_move(mv), n);
        }
    }
    Ok(())
}
