//! How an engine process is started: the referee's `-seed N` form and the engine's options.

use std::io::{self, BufWriter};
use std::time::Duration;

use ply_core::duration::Quoted;

use super::{run, QtpEngine, TimeBudget};

/// The agent that answers `genmove` unless `-agent` names another: the strongest engine on
/// every core (a referee gives each engine the machine during its own turn).
pub const DEFAULT_AGENT: &str = "strongest:threads=auto";

/// Everything an engine process needs besides its input and output.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// Seed for the engine's randomness (the referee passes `-seed N`).
    pub rng_seed: u64,
    pub budget: TimeBudget,
    /// The agent that answers `genmove`.
    pub agent: String,
    /// Report each decision on standard error.
    pub verbose: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            rng_seed: 0,
            budget: TimeBudget::default(),
            agent: DEFAULT_AGENT.to_string(),
            verbose: false,
        }
    }
}

impl EngineOptions {
    /// Reads a referee's command line: `-seed N` (or `--seed N`, `-seed=N`, the only option
    /// the Quoridor Cup referee passes), and the engine's own `-move-time S`,
    /// `-game-time-per-size S`, `-safety F`, `-agent SPEC`, `-players 2`, `-verbose`, with
    /// one or two dashes. Any other argument is refused, naming it and listing these (`OPTIONS`):
    /// a mistyped option must not leave the engine on its defaults unnoticed.
    pub fn from_args(args: &[String]) -> Result<EngineOptions, String> {
        let mut options = EngineOptions::default();
        let mut i = 0;
        while i < args.len() {
            // `written` is the option as given (`-seed`, `--move-time`), for messages.
            let (written, inline) = match args[i].split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (args[i].as_str(), None),
            };
            let key = written.trim_start_matches('-');
            let takes_value = matches!(
                key,
                "seed" | "move-time" | "game-time-per-size" | "safety" | "agent" | "players"
            );
            let value = if takes_value && inline.is_none() {
                i += 1;
                args.get(i).cloned()
            } else {
                inline
            };
            let seconds = |v: &Option<String>| match v {
                Some(text) => parse_time_option(written, text),
                None => Err(format!("{written} needs {TIME_RULE}")),
            };
            match key {
                "seed" => {
                    options.rng_seed = value
                        .as_deref()
                        .and_then(|s| s.parse().ok())
                        .ok_or_else(|| format!("{written} needs a whole number"))?;
                }
                "move-time" => options.budget.per_move = seconds(&value)?,
                "game-time-per-size" => options.budget.per_game_per_size = seconds(&value)?,
                "safety" => {
                    options.budget.safety = value
                        .as_deref()
                        .and_then(|s| s.parse().ok())
                        .filter(|f: &f64| *f > 0.0 && *f <= 1.0)
                        .ok_or_else(|| format!("{written} needs a fraction in (0, 1]"))?;
                }
                "agent" => {
                    options.agent = value.ok_or_else(|| format!("{written} needs a spec"))?
                }
                "verbose" if value.is_none() => options.verbose = true,
                "verbose" => return Err(format!("{written} takes no value: {OPTIONS}")),
                // QTP names two colours only: a game of 3 or 4 is refused, not ignored.
                "players" => check_qtp_players(written, value.as_deref())?,
                _ if written.starts_with('-') => {
                    return Err(format!(
                        "{} is not an option of the engine: {OPTIONS}",
                        ply_core::quote(written)
                    ))
                }
                _ => {
                    return Err(format!(
                        "{} is not an option (options start with - or --): {OPTIONS}",
                        ply_core::quote(&args[i])
                    ))
                }
            }
            i += 1;
        }
        Ok(options)
    }

    /// The engine these options describe.
    pub fn engine(&self) -> Result<QtpEngine, String> {
        let agent = crate::agents::build_agent(&self.agent, self.rng_seed)?;
        let mut engine = QtpEngine::with_agent(agent, self.budget);
        engine.set_verbose(self.verbose);
        Ok(engine)
    }
}

/// Every option the engine's command line takes, for the message that refuses another.
pub const OPTIONS: &str = "the engine takes -seed N, -move-time S, -game-time-per-size S, \
-safety F, -agent SPEC, -players 2 and -verbose (one dash or two; `ply engine quoridor --help` \
describes them)";

/// What a time option takes, for every message that refuses one.
const TIME_RULE: &str = "a number of seconds, more than 0 and at most 31536000 (1 year), \
e.g. 30 or 1.5 (a unit may be given: 750ms)";

/// QTP is a two-player protocol (its commands name black or white): `players` must be 2.
pub fn check_qtp_players(written: &str, value: Option<&str>) -> Result<(), String> {
    match value.map(str::trim) {
        Some("2") => Ok(()),
        Some(other) => Err(format!(
            "{written} {other}: QTP plays Quoridor for 2 players only (its commands name \
             black or white); 3 or 4 players are played with `ply play` or the web page"
        )),
        None => Err(format!(
            "{written} needs a number of players: QTP plays only 2"
        )),
    }
}

