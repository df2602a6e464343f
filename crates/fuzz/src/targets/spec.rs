//! Agent specs (`NAME:key=value,...`, presets, nested evaluators) against each game's
//! catalog: weighed as `ply serve` weighs them, then built when their tables are small.

use ply_core::{Game, ZobristHash};
use ply_search::spec::Catalog;

use crate::checks::{check_error, text};
use crate::runner::{seeds_of, Outcome, Target};

/// Specs whose tables would take more than this are weighed but not built (the weight is
/// what a server refuses them by; building them would only test the allocator).
const BUILD_BYTES: u64 = 8 << 20;

pub struct AgentSpecs<G: Game> {
    name: String,
    catalog: Catalog<G>,
    /// The catalog's names, keys and the values it shows.
    words: Vec<String>,
}

impl<G: Game + ZobristHash> AgentSpecs<G> {
    pub fn new(name: String, catalog: Catalog<G>) -> Self {
        let mut words: Vec<String> = Vec::new();
        for entry in catalog.entries() {
            for key in &entry.keys {
                for word in [key.key, key.default, entry.value_of(key)] {
                    if !words.iter().any(|w| w == word) {
                        words.push(word.to_string());
                    }
                }
            }
            words.push(entry.name);
        }
        AgentSpecs {
            name,
            catalog,
            words,
        }
    }
}

impl<G: Game + ZobristHash> Target for AgentSpecs<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = self
            .catalog
            .entries()
            .into_iter()
            .map(|e| e.name.into_bytes())
            .collect();
        seeds.extend(seeds_of(&[
            "alphabeta:depth=3,tt=1",
            "alphabeta:time=10ms,eval=greedy",
            "mcts:iterations=100,c=1.4",
            "mcts:time=1ms",
            "expectimax:depth=2",
            "minimax:depth=2",
            "greedy",
            "random",
            "alphabeta:depth=99999999999",
            "alphabeta:tt=4096",
            "alphabeta:depth=3,depth=4",
            "alphabeta:",
            ":",
            "",
        ]));
        seeds
    }

    fn dictionary(&self) -> Vec<&str> {
        let mut words = vec![":", ",", "=", "auto", "none", "ms", "s"];
        words.extend(self.words.iter().map(String::as_str));
        words
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let spec = text(input);
        let refused = |message: String| -> Result<Outcome, String> {
            check_error(&message, &spec)?;
            Ok(Outcome::of(&message))
        };
        let bytes = match self.catalog.table_bytes(&spec) {
            Ok(bytes) => bytes,
            Err(e) => return refused(e.to_string()),
        };
        if bytes > BUILD_BYTES {
            return Ok(Outcome::of("large"));
        }
        match self.catalog.build(&spec, 1) {
            Ok(agent) => Ok(Outcome::of(&format!("built {}", agent.name()))),
            Err(e) => refused(e.to_string()),
        }
    }
}
