//! Charts of a tournament, each written as SVG and PNG: ratings with error bars, score
//! against mean time per move, and time per move over the course of a game.
//!
//! Text is drawn with a TrueType font read at run time (plotters' `ab_glyph` backend, no C
//! libraries): `PLY_FONT` if set, else a common system font. Without one the charts are
//! skipped and the reason reported, since axis labels cannot be laid out.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ply_core::files::{self, Input};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::summary::Summary;

const SIZE: (u32, u32) = (900, 560);
/// The family name charts ask for; [`ensure_font`] registers a TrueType file under it.
pub const FONT: &str = "sans-serif";

/// A font file as charts read it (a large one, with every script, is some 20 MiB).
const FONT_FILE: Input = Input::new("font file", 64 << 20);

/// What messages call a chart's file when writing it.
pub const CHART: &str = "chart";

/// Where fonts usually live (Debian, Fedora, Arch, macOS).
const FONT_CANDIDATES: [&str; 6] = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
];

/// Registers a font once per process; the error says where it looked. Other charts (the
/// CLI's source report) call it before drawing text in [`FONT`].
pub fn ensure_font() -> Result<(), String> {
    static FONT_READY: OnceLock<Result<(), String>> = OnceLock::new();
    FONT_READY
        .get_or_init(|| {
            let mut candidates: Vec<PathBuf> = Vec::new();
            if let Some(p) = std::env::var_os("PLY_FONT") {
                candidates.push(p.into());
            }
            candidates.extend(FONT_CANDIDATES.iter().map(PathBuf::from));
            for path in &candidates {
                if let Ok(bytes) = files::read(path, FONT_FILE) {
                    // plotters keeps fonts for the life of the process: leak one copy.
                    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                    if plotters::style::register_font(FONT, FontStyle::Normal, bytes).is_ok() {
                        return Ok(());
                    }
                }
            }
            Err(format!(
                "no usable TrueType font (set PLY_FONT to a .ttf file; looked in {})",
                FONT_CANDIDATES.join(", ")
            ))
        })
        .clone()
}

/// Draws every chart into `dir` as `NAME.svg` and `NAME.png`; returns the files written.
pub fn write_plots(summary: &Summary, dir: &Path) -> Result<Vec<PathBuf>, String> {
    ensure_font()?;
    let mut written = Vec::new();
    macro_rules! both {
        ($name:expr, $draw:ident) => {{
            let svg = dir.join(format!("{}.svg", $name));
            write_svg(&svg, SIZE, |root| $draw(root, summary))
                .map_err(|e| format!("{}.svg: {e}", $name))?;
            written.push(svg);
            let png = dir.join(format!("{}.png", $name));
            write_png(&png, SIZE, |root| $draw(root, summary))
                .map_err(|e| format!("{}.png: {e}", $name))?;
            written.push(png);
        }};
    }
    both!("ratings", ratings_chart);
    both!("score_vs_time", score_vs_time_chart);
    both!("time_per_move", time_per_move_chart);
    Ok(written)
}

/// Draws one chart with `draw` and writes it as an SVG file at `path` (whole or not at all,
/// see `ply_core::files`).
pub fn write_svg<F>(path: &Path, size: (u32, u32), draw: F) -> Result<(), String>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
{
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root)?;
        root.present().map_err(text)?;
    }
    files::write_atomically(path, CHART, svg.as_bytes()).map_err(text)
}

/// Draws one chart with `draw` into an RGB buffer and writes it as a PNG file at `path`
/// (whole or not at all, see `ply_core::files`).
/// The `png` crate encodes it: plotters' own encoder would bring the whole `image` crate
/// (and its JPEG decoder) into every build for this one call.
pub fn write_png<F>(path: &Path, size: (u32, u32), draw: F) -> Result<(), String>
where
    F: for<'a> FnOnce(&DrawingArea<BitMapBackend<'a>, Shift>) -> Result<(), String>,
{
    let (width, height) = size;
    let mut rgb = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
        draw(&root)?;
        root.present().map_err(text)?;
    }
    let mut encoded = Vec::new();
    let mut encoder = png::Encoder::new(&mut encoded, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(text)?;
    writer.write_image_data(&rgb).map_err(text)?;
    writer.finish().map_err(text)?;
    files::write_atomically(path, CHART, &encoded).map_err(text)
}

