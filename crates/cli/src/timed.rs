//! The per-move time flags of `play`, `engine` and `arena`, applied by the one rule of
//! `ply_search::spec::timed`: the flag is the agent's budget; a `time=` written in the agent
//! spec is more specific and wins, and `ply` says so on standard error.

use std::time::Duration;

use ply_core::{Agent, Game, ZobristHash};
use ply_search::spec::{Catalog, TimedSpec};

/// `spec` with the time `flag` gave folded in; a note for the user goes to standard error,
/// prefixed by `who`.
pub fn timed_spec<G: Game>(
    who: &str,
    catalog: &Catalog<G>,
    spec: &str,
    time: Option<Duration>,
    flag: &str,
) -> anyhow::Result<TimedSpec> {
    let timed = catalog.with_time(spec, time, flag)?;
    if let Some(note) = &timed.note {
        eprintln!("{who}: {note}");
    }
    Ok(timed)
}

/// The agent `spec` names, built with the time `flag` gave as its budget, and the time to
/// pass in its search limits.
pub fn build_timed<G: Game + ZobristHash>(
    who: &str,
    catalog: &Catalog<G>,
    spec: &str,
    time: Option<Duration>,
    flag: &str,
    rng_seed: u64,
) -> anyhow::Result<(Box<dyn Agent<G>>, Option<Duration>)> {
    let timed = timed_spec(who, catalog, spec, time, flag)?;
    Ok((catalog.build(&timed.spec, rng_seed)?, timed.limit))
}
