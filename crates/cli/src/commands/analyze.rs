//! `ply analyze GAME RECORD`: replays a game record, has an engine search every position,
//! and judges each move (best, good, inaccuracy, mistake, blunder) by what it cost its
//! mover (`ply_search::analysis`). Text or JSON, and a chart of the value over the game.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_core::record::Record;
use ply_core::words::counted;
use ply_core::{Described, SearchLimits, ValueScale, ZobristHash};
use ply_search::analysis::{analyze_game, GameAnalysis, Thresholds};
use ply_search::spec::Catalog;
use ply_view::analysis::{analysis_json, scale_name};

use crate::format::value_text;
use crate::games::GameName;
use crate::start::read_records;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// The game record to analyse (the first record in the file, or the one `--index`
    /// picks).
    pub record: PathBuf,
    /// Which record of the file, from 1.
    #[arg(long, default_value_t = 1)]
    pub index: usize,
    /// The engine that judges: an agent spec (default: the game's analyst, the exact solver
    /// for Connect Four, else its full-strength engine). A spec that sets no limit plays its
    /// agent's default budget (`ply list GAME` shows it).
    #[arg(long)]
    pub agent: Option<String>,
    /// Time per position, e.g. 500ms (default: the agent's own limits).
    #[arg(long, value_parser = crate::format::parse_duration)]
    pub time: Option<Duration>,
    /// Loss (in the agent's value units) from which a move is an inaccuracy; the defaults
    /// follow the value scale (one step of the game's evaluation, 1 exact point, 0.05 of a
    /// reward), a mistake twice that and a blunder four times.
    #[arg(long)]
    pub inaccuracy: Option<f64>,
    #[arg(long)]
    pub mistake: Option<f64>,
    #[arg(long)]
    pub blunder: Option<f64>,
    /// Print the analysis as JSON.
    #[arg(long)]
    pub json: bool,
    /// Draw the value over the game (for the first seat) into this file, .svg or .png.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Seed for the agent's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.plot {
        // A chart that cannot be written is found now, not after the analysis.
        ply_core::files::check_target(path, ply_arena::plots::CHART).context("--plot")?;
    }
    let records = read_records(&args.record)?;
    let Some(record) = args.index.checked_sub(1).and_then(|i| records.get(i)) else {
        bail!(
            "--index {}: {} holds {} record(s), numbered from 1",
            args.index,
            args.record.display(),
            records.len()
        );
    };
    ply_registry::with_game!(args.game, |G| {
        let catalog = <G as ply_registry::Registered>::catalog();
        analyze_record::<G>(record, &catalog, args)
    })
}

