//! `ply bench connect4-perfect`: a Connect Four agent (`perfect:time=1s` unless told) on
//! random positions, each move checked by the unlimited solver.
//!
//! Positions are random walks from the start of `--plies` random length (seeded, so a run
//! can be repeated), kept only if no line was made on the way: every one is reachable and
//! unfinished. The agent gets a new game before each (its table is cleared, so no position
//! profits from the one before) and no time limit beyond its own budget. Its wall time is
//! compared with `--max-time`; its move is then checked by a solver without a deadline (with
//! the bundled book on 7x6): the move keeps the outcome if the position's outcome (win, draw
//! or loss for the player to move) equals the outcome after it. The run fails if any move
//! changes the outcome or takes longer than `--max-time`, unless `--measure` asks only for
//! the share of moves that keep it (how a learned or a heuristic player is measured).
//!
//! `--from-sets N` adds N positions drawn from Pascal Pons' six bundled 7x6 test sets to the
//! random ones, and `--min-plies` keeps the random walks from being too short.

use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_connect4::notation::column_char;
use ply_connect4::testset::{parse_test_set, BUNDLED};
use ply_connect4::Connect4;
use ply_core::{Game, SearchLimits};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::solve::{connect4_from, solver_from};
use super::solve_book::book_from;
use crate::format::parse_duration;
use crate::variant::VariantArgs;

