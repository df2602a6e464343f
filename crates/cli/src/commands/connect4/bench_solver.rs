//! `ply bench connect4-solver --set NAME|FILE`: runs a test set of solved positions
//! (`moves score` lines, Pons' or Steininger's) through the solver and prints how many it got
//! right and how fast: positions, correct, mean time per position, mean nodes per position,
//! nodes/second. NAME is one of the sets bundled with ply (crates/games/connect4/data), which
//! bring their own board and column numbering.

use std::borrow::Cow;

use anyhow::{anyhow, bail, Context};
use clap::Args;
use ply_connect4::testset::{
    bundled_in, names_of, parse_test_set, run_test_set, BUNDLED, BUNDLED_SUITES,
};
use ply_connect4::{ColumnBase, Connect4};
use ply_core::files::{self, Input};

use crate::commands::connect4::solve::{connect4_from, solver_from};
use crate::variant::VariantArgs;

#[derive(Args, Debug, Clone)]
pub struct SolverBenchArgs {
    /// The test set: the name of a bundled set (Test_L1_R1 … Test_L3_R1 from Pascal Pons,
    /// steininger/7x6/opening_L1 and the like from Christophe Steininger), or a file of
    /// `moves score` lines.
    #[arg(long, value_name = "NAME|FILE")]
    pub set: String,
    /// Run only the first N positions (at least 1).
    #[arg(long, value_parser = parse_limit)]
    pub limit: Option<usize>,
    /// Solve for the sign only (win / draw / loss) and compare signs.
    #[arg(long)]
    pub weak: bool,
    /// The set is an analysis suite (`moves s1 … sW` lines, as `ply solve connect4
    /// --analyze` prints them; `suite/7x6` and the like are bundled): time the analysis of
    /// each position, table cleared before each, and print the quantiles by stones.
    #[arg(long, conflicts_with_all = ["weak", "zero_based"])]
    pub analyze: bool,
    /// With --analyze: search every position, without the bundled opening book (which `ply
    /// solve` takes its first moves from on 7x6).
    #[arg(long, requires = "analyze")]
    pub no_book: bool,
    /// With --analyze: give up on a position after this long (e.g. 1s); the table counts
    /// the positions done within it.
    #[arg(long, requires = "analyze", value_parser = crate::format::parse_duration)]
    pub time_limit: Option<std::time::Duration>,
    /// The file numbers columns from 0 (as Steininger's data does) instead of 1 (as Pons'
    /// does). Bundled sets know their own numbering.
    #[arg(long)]
    pub zero_based: bool,
    /// Transposition table size as log2 of its entries (8 bytes each; 24 = 128 MiB), 22 to
    /// 28 (32 MiB to 2 GiB).
    #[arg(long, default_value_t = ply_connect4::solver::DEFAULT_TABLE_BITS)]
    pub table_bits: u32,
    /// Threads per solve, sharing the table: 1 to 64.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// `--limit`: a number of positions, at least one (a mean over none measures nothing).
fn parse_limit(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "{}: the positions to run, a whole number of at least 1",
            ply_core::quote(text)
        )),
    }
}

/// A test set to run: its lines, the board they are for and how they number columns.
pub(super) struct SetToRun {
    pub text: Cow<'static, str>,
    pub start: Connect4,
    pub base: ColumnBase,
}

/// A test set file as `--set` reads it: the bundled ones are some 40 KiB, a set of a
/// million positions some 40 MiB.
const TEST_SET_FILE: Input = Input::new("test set file", 64 << 20);