fn analyze_record<G: Described + ZobristHash>(
    record: &Record,
    catalog: &Catalog<G>,
    args: &AnalyzeArgs,
) -> anyhow::Result<()> {
    let replay = record
        .replay::<G>()
        .with_context(|| args.record.display().to_string())?;
    let thresholds = thresholds(args)?;
    let spec = args.agent.clone().unwrap_or_else(|| {
        G::EXACT_ANALYST
            .map_or(args.game.default_agent(), |analyst| analyst.spec)
            .to_string()
    });
    let (mut agent, limit) = crate::timed::build_timed(
        "analyze",
        catalog,
        &spec,
        args.time,
        "--time",
        args.rng_seed,
    )?;
    let limits = SearchLimits {
        time: limit,
        ..SearchLimits::none()
    };
    let bar = ProgressBar::new(replay.moves.len() as u64 + 1).with_style(
        ProgressStyle::with_template("analysing {bar:30} {pos}/{len} positions, {elapsed}")
            .expect("a valid template"),
    );
    if args.json || !console_is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let analysis = analyze_game(
        &replay.start,
        &replay.moves,
        agent.as_mut(),
        &limits,
        thresholds,
        G::VALUE_UNIT,
        |done, _| bar.set_position(done as u64),
    );
    bar.finish_and_clear();
    if args.json {
        println!("{}", analysis_json(&replay.start, &analysis));
    } else {
        print!("{}", analysis_text(&replay.start, &analysis));
    }
    if let Some(path) = &args.plot {
        plot_values(path, &replay.start, &analysis)?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn console_is_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal()
}

/// The thresholds the flags give, checked: all three or none, each finite, not negative and
/// in order; `None` for the scale's defaults.
fn thresholds(args: &AnalyzeArgs) -> anyhow::Result<Option<Thresholds>> {
    match (args.inaccuracy, args.mistake, args.blunder) {
        (None, None, None) => Ok(None),
        (Some(inaccuracy), Some(mistake), Some(blunder)) => {
            let all = [inaccuracy, mistake, blunder];
            if all.iter().any(|v| !v.is_finite() || *v < 0.0) {
                bail!("--inaccuracy, --mistake and --blunder are numbers of at least 0");
            }
            if !(inaccuracy <= mistake && mistake <= blunder) {
                bail!(
                    "--inaccuracy {inaccuracy} --mistake {mistake} --blunder {blunder}: each \
                     threshold must be at most the next"
                );
            }
            Ok(Some(Thresholds {
                inaccuracy,
                mistake,
                blunder,
            }))
        }
        _ => bail!("give --inaccuracy, --mistake and --blunder together, or none of them"),
    }
}

/// The analysis as a table, one move a line, then each seat's count of each verdict.
fn analysis_text<G: Described>(start: &G, analysis: &GameAnalysis<G::Move>) -> String {
    let names = G::DESCRIPTOR.seat_names(start.num_players());
    let name = |seat: usize| names.get(seat).copied().unwrap_or("?");
    let show = |v: Option<f64>| v.map_or("-".to_string(), compact_value);
    let variant = start.variant();
    let mut out = format!(
        "{}{}{}: {} judged by {} ({} values; inaccuracy from {}, mistake {}, blunder {})\n",
        start.name(),
        if variant.is_empty() { "" } else { " " },
        variant,
        counted(analysis.moves.len() as u64, "move", "moves"),
        analysis.agent,
        scale_name(analysis.scale),
        compact_value(analysis.thresholds.inaccuracy),
        compact_value(analysis.thresholds.mistake),
        compact_value(analysis.thresholds.blunder),
    );
    out.push_str(&format!(
        "{:>4}  {:<7} {:<10} {:<10} {:>16} {:>16} {:>8}  {}\n",
        "ply", "seat", "move", "best", "before", "after", "loss", "verdict"
    ));
    let mut state = start.clone();
    for (i, m) in analysis.moves.iter().enumerate() {
        use ply_search::analysis::Outcome;
        let verdict = match (m.outcome_before, m.outcome_after) {
            (Some(b), Some(a)) if a < b => {
                format!("{} ({} to {})", m.verdict.name(), b.name(), a.name())
            }
            (None, Some(Outcome::Loss)) => format!("{} (now lost)", m.verdict.name()),
            _ => m.verdict.name().to_string(),
        };
        // A loss that spans a proven result is the result, not a number to read.
        let loss = match m.loss {
            Some(l) if l >= ply_core::eval::EVAL_BOUND as f64 => "result".to_string(),
            other => show(other),
        };
        out.push_str(&format!(
            "{:>4}  {:<7} {:<10} {:<10} {:>16} {:>16} {:>8}  {}\n",
            i + 1,
            name(m.mover),
            state.show_move(m.played),
            m.best.map_or("-".to_string(), |best| state.show_move(best)),
            show(m.before),
            show(m.after),
            loss,
            verdict
        ));
        state.play(m.played);
    }
    for seat in 0..start.num_players() {
        let of = |v: &str| {
            analysis
                .moves
                .iter()
                .filter(|m| m.mover == seat && m.verdict.name() == v)
                .count()
        };
        let count = |v: &str, one: &str, many: &str| counted(of(v) as u64, one, many);
        out.push_str(&format!(
            "{}: {} best, {}, {}, {}\n",
            name(seat),
            of("best"),
            count("inaccuracy", "inaccuracy", "inaccuracies"),
            count("mistake", "mistake", "mistakes"),
            count("blunder", "blunder", "blunders")
        ));
    }
    out
}

/// A value as short as it reads: a proven result as `win in N`, integers bare, else three
/// decimals.
fn compact_value(value: f64) -> String {
    // -0 (a turned-round 0) reads as 0.
    let text = value_text(if value == 0.0 { 0.0 } else { value });
    match text.split_once(" (") {
        Some((_, proven)) => proven.trim_end_matches(')').to_string(),
        None => text,
    }
}

/// The value of each position for the first seat: each move's value before, for its mover,
/// turned to the first seat (two players), then the last move's value after.
fn first_seat_values<M>(analysis: &GameAnalysis<M>) -> Vec<(usize, f64)> {
    use ply_core::eval::{EVAL_BOUND, WIN};
    let cap = |v: f64| match analysis.scale {
        // Proven results are drawn at the edge of the chart, above every estimate.
        ValueScale::Negamax if v.abs() >= EVAL_BOUND as f64 => {
            v.signum() * (EVAL_BOUND as f64 / WIN as f64) * 1000.0
        }
        _ => v,
    };
    let for_first = |mover: usize, v: f64| {
        if mover == 0 {
            v
        } else {
            ply_search::analysis::turn_round(v, analysis.scale)
        }
    };
    // A position the agent found no value for is left out of the line.
    let mut points: Vec<(usize, f64)> = analysis
        .moves
        .iter()
        .enumerate()
        .filter_map(|(i, m)| Some((i, cap(for_first(m.mover, m.before?)))))
        .collect();
    if let Some(last) = analysis.moves.last() {
        if let Some(after) = last.after {
            points.push((analysis.moves.len(), cap(for_first(last.mover, after))));
        }
    }
    points
}

/// What the chart draws: the line of values and the points marked as mistakes or blunders.
struct Chart {
    title: String,
    y_desc: String,
    points: Vec<(usize, f64)>,
    marks: Vec<(usize, f64)>,
}

fn plot_values<G: Described>(
    path: &Path,
    start: &G,
    analysis: &GameAnalysis<G::Move>,
) -> anyhow::Result<()> {
    use ply_arena::plots::{ensure_font, write_png, write_svg};
    use ply_search::analysis::Verdict;
    if start.num_players() != 2 {
        bail!("--plot: the value chart is for two-player games (one value per position)");
    }
    let points = first_seat_values(analysis);
    let marks = analysis
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| matches!(m.verdict, Verdict::Blunder | Verdict::Mistake))
        .filter_map(|(i, _)| points.iter().find(|(ply, _)| *ply == i + 1).copied())
        .collect();
    let chart = Chart {
        title: format!(
            "{} {}: value for {} ({})",
            start.name(),
            start.variant(),
            G::DESCRIPTOR.seat_names(2)[0],
            analysis.agent
        ),
        y_desc: format!("value ({})", scale_name(analysis.scale)),
        points,
        marks,
    };
    let size = (900, 420);
    let result = match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            ensure_font().map_err(|e| anyhow::anyhow!("--plot: {e}"))?;
            write_svg(path, size, |root| draw_chart(root, &chart))
        }
        Some("png") => {
            ensure_font().map_err(|e| anyhow::anyhow!("--plot: {e}"))?;
            write_png(path, size, |root| draw_chart(root, &chart))
        }
        _ => bail!(
            "--plot {}: the file must end in .svg or .png",
            ply_core::files::shown(path)
        ),
    };
    result.map_err(|e| anyhow::anyhow!("--plot: {e}"))
}

