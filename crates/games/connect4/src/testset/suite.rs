//! The analysis suite: positions from real play (random games and engine games) at every
//! number of stones, generated from a seed, with the exact score of every column. It
//! measures what a person analysing a game waits for (`ply solve connect4 --analyze`, the
//! page's solver view): `ply bench connect4-solver --suite`.
//!
//! Generation (the same seed and board give the same positions, on any machine): attempt
//! `j` aims at `j mod cells` stones (0, 1, … every count up to a full board but one) and
//! takes its position from a random game when `j / cells` is even, from an engine game when
//! it is odd. A game that ends before it reaches its stones is replaced by another; a
//! position already in the suite (the empty board, the few positions of one or two stones)
//! is skipped. So the suite holds every count of stones about equally often, half from each
//! kind of play, each position once.
//!
//! - A *random game* plays uniformly random columns.
//! - An *engine game* plays [`OPENING_MOVES`] random columns at most (how many is drawn per
//!   game, so openings differ), then [`ENGINE`] for both sides: a fixed-depth alpha-beta,
//!   deterministic, so a game depends on the seed alone, and good enough that its positions
//!   stay balanced (the slow ones to solve) far into the game.
//!
//! File format (`data/suite/`): one position a line, `moves s1 s2 … sW` as `ply solve
//! connect4 --analyze` prints it (1-based columns; `full` for a full column; the empty
//! board's line is its scores alone).

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Game, GameError, SearchLimits};

use crate::board::{Column, Connect4};
use crate::notation::column_char;
use crate::solver::Solver;

use super::process_cpu_time;

/// The engine of the engine games.
pub const ENGINE: &str = "alphabeta:depth=6";

/// The most random columns an engine game opens with.
pub const OPENING_MOVES: u64 = 4;

/// The seed of the suites in `data/suite/`.
pub const SUITE_SEED: u64 = 43;

/// The positions in each suite of `data/suite/`.
pub const SUITE_POSITIONS: usize = 1000;

/// Tries per attempt for a game that reaches its stones before the attempt is given up
/// (random games rarely last to a full board; 41 stones on 7x6 need some hundreds).
const GAMES_PER_ATTEMPT: u64 = 100_000;

/// Which play a position of the suite comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    Random,
    Engine,
}

/// `count` positions of `start`'s board from real play, generated from `seed` (see the
/// module's introduction): their move strings (1-based columns), in generation order.
pub fn generate(start: &Connect4, seed: u64, count: usize) -> Vec<String> {
    let cells = start.width() * start.height();
    let mut seen = std::collections::HashSet::new();
    let mut suite = Vec::with_capacity(count);
    // Every attempt aimed at 0 or 1 stones after the first round is a duplicate; a bound on
    // the attempts keeps a suite larger than the board's positions from looping forever.
    let max_attempts = count.saturating_mul(4) + 4 * cells;
    for attempt in 0..max_attempts {
        if suite.len() == count {
            break;
        }
        let stones = attempt % cells;
        let play = if (attempt / cells).is_multiple_of(2) {
            Play::Random
        } else {
            Play::Engine
        };
        let Some(moves) = position_at(start, seed, attempt as u64, stones, play) else {
            continue;
        };
        if seen.insert(moves.clone()) {
            suite.push(moves);
        }
    }
    suite
}

/// The moves of a game of `play` that reaches `stones` stones with no line on the board,
/// the first of the games of `attempt` that does (`None` if none of them does).
fn position_at(
    start: &Connect4,
    seed: u64,
    attempt: u64,
    stones: usize,
    play: Play,
) -> Option<String> {
    (0..GAMES_PER_ATTEMPT).find_map(|game| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(
            ply_core::hash::splitmix64(seed ^ attempt << 20 ^ game).1,
        );
        play_game(start, stones, play, &mut rng)
    })
}

/// Plays one game of `play` up to `stones` stones: its moves, or `None` if it ended first.
fn play_game(
    start: &Connect4,
    stones: usize,
    play: Play,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<String> {
    let mut engine = match play {
        Play::Random => None,
        Play::Engine => Some(
            crate::catalog()
                .build(ENGINE, rng.random())
                .expect("the suite's engine spec is valid"),
        ),
    };
    let opening = rng.random_range(0..=OPENING_MOVES) as usize;
    let mut state = start.empty();
    let mut moves = String::with_capacity(stones);
    let mut legal = Vec::new();
    while state.moves_played() < stones {
        state.legal_moves(&mut legal);
        let col: Column = match engine.as_mut() {
            Some(engine) if state.moves_played() >= opening => {
                engine.select(&state, &SearchLimits::none())?.mv
            }
            _ => legal[rng.random_range(0..legal.len())],
        };
        state.play(col);
        moves.push(column_char(col as usize));
        if state.is_terminal() {
            return None;
        }
    }
    Some(moves)
}

/// What a suite line says of one column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// The column's exact score for the player to move (written as the number).
    Score(i32),
    /// The column is full (`full`).
    Full,
    /// Not known (`?`): the position is only timed, not checked, in this column.
    Unknown,
}

impl Expected {
    fn parse(field: &str) -> Option<Expected> {
        match field {
            "full" => Some(Expected::Full),
            "?" => Some(Expected::Unknown),
            s => s.parse().ok().map(Expected::Score),
        }
    }

    /// What an analysis found for a column (`None`: full), as expected.
    pub fn found(score: Option<i32>) -> Expected {
        score.map_or(Expected::Full, Expected::Score)
    }

