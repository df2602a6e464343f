//! `report.md`: theirs beside ours, one section per source, with how it was measured.

use std::fmt::Write;

use ply_arena::TournamentResult;

use super::seed001::{DepthPoint, DepthSweep, Seed001};
use super::seed003::{Seed003, StrategyResult, TABLE1, TABLE2};
use super::seed004::Seed004;
use super::{seed001, seed003, seed004, Claim, SeedReport};

/// The whole report; `plotted` says whether the charts were drawn (to link them).
pub fn report(r: &SeedReport, plotted: bool) -> String {
    let mut md = String::new();
    header(&mut md, r);
    seed001_section(&mut md, &r.seed001, r, plotted);
    seed003_section(&mut md, &r.seed003, plotted);
    seed004_section(&mut md, &r.seed004, plotted);
    md
}

fn header(md: &mut String, r: &SeedReport) {
    let s = &r.setting;
    let p = &r.plan;
    md.push_str("# The seeds' comparisons, rerun on this engine\n\n");
    md.push_str(
        "Written by `ply report seeds`. Every *ours* figure below was measured by that run; \
         every *theirs* figure is quoted from the source, with its section. Where a source printed \
         nothing, the table says so rather than fill the cell. The seeds are the four source \
         documents ply grew from; docs/sources.md in the repository describes each one.\n\n",
    );
    if p.quick {
        md.push_str(
            "**This is a `--quick` run** (for tests and CI): time budgets are a twentieth of \
             the seeds' and only a handful of games are played, so its figures are not \
             comparable with theirs. Run `ply report seeds` without `--quick` for the real \
             comparison.\n\n",
        );
    }
    md.push_str("## How it was measured\n\n");
    let load = |l: Option<f64>| l.map_or("unknown".to_string(), |l| format!("{l:.2}"));
    let _ = writeln!(
        md,
        "- date (UTC): {}; run time {:.0} s",
        s.started_utc, s.seconds
    );
    let _ = writeln!(
        md,
        "- machine: {}, {} logical cores, {}; 1-minute load {} at the start, {} at the end \
         (other work shared the machine)",
        s.cpu,
        s.cores,
        s.os,
        load(s.load_at_start),
        load(s.load_at_end)
    );
    let _ = writeln!(
        md,
        "- code: commit {} (of the folder the run started in); release build",
        s.commit.as_deref().unwrap_or("unknown")
    );
    let _ = writeln!(
        md,
        "- random seed {} for every opening and agent; head-to-head games {} at a time",
        p.rng_seed, p.concurrency
    );
    md.push_str(
        "- single searches (seed 001's depths, seed 004's timings) are timed by the searching \
         thread's processor time, which other load does not inflate; times per move inside \
         games (seed 003, the head-to-head tables) are wall-clock times measured by the arena\n\n",
    );
}

fn claims(md: &mut String, claims: &[Claim]) {
    md.push_str("What the source printed:\n\n| figure | theirs | where |\n|---|---|---|\n");
    for c in claims {
        let _ = writeln!(md, "| {} | {} | {} |", c.what, c.theirs, c.source);
    }
    md.push('\n');
}

/// Standings and pairings of a head-to-head tournament.
fn standings(md: &mut String, t: &TournamentResult) {
    let s = &t.summary;
    let _ = writeln!(
        md,
        "{} games of {} ({}), {} per pairing, openings {}; how they ended: {}.\n",
        s.games,
        t.game,
        t.variant,
        t.config.games_per_pairing,
        match &t.config.openings {
            ply_arena::OpeningSource::Random { plies } => format!("of {plies} random plies"),
            _ => "from the start".to_string(),
        },
        s.terminations
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    md.push_str(
        "| agent | games | W | D | L | score | mean ms/move | median ms/move | nodes/move | depth |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for a in &s.agents {
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | {} | {} | {:.1} % | {} | {} | {:.0} | {:.1} |",
            a.name,
            a.wdl.games(),
            a.wdl.wins,
            a.wdl.draws,
            a.wdl.losses,
            a.score.estimate * 100.0,
            millis(a.mean_time_ms),
            millis(a.median_time_ms),
            a.mean_nodes,
            a.mean_depth
        );
    }
    md.push_str("\n| pairing | W-D-L (first's view) | first's score (95 %) |\n|---|---|---|\n");
    for p in &s.pairings {
        let _ = writeln!(
            md,
            "| `{}` – `{}` | {}-{}-{} | {:.0} % ({:.0}–{:.0} %) |",
            p.first,
            p.second,
            p.wdl.wins,
            p.wdl.draws,
            p.wdl.losses,
            p.score.estimate * 100.0,
            p.score.low * 100.0,
            p.score.high * 100.0
        );
    }
    md.push('\n');
}

