//! `ply engine quoridor`: the Quoridor Text Protocol on standard input and output.

use std::time::Duration;

use anyhow::anyhow;
use clap::Args;
use ply_quoridor::qtp::{run_stdio, EngineOptions, TimeBudget};

/// Options of the QTP engine. The referee's own form, `-seed N`, is read by `ply-qtp`.
#[derive(Args, Debug, Clone)]
pub struct QtpArgs {
    /// Seed for the engine's randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Longest think time for one move, in seconds (the referee allows 30); a unit may be
    /// given (750ms). More than 0, at most 31536000 (1 year).
    #[arg(long, default_value = "30", value_parser = parse_seconds)]
    pub move_time: Duration,
    /// Time for a whole game per unit of board size, in seconds (the referee allows 20·n); a
    /// unit may be given (1.5s). More than 0, at most 31536000 (1 year).
    #[arg(long, default_value = "20", value_parser = parse_seconds)]
    pub game_time_per_size: Duration,
    /// Fraction of each allowance the engine uses, leaving a margin for the pipe.
    #[arg(long, default_value_t = 0.8)]
    pub safety: f64,
    /// The agent that answers genmove (see `ply list quoridor`).
    #[arg(long, default_value = "strongest")]
    pub agent: String,
    /// Report each decision on standard error.
    #[arg(long)]
    pub verbose: bool,
}

/// A time option in seconds, in the shared grammar of [`ply_core::duration`] (a bare number
/// is seconds): more than 0 and at most one year. Clap names the flag in front.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match ply_core::duration::parse_seconds(text) {
        Ok(d) if d.is_zero() => Err(format!(
            "{}: a time must be more than 0 seconds (and at most 31536000, 1 year)",
            ply_core::duration::Quoted::new(text)
        )),
        Ok(d) => Ok(d),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs the engine on standard input and output until `quit` or the end of the input.
pub fn run(args: &QtpArgs) -> anyhow::Result<()> {
    if !(args.safety > 0.0 && args.safety <= 1.0) {
        return Err(anyhow!(
            "--safety {}: the fraction of time used must be in (0, 1]",
            args.safety
        ));
    }
    let options = EngineOptions {
        seed: args.seed,
        budget: TimeBudget {
            per_move: args.move_time,
            per_game_per_size: args.game_time_per_size,
            safety: args.safety,
        },
        agent: args.agent.clone(),
        verbose: args.verbose,
    };
    run_stdio(&options).map_err(|e| anyhow!(e))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        qtp: QtpArgs,
    }

    fn parse(line: &str) -> Result<QtpArgs, String> {
        Cli::try_parse_from(std::iter::once("ply").chain(line.split_whitespace()))
            .map(|c| c.qtp)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn time_options_are_seconds_by_default() {
        let a = parse("").unwrap();
        assert_eq!(a.move_time, Duration::from_secs(30));
        assert_eq!(a.game_time_per_size, Duration::from_secs(20));
        let a = parse("--move-time 1.5 --game-time-per-size 750ms").unwrap();
        assert_eq!(a.move_time, Duration::from_millis(1500));
        assert_eq!(a.game_time_per_size, Duration::from_millis(750));
    }

    /// `ply engine quoridor --game-time-per-size 5e18` was accepted, and `genmove black`
    /// then panicked on the game's total: it is refused, naming the flag and the limit.
    #[test]
    fn huge_or_empty_times_are_refused_naming_the_flag() {
        for (line, says) in [
            ("--game-time-per-size 5e18", "maximum of 1 year"),
            ("--move-time 1e20", "maximum of 1 year"),
            ("--move-time 0", "more than 0 seconds"),
            ("--move-time=-1", "negative"),
            ("--move-time NaN", "not a finite number"),
        ] {
            let e = parse(line).unwrap_err();
            let flag = line.split([' ', '=']).next().unwrap();
            assert!(e.contains(flag) && e.contains(says), "{line}: {e}");
        }
    }
}
