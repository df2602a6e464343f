//! Running a whole tournament: check the setup, schedule, play in parallel, sum up; or one
//! game of it by its index, for a scheduler of one's own.

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::Serialize;

use ply_core::{quote, Game};

use crate::config::TournamentConfig;
use crate::error::ArenaError;
use crate::factory::AgentFactory;
use crate::openings::{build_openings, Opening};
use crate::record::{GameRecord, Termination};
use crate::runner::{play_game, silence_agent_panics, GamePlan, Rules};
use crate::schedule::{openings_per_group, schedule, ScheduledGame};
use crate::summary::{summarize, Summary};

/// A tournament as far as it was played: its setup, every game, and the summary.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentResult {
    /// The game's name and variant in words.
    pub game: String,
    pub variant: String,
    pub players: usize,
    pub config: TournamentConfig,
    /// Games the schedule holds; `records` has fewer when the run was stopped.
    pub planned_games: usize,
    /// Whether the run was stopped (see [`RunControl::stop`]) before every game was played.
    pub interrupted: bool,
    #[serde(skip)]
    pub records: Vec<GameRecord>,
    pub summary: Summary,
}

/// How a run is steered from outside: who hears of each game as it ends, what stops it,
/// and which games an earlier run already played.
#[derive(Clone, Copy)]
pub struct RunControl<'a> {
    /// Sees each game as it finishes (from worker threads, in any order); not called for
    /// `finished` games.
    pub progress: &'a (dyn Fn(&GameRecord) + Sync),
    /// Once set, no further game starts; games already running are played to their end,
    /// and the result is marked `interrupted` if any game was left unplayed.
    pub stop: Option<&'a AtomicBool>,
    /// Once set, no further game starts and the games in progress are given up at once
    /// (each seat's search is told to stop; the unfinished games are not recorded): for a
    /// caller that discards the run, such as Python's `KeyboardInterrupt`.
    pub abort: Option<&'a AtomicBool>,
    /// Games of this same tournament played earlier (read back from its `games.jsonl`):
    /// they are kept as they are and not played again. Each must be the schedule's game of
    /// its index (same rng_seed, seats and opening), which holds when the settings are the same.
    pub finished: &'a [GameRecord],
}

impl<'a> RunControl<'a> {
    /// A run that reports to `progress`, cannot be stopped and starts from nothing.
    pub fn new(progress: &'a (dyn Fn(&GameRecord) + Sync)) -> Self {
        RunControl {
            progress,
            stop: None,
            abort: None,
            finished: &[],
        }
    }
}

/// Plays the tournament `config` describes from `start`, with agents from `factory`.
///
/// `progress` sees each game as it finishes (from worker threads, in any order); the result
/// lists the games in schedule order. Games are reproducible from the rng_seed: with agents that
/// do not read the clock, two runs give the same games and results.
///
/// Errors only for a setup that cannot run (a bad spec, too few agents, a bad opening): an
/// agent that panics, hangs, overruns or plays an illegal move loses that game instead.
pub fn run_tournament<G: Game, F: AgentFactory<G> + ?Sized>(
    start: &G,
    factory: &F,
    config: &TournamentConfig,
    progress: &(dyn Fn(&GameRecord) + Sync),
) -> Result<TournamentResult, ArenaError> {
    run_tournament_with(start, factory, config, RunControl::new(progress))
}

/// [`run_tournament`], steered by `control`: stopped early by its flag, or continuing a run
/// from the games it already played. Skipping games changes none of the others: every game
/// is decided by its index in the schedule (its rng_seed, seats and opening), so a run stopped
/// and continued gives the games one straight run gives.
pub fn run_tournament_with<G: Game, F: AgentFactory<G> + ?Sized>(
    start: &G,
    factory: &F,
    config: &TournamentConfig,
    control: RunControl,
) -> Result<TournamentResult, ArenaError> {
    Tournament::new(start, factory, config)?.run(control)
}

/// A tournament ready to be played: its schedule and openings, fixed by its configuration
/// and seed. Each game is decided by its index alone ([`Tournament::play`]), so any
/// scheduler (this crate's threads, a cluster's workers) may play the games in any order
/// and place, and [`Tournament::result`] sums up the same tournament from their records.
pub struct Tournament<'a, G: Game, F: AgentFactory<G> + ?Sized> {
    start: &'a G,
    factory: &'a F,
    config: &'a TournamentConfig,
    games: Vec<ScheduledGame>,
    openings: Vec<Opening<G>>,
}

