//! Connect Four's own commands: its solver, opening books and their benchmarks.

pub mod bench_perfect;
pub mod bench_solver;
pub mod bench_suite;
pub mod solve;
pub mod solve_book;

/// A benchmark's verdict on its set: an error if any line was unreadable or solved wrong
/// (each was printed already), so a script sees a failed check.
fn fail_on_bad_lines(unreadable: usize, wrong: usize) -> anyhow::Result<()> {
    if unreadable > 0 || wrong > 0 {
        anyhow::bail!("{unreadable} line(s) unreadable, {wrong} wrong");
    }
    Ok(())
}
