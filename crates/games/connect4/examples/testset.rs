//! Runs the solver over a test set: `cargo run --release --example testset -- FILE
//! [--limit N] [--weak] [--zero-based] [--width W --height H] [--table-bits B] [--threads T]`.

use ply_connect4::testset::{parse_test_set, run_test_set};
use ply_connect4::{ColumnBase, Connect4, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .ok_or("usage: testset FILE [--limit N] [--weak]")?;
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    let weak = args.iter().any(|a| a == "--weak");
    let base = if args.iter().any(|a| a == "--zero-based") {
        ColumnBase::Zero
    } else {
        ColumnBase::One
    };
    let start = Connect4::new(
        value("--width").unwrap_or(7),
        value("--height").unwrap_or(6),
        4,
    )?;
    let mut cases = parse_test_set(&std::fs::read_to_string(path)?)?;
    if let Some(limit) = value("--limit") {
        cases.truncate(limit);
    }
    let mut solver = Solver::with_table_bits(
        value("--table-bits").map_or(ply_connect4::solver::DEFAULT_TABLE_BITS, |b| b as u32),
    )
    .with_threads(value("--threads").unwrap_or(1));
    solver.clear();
    let report = run_test_set(&mut solver, &start, &cases, base, weak);
    println!("{path}: {report}");
    for (line, expected, found) in report.wrong.iter().take(5) {
        println!("  line {line}: expected {expected}, found {found}");
    }
    Ok(())
}
