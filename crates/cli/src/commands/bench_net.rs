//! `ply bench net GAME`: how fast a network runs here — evaluations per second by batch,
//! a training step, and self-play games an hour on one thread and on several.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use ply_core::Encode;
use ply_learn::model::{Model, ModelHeader};
use ply_learn::selfplay::SelfPlaySettings;
use ply_learn::{bench, NetSize};

use crate::games::{with_game, GameName};
use crate::variant::VariantArgs;

#[derive(Args, Debug)]
pub struct NetBenchArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// A model file to measure (its size, its weights); otherwise a fresh net of --blocks
    /// and --channels.
    #[arg(long, value_name = "FILE")]
    pub model: Option<std::path::PathBuf>,
    /// Residual blocks of a fresh net.
    #[arg(long, default_value_t = NetSize::DEFAULT.blocks)]
    pub blocks: usize,
    /// Channels of a fresh net.
    #[arg(long, default_value_t = NetSize::DEFAULT.channels)]
    pub channels: usize,
    /// Batch sizes of the evaluation speed, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 8, 64])]
    pub batches: Vec<usize>,
    /// The training step's batch.
    #[arg(long, default_value_t = 256)]
    pub train_batch: usize,
    /// Self-play games per thread count (0: no self-play).
    #[arg(long, default_value_t = 16)]
    pub games: u64,
    /// The thread counts of the evaluation, training-step and self-play measures,
    /// comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2])]
    pub threads: Vec<usize>,
    /// Simulations of a full self-play search.
    #[arg(long, default_value_t = SelfPlaySettings::default().simulations)]
    pub sims: u64,
    /// Simulations of a fast self-play search (0: every move in full).
    #[arg(long, default_value_t = SelfPlaySettings::default().fast_simulations)]
    pub fast_sims: u64,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: &NetBenchArgs) -> anyhow::Result<()> {
    if args
        .batches
        .iter()
        .chain(&args.threads)
        .any(|&n| n == 0 || n > 4096)
    {
        anyhow::bail!("--batches and --threads take whole numbers from 1 to 4096");
    }
    with_game!(args.game, &args.variant, |start, _catalog| {
        let model = match &args.model {
            Some(path) => {
                let model = Model::read(path)?;
                model.check_fits(&start, &ply_core::files::shown(path))?;
                model
            }
            None => {
                let size = NetSize {
                    blocks: args.blocks,
                    channels: args.channels,
                };
                Model::fresh(ModelHeader::for_game(&start, size, "ply bench net"), 1)?
            }
        };
        let weights: usize = model.tensors().iter().map(|(_, t)| t.elem_count()).sum();
        let [planes, rows, cols] = start.observation_shape();
        println!(
            "net          {}: {} blocks x {} channels, {weights} weights; input {planes}x{rows}x{cols}, {} actions",
            model.header.game_and_variant(),
            model.header.size.blocks,
            model.header.size.channels,
            start.num_actions()
        );
        let shared = Arc::new(model.snapshot()?);
        for &threads in &args.threads {
            let speeds: Vec<String> = args
                .batches
                .iter()
                .map(|&batch| {
                    let rate = bench::evaluations_per_second(
                        &start,
                        shared.clone(),
                        batch,
                        threads,
                        Duration::from_secs(3),
                    );
                    format!("batch {batch}: {rate:.0}/s")
                })
                .collect();
            println!("evaluations  {threads} thread(s): {}", speeds.join(", "));
        }
        for &threads in &args.threads {
            let step =
                bench::seconds_per_step(&start, model.snapshot()?, args.train_batch, threads, 5);
            println!(
                "training     {threads} thread(s): batch {}: {step:.3} s a step",
                args.train_batch
            );
        }
        if args.games > 0 {
            let settings = SelfPlaySettings {
                simulations: args.sims,
                fast_simulations: args.fast_sims,
                ..SelfPlaySettings::default()
            };
            for &threads in &args.threads {
                let (games, plies, seconds) =
                    bench::self_play(&start, shared.clone(), &settings, threads, args.games);
                println!(
                    "self-play    {threads} thread(s): {games} games in {seconds:.1} s, {:.0} games an hour, {:.1} plies a game ({} sims full, {} fast)",
                    games as f64 * 3600.0 / seconds,
                    plies as f64 / games.max(1) as f64,
                    args.sims,
                    args.fast_sims
                );
            }
        }
        Ok(())
    })
}
