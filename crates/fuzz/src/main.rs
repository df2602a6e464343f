//! `ply-fuzz`: runs the fuzz targets for as long as asked and prints what each did.
//!
//! `cargo run --release -p ply-fuzz -- --inputs 10000000 [--seed N] [TARGET...]`

use std::process::ExitCode;

use clap::Parser;
use ply_fuzz::targets::{by_name, names};
use ply_fuzz::{run, RunConfig};

#[derive(Parser)]
#[command(
    about = "Runs ply's fuzz targets: random and mutated inputs, checked for panics and bad errors."
)]
struct Args {
    /// Inputs per target.
    #[arg(long, default_value_t = 100_000)]
    inputs: u64,
    /// Seed of the input generator.
    #[arg(long = "seed", default_value_t = 1)]
    rng_seed: u64,
    /// Targets to run (default: all). `--list` names them; a per-game target also runs in
    /// any variant its game accepts (`moves-connect4:width=20`).
    targets: Vec<String>,
    /// List the targets and exit.
    #[arg(long)]
    list: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        println!("{}", names().join("\n"));
        return ExitCode::SUCCESS;
    }
    let names: Vec<String> = if args.targets.is_empty() {
        names()
    } else {
        args.targets.clone()
    };
    let mut failed = false;
    println!("| target | inputs | inputs/s | outcomes | corpus | findings |");
    println!("|---|---:|---:|---:|---:|---:|");
    for name in &names {
        let Some(mut target) = by_name(name) else {
            eprintln!(
                "ply-fuzz: no target {} (`ply-fuzz --list` names them; a per-game target \
                 also runs in any variant, as moves-connect4:width=20)",
                ply_core::quote(name)
            );
            return ExitCode::FAILURE;
        };
        let report = run(target.as_mut(), RunConfig::new(args.inputs, args.rng_seed));
        println!(
            "| {} | {} | {:.0} | {} | {} | {} |",
            report.target,
            report.inputs,
            report.inputs_per_second(),
            report.distinct_outcomes,
            report.corpus,
            report.findings.len()
        );
        for finding in &report.findings {
            failed = true;
            eprintln!(
                "  {}: input {:?}\n    {}",
                report.target,
                String::from_utf8_lossy(&finding.input),
                finding.problem
            );
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
