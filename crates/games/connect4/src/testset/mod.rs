//! Test sets of solved positions (one `moves score` line each, Pons' and Steininger's
//! format), the copies of the published ones that ply carries, and the benchmark that runs
//! the solver over one.

mod bundled;
pub mod suite;

pub use bundled::{
    bundled, bundled_in, bundled_names, names_of, BundledSet, BUNDLED, BUNDLED_SUITES,
};

use std::time::{Duration, Instant};

use ply_core::GameError;

use crate::board::Connect4;
use crate::notation::ColumnBase;
use crate::solver::Solver;

/// One line of a test set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// 1-based line number in its file.
    pub line: usize,
    /// The move sequence as written.
    pub moves: String,
    /// The published score for the side to move.
    pub expected: i32,
}

/// Reads `moves score` lines; blank lines are skipped, and a line that does not have that
/// form is an error naming the line.
pub fn parse_test_set(text: &str) -> Result<Vec<TestCase>, GameError> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(moves), Some(score), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(GameError::position(
                line,
                format!("line {}: expected 'moves score'", i + 1),
            ));
        };
        let expected = score.parse::<i32>().map_err(|_| {
            GameError::position(line, format!("line {}: '{score}' is not a score", i + 1))
        })?;
        cases.push(TestCase {
            line: i + 1,
            moves: moves.to_string(),
            expected,
        });
    }
    Ok(cases)
}

/// What a run over a test set measured.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BenchReport {
    pub positions: usize,
    pub correct: usize,
    /// Lines whose moves could not be played, with the reason.
    pub errors: Vec<(usize, String)>,
    /// Lines solved to a score other than the published one: (line, expected, found).
    pub wrong: Vec<(usize, i32, i32)>,
    /// Wall-clock time spent solving.
    pub time: Duration,
    /// Processor time of the solving thread (what a busy machine does not inflate).
    pub cpu_time: Duration,
    pub nodes: u64,
}

impl BenchReport {
    pub fn mean_time(&self) -> Duration {
        self.time / self.positions.max(1) as u32
    }
    pub fn mean_nodes(&self) -> f64 {
        self.nodes as f64 / self.positions.max(1) as f64
    }
    pub fn mean_cpu_time(&self) -> Duration {
        self.cpu_time / self.positions.max(1) as u32
    }
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "positions {}  correct {}  mean time {:.3?} (cpu {:.3?})  mean nodes {:.1}  nodes/s {:.0}",
            self.positions,
            self.correct,
            self.mean_time(),
            self.mean_cpu_time(),
            self.mean_nodes(),
            self.nodes_per_second()
        )
    }
}

/// Solves every case from `start` (whose shape the set is for), timing only the solving:
/// the positions are set up first, then the clocks are read once around the whole run (as
/// Pons' benchmark does), so reading them costs nothing per position. `weak` compares
/// signs only. Lines that cannot be played are counted as errors.
pub fn run_test_set(
    solver: &mut Solver,
    start: &Connect4,
    cases: &[TestCase],
    base: ColumnBase,
    weak: bool,
) -> BenchReport {
    let mut report = BenchReport::default();
    let mut playable = Vec::with_capacity(cases.len());
    for case in cases {
        match start.after_in(&case.moves, base) {
            Ok(state) => playable.push((case, state)),
            Err(e) => report.errors.push((case.line, e.to_string())),
        }
    }
    let mut scores = Vec::with_capacity(playable.len());
    let nodes_before = solver.nodes();
    let clock = Instant::now();
    let cpu = thread_cpu_time();
    for (_, state) in &playable {
        scores.push(solver.solve(state, weak));
    }
    report.cpu_time = thread_cpu_time().saturating_sub(cpu);
    report.time = clock.elapsed();
    report.nodes = solver.nodes() - nodes_before;
    report.positions = playable.len();
    for ((case, _), score) in playable.iter().zip(scores) {
        let expected = if weak {
            case.expected.signum()
        } else {
            case.expected
        };
        if score == expected {
            report.correct += 1;
        } else {
            report.wrong.push((case.line, expected, score));
        }
    }
    report
}

/// Processor time used by the calling thread so far (zero where the platform has no such
/// clock).
pub fn thread_cpu_time() -> Duration {
    cpu_clock(
        #[cfg(target_os = "linux")]
        libc::CLOCK_THREAD_CPUTIME_ID,
    )
}

/// The time of one of the processor-time clocks.
fn cpu_clock(#[cfg(target_os = "linux")] clock: libc::clockid_t) -> Duration {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant.
        let ok = unsafe { libc::clock_gettime(clock, &mut ts) } == 0;
        if ok {
            return Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    Duration::ZERO
}

/// Processor time used by the whole process so far, every thread (zero where the platform
/// has no such clock).
pub fn process_cpu_time() -> Duration {
    cpu_clock(
        #[cfg(target_os = "linux")]
        libc::CLOCK_PROCESS_CPUTIME_ID,
    )
}

/// Positions for a deterministic node count (`ply bench`): the first lines of Pons' sets
/// (end, middle and beginning of the game), with their published scores. Solved in order by
/// one solver, their total node count changes only when the solver's search does.
pub fn bench_positions() -> Vec<(&'static str, i32)> {
    vec![
        ("2252576253462244111563365343671351441", -1),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
        ("5554224333234511764415115", 4),
        ("52753311433677442422121", 8),
        ("1233722555341451114725221333", -1),
        ("274552224131661", 0),
        ("5455174361263362", -1),
        ("32164625", 11),
        ("6146", 18),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::MIN_TABLE_BITS;

    #[test]
    fn bench_positions_solve_to_their_published_scores() {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
        let start = Connect4::standard();
        for (moves, score) in bench_positions() {
            let state = start.after(moves).unwrap();
            assert_eq!(solver.solve(&state, false), score, "{moves}");
        }
    }

    #[test]
    fn malformed_lines_name_their_line() {
        let err = parse_test_set("4453 1\n\n44 x\n").unwrap_err().to_string();
        assert!(err.contains("line 3"), "{err}");
        let err = parse_test_set("4453\n").unwrap_err().to_string();
        assert!(err.contains("line 1"), "{err}");
        let cases = parse_test_set("4453 -2\n 1 3 \n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].expected, 3);
        assert_eq!(cases[1].line, 2);
    }
}
