//! `ply report seeds`: reruns, on this engine, the comparisons the source reports printed
//! and sets our figures beside theirs.
//!
//! - seed 001 (Connect Four): the depth minimax and alpha-beta complete within 1 s a move,
//!   MCTS's playouts in 0.75 s, and the three against each other;
//! - seed 003 (FAUhalma): time per move and win rate of strategies 1-5 (Tables 1 and 2);
//! - seed 004 (Quoridor 9x9): time per move of minimax, expectimax and MCTS.
//!
//! Every "ours" figure is measured by the run; every "theirs" figure is a constant here that
//! cites the seed's section. The run writes `report.md`, `results.json` and the plots.

mod markdown;
mod matches;
mod measure;
mod plots;
mod seed001;
mod seed003;
mod seed004;
mod setting;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::Serialize;

pub use setting::Setting;

/// A figure a source printed, and where.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Claim {
    pub what: &'static str,
    pub theirs: &'static str,
    pub source: &'static str,
}

/// How much to measure: the full run, or a quick one for tests and CI.
#[derive(Debug, Clone, Serialize)]
pub struct Plan {
    pub quick: bool,
    /// Seeds the openings and every agent.
    pub rng_seed: u64,
    /// Games played at once in the head-to-head parts.
    pub concurrency: usize,
    /// Seed 001: positions (columns played from the empty board) for the depth sweeps.
    pub c4_positions: Vec<String>,
    /// The time a depth must be completed in (seed 001: 1 s) and the sweep's cap (2 s).
    #[serde(serialize_with = "as_millis")]
    pub depth_budget: Duration,
    #[serde(serialize_with = "as_millis")]
    pub depth_cap: Duration,
    /// Seed 001's MCTS as played here.
    pub c4_mcts: String,
    pub c4_games: usize,
    pub halma_games: usize,
    pub halma_max_plies: usize,
    pub quoridor_games: usize,
    pub quoridor_positions: usize,
    /// Seed 004's MCTS as played here.
    pub quoridor_mcts: String,
}

fn as_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64() * 1e3)
}

impl Plan {
    /// The measurements as the seeds made them: 1 s per depth, 0.75 s MCTS.
    pub fn full(rng_seed: u64) -> Plan {
        Plan {
            quick: false,
            rng_seed,
            concurrency: 2,
            // The start, and positions from seed 001's example and Pons' test sets (early,
            // middle and late), the same as `examples/seed001_claims.rs` of ply-connect4.
            c4_positions: ["", "4453", "44455554221", "5455174361263362"]
                .map(String::from)
                .to_vec(),
            depth_budget: Duration::from_secs(1),
            depth_cap: Duration::from_secs(2),
            c4_mcts: "seed001-mcts".into(),
            c4_games: 10,
            halma_games: 30,
            halma_max_plies: 600,
            quoridor_games: 6,
            quoridor_positions: 60,
            quoridor_mcts: "seed004-mcts".into(),
        }
    }

    /// A few seconds of everything, for tests: the budgets are a twentieth of the seeds',
    /// so its depths and playouts are not comparable with theirs (the report says so).
    pub fn quick(rng_seed: u64) -> Plan {
        Plan {
            quick: true,
            concurrency: 2,
            c4_positions: vec!["4453".into()],
            depth_budget: Duration::from_millis(50),
            depth_cap: Duration::from_millis(100),
            c4_mcts: "seed001-mcts:time=40ms".into(),
            c4_games: 1,
            halma_games: 1,
            halma_max_plies: 300,
            quoridor_games: 1,
            quoridor_positions: 3,
            quoridor_mcts: "seed004-mcts:iterations=200".into(),
            ..Plan::full(rng_seed)
        }
    }
}

/// Everything measured, as `results.json` holds it.
#[derive(Debug, Clone, Serialize)]
pub struct SeedReport {
    pub setting: Setting,
    pub plan: Plan,
    pub seed001: seed001::Seed001,
    pub seed003: seed003::Seed003,
    pub seed004: seed004::Seed004,
}

