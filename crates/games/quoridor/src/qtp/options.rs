//! How an engine process is started: the referee's `-seed N` form and the engine's options.

use std::io::{self, BufWriter};

use super::{run, QtpEngine, TimeBudget};

/// Everything an engine process needs besides its input and output.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// Seed for the engine's randomness (the referee passes `-seed N`).
    pub seed: u64,
    pub budget: TimeBudget,
    /// The agent that answers `genmove`.
    pub agent: String,
    /// Report each decision on standard error.
    pub verbose: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            seed: 0,
            budget: TimeBudget::default(),
            agent: "strongest".to_string(),
            verbose: false,
        }
    }
}

impl EngineOptions {
    /// Reads a referee's command line: `-seed N` (or `--seed N`, `-seed=N`), and the
    /// engine's own `-move-time S`, `-game-time-per-size S`, `-safety F`, `-agent SPEC`,
    /// `-verbose` with one or two dashes. Any other argument is ignored, as referees pass
    /// their own.
    pub fn from_args(args: &[String]) -> Result<EngineOptions, String> {
        let mut options = EngineOptions::default();
        let mut i = 0;
        while i < args.len() {
            let (key, inline) = match args[i].split_once('=') {
                Some((k, v)) => (k.trim_start_matches('-'), Some(v.to_string())),
                None => (args[i].trim_start_matches('-'), None),
            };
            let takes_value = matches!(
                key,
                "seed" | "move-time" | "game-time-per-size" | "safety" | "agent"
            );
            let value = if takes_value && inline.is_none() {
                i += 1;
                args.get(i).cloned()
            } else {
                inline
            };
            let seconds = |v: &Option<String>| {
                v.as_deref()
                    .and_then(|s| s.parse::<f64>().ok())
                    .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok())
                    .filter(|d| !d.is_zero())
                    .ok_or_else(|| format!("-{key} needs a positive number of seconds"))
            };
            match key {
                "seed" => {
                    options.seed = value
                        .as_deref()
                        .and_then(|s| s.parse().ok())
                        .ok_or("-seed needs a whole number")?;
                }
                "move-time" => options.budget.per_move = seconds(&value)?,
                "game-time-per-size" => options.budget.per_game_per_size = seconds(&value)?,
                "safety" => {
                    options.budget.safety = value
                        .as_deref()
                        .and_then(|s| s.parse().ok())
                        .filter(|f: &f64| *f > 0.0 && *f <= 1.0)
                        .ok_or("-safety needs a fraction in (0, 1]")?;
                }
                "agent" => options.agent = value.ok_or("-agent needs a spec")?,
                "verbose" => options.verbose = true,
                _ => {}
            }
            i += 1;
        }
        Ok(options)
    }

    /// The engine these options describe.
    pub fn engine(&self) -> Result<QtpEngine, String> {
        let agent = crate::agents::build_agent(&self.agent, self.seed)?;
        let mut engine = QtpEngine::with_agent(agent, self.budget);
        engine.set_verbose(self.verbose);
        Ok(engine)
    }
}

/// Runs an engine on standard input and output until `quit` or the end of the input.
pub fn run_stdio(options: &EngineOptions) -> Result<(), String> {
    let mut engine = options.engine()?;
    let stdin = io::stdin();
    run(
        stdin.lock(),
        BufWriter::new(io::stdout().lock()),
        &mut engine,
    )
    .map_err(|e| format!("QTP input/output failed: {e}"))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn referee_arguments_are_read_and_unknown_ones_ignored() {
        let o =
            EngineOptions::from_args(&args("-seed 17 -foo bar --move-time=2 -verbose")).unwrap();
        assert_eq!(o.seed, 17);
        assert_eq!(o.budget.per_move, Duration::from_secs(2));
        assert!(o.verbose);
        assert_eq!(o.agent, "strongest");
        let o = EngineOptions::from_args(&args("--seed=5 -agent seed002")).unwrap();
        assert_eq!((o.seed, o.agent.as_str()), (5, "seed002"));
        for bad in ["-seed", "-seed x", "-move-time 0", "-safety 2", "-agent"] {
            assert!(EngineOptions::from_args(&args(bad)).is_err(), "{bad}");
        }
        let unknown = EngineOptions {
            agent: "nonsense".into(),
            ..EngineOptions::default()
        };
        assert!(unknown.engine().err().unwrap().contains("nonsense"));
    }

    #[test]
    fn the_budget_spreads_the_game_time_and_caps_each_move() {
        let budget = TimeBudget::default();
        let state = crate::Quoridor::standard();
        let fresh = budget.for_move(&state, 0, Duration::ZERO);
        // 9x9: 180 s a game, 8 steps + 10 walls: about 30 moves to come.
        assert!(
            fresh > Duration::from_secs(3) && fresh < Duration::from_secs(8),
            "{fresh:?}"
        );
        let late = budget.for_move(&state, 0, Duration::from_secs(179));
        assert!(late < Duration::from_millis(100), "{late:?}");
        let big = TimeBudget {
            per_move: Duration::from_secs(1),
            ..budget
        };
        assert!(big.for_move(&state, 0, Duration::ZERO) <= Duration::from_secs(1));
    }
}
