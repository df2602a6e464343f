//! `ply bench connect4-solver --set FILE`: runs a test set of solved positions (`moves score`
//! lines, Pons' or Steininger's) through the solver and prints how many it got right and how
//! fast: positions, correct, mean time per position, mean nodes per position, nodes/second.

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;
use ply_connect4::testset::{parse_test_set, run_test_set};
use ply_connect4::{ColumnBase, Solver};

use crate::commands::solve::connect4_from;
use crate::variant::VariantArgs;

#[derive(Args, Debug, Clone)]
pub struct SolverBenchArgs {
    /// The test set: one `moves score` line per position.
    #[arg(long)]
    pub set: PathBuf,
    /// Run only the first N positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Solve for the sign only (win / draw / loss) and compare signs.
    #[arg(long)]
    pub weak: bool,
    /// The set numbers columns from 0 (Steininger's data) instead of 1 (Pons').
    #[arg(long)]
    pub zero_based: bool,
    /// Transposition table size as log2 of its entries (8 bytes each; 24 = 128 MiB).
    #[arg(long, default_value_t = ply_connect4::solver::DEFAULT_TABLE_BITS)]
    pub table_bits: u32,
    /// Threads per solve, sharing the table.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub fn run(args: &SolverBenchArgs) -> anyhow::Result<()> {
    let start = connect4_from(&args.variant)?;
    let text = std::fs::read_to_string(&args.set)
        .with_context(|| format!("reading test set {}", args.set.display()))?;
    let mut cases = parse_test_set(&text).with_context(|| format!("in {}", args.set.display()))?;
    if let Some(limit) = args.limit {
        cases.truncate(limit);
    }
    let base = if args.zero_based {
        ColumnBase::Zero
    } else {
        ColumnBase::One
    };
    let mut solver = Solver::with_table_bits(args.table_bits).with_threads(args.threads);
    // Fault the table's pages in now, not during the first positions.
    solver.clear();
    let report = run_test_set(&mut solver, &start, &cases, base, args.weak);
    for (line, error) in &report.errors {
        eprintln!("line {line}: {error}");
    }
    for (line, expected, found) in &report.wrong {
        eprintln!("line {line}: expected {expected}, solved {found}");
    }
    println!("set          {}", args.set.display());
    println!("positions    {}", report.positions);
    println!("correct      {}", report.correct);
    println!(
        "mean time    {:.3?} (cpu {:.3?})",
        report.mean_time(),
        report.mean_cpu_time()
    );
    println!("mean nodes   {:.1}", report.mean_nodes());
    println!("nodes/s      {:.0}", report.nodes_per_second());
    if !report.errors.is_empty() || !report.wrong.is_empty() {
        bail!(
            "{} line(s) unreadable, {} wrong",
            report.errors.len(),
            report.wrong.len()
        );
    }
    Ok(())
}