fn text<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// Agent names shortened for axis labels.
fn short(name: &str) -> String {
    const MAX: usize = 22;
    if name.chars().count() <= MAX {
        name.to_string()
    } else {
        format!("{}…", name.chars().take(MAX - 1).collect::<String>())
    }
}

/// Ratings with 95 % error bars, strongest first.
fn ratings_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    s: &Summary,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let mut rated: Vec<(String, f64, f64)> = s
        .agents
        .iter()
        .filter_map(|a| a.rating.map(|r| (short(&a.name), r.elo, r.error95)))
        .collect();
    rated.sort_by(|a, b| b.1.total_cmp(&a.1));
    let low = rated.iter().map(|r| r.1 - r.2).fold(0.0, f64::min);
    let high = rated.iter().map(|r| r.1 + r.2).fold(0.0, f64::max);
    let pad = ((high - low) * 0.1).max(10.0);
    // A segmented axis over 0..last has one segment per value, last included.
    let last = rated.len().max(1) as i32 - 1;
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!(
                "Ratings (Elo, anchored on {} = 0, 95 % error bars)",
                short(&s.anchor)
            ),
            (FONT, 20),
        )
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(60)
        .build_cartesian_2d((0..last).into_segmented(), (low - pad)..(high + pad))
        .map_err(text)?;
    let label = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(k) => rated
            .get(*k as usize)
            .map_or(String::new(), |r| r.0.clone()),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(rated.len().max(1))
        .x_label_formatter(&label)
        .y_desc("Elo")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    chart
        .draw_series(rated.iter().enumerate().map(|(k, r)| {
            ErrorBar::new_vertical(
                SegmentValue::CenterOf(k as i32),
                r.1 - r.2,
                r.1,
                r.1 + r.2,
                BLUE.filled(),
                12,
            )
        }))
        .map_err(text)?;
    chart
        .draw_series(
            rated.iter().enumerate().map(|(k, r)| {
                Circle::new((SegmentValue::CenterOf(k as i32), r.1), 4, BLUE.filled())
            }),
        )
        .map_err(text)?;
    Ok(())
}

/// Each agent's overall score against its mean time per move.
fn score_vs_time_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    s: &Summary,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let max_time = s.agents.iter().map(|a| a.mean_time_ms).fold(0.0, f64::max);
    let x_max = if max_time > 0.0 { max_time * 1.25 } else { 1.0 };
    let mut chart = ChartBuilder::on(root)
        .caption("Score against mean time per move", (FONT, 20))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max, 0.0..1.0)
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_desc("mean time per move (ms)")
        .y_desc("score (win 1, draw ½)")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    chart
        .draw_series(s.agents.iter().enumerate().map(|(i, a)| {
            let colour = Palette99::pick(i).to_rgba();
            EmptyElement::at((a.mean_time_ms, a.score.estimate))
                + Circle::new((0, 0), 5, colour.filled())
                + Text::new(short(&a.name), (8, -8), (FONT, 13))
        }))
        .map_err(text)?;
    Ok(())
}

/// Mean time of each agent's k-th move of a game.
fn time_per_move_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    s: &Summary,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(text)?;
    let longest = s
        .agents
        .iter()
        .map(|a| a.time_by_move_ms.len())
        .max()
        .unwrap_or(0)
        .max(2);
    let max_time = s
        .agents
        .iter()
        .flat_map(|a| a.time_by_move_ms.iter().copied())
        .fold(0.0, f64::max);
    let y_max = if max_time > 0.0 { max_time * 1.15 } else { 1.0 };
    let mut chart = ChartBuilder::on(root)
        .caption("Time per move over the course of a game", (FONT, 20))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(1.0..longest as f64, 0.0..y_max)
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_labels(longest.min(20))
        .x_label_formatter(&|x| {
            if x.fract() == 0.0 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        })
        .x_desc("the agent's move number in the game")
        .y_desc("mean time (ms)")
        .label_style((FONT, 13))
        .draw()
        .map_err(text)?;
    for (i, a) in s.agents.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(
                a.time_by_move_ms
                    .iter()
                    .enumerate()
                    .map(|(k, &t)| ((k + 1) as f64, t)),
                colour.stroke_width(2),
            ))
            .map_err(text)?
            .label(short(&a.name))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .label_font((FONT, 13))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(text)?;
    Ok(())
}
