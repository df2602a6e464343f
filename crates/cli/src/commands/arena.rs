//! `ply arena`: a tournament between agents, with standings, ratings and files to keep.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};
use ply_arena::{
    planned_games, report, run_tournament, split_agent_list, write_outputs, Format, GameRecord,
    OpeningSource, Progress, SprtConfig, TimeControl, TournamentConfig, TournamentResult,
};
use ply_core::{Game, ZobristHash};
use ply_search::spec::Catalog;

use crate::format::parse_duration;
use crate::games::{with_game, GameName};
use crate::variant::VariantArgs;

/// Who meets whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArenaFormat {
    /// Every pair (every group, for three-player games) of agents.
    RoundRobin,
    /// The first agent against each of the others.
    Gauntlet,
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  ply arena tictactoe --agents alphabeta:depth=9,random --games 100
  ply arena connect4 --agents 'alphabeta:depth=9,order=center;mcts:time=750ms,c=2' \\
      --time-per-move 1s --games 20 --openings random:4 --out results/")]
pub struct ArenaArgs {
    /// The game.
    pub game: GameName,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Agent specs (see `ply list`), separated by commas or `;`. A piece `key=value` continues
    /// the spec before it, so `alphabeta:depth=9,order=center,random` is two agents. May be
    /// repeated.
    #[arg(long, required = true)]
    pub agents: Vec<String>,
    /// Round robin, or a gauntlet of the first agent against the others.
    #[arg(long, value_enum, default_value_t = ArenaFormat::RoundRobin)]
    pub format: ArenaFormat,
    /// Games per pairing, rounded up so every opening is played from every seat.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Openings: `random:K` (K random plies), `none` (the start position), or a file with one
    /// opening per line (moves in the game's notation, or a position).
    #[arg(long, default_value = "random:2")]
    pub openings: String,
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Longest time a move may take (e.g. 750ms, 1s); also the agents' search time.
    #[arg(long, value_parser = parse_duration)]
    pub time_per_move: Option<Duration>,
    /// Thinking time per seat for a whole game.
    #[arg(long, value_parser = parse_duration)]
    pub time_per_game: Option<Duration>,
    /// Grace past a time limit before a move counts as overrun.
    #[arg(long, value_parser = parse_duration, default_value = "100ms")]
    pub tolerance: Duration,
    /// With no time control, a move that takes longer than this is a hang.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub hang_timeout: Duration,
    /// Games still going after this many plies are drawn.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: usize,
    /// Seed of everything random (openings, agents).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The agent rated 0 (a spec from --agents, or its 1-based position; default the first).
    #[arg(long)]
    pub anchor: Option<String>,
    /// SPRT of the first agent against the second: `ELO0,ELO1`.
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<String>,
    /// The two agents the SPRT compares, as 1-based positions `I,J` (default 1,2).
    #[arg(long, value_name = "I,J", default_value = "1,2")]
    pub sprt_agents: String,
    /// SPRT false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub sprt_alpha: f64,
    /// SPRT false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub sprt_beta: f64,
    /// Folder for games.jsonl, summary.json, report.md and the plots.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print summary.json to standard output instead of the report.
    #[arg(long)]
    pub json: bool,
}

impl ArenaArgs {
    /// The tournament these flags describe.
    pub fn config(&self) -> anyhow::Result<TournamentConfig> {
        let agents: Vec<String> = self
            .agents
            .iter()
            .flat_map(|a| split_agent_list(a))
            .collect();
        let mut config = TournamentConfig::new(agents);
        config.format = match self.format {
            ArenaFormat::RoundRobin => Format::RoundRobin,
            ArenaFormat::Gauntlet => Format::Gauntlet,
        };
        config.games_per_pairing = self.games;
        config.openings = OpeningSource::from_arg(&self.openings)?;
        if let Some(j) = self.concurrency {
            config.concurrency = j;
        }
        config.time = TimeControl {
            per_move: self.time_per_move,
            per_game: self.time_per_game,
            tolerance: self.tolerance,
            hang_timeout: self.hang_timeout,
        };
        config.max_plies = self.max_plies;
        config.seed = self.seed;
        config.anchor = self.anchor.clone();
        if let Some(text) = &self.sprt {
            config.sprt = Some(self.sprt_config(text)?);
        }
        config.validate()?;
        Ok(config)
    }

    fn sprt_config(&self, text: &str) -> anyhow::Result<SprtConfig> {
        let numbers = |text: &str, what: &str| -> anyhow::Result<Vec<f64>> {
            text.split(',')
                .map(|x| {
                    x.trim()
                        .parse::<f64>()
                        .with_context(|| format!("{what} '{text}': '{x}' is not a number"))
                })
                .collect()
        };
        let elo = numbers(text, "--sprt")?;
        let [elo0, elo1] = elo[..] else {
            anyhow::bail!("--sprt '{text}': write two Elo values, ELO0,ELO1 (e.g. 0,10)");
        };
        let who: Vec<&str> = self.sprt_agents.split(',').map(str::trim).collect();
        let [first, second] = who[..] else {
            anyhow::bail!(
                "--sprt-agents '{}': write two positions, I,J (e.g. 1,2)",
                self.sprt_agents
            );
        };
        // Positions (or specs) are checked against the agent list with the rest of the setup.
        let mut test = SprtConfig::new(first, second, elo0, elo1);
        test.alpha = self.sprt_alpha;
        test.beta = self.sprt_beta;
        Ok(test)
    }
}

pub fn run(args: &ArenaArgs) -> anyhow::Result<()> {
    let config = args.config()?;
    with_game!(args.game, &args.variant, |state, catalog| {
        let result = play_tournament(
            "arena",
            args.game.as_str(),
            &state,
            &catalog,
            &config,
            args.out.as_deref(),
        )?;
        if args.json {
            println!("{}", serde_json::to_string_pretty(&result)?);
        } else {
            print!("{}", report::markdown(&result, false));
        }
        Ok(())
    })
}

/// Plays the tournament `config` describes with a progress display on standard error and,
/// given `out`, writes its files there. `who` prefixes the diagnostics (`arena`, `levels`).
pub fn play_tournament<G: Game + ZobristHash>(
    who: &str,
    game: &str,
    state: &G,
    catalog: &Catalog<G>,
    config: &TournamentConfig,
    out: Option<&Path>,
) -> anyhow::Result<TournamentResult> {
    let total = planned_games(config, state.num_players())?;
    eprintln!(
        "{who}: {total} games of {game}, {} at a time",
        config.concurrency
    );
    let progress = Progress::new(&config.agents, total);
    let on_game = |record: &GameRecord| progress.on_game(record);
    let result = run_tournament(state, catalog, config, &on_game)?;
    progress.finish();
    if let Some(dir) = out {
        let files = write_outputs(&result, dir)?;
        for skipped in &files.skipped {
            eprintln!("{who}: not written: {skipped}");
        }
        eprintln!(
            "{who}: wrote {} files to {}",
            files.written.len(),
            dir.display()
        );
    }
    Ok(result)
}
