//! `ply report seeds`: the source reports' comparisons rerun on this engine, ours beside
//! theirs, written as `report.md`, `results.json` and plots.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::report::{measure_and_write, Plan};

#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    /// Rerun the seeds' comparisons (seed 001 Connect Four depths and MCTS, seed 003 halma
    /// strategies 1-5, seed 004 Quoridor timings) and set ours beside theirs.
    Seeds(SeedsArgs),
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  ply report seeds                      # the full run (about 15 minutes), into docs/report
  ply report seeds --quick --out /tmp/r # a few seconds, figures not comparable")]
pub struct SeedsArgs {
    /// Folder for report.md, results.json and the plots.
    #[arg(long, default_value = "docs/report")]
    pub out: PathBuf,
    /// Small budgets and few games: for tests and CI, not for comparison.
    #[arg(long)]
    pub quick: bool,
    /// Seed of every opening and agent.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    /// Head-to-head games played at once.
    #[arg(long)]
    pub concurrency: Option<usize>,
}

pub fn run(command: &ReportCommand) -> anyhow::Result<()> {
    match command {
        ReportCommand::Seeds(args) => seeds(args),
    }
}

fn seeds(args: &SeedsArgs) -> anyhow::Result<()> {
    let mut plan = if args.quick {
        Plan::quick(args.rng_seed)
    } else {
        Plan::full(args.rng_seed)
    };
    if let Some(j) = args.concurrency {
        anyhow::ensure!(
            j > 0,
            "--concurrency 0: at least one game must be played at a time"
        );
        plan.concurrency = j;
    }
    // The folder is checked before the measuring, which takes seconds to minutes.
    let (report, written) = measure_and_write(&plan, &args.out)?;
    for skipped in &written.skipped {
        eprintln!("report: not written: {skipped}");
    }
    eprintln!(
        "report: {:.0} s; wrote {} files to {}",
        report.setting.seconds,
        written.files.len(),
        args.out.display()
    );
    Ok(())
}