fn seed001_section(md: &mut String, s: &Seed001, r: &SeedReport, plotted: bool) {
    md.push_str("## Seed 001 — Connect Four 7x6: minimax, alpha-beta, MCTS\n\n");
    claims(md, seed001::THEIRS);
    let _ = writeln!(
        md,
        "Ours: each search is run afresh at depth 1, 2, 3, … on each position until a depth \
         is not completed within {:.0} ms of processor time; the deepest completed within \
         {:.0} ms is the *depth within the budget* (seed 001's 1 s; {:.0} ms is its 2 s of §8). \
         A search that proves the result early (\"proved\") is left out of the summary's \
         ranges. Positions: {}.\n",
        s.cap_ms,
        s.budget_ms,
        s.cap_ms,
        r.plan
            .c4_positions
            .iter()
            .map(|p| if p.is_empty() {
                "the empty board".to_string()
            } else {
                format!("`{p}`")
            })
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        md,
        "| search | theirs: depth within 1 s | ours: depth within {:.0} ms (min–max over positions) | ours: its time, mean ms | ours: its nodes, mean | theirs: depth within 2 s | ours: depth within {:.0} ms |",
        s.budget_ms, s.cap_ms
    );
    md.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
    let mut labels: Vec<&str> = Vec::new();
    for w in &s.sweeps {
        if !labels.contains(&w.agent.as_str()) {
            labels.push(&w.agent);
        }
    }
    for label in labels {
        let rows: Vec<&DepthSweep> = s.sweeps.iter().filter(|w| w.agent == label).collect();
        // A search that proved the result early says nothing of how deep it gets in time.
        let budget: Vec<DepthPoint> = rows
            .iter()
            .filter_map(|w| w.within_budget)
            .filter(|p| !p.proved)
            .collect();
        let cap: Vec<u32> = rows
            .iter()
            .filter_map(|w| w.within_cap)
            .filter(|p| !p.proved)
            .map(|p| p.depth)
            .collect();
        let range = |d: &[u32]| match (d.iter().min(), d.iter().max()) {
            (Some(lo), Some(hi)) if lo == hi => lo.to_string(),
            (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
            _ => "none".into(),
        };
        let depths: Vec<u32> = budget.iter().map(|p| p.depth).collect();
        let n = budget.len().max(1) as f64;
        let theirs_2s = match rows[0].spec.as_str() {
            "seed001-minimax" => "6 or 7 (§8)",
            "seed001-alphabeta" => "10 or 11 (§8)",
            _ => "—",
        };
        let _ = writeln!(
            md,
            "| {label} (`{}`) | {} | {} | {} | {:.0} | {theirs_2s} | {} |",
            rows[0].spec,
            rows[0].theirs_depth.map_or("—".into(), |d| d.to_string()),
            range(&depths),
            millis(budget.iter().map(|p| p.cpu_ms).sum::<f64>() / n),
            budget.iter().map(|p| p.nodes as f64).sum::<f64>() / n,
            range(&cap),
        );
    }
    md.push_str("\nEach position:\n\n| position | search | depth within budget | ms | nodes | depth within cap | ms | nodes |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    for w in &s.sweeps {
        let fmt = |p: Option<DepthPoint>| match p {
            Some(p) => format!(
                "{}{} | {} | {}",
                p.depth,
                if p.proved { " (proved)" } else { "" },
                millis(p.cpu_ms),
                p.nodes
            ),
            None => "none | — | —".into(),
        };
        let _ = writeln!(
            md,
            "| `{}` | `{}` | {} | {} |",
            show_position(&w.position),
            w.spec,
            fmt(w.within_budget),
            fmt(w.within_cap)
        );
    }
    md.push_str("\nMCTS, one search per position:\n\n| position | spec | playouts | nodes | tree depth | wall ms | cpu ms |\n|---|---|---:|---:|---:|---:|---:|\n");
    for m in &s.mcts {
        let _ = writeln!(
            md,
            "| `{}` | `{}` | {} | {} | {} | {:.0} | {:.0} |",
            show_position(&m.position),
            m.spec,
            m.playouts,
            m.nodes,
            m.depth,
            m.wall_ms,
            m.cpu_ms
        );
    }
    md.push_str(
        "\nMCTS's budget is wall-clock time, as seed 001's was; its processor time shows how \
         much of a core it got on this shared machine, and its playouts shrink in proportion.\n",
    );
    md.push_str("\nHead-to-head (seed 001 printed none):\n\n");
    standings(md, &s.head_to_head);
    if plotted {
        md.push_str("![Depth within the budget](seed001_depth.svg)\n\n");
    }
    md.push_str(
        "What differs: seed 001 copied a board per node (C++, two 6x7 boolean matrices) on an \
         unnamed machine; ours plays and undoes moves on bitboards. Its depths are limits it \
         advised from experience, ours are measured per position. Its MCTS had no solver and \
         counted wins only; `seed001-mcts` keeps that (solver=false, C = 2, 0.75 s).\n\n",
    );
}

/// Milliseconds with three significant digits (searches here take from microseconds to
/// seconds).
fn millis(ms: f64) -> String {
    let decimals = match ms.abs() {
        x if x >= 100.0 => 0,
        x if x >= 10.0 => 1,
        x if x >= 1.0 => 2,
        x if x >= 0.1 => 3,
        _ => 4,
    };
    format!("{ms:.decimals$}")
}

fn show_position(p: &str) -> &str {
    if p.is_empty() {
        "(empty)"
    } else {
        p
    }
}

fn strategy_row_ours(r: &StrategyResult) -> String {
    format!(
        "{:.2} ({} games: {} finished, {} won)",
        r.win_rate, r.games, r.finished, r.first_places
    )
}

fn seed003_section(md: &mut String, s: &Seed003, plotted: bool) {
    md.push_str("## Seed 003 — FAUhalma: strategies 1-5\n\n");
    claims(md, seed003::THEIRS);
    let _ = writeln!(
        md,
        "Ours: each strategy against `{}` in every other seat (the course server's opponents \
         are not available), every seating of each opening, openings of one random move per \
         player; games still going at the ply limit are ranked by who brought every peg home \
         first (seed 003's rule), then the others by pegs home (as the game ranks them), ties sharing their places. Win rate is seed 003's: \
         ranking points per game over the most a game gives (first place 1, second ½ with \
         three players).\n",
        s.opponent
    );
    md.push_str("Table 1 (level 5: three-player star, easy):\n\n| strategy | theirs: time per move | ours: time per move, mean (median) | theirs: win rate | ours: win rate | ours: mean nodes |\n|---|---:|---:|---:|---:|---:|\n");
    for ((name, time, rate, note), ours) in TABLE1.iter().zip(&s.table1) {
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(" {note}")
        };
        let _ = writeln!(
            md,
            "| `{name}` | {time:.2} s{note} | {} ms ({} ms) | {rate:.2} | {} | {:.0} |",
            millis(ours.mean_time_ms),
            millis(ours.median_time_ms),
            strategy_row_ours(ours),
            ours.mean_nodes
        );
    }
    md.push_str("\nTable 2 (each strategy on the level it was built for):\n\n| level | environment | strategy | theirs: server's rating | ours: mean points / most (win rate) |\n|---:|---|---|---|---|\n");
    for row in &TABLE2 {
        let ours = row.strategy.and_then(|st| {
            let pool = if row.level == 5 { &s.table1 } else { &s.table2 };
            pool.iter().find(|r| {
                r.strategy == st
                    && row
                        .rerun
                        .is_some_and(|(b, n)| r.players == n && r.board == board_name(b))
            })
        });
        let ours = match ours {
            Some(r) => format!(
                "{:.2}/{}.0 ({:.0} %; {} games, {} finished)",
                r.mean_points,
                r.players - 1,
                r.win_rate * 100.0,
                r.games,
                r.finished
            ),
            None => "not rerun: no stand-in for the server's stronger levels".into(),
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {ours} |",
            row.level,
            row.environment,
            row.strategy.map_or("—".into(), |s| format!("`{s}`")),
            row.theirs
        );
    }
    md.push('\n');
    if plotted {
        md.push_str("![Win rate against time per move](seed003_winrate_vs_time.svg)\n\n");
    }
    md.push_str(
        "What differs: seed 003 played a server's bots over the network in Python (networkx \
         graphs, deep copies per node), so its times include that; ours are Rust searches on \
         bitsets. Its opponents grew stronger from level to level, ours is `greedy` \
         throughout. Its strategy 3 read preloaded best moves from a file; ours searches \
         depth 5 each move (its saved table is kept in memory only). Its win rates are over \
         10 (Table 1) or 50 (Table 2) games; the game counts of ours are given.\n\n",
    );
}

