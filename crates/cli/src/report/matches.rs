//! Head-to-head games through the arena, with copies of one agent allowed.
//!
//! Seed 003 played each strategy against two opponents of one kind; the arena wants distinct
//! names, so a copy is the spec with a `#tag` (`greedy#1`, `greedy#2`) that is dropped before
//! the catalog builds it.

use ply_arena::{run_tournament, Format, GameRecord, OpeningSource, TournamentConfig};
use ply_arena::{TimeControl, TournamentResult};
use ply_core::{Agent, Game, ZobristHash};
use ply_search::spec::Catalog;

/// The spec a catalog understands: everything before a `#tag`.
pub fn without_copy_tag(spec: &str) -> &str {
    spec.split_once('#').map_or(spec, |(s, _)| s)
}

/// What to play: everything else is the arena's default (no clock: every agent here is
/// bounded by depth, playouts or its own time setting).
pub struct Match<'a> {
    pub agents: &'a [String],
    pub format: Format,
    pub games_per_pairing: usize,
    pub openings: OpeningSource,
    pub max_plies: usize,
    pub rng_seed: u64,
    pub concurrency: usize,
}

pub fn play<G: Game + ZobristHash>(
    start: &G,
    catalog: &Catalog<G>,
    m: &Match,
) -> anyhow::Result<TournamentResult>
where
    Catalog<G>: Sync,
{
    let mut config = TournamentConfig::new(m.agents.to_vec());
    config.format = m.format;
    config.games_per_pairing = m.games_per_pairing;
    config.openings = m.openings.clone();
    config.max_plies = m.max_plies;
    config.rng_seed = m.rng_seed;
    config.concurrency = m.concurrency;
    config.time = TimeControl::default();
    let factory = |spec: &str, rng_seed: u64| -> Result<Box<dyn Agent<G>>, String> {
        catalog
            .build(without_copy_tag(spec), rng_seed)
            .map_err(|e| e.to_string())
    };
    let quiet = |_: &GameRecord| {};
    Ok(run_tournament(start, &factory, &config, &quiet)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_tags_are_dropped() {
        assert_eq!(without_copy_tag("greedy#2"), "greedy");
        assert_eq!(without_copy_tag("mcts:c=2"), "mcts:c=2");
    }
}
