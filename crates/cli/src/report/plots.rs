//! The report's charts, each as SVG and PNG, drawn like the arena's (`ply_arena::plots`):
//! seed 001's depth within the budget, seed 003's win rate against time per move (its
//! Figure 11, unnormalised), seed 004's time per move. Ours in blue, theirs in red.

use std::path::{Path, PathBuf};

use ply_arena::plots::{ensure_font, write_png, write_svg, FONT};
use ply_arena::plotters::coord::Shift;
use ply_arena::plotters::prelude::*;

use super::seed003::TABLE1;
use super::SeedReport;

const SIZE: (u32, u32) = (900, 560);
const OURS: RGBColor = RGBColor(31, 90, 200);
const THEIRS: RGBColor = RGBColor(200, 40, 40);

/// Draws every chart into `dir`; returns the files written.
pub fn write_plots(report: &SeedReport, dir: &Path) -> Result<Vec<PathBuf>, String> {
    ensure_font()?;
    let mut written = Vec::new();
    macro_rules! both {
        ($name:expr, $draw:ident) => {{
            let svg = dir.join(format!("{}.svg", $name));
            write_svg(&svg, SIZE, |root| $draw(root, report))
                .map_err(|e| format!("{}.svg: {e}", $name))?;
            written.push(svg);
            let png = dir.join(format!("{}.png", $name));
            write_png(&png, SIZE, |root| $draw(root, report))
                .map_err(|e| format!("{}.png: {e}", $name))?;
            written.push(png);
        }};
    }
    both!("seed001_depth", depth_chart);
    both!("seed003_winrate_vs_time", winrate_chart);
    both!("seed004_time_per_move", time_chart);
    Ok(written)
}

fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// Seed 001: the depth each search completes within the budget, per position, beside the
/// depth seed 001 advised.
fn depth_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &SeedReport,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let s = &r.seed001;
    let mut specs: Vec<&str> = Vec::new();
    for w in &s.sweeps {
        if !specs.contains(&w.spec.as_str()) {
            specs.push(&w.spec);
        }
    }
    let index = |spec: &str| specs.iter().position(|s| *s == spec).unwrap_or(0) as i32;
    let top = s
        .sweeps
        .iter()
        .filter_map(|w| w.within_budget.map(|p| p.depth).max(w.theirs_depth))
        .max()
        .unwrap_or(1) as f64
        + 2.0;
    let last = specs.len().max(1) as i32 - 1;
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!(
                "Connect Four: deepest depth completed within {:.0} ms",
                s.budget_ms
            ),
            (FONT, 20),
        )
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(50)
        .build_cartesian_2d((0..last).into_segmented(), 0.0..top)
        .map_err(text)?;
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(k) => specs.get(*k as usize).map_or(String::new(), |s| {
            s.split(':').next().unwrap_or(s).to_string()
        }),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(specs.len().max(1))
        .x_label_formatter(&label)
        .y_desc("plies")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    chart
        .draw_series(s.sweeps.iter().filter_map(|w| {
            // A search that proved the result early tells nothing of its reach in time.
            w.within_budget.filter(|p| !p.proved).map(|p| {
                Circle::new(
                    (SegmentValue::CenterOf(index(&w.spec)), f64::from(p.depth)),
                    6,
                    OURS.filled(),
                )
            })
        }))
        .map_err(text)?
        .label("ours, each position (proved results left out)")
        .legend(|(x, y)| Circle::new((x + 10, y), 5, OURS.filled()));
    chart
        .draw_series(s.sweeps.iter().filter_map(|w| {
            w.theirs_depth.map(|d| {
                TriangleMarker::new(
                    (SegmentValue::CenterOf(index(&w.spec)), f64::from(d)),
                    9,
                    THEIRS.filled(),
                )
            })
        }))
        .map_err(text)?
        .label("theirs: seed 001, §6.2 (1 s)")
        .legend(|(x, y)| TriangleMarker::new((x + 10, y), 7, THEIRS.filled()));
    legend(&mut chart)
}

fn legend<'a, DB: DrawingBackend + 'a, X: Ranged, Y: Ranged>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .label_font((FONT, 13))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(text)
}