/// Runs every measurement of `plan`, printing what it does to standard error.
pub fn measure(plan: &Plan) -> anyhow::Result<SeedReport> {
    let clock = Instant::now();
    let mut setting = Setting::now();
    eprintln!("report: seed 001, Connect Four: depth sweeps, MCTS, head-to-head");
    let seed001 = seed001::run(plan).context("seed 001 (Connect Four)")?;
    eprintln!(
        "report: seed 003, FAUhalma: strategies 1-5 against {}",
        seed003::OPPONENT
    );
    let seed003 = seed003::run(plan).context("seed 003 (FAUhalma)")?;
    eprintln!("report: seed 004, Quoridor 9x9: head-to-head, then timings");
    let seed004 = seed004::run(plan).context("seed 004 (Quoridor)")?;
    setting.finish(clock.elapsed().as_secs_f64());
    Ok(SeedReport {
        setting,
        plan: plan.clone(),
        seed001,
        seed003,
        seed004,
    })
}

/// The report's files in its folder, beside the plots.
const RESULTS_FILE: &str = "results.json";
const REPORT_FILE: &str = "report.md";
/// What messages call them when writing them.
const REPORT: &str = "report";

/// Checks that `dir` can hold the report before anything is measured: creates it (with its
/// parents), then writes and removes a probe file. The error names the folder and the reason.
pub fn prepare_out_dir(dir: &Path) -> anyhow::Result<()> {
    let refuse = |what: &str, e: std::io::Error| {
        anyhow::anyhow!(
            "cannot write the report into {}: {what}: {e}",
            dir.display()
        )
    };
    std::fs::create_dir_all(dir).map_err(|e| refuse("cannot create the folder", e))?;
    for name in [RESULTS_FILE, REPORT_FILE] {
        ply_core::files::check_target(&dir.join(name), REPORT)?;
    }
    let probe = dir.join(format!(".ply-report-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .and_then(|mut file| std::io::Write::write_all(&mut file, b"probe\n"))
        .map_err(|e| refuse("cannot write a file in the folder", e))?;
    std::fs::remove_file(&probe).map_err(|e| {
        refuse(
            &format!("cannot remove the probe file {}", probe.display()),
            e,
        )
    })?;
    Ok(())
}

/// Checks the output folder, then measures `plan` and writes the report into `dir`.
pub fn measure_and_write(plan: &Plan, dir: &Path) -> anyhow::Result<(SeedReport, Written)> {
    measure_and_write_with(plan, dir, measure)
}

fn measure_and_write_with(
    plan: &Plan,
    dir: &Path,
    measure: impl FnOnce(&Plan) -> anyhow::Result<SeedReport>,
) -> anyhow::Result<(SeedReport, Written)> {
    prepare_out_dir(dir)?;
    let report = measure(plan)?;
    let written = write(&report, dir)?;
    Ok((report, written))
}

/// What [`write()`] left in the folder, and what it could not draw.
pub struct Written {
    pub files: Vec<PathBuf>,
    pub skipped: Vec<String>,
}

/// Writes `report.md`, `results.json` and the plots (SVG and PNG) into `dir`.
pub fn write(report: &SeedReport, dir: &Path) -> anyhow::Result<Written> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    let plotted = match plots::write_plots(report, dir) {
        Ok(written) => {
            files.extend(written);
            true
        }
        Err(reason) => {
            skipped.push(format!("plots: {reason}"));
            false
        }
    };
    let json = dir.join(RESULTS_FILE);
    let text = serde_json::to_string_pretty(report)? + "\n";
    ply_core::files::write_atomically(&json, REPORT, text.as_bytes())?;
    files.push(json);
    let md = dir.join(REPORT_FILE);
    let text = markdown::report(report, plotted);
    ply_core::files::write_atomically(&md, REPORT, text.as_bytes())?;
    files.push(md);
    Ok(Written { files, skipped })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--out /dev/null/x` used to measure for seconds and only then fail on the folder.
    #[test]
    fn an_output_folder_that_cannot_be_made_is_refused_before_measuring() {
        let file =
            std::env::temp_dir().join(format!("ply-report-regular-file-{}", std::process::id()));
        std::fs::write(&file, "a regular file, not a folder\n").unwrap();
        let dir = file.join("x");
        let result = measure_and_write_with(&Plan::quick(1), &dir, |_| {
            panic!("measured before the output folder was checked")
        });
        std::fs::remove_file(&file).unwrap();
        let err = format!("{:#}", result.err().expect("the folder is refused"));
        assert!(
            err.contains(&dir.display().to_string()) && err.contains("cannot create the folder"),
            "{err}"
        );
    }

    #[test]
    fn a_usable_output_folder_is_created_and_left_without_the_probe() {
        let root = std::env::temp_dir().join(format!("ply-report-probe-{}", std::process::id()));
        let dir = root.join("nested");
        let _ = std::fs::remove_dir_all(&root);
        prepare_out_dir(&dir).unwrap();
        assert!(dir.is_dir());
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "the probe is removed"
        );
        prepare_out_dir(&dir).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_quick_report_writes_every_file_with_measured_rows() {
        let dir = std::env::temp_dir().join(format!("ply-report-seeds-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let plan = Plan::quick(7);
        let report = measure(&plan).unwrap();
        let written = write(&report, &dir).unwrap();
        let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap())
                .unwrap();
        for key in ["setting", "plan", "seed001", "seed003", "seed004"] {
            assert!(json.get(key).is_some(), "results.json lacks {key}");
        }
        if written.skipped.is_empty() {
            for name in [
                "seed001_depth",
                "seed003_winrate_vs_time",
                "seed004_time_per_move",
            ] {
                for ext in ["svg", "png"] {
                    let file = dir.join(format!("{name}.{ext}"));
                    assert!(std::fs::metadata(&file).unwrap().len() > 1000, "{file:?}");
                }
            }
        }

        // Seed 001: every search completed some depth on every position, and each row
        // of the per-position table shows it.
        let s1 = &report.seed001;
        assert_eq!(s1.sweeps.len(), 3 * plan.c4_positions.len());
        for w in &s1.sweeps {
            let p = w.within_budget.expect("a depth within the budget");
            assert!(p.cpu_ms <= s1.budget_ms && p.nodes > 0, "{w:?}");
            let proved = if p.proved { " (proved)" } else { "" };
            let row = format!("| `{}` | `{}` | {}{proved} | ", w.position, w.spec, p.depth);
            assert!(md.contains(&row), "no row {row}");
        }
        // The full alpha-beta gets at least as deep as plain minimax in the same time.
        let depth = |spec: &str| {
            s1.sweeps
                .iter()
                .find(|w| w.spec == spec)
                .unwrap()
                .within_budget
                .unwrap()
                .depth
        };
        assert!(depth("alphabeta:eval=seed001") >= depth("seed001-minimax"));
        assert!(s1.mcts.iter().all(|m| m.playouts > 0));
        assert_eq!(s1.head_to_head.records.len(), 6);

        // Seed 003: five strategies in Table 1, four more environments in Table 2, each
        // with its games played and seed 003's figure beside ours.
        let s3 = &report.seed003;
        assert_eq!((s3.table1.len(), s3.table2.len()), (5, 4));
        for r in s3.table1.iter().chain(&s3.table2) {
            assert!(r.games > 0 && (0.0..=1.0).contains(&r.win_rate), "{r:?}");
        }
        assert!(md.contains("| `seed003-s5` | 2.13 s | "));
        assert!(md.contains("| 5 | star, 3 players, easy | `seed003-s5` | 1.52/2.0 (76 %) | "));

        // Seed 004: every agent timed on every sampled position.
        let s4 = &report.seed004;
        assert_eq!(s4.positions.len(), plan.quoridor_positions);
        for t in &s4.timings {
            assert_eq!(t.cpu_ms.count, plan.quoridor_positions);
            assert!(md.contains(&format!("| `{}` | ", t.spec)));
        }
        assert!(md.contains("150–170 ms"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
