//! Running a whole tournament: check the setup, schedule, play in parallel, sum up.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rayon::prelude::*;
use serde::Serialize;

use ply_core::Game;

use crate::config::TournamentConfig;
use crate::error::ArenaError;
use crate::factory::AgentFactory;
use crate::openings::build_openings;
use crate::record::GameRecord;
use crate::runner::{play_game, silence_agent_panics, GamePlan, Rules};
use crate::schedule::{openings_per_group, schedule};
use crate::summary::{summarize, Summary};

/// A finished tournament: its setup, every game, and the summary.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentResult {
    /// The game's name and variant in words.
    pub game: String,
    pub variant: String,
    pub players: usize,
    pub config: TournamentConfig,
    #[serde(skip)]
    pub records: Vec<GameRecord>,
    pub summary: Summary,
}

/// Plays the tournament `config` describes from `start`, with agents from `factory`.
///
/// `progress` sees each game as it finishes (from worker threads, in any order); the result
/// lists the games in schedule order. Games are reproducible from the seed: with agents that
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
    config.validate()?;
    check_specs(factory, &config.agents)?;
    let players = start.num_players();
    let games = schedule(
        config.agents.len(),
        players,
        config.format,
        config.games_per_pairing,
        config.seed,
    )?;
    let openings = build_openings(
        start,
        &config.openings,
        openings_per_group(config.games_per_pairing, players),
        config.seed,
    )?;

    silence_agent_panics();
    let rules = Rules {
        specs: &config.agents,
        factory,
        time: &config.time,
        max_plies: config.max_plies,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.concurrency)
        .thread_name(|i| format!("ply-arena-game-{i}"))
        .build()
        .map_err(|e| ArenaError::setting("concurrency", config.concurrency, &e.to_string()))?;
    let records: Vec<GameRecord> = pool.install(|| {
        games
            .par_iter()
            .with_max_len(1)
            .map(|g| {
                let plan = GamePlan {
                    index: g.index,
                    seed: g.seed,
                    seats: g.seats.clone(),
                    opening_index: g.opening_index,
                    opening: &openings[g.opening_index],
                };
                let record = play_game(&plan, &rules);
                progress(&record);
                record
            })
            .collect()
    });

    let summary = summarize(config, &records);
    Ok(TournamentResult {
        game: start.name().to_string(),
        variant: start.variant(),
        players,
        config: config.clone(),
        records,
        summary,
    })
}

/// How many games `config` schedules for a game of `players` players (for a progress bar).
pub fn planned_games(config: &TournamentConfig, players: usize) -> Result<usize, ArenaError> {
    Ok(schedule(
        config.agents.len(),
        players,
        config.format,
        config.games_per_pairing,
        config.seed,
    )?
    .len())
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
