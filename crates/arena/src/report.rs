//! `report.md`: the tournament in tables a person reads.

use std::fmt::Write;

use crate::config::{Format, OpeningSource};
use crate::record::GameRecord;
use crate::stats::sprt::SprtOutcome;
use crate::tournament::TournamentResult;

/// Forfeit reasons listed in full at the end of the report.
const LISTED_FORFEITS: usize = 20;

/// The whole report as Markdown; `with_plots` links the charts [`crate::plots`] wrote
/// beside it.
pub fn markdown(result: &TournamentResult, with_plots: bool) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_report(&mut out, result, with_plots);
    out
}

fn write_report(out: &mut String, result: &TournamentResult, with_plots: bool) -> std::fmt::Result {
    let c = &result.config;
    let s = &result.summary;
    let variant = if result.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", result.variant)
    };
    writeln!(out, "# Tournament: {}{variant}\n", result.game)?;
    writeln!(
        out,
        "- agents: {}",
        c.agents
            .iter()
            .map(|a| format!("`{a}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let format = match c.format {
        Format::RoundRobin => "round robin",
        Format::Gauntlet => "gauntlet (the first agent against each of the others)",
    };
    writeln!(
        out,
        "- format: {format}, {} players per game, {} games",
        result.players, s.games
    )?;
    let openings = match &c.openings {
        OpeningSource::StartPosition => "the start position".to_string(),
        OpeningSource::Random { plies } => format!("{plies} random plies"),
        OpeningSource::Lines { origin, .. } => format!("lines of {origin}"),
    };
    writeln!(out, "- openings: {openings}, each played in every seating")?;
    let clock = |d: Option<std::time::Duration>| d.map_or("none".to_string(), |d| format!("{d:?}"));
    writeln!(
        out,
        "- time per move: {}, per game: {}; random seed {}",
        clock(c.time.per_move),
        clock(c.time.per_game),
        c.rng_seed
    )?;

    if result.interrupted {
        writeln!(
            out,
            "\n**Interrupted:** {} of the {} scheduled games were played; the tables cover \
             those. Resuming the run (`--resume` with its folder) plays the rest.",
            result.records.len(),
            result.planned_games
        )?;
    }

    writeln!(out, "\n## Ratings\n")?;
    writeln!(
        out,
        "Bradley–Terry (Elo scale), anchored on `{}` = 0; ± is the 95 % interval relative to the anchor.\n",
        s.anchor
    )?;
    writeln!(
        out,
        "| rank | agent | Elo | ± 95 % | games | W | D | L | score |"
    )?;
    writeln!(out, "|---:|---|---:|---:|---:|---:|---:|---:|---:|")?;
    let mut ranked: Vec<_> = s.agents.iter().collect();
    ranked.sort_by(|a, b| {
        let elo = |x: &&crate::summary::AgentSummary| x.rating.map_or(f64::NEG_INFINITY, |r| r.elo);
        elo(b).total_cmp(&elo(a))
    });
    for (rank, a) in ranked.iter().enumerate() {
        let (elo, err) = match a.rating {
            Some(r) => (format!("{:.0}", r.elo), format!("{:.0}", r.error95)),
            None => ("—".to_string(), "—".to_string()),
        };
        writeln!(
            out,
            "| {} | `{}` | {elo} | {err} | {} | {} | {} | {} | {:.1} % |",
            rank + 1,
            a.name,
            a.wdl.games(),
            a.wdl.wins,
            a.wdl.draws,
            a.wdl.losses,
            100.0 * a.score.estimate
        )?;
    }

    writeln!(out, "\n## Pairings\n")?;
    writeln!(out, "Results of the first agent against the second; the interval is a 95 % Wilson interval of its mean score.\n")?;
    writeln!(
        out,
        "| agent | opponent | games | W | D | L | score | 95 % interval | Elo difference |"
    )?;
    writeln!(out, "|---|---|---:|---:|---:|---:|---:|---|---|")?;
    for p in &s.pairings {
        writeln!(
            out,
            "| `{}` | `{}` | {} | {} | {} | {} | {:.1} % | {:.1} – {:.1} % | {} [{}, {}] |",
            p.first,
            p.second,
            p.games,
            p.wdl.wins,
            p.wdl.draws,
            p.wdl.losses,
            100.0 * p.score.estimate,
            100.0 * p.score.low,
            100.0 * p.score.high,
            elo(p.elo.estimate),
            elo(p.elo.low),
            elo(p.elo.high)
        )?;
    }

    if let Some(t) = &s.sprt {
        let cfg = &t.config;
        writeln!(out, "\n## SPRT\n")?;
        writeln!(
            out,
            "`{}` against `{}`: H0 elo ≤ {}, H1 elo ≥ {}, α = {}, β = {}.\n",
            cfg.first, cfg.second, cfg.elo0, cfg.elo1, cfg.alpha, cfg.beta
        )?;
        writeln!(out, "| when | verdict | games | W | D | L | LLR | bounds |")?;
        writeln!(out, "|---|---|---:|---:|---:|---:|---:|---|")?;
        sprt_row(out, "first crossing, in game order", &t.sequential)?;
        sprt_row(out, "all games", &t.all_games)?;
    }

    writeln!(out, "\n## Time and search per agent\n")?;
    writeln!(out, "| agent | moves | mean ms/move | median ms/move | nodes/move | depth | playouts/move | forfeits |")?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---|")?;
    for a in &s.agents {
        let forfeits = if a.forfeits.is_empty() {
            "—".to_string()
        } else {
            a.forfeits
                .iter()
                .map(|(k, v)| format!("{v} {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            out,
            "| `{}` | {} | {:.2} | {:.2} | {:.0} | {:.1} | {:.0} | {forfeits} |",
            a.name,
            a.moves,
            a.mean_time_ms,
            a.median_time_ms,
            a.mean_nodes,
            a.mean_depth,
            a.mean_iterations
        )?;
    }

    writeln!(out, "\n## How games ended\n")?;
    writeln!(out, "| ending | games |")?;
    writeln!(out, "|---|---:|")?;
    for (how, count) in &s.terminations {
        writeln!(out, "| {how} | {count} |")?;
    }
    forfeit_list(out, &result.records)?;
    if with_plots {
        writeln!(out, "\n## Plots\n")?;
        writeln!(out, "![ratings](ratings.svg)\n\n![score against time](score_vs_time.svg)\n\n![time per move](time_per_move.svg)")?;
    }
    Ok(())
}

fn sprt_row(out: &mut String, when: &str, o: &SprtOutcome) -> std::fmt::Result {
    writeln!(
        out,
        "| {when} | {} | {} | {} | {} | {} | {:.2} | [{:.2}, {:.2}] |",
        o.status, o.games, o.wdl.wins, o.wdl.draws, o.wdl.losses, o.llr, o.lower, o.upper
    )
}

fn forfeit_list(out: &mut String, records: &[GameRecord]) -> std::fmt::Result {
    let forfeits: Vec<_> = records.iter().filter(|r| r.offender.is_some()).collect();
    if forfeits.is_empty() {
        return Ok(());
    }
    writeln!(out, "\n### Forfeits\n")?;
    for r in forfeits.iter().take(LISTED_FORFEITS) {
        writeln!(
            out,
            "- game {}: {} — {}",
            r.index + 1,
            r.termination.as_str(),
            r.reason
        )?;
    }
    if forfeits.len() > LISTED_FORFEITS {
        writeln!(
            out,
            "- … and {} more (see games.jsonl)",
            forfeits.len() - LISTED_FORFEITS
        )?;
    }
    Ok(())
}

fn elo(x: f64) -> String {
    if x.is_finite() {
        // Rounding may leave a negative zero, which reads as a loss.
        let rounded = x.round();
        if rounded == 0.0 {
            "0".to_string()
        } else {
            format!("{rounded:+.0}")
        }
    } else if x > 0.0 {
        "+∞".to_string()
    } else {
        "-∞".to_string()
    }
}