/// The file at `args.set` if there is one, else the bundled set of that name. Something at
/// that path that is not a test set file (a FIFO, a folder, a huge file) is an error naming
/// it. A bundled set fixes the board: variant flags that disagree with it are an error, not
/// silently dropped.
pub(super) fn set_to_run(args: &SolverBenchArgs) -> anyhow::Result<SetToRun> {
    let path = std::path::Path::new(&args.set);
    let file =
        files::read_text_if_exists(path, TEST_SET_FILE).map_err(|e| anyhow!("--set: {e}"))?;
    if let Some(text) = file {
        let base = if args.zero_based {
            ColumnBase::Zero
        } else {
            ColumnBase::One
        };
        return Ok(SetToRun {
            text: Cow::Owned(text),
            start: connect4_from(&args.variant)?,
            base,
        });
    }
    let (sets, kind) = if args.analyze {
        (BUNDLED_SUITES, "analysis suite")
    } else {
        (BUNDLED, "set")
    };
    let Some(set) = bundled_in(sets, &args.set) else {
        bail!(
            "--set {}: no such file, and no bundled {kind} has that name (bundled: {})",
            ply_core::quote(&args.set),
            names_of(sets)
        );
    };
    // Other games' flags are refused as everywhere; Connect Four's must match the set.
    let given = connect4_from(&args.variant)?;
    let settings = &args.variant.settings;
    for (flag, value, wanted) in [
        ("--width", given.width(), set.width),
        ("--height", given.height(), set.height),
        ("--k", given.k(), 4),
    ] {
        let flag_given = settings.get(flag.trim_start_matches('-')).is_some();
        if let Some(v) = Some(value).filter(|&v| flag_given && v != wanted) {
            bail!(
                "--set {} is for the {}x{} board with 4 in a row, not {flag} {v}",
                set.name,
                set.width,
                set.height
            );
        }
    }
    if args.zero_based && set.base != ColumnBase::Zero {
        bail!(
            "--set {} numbers its columns from 1; --zero-based is for files that count from 0",
            set.name
        );
    }
    Ok(SetToRun {
        text: Cow::Borrowed(set.text),
        start: Connect4::new(set.width, set.height, 4)?,
        base: set.base,
    })
}

pub fn run(args: &SolverBenchArgs) -> anyhow::Result<()> {
    if args.analyze {
        return super::bench_suite::run(args);
    }
    let SetToRun { text, start, base } = set_to_run(args)?;
    let mut cases = parse_test_set(&text).with_context(|| format!("in {}", args.set))?;
    if let Some(limit) = args.limit {
        cases.truncate(limit);
    }
    if cases.is_empty() {
        bail!(
            "--set {}: the set holds no position (a line is `moves score`): nothing to measure",
            ply_core::quote(&args.set)
        );
    }
    let mut solver = solver_from(args.table_bits, args.threads)?;
    // Fault the table's pages in now, not during the first positions.
    solver.clear();
    let report = run_test_set(&mut solver, &start, &cases, base, args.weak);
    for (line, error) in &report.errors {
        eprintln!("line {line}: {error}");
    }
    for (line, expected, found) in &report.wrong {
        eprintln!("line {line}: expected {expected}, solved {found}");
    }
    println!("set          {}", args.set);
    println!("positions    {}", report.positions);
    println!("correct      {}", report.correct);
    println!(
        "mean time    {:.3?} (cpu {:.3?})",
        report.mean_time(),
        report.mean_cpu_time()
    );
    println!("mean nodes   {:.1}", report.mean_nodes());
    println!("nodes/s      {:.0}", report.nodes_per_second());
    super::fail_on_bad_lines(report.errors.len(), report.wrong.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args() -> SolverBenchArgs {
        SolverBenchArgs {
            set: "Test_L3_R1".to_string(),
            limit: Some(1),
            weak: true,
            analyze: false,
            no_book: false,
            time_limit: None,
            zero_based: false,
            table_bits: ply_connect4::solver::MIN_TABLE_BITS,
            threads: 1,
            variant: VariantArgs::default(),
        }
    }

    /// `bench connect4-solver --limit 0` printed a mean time over 0 positions.
    #[test]
    fn a_limit_of_no_positions_is_refused_by_name() {
        for bad in ["0", "-1", "x", ""] {
            let err = parse_limit(bad).unwrap_err();
            assert!(err.contains(&ply_core::quote(bad)), "{err}");
            assert!(err.contains("at least 1"), "{err}");
        }
        assert_eq!(parse_limit("3"), Ok(3));
    }

    #[test]
    fn table_bits_and_threads_out_of_range_are_refused() {
        for bits in [16, 29, 33, 64] {
            let err = run(&SolverBenchArgs {
                table_bits: bits,
                ..args()
            })
            .unwrap_err()
            .to_string();
            assert!(err.contains(&format!("--table-bits {bits}")), "{err}");
            assert!(err.contains("22 to 28"), "{err}");
        }
        for threads in [0, 65] {
            let err = run(&SolverBenchArgs { threads, ..args() })
                .unwrap_err()
                .to_string();
            assert!(err.contains(&format!("--threads {threads}")), "{err}");
            assert!(err.contains("1 to 64"), "{err}");
        }
    }
}
