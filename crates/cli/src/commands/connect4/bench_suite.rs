//! `ply bench connect4-solver --analyze --set NAME|FILE`: times the analysis (every
//! column's exact score, as `ply solve connect4 --analyze` and the page's solver view give
//! it) of each position of an analysis suite (crates/games/connect4/src/testset/suite.rs),
//! the solver's table cleared before each, checks every score against the suite's, and
//! prints the wall and processor time quantiles, overall and by stones on the board.

use anyhow::{bail, Context};
use ply_connect4::testset::suite::{parse_suite, run_suite, suite_line, SuiteReport, SuiteTiming};

use super::bench_solver::{set_to_run, SetToRun, SolverBenchArgs};
use super::solve::solver_from;

/// Stones on the board, in bands of this many, for the table by stones.
const BAND: usize = 6;

pub fn run(args: &SolverBenchArgs) -> anyhow::Result<()> {
    let SetToRun { text, start, .. } = set_to_run(args)?;
    let mut cases =
        parse_suite(&text, start.width()).with_context(|| format!("in {}", args.set))?;
    if let Some(limit) = args.limit {
        cases.truncate(limit);
    }
    if cases.is_empty() {
        bail!(
            "--set {}: the suite holds no position (a line is `moves s1 … sW`): nothing to \
             measure",
            ply_core::quote(&args.set)
        );
    }
    let book = if args.no_book {
        None
    } else {
        super::solve_book::book_from(&[], &start)?
    };
    let mut solver = solver_from(args.table_bits, args.threads)?.with_book(book);
    let report = run_suite(&mut solver, &start, &cases, args.time_limit);
    for (line, error) in &report.errors {
        eprintln!("line {line}: {error}");
    }
    for (line, expected, found) in &report.wrong {
        eprintln!(
            "line {line}: expected{}, analysed{}",
            suite_line("", expected),
            suite_line("", found)
        );
    }
    let with_book = solver.book().is_some();
    print_report(args, with_book, &report, start.width() * start.height());
    super::fail_on_bad_lines(report.errors.len(), report.wrong.len())
}

fn print_report(args: &SolverBenchArgs, with_book: bool, report: &SuiteReport, cells: usize) {
    let wall = |t: &SuiteTiming| t.time;
    let cpu = |t: &SuiteTiming| t.cpu_time;
    println!("suite        {}", args.set);
    println!(
        "positions    {} ({} thread(s), table 2^{}, {}, {})",
        report.timings.len(),
        args.threads,
        args.table_bits,
        if with_book { "book" } else { "no book" },
        args.time_limit
            .map_or("no time limit".to_string(), |l| format!(
                "{l:?} each at most"
            ))
    );
    println!("wrong        {}", report.wrong.len());
    println!("stones   positions   done   p50 wall   p99 wall   max wall    p99 cpu    max cpu");
    let row = |label: String, keep: &dyn Fn(usize) -> bool| {
        let (p50, n) = report.quantile(0.5, wall, keep);
        if n == 0 {
            return;
        }
        let (p99, _) = report.quantile(0.99, wall, keep);
        let (max, _) = report.quantile(1.0, wall, keep);
        let (p99_cpu, _) = report.quantile(0.99, cpu, keep);
        let (max_cpu, _) = report.quantile(1.0, cpu, keep);
        let done = report.done(keep);
        println!(
            "{label:<8} {n:>9} {done:>6} {:>10} {:>10} {:>10} {:>10} {:>10}",
            shown(p50),
            shown(p99),
            shown(max),
            shown(p99_cpu),
            shown(max_cpu)
        );
    };
    for from in (0..cells).step_by(BAND) {
        let to = (from + BAND - 1).min(cells - 1);
        row(format!("{from}-{to}"), &|s| (from..=to).contains(&s));
    }
    row("all".to_string(), &|_| true);
    let slowest = report
        .timings
        .iter()
        .max_by_key(|t| t.time)
        .expect("at least one position");
    println!(
        "in all       {} nodes, cpu {}",
        report.timings.iter().map(|t| t.nodes).sum::<u64>(),
        shown(report.timings.iter().map(|t| t.cpu_time).sum())
    );
    println!(
        "slowest      line {} ({} stones): {}, cpu {}, {} nodes",
        slowest.line,
        slowest.stones,
        shown(slowest.time),
        shown(slowest.cpu_time),
        slowest.nodes
    );
}

/// A time in milliseconds, three digits after the point.
fn shown(time: std::time::Duration) -> String {
    format!("{:.3}ms", time.as_secs_f64() * 1000.0)
}
