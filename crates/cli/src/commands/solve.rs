//! `ply solve connect4`: exact scores of Connect Four positions.
//!
//! Positions are move strings (`4453`: 1-based columns, as in Pons' test sets), given as
//! arguments or read one per line from standard input. Each prints `position score` on
//! standard output (the test-set convention: positive = the player to move wins, the number
//! of their stones left after the winning one plus one; negative = loses; 0 = draw), or with
//! `--analyze` the score of every column (`full` for a full column). A line that cannot be
//! played gets an error on standard error naming the line, and the others go on.

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Args;
use ply_connect4::report::{solve_line, SolveOptions};
use ply_connect4::{ColumnBase, Connect4, Solver};

use crate::variant::VariantArgs;

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Print only who wins: 1 (the player to move), 0 (draw) or -1.
    #[arg(long)]
    pub weak: bool,
    /// Print the score of every column instead of the position's.
    #[arg(long)]
    pub analyze: bool,
    /// Read columns numbered from 0 (Steininger's test data) instead of 1.
    #[arg(long)]
    pub zero_based: bool,
    /// Transposition table size as log2 of its entries (8 bytes each; 24 = 128 MiB).
    /// Default: 24, or less if a quarter of the available memory is smaller (bigger tables
    /// are slower here: more nodes saved than time lost only past hours of search).
    #[arg(long)]
    pub table_bits: Option<u32>,
    /// Threads per solve, sharing the table.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print the nodes searched and the time of each position on standard error.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Positions as move strings; when none is given, one per line from standard input
    /// (an empty line is the empty board).
    pub positions: Vec<String>,
}

/// The Connect Four board the variant flags describe (default 7x6, four in a row).
pub fn connect4_from(variant: &VariantArgs) -> anyhow::Result<Connect4> {
    let others = [
        ("--size", variant.size.is_some()),
        ("--walls", variant.walls.is_some()),
        ("--board", variant.board.is_some()),
        ("--players", variant.players.is_some()),
    ];
    if let Some((flag, _)) = others.iter().find(|(_, set)| *set) {
        bail!("connect4 does not take {flag}; its variant options are --width --height --k");
    }
    Ok(Connect4::new(
        variant.width.unwrap_or(7),
        variant.height.unwrap_or(6),
        variant.k.unwrap_or(4),
    )?)
}

pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let start = connect4_from(&args.variant)?;
    let bits = args
        .table_bits
        .unwrap_or_else(ply_connect4::solver::machine_table_bits);
    let mut solver = Solver::with_table_bits(bits).with_threads(args.threads);
    let options = SolveOptions {
        weak: args.weak,
        analyze: args.analyze,
        base: if args.zero_based {
            ColumnBase::Zero
        } else {
            ColumnBase::One
        },
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failures = 0usize;
    let mut solve_one = |number: usize, line: &str, out: &mut dyn Write| -> anyhow::Result<()> {
        let nodes = solver.nodes();
        let clock = Instant::now();
        match solve_line(&mut solver, &start, line, options) {
            Ok(text) => {
                writeln!(out, "{text}")?;
                out.flush()?;
                if args.stats {
                    eprintln!(
                        "line {number}: {} nodes in {:.3?}",
                        solver.nodes() - nodes,
                        clock.elapsed()
                    );
                }
            }
            Err(e) => {
                failures += 1;
                eprintln!("line {number}: {e}");
            }
        }
        Ok(())
    };
    if args.positions.is_empty() {
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line.context("reading standard input")?;
            solve_one(i + 1, &line, &mut out)?;
        }
    } else {
        for (i, position) in args.positions.iter().enumerate() {
            solve_one(i + 1, position, &mut out)?;
        }
    }
    if failures > 0 {
        bail!("{failures} position(s) could not be solved (see above)");
    }
    Ok(())
}
