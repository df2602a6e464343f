//! Matches of a net: against the gate's best net, and against the run's fixed baseline
//! (an agent spec of the game), played by the arena from random two-move openings with
//! both sides in every seat.

use std::sync::Arc;

use ply_arena::config::{OpeningSource, TournamentConfig};
use ply_arena::tournament::run_tournament;
use ply_core::{Agent, Encode, ZobristHash};
use ply_search::spec::Catalog;
use ply_search::PuctOptions;
use serde::{Deserialize, Serialize};

use crate::agent::AzAgent;
use crate::model::Model;

/// How a match went, from the first side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Mean score, 0 to 1.
    pub score: f64,
    /// The score as an Elo difference, with its 95 % interval.
    pub elo: f64,
    pub elo_low: f64,
    pub elo_high: f64,
}

/// The other side of a match.
pub enum Opponent<'a, G: Encode + ZobristHash> {
    Net(Arc<Model>),
    Spec {
        catalog: &'a Catalog<G>,
        spec: &'a str,
    },
}

/// What a match is played with.
pub struct MatchSettings {
    pub games: usize,
    pub sims: u64,
    pub threads: usize,
    pub max_plies: usize,
    pub seed: u64,
}

/// `net` (searching `sims` simulations a move) against `opponent`.
pub fn play_match<G: Encode + ZobristHash>(
    start: &G,
    net: Arc<Model>,
    opponent: Opponent<'_, G>,
    settings: &MatchSettings,
) -> Result<MatchResult, String> {
    const NET: &str = "net";
    let other = match &opponent {
        Opponent::Net(_) => "opponent",
        Opponent::Spec { spec, .. } => spec,
    };
    let options = PuctOptions {
        simulations: Some(settings.sims),
        ..PuctOptions::default()
    };
    let az = |model: &Arc<Model>, name: &str, seed: u64| -> Box<dyn Agent<G>> {
        Box::new(AzAgent::with_model(
            model.clone(),
            name.to_string(),
            options.clone(),
            seed,
        ))
    };
    let factory = |spec: &str, seed: u64| -> Result<Box<dyn Agent<G>>, String> {
        if spec == NET {
            return Ok(az(&net, NET, seed));
        }
        match &opponent {
            Opponent::Net(model) => Ok(az(model, spec, seed)),
            Opponent::Spec { catalog, spec } => {
                catalog.build(spec, seed).map_err(|e| e.to_string())
            }
        }
    };
    let mut config = TournamentConfig::new(vec![NET.to_string(), other.to_string()]);
    config.games_per_pairing = settings.games.max(1);
    config.openings = OpeningSource::Random { plies: 2 };
    config.concurrency = settings.threads.max(1);
    config.max_plies = settings.max_plies;
    config.rng_seed = settings.seed;
    let result = run_tournament(start, &factory, &config, &|_| {}).map_err(|e| e.to_string())?;
    let pairing = result
        .summary
        .pairings
        .first()
        .ok_or("the match played no games")?;
    let (sign, wdl) = if pairing.first == NET {
        (1.0, pairing.wdl)
    } else {
        (
            -1.0,
            ply_arena::stats::Wdl {
                wins: pairing.wdl.losses,
                draws: pairing.wdl.draws,
                losses: pairing.wdl.wins,
            },
        )
    };
    let score = if sign > 0.0 {
        pairing.score.estimate
    } else {
        1.0 - pairing.score.estimate
    };
    let (low, high) = if sign > 0.0 {
        (pairing.elo.low, pairing.elo.high)
    } else {
        (-pairing.elo.high, -pairing.elo.low)
    };
    Ok(MatchResult {
        games: pairing.games,
        wins: wdl.wins,
        draws: wdl.draws,
        losses: wdl.losses,
        score,
        elo: sign * pairing.elo.estimate,
        elo_low: low,
        elo_high: high,
    })
}
