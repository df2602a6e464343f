//! Everything a tournament leaves in its `--out` folder.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::error::ArenaError;
use crate::plots::write_plots;
use crate::report::markdown;
use crate::tournament::TournamentResult;

/// What [`write_outputs`] wrote, and what it had to leave out.
#[derive(Debug, Clone, Default)]
pub struct OutputFiles {
    pub written: Vec<PathBuf>,
    /// Why something was not written (plots without a font), for the user to see.
    pub skipped: Vec<String>,
}

/// Writes `games.jsonl` (one game per line), `summary.json`, `report.md` and the plots
/// (`ratings`, `score_vs_time`, `time_per_move`, each `.svg` and `.png`) into `dir`,
/// creating it if needed.
pub fn write_outputs(result: &TournamentResult, dir: &Path) -> Result<OutputFiles, ArenaError> {
    fs::create_dir_all(dir).map_err(|e| ArenaError::io("cannot create folder", dir, e))?;
    let mut files = OutputFiles::default();

    let games = dir.join("games.jsonl");
    let file = fs::File::create(&games).map_err(|e| ArenaError::io("cannot create", &games, e))?;
    let mut writer = BufWriter::new(file);
    for record in &result.records {
        serde_json::to_writer(&mut writer, record)?;
        writer
            .write_all(b"\n")
            .map_err(|e| ArenaError::io("cannot write", &games, e))?;
    }
    writer
        .flush()
        .map_err(|e| ArenaError::io("cannot write", &games, e))?;
    files.written.push(games);

    let summary = dir.join("summary.json");
    let json = serde_json::to_string_pretty(result)?;
    fs::write(&summary, json + "\n").map_err(|e| ArenaError::io("cannot write", &summary, e))?;
    files.written.push(summary);

    let plotted = match write_plots(&result.summary, dir) {
        Ok(plots) => {
            files.written.extend(plots);
            true
        }
        Err(reason) => {
            files.skipped.push(format!("plots: {reason}"));
            false
        }
    };

    let report = dir.join("report.md");
    fs::write(&report, markdown(result, plotted))
        .map_err(|e| ArenaError::io("cannot write", &report, e))?;
    files.written.push(report);
    Ok(files)
}
