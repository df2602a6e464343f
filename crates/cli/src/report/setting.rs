//! Where and when the report was measured: the machine, its load, the date and the commit,
//! so a reader can tell how far our figures travel.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use ply_core::files;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Setting {
    /// UTC, `YYYY-MM-DD HH:MM`.
    pub started_utc: String,
    pub cpu: String,
    pub cores: usize,
    /// `/proc/loadavg`'s 1-minute load when the run started and ended (other work on the
    /// machine slows wall-clock figures; processor-time figures are not affected).
    pub load_at_start: Option<f64>,
    pub load_at_end: Option<f64>,
    /// `git rev-parse --short HEAD` in the folder the report ran from, if it is a checkout.
    pub commit: Option<String>,
    pub os: String,
    pub seconds: f64,
}

impl Setting {
    pub fn now() -> Setting {
        Setting {
            started_utc: utc_now(),
            cpu: cpu_model().unwrap_or_else(|| "unknown".into()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            load_at_start: load_average(),
            load_at_end: None,
            commit: git_commit(),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            seconds: 0.0,
        }
    }

    /// Records the load and the length of the run at its end.
    pub fn finish(&mut self, seconds: f64) {
        self.load_at_end = load_average();
        self.seconds = seconds;
    }
}

fn cpu_model() -> Option<String> {
    let info = files::read_text(Path::new("/proc/cpuinfo"), files::SYSTEM_INFO).ok()?;
    info.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|m| m.trim().to_string())
}

fn load_average() -> Option<f64> {
    files::read_text(Path::new("/proc/loadavg"), files::SYSTEM_INFO)
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn git_commit() -> Option<String> {
    let out = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|c| !c.is_empty())
}

/// The current UTC time as `YYYY-MM-DD HH:MM`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let minute = secs % 86_400 / 60;
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", minute / 60, minute % 60)
}

/// Days since 1970-01-01 to a (year, month, day) of the proleptic Gregorian calendar
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_418), (2025, 11, 26));
    }
}
