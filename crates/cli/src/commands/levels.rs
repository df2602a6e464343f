//! `ply levels`: a game's difficulty ladder, and with `--measure` the tournament that rates it.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use ply_arena::{report, Format, OpeningSource, TimeControl, TournamentConfig};

use crate::format::parse_duration;
use crate::games::{with_game, GameName};
use crate::ladder::{ladder, measured_specs, Level};
use crate::variant::VariantArgs;

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  ply levels connect4
  ply levels halma --players 3
  ply levels quoridor --measure --games 6 --time-per-move 200ms --out docs/levels/quoridor")]
pub struct LevelsArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Rate the ladder afresh: a round robin of its levels (the first measured one rated 0).
    #[arg(long)]
    pub measure: bool,
    /// Measuring: games per pairing (per group of three in three-player games), rounded up
    /// so every opening is played from every seat.
    #[arg(long, default_value_t = 6)]
    pub games: usize,
    /// Measuring: the longest a move may take (the levels' own budgets are smaller).
    #[arg(long, value_parser = parse_duration, default_value = "200ms")]
    pub time_per_move: Duration,
    /// Measuring: openings, `random:K`, `none` or a file (as in `ply arena`).
    #[arg(long, default_value = "random:2")]
    pub openings: String,
    /// Measuring: games still going after this many plies are drawn.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Measuring: games played at once (default: the number of cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Measuring: random seed of the openings and the agents.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    /// Measuring: folder for report.md, summary.json, games.jsonl and the plots.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl LevelsArgs {
    /// The tournament that rates this game's ladder.
    fn config(&self) -> anyhow::Result<TournamentConfig> {
        let specs = measured_specs(self.game)
            .into_iter()
            .map(str::to_owned)
            .collect();
        let mut config = TournamentConfig::new(specs);
        config.format = Format::RoundRobin;
        config.games_per_pairing = self.games;
        config.openings = OpeningSource::from_arg(&self.openings)?;
        if let Some(j) = self.concurrency {
            config.concurrency = j;
        }
        config.time = TimeControl {
            per_move: Some(self.time_per_move),
            ..config.time
        };
        config.max_plies = self.max_plies;
        config.rng_seed = self.rng_seed;
        config.validate()?;
        Ok(config)
    }
}

pub fn run(args: &LevelsArgs) -> anyhow::Result<()> {
    let levels = ladder(args.game, &args.variant);
    // Building the start state checks the variant flags, so a bad size or a flag of another
    // game is an error even when only the table is printed.
    with_game!(args.game, &args.variant, |state, catalog| {
        if !args.measure {
            print!("{}", table(&levels));
            return Ok(());
        }
        let config = args.config()?;
        let result = super::arena::play_tournament(
            "levels",
            args.game.name(),
            &state,
            &catalog,
            &config,
            args.out.as_deref(),
        )?;
        let fresh: Vec<Level> = levels
            .into_iter()
            .map(|level| {
                let rated = result
                    .summary
                    .agents
                    .iter()
                    .find(|agent| agent.name == level.spec)
                    .and_then(|agent| agent.rating.as_ref());
                Level {
                    rating: rated.map(|r| r.elo),
                    error95: rated.map(|r| r.error95),
                    ..level
                }
            })
            .collect();
        print!("{}", report::markdown(&result, false));
        println!();
        print!("{}", table(&fresh));
        Ok(())
    })
}

/// The ladder as an aligned text table: number, id (the web API's name), name, spec,
/// rating ± 95 % error.
fn table(levels: &[Level]) -> String {
    let id_width = levels.iter().map(|l| l.id.len()).max().unwrap_or(0).max(2);
    let name_width = levels.iter().map(|l| l.name.len()).max().unwrap_or(0);
    let spec_width = levels.iter().map(|l| l.spec.len()).max().unwrap_or(0);
    let mut out = format!(
        "{:>5}  {:id_width$}  {:name_width$}  {:spec_width$}  rating (Elo, 95 %)\n",
        "level", "id", "name", "spec"
    );
    for level in levels {
        let rating = match (level.rating, level.error95) {
            (Some(elo), Some(error)) if error > 0.0 => format!("{elo:+.0} ± {error:.0}"),
            (Some(elo), _) => format!("{elo:+.0} (anchor)"),
            (None, _) => "unrated".to_owned(),
        };
        out.push_str(&format!(
            "{:>5}  {:id_width$}  {:name_width$}  {:spec_width$}  {rating}\n",
            level.number, level.id, level.name, level.spec
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shows_every_level_and_its_rating() {
        let levels = vec![
            Level {
                number: 1,
                id: "random",
                name: "random",
                spec: "random",
                rating: Some(0.0),
                error95: Some(0.0),
            },
            Level {
                number: 2,
                id: "greedy",
                name: "greedy",
                spec: "greedy",
                rating: Some(212.4),
                error95: Some(80.2),
            },
            Level {
                number: 3,
                id: "perfect-100ms",
                name: "perfect",
                spec: "perfect:time=100ms",
                rating: None,
                error95: None,
            },
        ];
        let text = table(&levels);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines[1].contains("+0 (anchor)"), "{text}");
        assert!(lines[2].contains("+212 ± 80"), "{text}");
        assert!(lines[3].contains("perfect:time=100ms") && lines[3].ends_with("unrated"));
    }

    #[test]
    fn measuring_rates_the_measured_levels_in_order() {
        let args = LevelsArgs {
            game: GameName::Halma,
            variant: VariantArgs::default(),
            measure: true,
            games: 6,
            time_per_move: Duration::from_millis(200),
            openings: "none".into(),
            max_plies: 900,
            concurrency: Some(1),
            rng_seed: 1,
            out: None,
        };
        let config = args.config().unwrap();
        assert_eq!(config.agents, measured_specs(GameName::Halma));
        assert!(!config.agents.iter().any(|a| a == "random"));
        assert_eq!(config.time.per_move, Some(Duration::from_millis(200)));
    }
}