impl<'a, G: Game, F: AgentFactory<G> + ?Sized> Tournament<'a, G, F> {
    /// Checks the setup (settings, every agent spec, the openings) and lays out the
    /// schedule: errors only for a setup that cannot run.
    pub fn new(
        start: &'a G,
        factory: &'a F,
        config: &'a TournamentConfig,
    ) -> Result<Self, ArenaError> {
        config.validate()?;
        let players = start.num_players();
        let games = schedule(
            config.agents.len(),
            players,
            config.format,
            config.games_per_pairing,
            config.rng_seed,
        )?;
        check_specs(factory, &config.agents)?;
        let openings = build_openings(
            start,
            &config.openings,
            openings_per_group(config.games_per_pairing, players),
            config.rng_seed,
        )?;
        silence_agent_panics();
        Ok(Tournament {
            start,
            factory,
            config,
            games,
            openings,
        })
    }

    /// How many games the schedule holds (indices `0..planned_games()`).
    pub fn planned_games(&self) -> usize {
        self.games.len()
    }

    /// Where every game starts before its opening.
    pub fn start(&self) -> &G {
        self.start
    }

    /// The settings the tournament was made with.
    pub fn config(&self) -> &TournamentConfig {
        self.config
    }

    /// The longest line of `games.jsonl` a game of this tournament can take: some bytes per
    /// move and per opening move, and room for the rest (seats, agents, the start position,
    /// the reason). A longer line is refused before it is parsed.
    pub fn longest_saved_line(&self) -> u64 {
        let opening = self
            .openings
            .iter()
            .map(|o| o.moves.len())
            .max()
            .unwrap_or(0);
        // The specs appear in the agents of each seat and in the reason.
        let specs: usize = self.config.agents.iter().map(String::len).sum();
        SAVED_GAME_BASE
            .saturating_add(SAVED_SPEC_TIMES.saturating_mul(specs as u64))
            .saturating_add(SAVED_MOVE_BYTES.saturating_mul(self.config.max_plies as u64))
            .saturating_add(SAVED_OPENING_MOVE_BYTES.saturating_mul(opening as u64))
    }

