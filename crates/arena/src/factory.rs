//! Where the arena gets its players: anything that turns a spec and a random seed into an agent.
//!
//! A game's `ply_search::spec::Catalog` is one; tests use closures. Agents are built inside
//! the worker that plays the game, since an agent is `Send` but not `Sync`.

use std::time::Duration;

use ply_core::{Agent, Game, ZobristHash};
use ply_search::spec::Catalog;

/// Builds agents from spec strings (`alphabeta:depth=9`, `mcts:time=750ms`, …).
pub trait AgentFactory<G: Game>: Sync {
    /// A fresh agent for one game, its randomness drawn from `rng_seed`; the error is a message
    /// for a person (the spec's problem and what is accepted).
    fn build_agent(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String>;

    /// The same, with the tournament's time per move as the agent's budget where the factory
    /// knows how (a catalog does: `Catalog::with_time`); by default the time is only the
    /// limit the runner passes to each search.
    fn build_timed(
        &self,
        spec: &str,
        rng_seed: u64,
        per_move: Option<Duration>,
    ) -> Result<Box<dyn Agent<G>>, String> {
        let _ = per_move;
        self.build_agent(spec, rng_seed)
    }

    /// What the user should hear about `spec` and the time per move (a `time=` in the spec
    /// that wins over it), if anything.
    fn time_note(&self, spec: &str, per_move: Option<Duration>) -> Option<String> {
        let _ = (spec, per_move);
        None
    }
}

impl<G, F> AgentFactory<G> for F
where
    G: Game,
    F: Fn(&str, u64) -> Result<Box<dyn Agent<G>>, String> + Sync,
{
    fn build_agent(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String> {
        self(spec, rng_seed)
    }
}

impl<G: Game + ZobristHash> AgentFactory<G> for Catalog<G>
where
    Catalog<G>: Sync,
{
    fn build_agent(&self, spec: &str, rng_seed: u64) -> Result<Box<dyn Agent<G>>, String> {
        self.build(spec, rng_seed).map_err(|e| e.to_string())
    }

    fn build_timed(
        &self,
        spec: &str,
        rng_seed: u64,
        per_move: Option<Duration>,
    ) -> Result<Box<dyn Agent<G>>, String> {
        let timed = self
            .with_time(spec, per_move, "--time-per-move")
            .map_err(|e| e.to_string())?;
        self.build(&timed.spec, rng_seed).map_err(|e| e.to_string())
    }

    fn time_note(&self, spec: &str, per_move: Option<Duration>) -> Option<String> {
        self.with_time(spec, per_move, "--time-per-move")
            .ok()
            .and_then(|t| t.note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_search::spec::KeyInfo;
    use ply_tictactoe::TicTacToe;

    /// An agent that reports the time it was built with (as its build error, to read it).
    fn catalog() -> Catalog<TicTacToe> {
        let mut catalog = ply_tictactoe::catalog();
        let keys = [KeyInfo::new("time", "100ms", "time per move")];
        catalog.add_agent("probe", "reports its time", &keys, |params, _| {
            Err(params.bad_value("time", params.str("time")?))
        });
        catalog.add_preset("slowprobe", "a preset with its own time", "probe:time=5s");
        catalog
    }

    fn built_time(spec: &str, per_move: Option<Duration>) -> String {
        match catalog().build_timed(spec, 1, per_move) {
            Ok(_) => panic!("the probe never builds"),
            Err(message) => message,
        }
    }

    #[test]
    fn the_time_per_move_is_the_agents_budget_unless_its_spec_sets_one() {
        let second = Some(Duration::from_secs(1));
        assert!(built_time("probe", None).contains("100ms"));
        assert!(built_time("probe", second).contains("1000ms"));
        assert!(
            built_time("slowprobe", second).contains("1000ms"),
            "a preset's time gives way"
        );
        assert!(built_time("probe:time=20ms", second).contains("20ms"));
        let note = catalog().time_note("probe:time=20ms", second).unwrap();
        assert!(
            note.contains("--time-per-move 1000ms is not used"),
            "{note}"
        );
        assert_eq!(catalog().time_note("probe", second), None);
    }
}