fn board_name(b: ply_halma::BoardKind) -> &'static str {
    match b {
        ply_halma::BoardKind::Rhombus => "rhombus",
        ply_halma::BoardKind::Star => "star",
        ply_halma::BoardKind::Star121 => "star121",
    }
}

fn seed004_section(md: &mut String, s: &Seed004, plotted: bool) {
    md.push_str("## Seed 004 — Quoridor 9x9: minimax, expectimax, MCTS\n\n");
    claims(md, seed004::THEIRS);
    let _ = writeln!(
        md,
        "Ours: each agent searched each of {} positions, as many from each head-to-head game \
         below (spread over its moves), once, afresh (processor time of the search).\n",
        s.positions.len()
    );
    md.push_str("| agent | theirs: time per move | ours: median ms (10–90 %) | ours: mean ms | ours: wall median ms | nodes | depth | playouts |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for t in &s.timings {
        let _ = writeln!(
            md,
            "| `{}` | {:.0}–{:.0} ms | {} ({}–{}) | {} | {} | {:.0} | {:.1} | {:.0} |",
            t.spec,
            t.theirs_seconds.0 * 1e3,
            t.theirs_seconds.1 * 1e3,
            millis(t.cpu_ms.median),
            millis(t.cpu_ms.p10),
            millis(t.cpu_ms.p90),
            millis(t.cpu_ms.mean),
            millis(t.wall_ms.median),
            t.mean_nodes,
            t.mean_depth,
            t.mean_playouts
        );
    }
    if let (Some(mm), Some(mc)) = (
        s.timings
            .iter()
            .find(|t| t.spec.starts_with("seed004-minimax")),
        s.timings
            .iter()
            .find(|t| t.spec.starts_with("seed004-mcts")),
    ) {
        if mm.cpu_ms.mean > 0.0 {
            let _ = writeln!(
                md,
                "\nMCTS against minimax, mean time: {:.0} times slower here; seed 004: 5–8 times.",
                mc.cpu_ms.mean / mm.cpu_ms.mean
            );
        }
    }
    md.push_str("\nHead-to-head (seed 004 printed none):\n\n");
    standings(md, &s.head_to_head);
    if plotted {
        md.push_str("![Time per move](seed004_time_per_move.svg)\n\n");
    }
    md.push_str(
        "What differs: seed 004's agents are Python with an A* path check per wall; its MCTS \
         budget is not stated, ours is `seed004-mcts`'s 1000 playouts with c = 0.1·√2. Which \
         positions it timed is not stated; ours are from games between the three agents.\n",
    );
}
