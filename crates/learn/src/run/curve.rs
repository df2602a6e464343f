//! The learning curve: every evaluation's result (`curve.jsonl`), every step's losses
//! (`losses.csv`), and the chart of both (`curve.svg`), redrawn from the files so a resumed
//! run's chart shows its whole history.

use std::io::Write;
use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use ply_arena::plots::{ensure_font, write_svg, FONT};
use ply_core::files::{self, Input};
use serde::{Deserialize, Serialize};

use super::evaluate::MatchResult;
use crate::train::Losses;

const CURVE_FILE: Input = Input::new("learning curve (curve.jsonl)", 64 << 20);
const LOSSES_FILE: Input = Input::new("losses file (losses.csv)", 256 << 20);

/// One evaluation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub step: u64,
    pub games: u64,
    pub seconds: f64,
    /// The new net against the run's baseline (its Elo is the curve's rating).
    pub baseline: Option<MatchResult>,
    /// The new net against the gate's best.
    pub gate: Option<MatchResult>,
    /// Whether the new net became the best.
    pub promoted: bool,
}

/// Appends `point` to the curve file.
pub fn append_point(path: &Path, point: &CurvePoint) -> Result<(), String> {
    append_line(
        path,
        "learning curve",
        &serde_json::to_string(point).expect("a point serialises"),
    )
}

/// Appends one step's losses to the losses file.
pub fn append_losses(path: &Path, step: u64, losses: &Losses) -> Result<(), String> {
    append_line(
        path,
        "losses file",
        &format!("{step},{:.5},{:.5}", losses.policy, losses.value),
    )
}

fn append_line(path: &Path, what: &'static str, line: &str) -> Result<(), String> {
    let mut file = files::open_append(path, what).map_err(|e| e.to_string())?;
    writeln!(file, "{line}").map_err(|e| format!("cannot write {}: {e}", files::shown(path)))
}

/// The points of the curve file (lines that do not read are skipped: the last may have
/// been cut short by a stop).
pub fn read_points(path: &Path) -> Result<Vec<CurvePoint>, String> {
    let text = files::read_text_if_exists(path, CURVE_FILE).map_err(|e| e.to_string())?;
    Ok(text
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect())
}

/// `(step, policy loss, value loss)` of every step of the losses file.
pub fn read_losses(path: &Path) -> Result<Vec<(u64, f64, f64)>, String> {
    let text = files::read_text_if_exists(path, LOSSES_FILE).map_err(|e| e.to_string())?;
    Ok(text
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let mut parts = l.split(',');
            Some((
                parts.next()?.parse().ok()?,
                parts.next()?.parse().ok()?,
                parts.next()?.parse().ok()?,
            ))
        })
        .collect())
}

/// Losses averaged over windows of steps, so the chart shows a line, not noise.
fn smoothed(losses: &[(u64, f64, f64)], points: usize) -> Vec<(f64, f64, f64)> {
    let window = (losses.len() / points.max(1)).max(1);
    losses
        .chunks(window)
        .map(|chunk| {
            let n = chunk.len() as f64;
            (
                chunk.iter().map(|c| c.0 as f64).sum::<f64>() / n,
                chunk.iter().map(|c| c.1).sum::<f64>() / n,
                chunk.iter().map(|c| c.2).sum::<f64>() / n,
            )
        })
        .collect()
}

/// Draws the curve: the rating against the baseline by step above, the losses below.
pub fn draw(
    path: &Path,
    title: &str,
    points: &[CurvePoint],
    losses: &[(u64, f64, f64)],
) -> Result<(), String> {
    ensure_font()?;
    write_svg(path, (900, 700), |root| {
        root.fill(&WHITE).map_err(text)?;
        let (top, bottom) = root.split_vertically(380);
        rating_chart(&top, title, points)?;
        loss_chart(&bottom, &smoothed(losses, 200))
    })
}

fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

fn rating_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    points: &[CurvePoint],
) -> Result<(), String> {
    let rated: Vec<(f64, &MatchResult)> = points
        .iter()
        .filter_map(|p| p.baseline.as_ref().map(|b| (p.step as f64, b)))
        .collect();
    let last_step = points.iter().map(|p| p.step).max().unwrap_or(1).max(1) as f64;
    let finite = |x: f64| x.clamp(-800.0, 800.0);
    let low = rated
        .iter()
        .map(|(_, b)| finite(b.elo_low))
        .fold(-100.0, f64::min);
    let high = rated
        .iter()
        .map(|(_, b)| finite(b.elo_high))
        .fold(100.0, f64::max);
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT, 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..last_step * 1.02, (low - 20.0)..(high + 20.0))
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_desc("training steps")
        .y_desc("Elo against the baseline")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    chart
        .draw_series(rated.iter().map(|(s, b)| {
            ErrorBar::new_vertical(
                *s,
                finite(b.elo_low),
                finite(b.elo),
                finite(b.elo_high),
                BLUE.filled(),
                8,
            )
        }))
        .map_err(text)?;
    chart
        .draw_series(LineSeries::new(
            rated.iter().map(|(s, b)| (*s, finite(b.elo))),
            BLUE.stroke_width(2),
        ))
        .map_err(text)?
        .label("Elo (bars: 95 % interval)")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE.stroke_width(2)));
    chart
        .draw_series(
            points
                .iter()
                .filter(|p| p.promoted)
                .filter_map(|p| p.baseline.as_ref().map(|b| (p.step as f64, finite(b.elo))))
                .map(|(s, e)| Circle::new((s, e), 5, GREEN.filled())),
        )
        .map_err(text)?
        .label("a net the gate promoted")
        .legend(|(x, y)| Circle::new((x + 10, y), 5, GREEN.filled()));
    // Lower right: ratings mostly rise as a run learns, so that corner is the emptiest.
    draw_legend(&mut chart, SeriesLabelPosition::LowerRight)
}

fn loss_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    losses: &[(f64, f64, f64)],
) -> Result<(), String> {
    let last = losses.iter().map(|l| l.0).fold(1.0, f64::max);
    let high = losses.iter().map(|l| l.1.max(l.2)).fold(0.1, f64::max);
    // Headroom above the highest loss keeps the legend, upper right, off the lines: losses
    // mostly fall, so the right end of the lines lies well below it.
    let top = high * 1.35;
    let mut chart = ChartBuilder::on(area)
        .caption("Losses (mean over windows of steps)", (FONT, 18))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..last * 1.02, 0.0..top)
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_desc("training steps")
        .y_desc("loss")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    chart
        .draw_series(LineSeries::new(
            losses.iter().map(|l| (l.0, l.1)),
            RED.stroke_width(2),
        ))
        .map_err(text)?
        .label("policy (cross-entropy)")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
    chart
        .draw_series(LineSeries::new(
            losses.iter().map(|l| (l.0, l.2)),
            MAGENTA.stroke_width(2),
        ))
        .map_err(text)?
        .label("value (squared error, −1..1)")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], MAGENTA));
    draw_legend(&mut chart, SeriesLabelPosition::UpperRight)
}

fn draw_legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font((FONT, 13))
        .draw()
        .map_err(text)
}
