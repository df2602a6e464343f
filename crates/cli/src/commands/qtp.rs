//! `ply engine quoridor`: the Quoridor Text Protocol on standard input and output.
//!
//! There is one reader of the engine's options, the one a referee's command line goes
//! through (`ply -seed N`, `ply_quoridor::qtp::EngineOptions::from_args`): the flags below
//! are declared for help and passed to it as written.

use anyhow::anyhow;
use clap::Args;
use ply_quoridor::qtp::{run_stdio, EngineOptions};

/// Options of the QTP engine (a referee may also start `ply -seed N` with the same options,
/// one dash or two).
#[derive(Args, Debug, Clone, Default)]
pub struct QtpArgs {
    /// Seed for the engine's randomness [default: 0].
    #[arg(long = "seed")]
    pub rng_seed: Option<String>,
    /// Longest think time for one move, in seconds (the referee allows 30); a unit may be
    /// given (750ms). More than 0, at most 31536000 (1 year) [default: 30].
    #[arg(long)]
    pub move_time: Option<String>,
    /// Time for a whole game per unit of board size, in seconds (the referee allows 20·n); a
    /// unit may be given (1.5s). More than 0, at most 31536000 (1 year) [default: 20].
    #[arg(long)]
    pub game_time_per_size: Option<String>,
    /// Fraction of each allowance the engine uses, leaving a margin for the pipe
    /// [default: 0.8].
    #[arg(long)]
    pub safety: Option<String>,
    /// The agent that answers genmove (see `ply list quoridor`) [default:
    /// strongest:threads=auto, the strongest engine on every core].
    #[arg(long)]
    pub agent: Option<String>,
    /// Report each decision on standard error.
    #[arg(long)]
    pub verbose: bool,
}

impl QtpArgs {
    /// The options as the engine's own reader reads them.
    pub fn options(&self) -> Result<EngineOptions, String> {
        let mut args = Vec::new();
        for (flag, value) in [
            ("--seed", &self.rng_seed),
            ("--move-time", &self.move_time),
            ("--game-time-per-size", &self.game_time_per_size),
            ("--safety", &self.safety),
            ("--agent", &self.agent),
        ] {
            if let Some(value) = value {
                args.push(format!("{flag}={value}"));
            }
        }
        if self.verbose {
            args.push("--verbose".to_string());
        }
        EngineOptions::from_args(&args)
    }
}

/// Runs the engine on standard input and output until `quit` or the end of the input.
pub fn run(args: &QtpArgs) -> anyhow::Result<()> {
    let options = args.options().map_err(|e| anyhow!(e))?;
    run_stdio(&options).map_err(|e| anyhow!(e))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use clap::Parser;

    use super::*;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        qtp: QtpArgs,
    }

    fn parse(line: &str) -> Result<EngineOptions, String> {
        Cli::try_parse_from(std::iter::once("ply").chain(line.split_whitespace()))
            .map_err(|e| e.to_string())
            .and_then(|c| c.qtp.options())
    }

    #[test]
    fn time_options_are_seconds_by_default() {
        let a = parse("").unwrap();
        assert_eq!(a.budget.per_move, Duration::from_secs(30));
        assert_eq!(a.budget.per_game_per_size, Duration::from_secs(20));
        assert_eq!(a.agent, ply_quoridor::qtp::DEFAULT_AGENT);
        let a = parse("--move-time 1.5 --game-time-per-size 750ms --seed 7").unwrap();
        assert_eq!(a.budget.per_move, Duration::from_millis(1500));
        assert_eq!(a.budget.per_game_per_size, Duration::from_millis(750));
        assert_eq!(a.rng_seed, 7);
    }

    /// `ply engine quoridor --game-time-per-size 5e18` was accepted, and `genmove black`
    /// then panicked on the game's total: it is refused, naming the flag and the limit.
    #[test]
    fn huge_or_empty_times_are_refused_naming_the_flag() {
        for (line, says) in [
            ("--game-time-per-size 5e18", "longer than 1 year"),
            ("--move-time 1e20", "longer than 1 year"),
            ("--move-time 0", "more than 0 and at most 31536000"),
            ("--move-time=-1", "negative"),
            ("--move-time NaN", "not a finite number"),
            ("--safety 2", "(0, 1]"),
            ("--seed x", "whole number"),
        ] {
            let e = parse(line).unwrap_err();
            let flag = line.split([' ', '=']).next().unwrap();
            assert!(e.contains(flag) && e.contains(says), "{line}: {e}");
        }
    }
}