/// Seed 003: win rate against mean time per move, ours and theirs (Table 1), time on a log
/// scale since the two differ by orders of magnitude.
fn winrate_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &SeedReport,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let ours: Vec<(String, f64, f64)> = r
        .seed003
        .table1
        .iter()
        .map(|s| (short(&s.strategy), s.mean_time_ms.max(1e-4), s.win_rate))
        .collect();
    let theirs: Vec<(String, f64, f64)> = TABLE1
        .iter()
        .map(|(name, secs, rate, _)| (short(name), secs * 1e3, *rate))
        .collect();
    let times = ours.iter().chain(&theirs).map(|p| p.1);
    let low = times.clone().fold(f64::INFINITY, f64::min) / 3.0;
    let high = times.fold(0.0, f64::max) * 3.0;
    let mut chart = ChartBuilder::on(root)
        .caption(
            "FAUhalma, 3 players: win rate against mean time per move",
            (FONT, 20),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d((low..high).log_scale(), 0.0..1.05)
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_desc("mean time per move (ms, log scale)")
        .y_desc("win rate (points / most)")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    for (points, colour, name) in [
        (&ours, OURS, "ours (against greedy)"),
        (&theirs, THEIRS, "theirs: seed 003, Table 1"),
    ] {
        chart
            .draw_series(points.iter().enumerate().map(|(i, (label, t, w))| {
                // Alternate labels above and below: neighbouring strategies often overlap.
                let dy = if i % 2 == 0 { -16 } else { 4 };
                EmptyElement::at((*t, *w))
                    + Circle::new((0, 0), 5, colour.filled())
                    + Text::new(label.clone(), (8, dy), (FONT, 13))
            }))
            .map_err(text)?
            .label(name)
            .legend(move |(x, y)| Circle::new((x + 10, y), 5, colour.filled()));
    }
    legend(&mut chart)
}

/// "seed003-s4" → "s4".
fn short(strategy: &str) -> String {
    strategy.rsplit('-').next().unwrap_or(strategy).to_string()
}

/// Seed 004: our median time per move with its 10-90 % range, beside seed 004's range.
fn time_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &SeedReport,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let t = &r.seed004.timings;
    let low = t
        .iter()
        .map(|t| t.cpu_ms.p10.min(t.theirs_seconds.0 * 1e3))
        .fold(f64::INFINITY, f64::min)
        .max(1e-4)
        / 3.0;
    let high = t
        .iter()
        .map(|t| t.cpu_ms.p90.max(t.theirs_seconds.1 * 1e3))
        .fold(0.0, f64::max)
        * 3.0;
    let last = t.len().max(1) as i32 - 1;
    let mut chart = ChartBuilder::on(root)
        .caption(
            "Quoridor 9x9: time per move (ours: median, 10-90 %)",
            (FONT, 20),
        )
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (0..last).into_segmented(),
            (low..high.max(low * 10.0)).log_scale(),
        )
        .map_err(text)?;
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(k) => t.get(*k as usize).map_or(String::new(), |t| t.spec.clone()),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(t.len().max(1))
        .x_label_formatter(&label)
        .y_desc("ms per move (log scale)")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    chart
        .draw_series(t.iter().enumerate().map(|(k, t)| {
            ErrorBar::new_vertical(
                SegmentValue::CenterOf(k as i32),
                t.cpu_ms.p10.max(low),
                t.cpu_ms.median.max(low),
                t.cpu_ms.p90.max(low),
                OURS.filled(),
                14,
            )
        }))
        .map_err(text)?
        .label("ours (processor time)")
        .legend(|(x, y)| Circle::new((x + 10, y), 5, OURS.filled()));
    chart
        .draw_series(t.iter().enumerate().map(|(k, t)| {
            let (lo, hi) = (t.theirs_seconds.0 * 1e3, t.theirs_seconds.1 * 1e3);
            ErrorBar::new_vertical(
                SegmentValue::CenterOf(k as i32),
                lo,
                (lo + hi) / 2.0,
                hi,
                THEIRS.filled(),
                14,
            )
        }))
        .map_err(text)?
        .label("theirs: seed 004, §4")
        .legend(|(x, y)| Circle::new((x + 10, y), 5, THEIRS.filled()));
    legend(&mut chart)
}