    /// Checks a game saved by an earlier run of this tournament before it is trusted: it must
    /// be the schedule's game of its index (rng_seed, seats, agents, opening and start
    /// position), its moves must replay by the rules from that start, each by the seat to
    /// move and within `--max-plies`, and its ending, scores and offender must be what
    /// playing those moves gives. The error says why, for a message that names the game.
    pub fn check_saved(&self, r: &GameRecord) -> Result<(), String> {
        let g = scheduled(&self.games, r)?;
        let agents: Vec<&String> = g.seats.iter().map(|&a| &self.config.agents[a]).collect();
        if r.agents.iter().collect::<Vec<_>>() != agents {
            return Err(format!(
                "game {}'s agents are not the schedule's ({})",
                r.index,
                agents
                    .iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let opening = &self.openings[g.opening_index];
        if r.opening != opening.moves || r.start_position != opening.state.to_text() {
            return Err(format!(
                "game {}'s opening or start position is not the schedule's opening {}",
                r.index, g.opening_index
            ));
        }
        replay_saved(r, &opening.state, self.config.max_plies)
            .map_err(|why| format!("game {} {why}", r.index))
    }

    /// Plays game `index` of the schedule, exactly as a whole run plays it (same seats,
    /// opening and seeds): `None` if `abort` was set before it ended. An error for an index
    /// past the schedule.
    pub fn play(
        &self,
        index: usize,
        abort: Option<&AtomicBool>,
    ) -> Result<Option<GameRecord>, ArenaError> {
        let game = self.games.get(index).ok_or_else(|| {
            ArenaError::setting(
                "index",
                index,
                &format!(
                    "this tournament's games are numbered 0 to {}",
                    self.games.len() - 1
                ),
            )
        })?;
        Ok(self.play_scheduled(game, abort))
    }

    fn play_scheduled(&self, g: &ScheduledGame, abort: Option<&AtomicBool>) -> Option<GameRecord> {
        let rules = Rules {
            specs: &self.config.agents,
            factory: self.factory,
            time: &self.config.time,
            max_plies: self.config.max_plies,
            abort,
        };
        let plan = GamePlan {
            index: g.index,
            rng_seed: g.rng_seed,
            seats: g.seats.clone(),
            opening_index: g.opening_index,
            opening: &self.openings[g.opening_index],
        };
        play_game(&plan, &rules)
    }

    /// Plays every game `control` does not say is finished, `config.concurrency` at a time,
    /// and sums up.
    pub fn run(&self, control: RunControl) -> Result<TournamentResult, ArenaError> {
        for record in control.finished {
            self.check_saved(record).map_err(ArenaError::Resume)?;
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.config.concurrency)
            .thread_name(|i| format!("ply-arena-game-{i}"))
            .build()
            .map_err(|e| {
                ArenaError::setting("--concurrency", self.config.concurrency, &e.to_string())
            })?;
        let done = check_finished(&self.games, control.finished)?;
        let raised = |flag: Option<&AtomicBool>| flag.is_some_and(|s| s.load(Ordering::SeqCst));
        let played: Vec<GameRecord> = pool.install(|| {
            self.games
                .par_iter()
                .with_max_len(1)
                .filter(|g| !done.contains(&g.index))
                .filter_map(|g| {
                    if raised(control.stop) || raised(control.abort) {
                        return None;
                    }
                    let record = self.play_scheduled(g, control.abort)?;
                    (control.progress)(&record);
                    Some(record)
                })
                .collect()
        });
        let mut records: Vec<GameRecord> = control.finished.to_vec();
        records.extend(played);
        self.result(records)
    }

    /// The tournament as far as `records` go: each must be this schedule's game of its
    /// index, at most once (records from another run, or a game counted twice, are an
    /// error); they are put in schedule order and summed up.
    pub fn result(&self, mut records: Vec<GameRecord>) -> Result<TournamentResult, ArenaError> {
        check_finished(&self.games, &records)?;
        records.sort_by_key(|r| r.index);
        let summary = summarize(self.config, &records);
        Ok(TournamentResult {
            game: self.start.name().to_string(),
            variant: self.start.variant(),
            players: self.start.num_players(),
            config: self.config.clone(),
            planned_games: self.games.len(),
            interrupted: records.len() < self.games.len(),
            records,
            summary,
        })
    }
}

/// The indices of games already played, each checked against the schedule.
fn check_finished(
    games: &[ScheduledGame],
    finished: &[GameRecord],
) -> Result<HashSet<usize>, ArenaError> {
    let mut done = HashSet::with_capacity(finished.len());
    for r in finished {
        scheduled(games, r).map_err(|why| ArenaError::Resume(format!("saved {why}")))?;
        if !done.insert(r.index) {
            return Err(ArenaError::Resume(format!(
                "game {} is saved twice",
                r.index
            )));
        }
    }
    Ok(done)
}

/// The schedule's game that `r` says it is, if it is that game (rng_seed, seats, opening)
/// and has a score and an agent for each seat.
fn scheduled<'g>(games: &'g [ScheduledGame], r: &GameRecord) -> Result<&'g ScheduledGame, String> {
    let Some(g) = games.get(r.index) else {
        return Err(format!(
            "game {} is past the end of this tournament's schedule of {} games",
            r.index,
            games.len()
        ));
    };
    if g.rng_seed != r.rng_seed || g.seats != r.seats || g.opening_index != r.opening_index {
        return Err(format!(
            "game {} is not this tournament's game {} (its rng_seed, seats or opening differ): \
             it was played with other settings",
            r.index, r.index
        ));
    }
    let players = g.seats.len();
    if r.scores.len() != players
        || r.agents.len() != players
        || r.offender.is_some_and(|o| o >= players)
        || r.scores.iter().any(|x| !x.is_finite())
    {
        return Err(format!(
            "game {} is damaged: it needs {players} seats' agents and finite scores",
            r.index
        ));
    }
    Ok(g)
}

/// The room a saved game's line takes besides its moves and agents: the start position,
/// the reason, the numbers and the field names.
const SAVED_GAME_BASE: u64 = 64 << 10;
/// How many times a saved game's line may hold the agents' specs (each seat's, the reason).
const SAVED_SPEC_TIMES: u64 = 8;
/// The most one move takes in a saved game's line: `{"seat":…,"move":…,"time_ms":…,…}`.
const SAVED_MOVE_BYTES: u64 = 256;
/// The most one opening move takes in a saved game's line: a string in a list.
const SAVED_OPENING_MOVE_BYTES: u64 = 64;

/// Replays a saved game's moves from `start` and checks its ending against them.
fn replay_saved<G: Game>(r: &GameRecord, start: &G, max_plies: usize) -> Result<(), String> {
    let players = r.seats.len();
    if r.moves.len() > max_plies {
        return Err(format!(
            "has {} moves, more than the run's --max-plies {max_plies}",
            r.moves.len()
        ));
    }
    let finite = |x: f64| x.is_finite() && x >= 0.0;
    if !finite(r.duration_ms) {
        return Err(format!("lasted {} ms, not a time", r.duration_ms));
    }
    let mut state = start.clone();
    for (i, m) in r.moves.iter().enumerate() {
        let number = i + 1;
        if state.is_terminal() {
            return Err(format!("has move {number} after the game ended"));
        }
        if m.seat != state.to_move() {
            return Err(format!(
                "says move {number} was seat {}'s, but seat {} was to move",
                m.seat,
                state.to_move()
            ));
        }
        if !finite(m.time_ms) || !m.value.is_finite() {
            return Err(format!(
                "has move {number} with a time or value that is not a number"
            ));
        }
        state.play_notation(&m.mv).map_err(|e| {
            format!(
                "has move {number} ({}) that the rules refuse: {e}",
                quote(&m.mv)
            )
        })?;
    }
    let even = vec![1.0 / players as f64; players];
    let forfeit = |offender: usize| {
        let mut scores = vec![1.0; players];
        scores[offender] = 0.0;
        scores
    };
    let expected: (Vec<f64>, Option<usize>) = match r.termination {
        Termination::Normal => match state.outcome() {
            Some(scores) => (scores.as_slice().to_vec(), None),
            None => return Err("ended normally, but its moves do not end the game".into()),
        },
        _ if state.is_terminal() => {
            return Err(format!(
                "ended by {}, but its moves end the game by the rules",
                r.termination.as_str()
            ))
        }
        Termination::MoveLimit if r.moves.len() == max_plies => (even, None),
        Termination::MoveLimit => {
            return Err(format!(
                "ended at the move limit after {} moves, not {max_plies}",
                r.moves.len()
            ))
        }
        _ if r.moves.len() >= max_plies => {
            return Err(format!(
                "ended by {} after the run's --max-plies {max_plies}",
                r.termination.as_str()
            ))
        }
        // Before the first move any seat may fail to be built.
        Termination::BuildFailed | Termination::Panic
            if r.moves.is_empty() && r.offender.is_some_and(|o| o < players) =>
        {
            let offender = r.offender.unwrap_or(0);
            (forfeit(offender), Some(offender))
        }
        _ => (forfeit(state.to_move()), Some(state.to_move())),
    };
    if r.scores != expected.0 || r.offender != expected.1 {
        return Err(format!(
            "ended ({}) with {}, where its moves give {}",
            r.termination.as_str(),
            describe_ending(&r.scores, r.offender),
            describe_ending(&expected.0, expected.1)
        ));
    }
    Ok(())
}

/// Scores and who forfeited, for messages: `scores 1.0, 0.0, no offender`.
fn describe_ending(scores: &[f64], offender: Option<usize>) -> String {
    let scores: Vec<String> = scores.iter().map(|s| format!("{s:?}")).collect();
    let offender = offender.map_or_else(
        || "no offender".to_string(),
        |o| format!("offender seat {o}"),
    );
    format!("scores {}, {offender}", scores.join(", "))
}

/// How many games `config` schedules for a game of `players` players (for a progress bar).
pub fn planned_games(config: &TournamentConfig, players: usize) -> Result<usize, ArenaError> {
    crate::schedule::scheduled_games(
        config.agents.len(),
        players,
        config.format,
        config.games_per_pairing,
    )
}

/// Builds every agent once before the first game, so a misspelt spec stops the tournament
/// with the catalog's message instead of forfeiting all its games.
fn check_specs<G: Game, F: AgentFactory<G> + ?Sized>(
    factory: &F,
    specs: &[String],
) -> Result<(), ArenaError> {
    for spec in specs {
        match catch_unwind(AssertUnwindSafe(|| factory.build_agent(spec, 0))) {
            Ok(Ok(_)) => {}
            Ok(Err(reason)) => {
                return Err(ArenaError::Agent {
                    spec: spec.clone(),
                    reason,
                })
            }
            Err(_) => {
                return Err(ArenaError::Agent {
                    spec: spec.clone(),
                    reason: "its constructor panicked".to_string(),
                })
            }
        }
    }
    Ok(())
}