/// Reads the value of a time option documented as a number of seconds (`-move-time 30`,
/// `--game-time-per-size 2.5`), through the shared grammar of [`ply_core::duration`]: a bare
/// number is seconds, a unit may be given (`750ms`), and the time must be more than 0 and at
/// most one year. `flag` is how the option was written, for the message.
pub fn parse_time_option(flag: &str, text: &str) -> Result<Duration, String> {
    use ply_core::duration::DurationError;
    let why = match ply_core::duration::parse_seconds(text) {
        Ok(d) if !d.is_zero() => return Ok(d),
        Ok(_) => "is zero",
        Err(DurationError::Negative { .. }) => "is negative",
        Err(DurationError::NotFinite { .. }) => "is not a finite number",
        Err(DurationError::TooLong { .. }) => "is longer than 1 year",
        Err(DurationError::Empty) => "is empty",
        Err(_) => "is not a number of seconds",
    };
    Err(format!(
        "{flag} {}: the time {why}; a time is {TIME_RULE}",
        Quoted::new(text)
    ))
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
    fn referee_arguments_are_read() {
        let o = EngineOptions::from_args(&args("-seed 17 --move-time=2 -verbose")).unwrap();
        assert_eq!(o.rng_seed, 17);
        assert_eq!(o.budget.per_move, Duration::from_secs(2));
        assert!(o.verbose);
        assert_eq!(o.agent, DEFAULT_AGENT);
        let o = EngineOptions::from_args(&args("--seed=5 -agent seed002")).unwrap();
        assert_eq!((o.rng_seed, o.agent.as_str()), (5, "seed002"));
        for bad in ["-seed", "-seed x", "-move-time 0", "-safety 2", "-agent"] {
            assert!(EngineOptions::from_args(&args(bad)).is_err(), "{bad}");
        }
        let unknown = EngineOptions {
            agent: "nonsense".into(),
            ..EngineOptions::default()
        };
        assert!(unknown.engine().err().unwrap().contains("nonsense"));
    }

    /// `ply -seed 1 -move-tim 0.1` played on the default budget: a typo changed the engine
    /// silently. Every option the engine does not know is refused, naming it.
    #[test]
    fn unknown_options_and_stray_words_are_refused_by_name() {
        for (given, says) in [
            (
                "-seed 1 -move-tim 0.1",
                "'-move-tim' is not an option of the engine",
            ),
            ("-seed 1 --foo", "'--foo' is not an option of the engine"),
            ("-seed=1 -foo=bar", "'-foo' is not an option of the engine"),
            (
                "-seed 1 0.1",
                "'0.1' is not an option (options start with - or --)",
            ),
            ("-seed 1 -verbose=yes", "-verbose takes no value"),
        ] {
            let e = EngineOptions::from_args(&args(given)).unwrap_err();
            assert!(e.contains(says), "{given}: {e}");
            assert!(e.contains("-move-time S") && e.contains("-seed N"), "{e}");
        }
    }

    #[test]
    fn qtp_refuses_more_than_two_players() {
        assert!(EngineOptions::from_args(&args("-seed 1 -players 2")).is_ok());
        for bad in ["-players 4", "--players=3", "-players"] {
            let err = EngineOptions::from_args(&args(bad)).unwrap_err();
            assert!(
                err.contains("2 players only") || err.contains("only 2"),
                "{bad}: {err}"
            );
        }
    }

    /// `ply engine quoridor --game-time-per-size 5e18` then `genmove black` panicked in the
    /// budget: such allowances are now refused when read, naming the option and the limit.
    #[test]
    fn time_options_share_the_duration_grammar_and_its_limit() {
        let o =
            EngineOptions::from_args(&args("-move-time 1.5 -game-time-per-size 250ms")).unwrap();
        assert_eq!(o.budget.per_move, Duration::from_millis(1500));
        assert_eq!(o.budget.per_game_per_size, Duration::from_millis(250));
        let o = EngineOptions::from_args(&args("--game-time-per-size=31536000")).unwrap();
        assert_eq!(o.budget.per_game_per_size, Duration::from_secs(31_536_000));
        for (given, says) in [
            (
                "-game-time-per-size 5e18",
                "'5e18': the time is longer than 1 year",
            ),
            ("-move-time 1e20", "-move-time '1e20': the time is longer"),
            ("-move-time=31536001", "longer than 1 year"),
            ("-move-time NaN", "'NaN': the time is not a finite number"),
            ("-move-time inf", "'inf': the time is not a finite number"),
            ("-move-time -5", "-move-time '-5': the time is negative"),
            ("-move-time 0", "-move-time '0': the time is zero"),
            ("-move-time 0.0000000001", "zero"),
            (
                "-move-time soon",
                "'soon': the time is not a number of seconds",
            ),
            (
                "-game-time-per-size",
                "-game-time-per-size needs a number of seconds",
            ),
        ] {
            let e = EngineOptions::from_args(&args(given)).unwrap_err();
            assert!(e.contains(says), "{given}: {e}");
            // Every refusal states the one rule, zero and negative alike.
            assert!(
                e.contains("more than 0 and at most 31536000"),
                "{given}: {e}"
            );
        }
    }

    #[test]
    fn the_budget_spreads_the_game_time_and_caps_each_move() {
        let budget = TimeBudget::default();
        let state = crate::Quoridor::standard();
        let fresh = budget.for_move(&state, 0, Duration::ZERO);
        // 9x9: 180 s a game at 0.8, 8 steps + 10/2 walls + 6: 19 moves to come, 7.58 s.
        assert_eq!(fresh.as_millis(), 144_000 / 19);
        let late = budget.for_move(&state, 0, Duration::from_secs(179));
        assert!(late < Duration::from_millis(100), "{late:?}");
        let big = TimeBudget {
            per_move: Duration::from_secs(1),
            ..budget
        };
        assert!(big.for_move(&state, 0, Duration::ZERO) <= Duration::from_secs(1));
    }
}