#[derive(Args, Debug, Clone)]
pub struct PerfectBenchArgs {
    /// The agent under test (any Connect Four agent spec).
    #[arg(long, default_value = "perfect:time=1s")]
    pub agent: String,
    /// How many random positions.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub positions: u64,
    /// Stones on the board: each position gets --min-plies to this many, all equally likely.
    #[arg(long, default_value_t = 20)]
    pub plies: usize,
    /// The fewest stones of a random position.
    #[arg(long, default_value_t = 0)]
    pub min_plies: usize,
    /// Positions drawn from Pascal Pons' six bundled 7x6 test sets, besides --positions
    /// random ones (7x6 only).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=6000))]
    pub from_sets: u64,
    /// Report the share of moves that keep the outcome, without failing for the others or
    /// for slow moves.
    #[arg(long)]
    pub measure: bool,
    /// Seed of the positions (the same seed gives the same positions).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The longest a move may take (wall time).
    #[arg(long, default_value = "1.1s", value_parser = parse_duration)]
    pub max_time: Duration,
    /// The checking solver's table size as log2 of its 8-byte entries, 22 to 28.
    #[arg(long, default_value_t = 24)]
    pub table_bits: u32,
    /// The checking solver's threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// One position and what the agent did there.
struct Trial {
    moves: String,
    plies: usize,
    wall: Duration,
    /// Outcome for the player to move before and after the agent's move (+1, 0, −1).
    before: i32,
    after: i32,
    column: usize,
}

impl Trial {
    fn kept(&self) -> bool {
        self.before == self.after
    }
}

/// A random unfinished position of `start`'s board with `plies` stones, and its moves as a
/// column string; `None` if this walk made a line (the caller draws again).
fn random_walk(start: &Connect4, plies: usize, rng: &mut StdRng) -> Option<(Connect4, String)> {
    let mut state = start.clone();
    let mut moves = String::new();
    let mut legal = Vec::new();
    for _ in 0..plies {
        legal.clear();
        state.legal_moves(&mut legal);
        let col = legal[rng.random_range(0..legal.len())];
        state.play(col);
        moves.push(column_char(col as usize));
        if state.is_terminal() {
            return None;
        }
    }
    Some((state, moves))
}

pub fn run(args: &PerfectBenchArgs) -> anyhow::Result<()> {
    let start = connect4_from(&args.variant)?;
    let cells = start.width() * start.height();
    if args.plies >= cells {
        bail!(
            "--plies {}: positions need an empty cell, so at most {} on this {}x{} board",
            args.plies,
            cells - 1,
            start.width(),
            start.height()
        );
    }
    if args.min_plies > args.plies {
        bail!(
            "--min-plies {} is more than --plies {}",
            args.min_plies,
            args.plies
        );
    }
    let mut agent = <Connect4 as ply_registry::Registered>::catalog()
        .build_for(&args.agent, args.seed, &start)
        .map_err(|e| anyhow!("--agent {}: {e}", args.agent))?;
    let set_positions = from_sets(&start, args.from_sets, args.seed)?;
    let mut checker =
        solver_from(args.table_bits, args.threads)?.with_book(book_from(&[], &start)?);
    let mut rng = StdRng::seed_from_u64(args.seed);
    let bar = ProgressBar::new(args.positions + set_positions.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} ({eta} left)")
            .expect("a valid template"),
    );
    let mut trials = Vec::new();
    let mut checking = Duration::ZERO;
    let mut sets = set_positions.into_iter();
    while (trials.len() as u64) < args.positions + args.from_sets {
        let (state, moves) = match sets.next() {
            Some(from_a_set) => from_a_set,
            None => {
                let plies = rng.random_range(args.min_plies..=args.plies);
                match random_walk(&start, plies, &mut rng) {
                    Some(walk) => walk,
                    None => continue,
                }
            }
        };
        let plies = moves.len();
        agent.new_game();
        let clock = Instant::now();
        let decision = agent.select(&state, &SearchLimits::none());
        let wall = clock.elapsed();
        let Some(decision) = decision else {
            bail!("the agent gave no move in position {moves:?}");
        };
        let column = decision.mv as usize;
        if !state.can_play(column) {
            bail!("the agent played full column {column} in position {moves:?}");
        }
        let clock = Instant::now();
        let before = checker.solve(&state, true);
        let after = if state.is_winning_move(column) {
            1
        } else {
            let mut child = state.clone();
            child.play(decision.mv);
            -checker.solve(&child, true)
        };
        checking += clock.elapsed();
        trials.push(Trial {
            moves,
            plies,
            wall,
            before,
            after,
            column,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    report(args, &trials, checking)
}

/// `count` positions drawn (seeded) from Pons' six bundled 7x6 sets, with their moves.
fn from_sets(start: &Connect4, count: u64, seed: u64) -> anyhow::Result<Vec<(Connect4, String)>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if (start.width(), start.height()) != (7, 6) {
        bail!("--from-sets: Pons' test sets are of the 7x6 board");
    }
    let mut lines = Vec::new();
    for set in BUNDLED.iter().filter(|s| s.name.starts_with("Test_")) {
        for case in parse_test_set(set.text)? {
            lines.push(case.moves);
        }
    }
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5E75);
    let mut out = Vec::new();
    for _ in 0..count {
        let moves = lines.swap_remove(rng.random_range(0..lines.len()));
        let mut state = start.clone();
        for c in moves.chars() {
            state.play_notation(&c.to_string())?;
        }
        out.push((state, moves));
    }
    Ok(out)
}

/// The table by stones on the board, the totals, and every failure.
fn report(args: &PerfectBenchArgs, trials: &[Trial], checking: Duration) -> anyhow::Result<()> {
    println!("agent        {}", args.agent);
    println!(
        "positions    {} (seed {}: {} random with {} to {} stones, {} from Pons' sets)",
        trials.len(),
        args.seed,
        args.positions,
        args.min_plies,
        args.plies,
        args.from_sets
    );
    println!("stones  positions  mean time  max time  kept outcome");
    let most = trials.iter().map(|t| t.plies).max().unwrap_or(0);
    for plies in 0..=most {
        let here: Vec<&Trial> = trials.iter().filter(|t| t.plies == plies).collect();
        if here.is_empty() {
            continue;
        }
        let total: Duration = here.iter().map(|t| t.wall).sum();
        let max = here.iter().map(|t| t.wall).max().unwrap_or_default();
        println!(
            "{plies:>6}  {:>9}  {:>9.3?}  {:>8.3?}  {:>12}",
            here.len(),
            total / here.len() as u32,
            max,
            here.iter().filter(|t| t.kept()).count()
        );
    }
    let kept = trials.iter().filter(|t| t.kept()).count();
    let slow: Vec<&Trial> = trials.iter().filter(|t| t.wall > args.max_time).collect();
    let max = trials.iter().map(|t| t.wall).max().unwrap_or_default();
    println!(
        "kept outcome {kept} of {} ({:.1} %)",
        trials.len(),
        100.0 * kept as f64 / trials.len().max(1) as f64
    );
    println!(
        "in time      {} of {} within {:?} (slowest {max:.3?})",
        trials.len() - slow.len(),
        trials.len(),
        args.max_time
    );
    println!("checking     {checking:.1?} of unlimited solving");
    let outcome = |o: i32| ["loss", "draw", "win"][(o + 1) as usize];
    for t in trials.iter().filter(|t| !t.kept()) {
        eprintln!(
            "position {:?}: a {} for the player to move, column {} makes it a {}",
            t.moves,
            outcome(t.before),
            column_char(t.column),
            outcome(t.after)
        );
    }
    for t in &slow {
        eprintln!("position {:?}: the move took {:.3?}", t.moves, t.wall);
    }
    if !args.measure && (kept < trials.len() || !slow.is_empty()) {
        bail!(
            "{} move(s) changed the outcome, {} took longer than {:?}",
            trials.len() - kept,
            slow.len(),
            args.max_time
        );
    }
    Ok(())
}