    /// Whether `found` (an analysis' score of the column, `None` for a full one) agrees.
    pub fn agrees(self, found: Option<i32>) -> bool {
        match self {
            Expected::Score(s) => found == Some(s),
            Expected::Full => found.is_none(),
            Expected::Unknown => true,
        }
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Score(s) => write!(f, "{s}"),
            Expected::Full => f.write_str("full"),
            Expected::Unknown => f.write_str("?"),
        }
    }
}

/// A suite line: `moves` and one field per column (see the module's introduction).
pub fn suite_line(moves: &str, columns: &[Expected]) -> String {
    let fields: Vec<String> = columns.iter().map(Expected::to_string).collect();
    format!("{moves} {}", fields.join(" "))
}

/// One line of a suite file: the position and what is expected of every column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteCase {
    /// 1-based line number in its file.
    pub line: usize,
    pub moves: String,
    pub expected: Vec<Expected>,
}

/// Reads a suite file of `width` columns; a line that is not `moves` and `width` fields
/// (a score, `full` or `?`) is an error naming the line.
pub fn parse_suite(text: &str, width: usize) -> Result<Vec<SuiteCase>, GameError> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| GameError::position(line, format!("line {}: {why}", i + 1));
        // The empty board's line is its fields alone (as `ply solve --analyze` prints it).
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (moves, columns) = match fields.len() {
            n if n == width => ("", &fields[..]),
            n if n == width + 1 => (fields[0], &fields[1..]),
            n => {
                return Err(bad(format!(
                    "expected the moves and {width} scores (or `full`, `?`), found {n} fields"
                )))
            }
        };
        let expected = columns
            .iter()
            .map(|&field| {
                Expected::parse(field).ok_or_else(|| {
                    bad(format!(
                        "{} is not a score, `full` or `?`",
                        ply_core::quote(field)
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        cases.push(SuiteCase {
            line: i + 1,
            moves: moves.to_string(),
            expected,
        });
    }
    Ok(cases)
}

/// One position of a suite run: how long its analysis took and what it found.
#[derive(Debug, Clone, PartialEq)]
pub struct SuiteTiming {
    pub line: usize,
    pub stones: usize,
    /// Wall time of the analysis (the time limit, or a little more, if it was not done).
    pub time: Duration,
    /// Processor time of the whole process meanwhile (every thread of the solve).
    pub cpu_time: Duration,
    pub nodes: u64,
    /// Every column's score (`None` for a full column), or `None` if the analysis was not
    /// done within the time limit.
    pub scores: Option<Vec<Option<i32>>>,
}

/// What a run over a suite measured, position by position.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SuiteReport {
    pub timings: Vec<SuiteTiming>,
    /// Lines whose moves could not be played, with the reason.
    pub errors: Vec<(usize, String)>,
    /// Lines with a column whose score differs from the expected one: (line, expected,
    /// found).
    pub wrong: Vec<(usize, Vec<Expected>, Vec<Expected>)>,
}

impl SuiteReport {
    /// The `q`-quantile (0 to 1, nearest rank) of `of` over the positions whose stones pass
    /// `keep`, and how many there are.
    pub fn quantile(
        &self,
        q: f64,
        of: impl Fn(&SuiteTiming) -> Duration,
        keep: impl Fn(usize) -> bool,
    ) -> (Duration, usize) {
        let mut times: Vec<Duration> = self
            .timings
            .iter()
            .filter(|t| keep(t.stones))
            .map(of)
            .collect();
        times.sort_unstable();
        let n = times.len();
        if n == 0 {
            return (Duration::ZERO, 0);
        }
        let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
        (times[rank - 1], n)
    }

    /// How many of the positions whose stones pass `keep` were analysed within the limit.
    pub fn done(&self, keep: impl Fn(usize) -> bool) -> usize {
        self.timings
            .iter()
            .filter(|t| keep(t.stones) && t.scores.is_some())
            .count()
    }
}

/// Analyses every case from `start` (the board the suite is for) with `solver`, each within
/// `limit` if one is given, clearing the table before each position (outside the clock),
/// so no position profits from the one before: each is timed as a person opening it would
/// wait. Every score found is compared with the expected one.
pub fn run_suite(
    solver: &mut Solver,
    start: &Connect4,
    cases: &[SuiteCase],
    limit: Option<Duration>,
) -> SuiteReport {
    let mut report = SuiteReport::default();
    for case in cases {
        let state = match start.after(&case.moves) {
            Ok(state) => state,
            Err(e) => {
                report.errors.push((case.line, e.to_string()));
                continue;
            }
        };
        solver.clear();
        let nodes = solver.nodes();
        let cpu = process_cpu_time();
        let clock = Instant::now();
        let scores = solver.analyze_until(&state, false, limit.and_then(|l| clock.checked_add(l)));
        let time = clock.elapsed();
        let cpu_time = process_cpu_time().saturating_sub(cpu);
        if let Some(found) = &scores {
            let agrees = found.len() == case.expected.len()
                && case.expected.iter().zip(found).all(|(e, &f)| e.agrees(f));
            if !agrees {
                let found = found.iter().map(|&f| Expected::found(f)).collect();
                report.wrong.push((case.line, case.expected.clone(), found));
            }
        }
        report.timings.push(SuiteTiming {
            line: case.line,
            stones: state.moves_played(),
            time,
            cpu_time,
            nodes: solver.nodes() - nodes,
            scores,
        });
    }
    report
}