fn draw_chart<DB: ply_arena::plotters::prelude::DrawingBackend>(
    root: &ply_arena::plotters::prelude::DrawingArea<DB, ply_arena::plotters::coord::Shift>,
    chart: &Chart,
) -> Result<(), String> {
    use ply_arena::plots::FONT;
    use ply_arena::plotters::prelude::*;
    let text = |e: &dyn std::fmt::Display| e.to_string();
    let (low, high) = chart
        .points
        .iter()
        .fold((0.0f64, 0.0f64), |(lo, hi), &(_, v)| (lo.min(v), hi.max(v)));
    let pad = ((high - low) * 0.1).max(1.0);
    let last = chart.points.len().max(2) - 1;
    root.fill(&WHITE).map_err(|e| text(&e))?;
    let mut area = ChartBuilder::on(root)
        .caption(&chart.title, (FONT, 18))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0..last, (low - pad)..(high + pad))
        .map_err(|e| text(&e))?;
    area.configure_mesh()
        .x_desc("ply")
        .y_desc(chart.y_desc.as_str())
        .label_style((FONT, 13))
        .draw()
        .map_err(|e| text(&e))?;
    area.draw_series(LineSeries::new(
        chart.points.iter().copied(),
        BLUE.stroke_width(2),
    ))
    .map_err(|e| text(&e))?;
    area.draw_series(
        chart
            .marks
            .iter()
            .map(|&(x, y)| Circle::new((x, y), 5, RED.filled())),
    )
    .map_err(|e| text(&e))?;
    Ok(())
}
