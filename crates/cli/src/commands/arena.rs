//! `ply arena`: a tournament between agents, with standings, ratings and files to keep.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};
use ply_arena::{
    planned_games, report, split_agent_list, AgentFactory, ArenaError, Format, GameRecord,
    OpeningSource, OutputMode, Progress, RunControl, RunFolder, SprtConfig, TimeControl,
    Tournament, TournamentConfig, TournamentResult,
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
      --time-per-move 1s --games 20 --openings random:4 --out results/

Stopping and resuming: with --out DIR every game is added to DIR/games.jsonl as soon as it
ends. Ctrl-C starts no new game, lets the running ones finish, writes the summary, report
and plots of the games played and exits with an error saying so; a second Ctrl-C quits
at once (status 130), games.jsonl still whole. The same command with --resume DIR in place of --out DIR plays the
remaining games, to the result one uninterrupted run gives (it refuses other settings;
--concurrency may change). A folder that holds results is never written over unless
--overwrite is given.")]
pub struct ArenaArgs {
    /// The game.
    pub game: GameName,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Agent specs (see `ply list`), separated by commas or `;`. A piece `key=value` continues
    /// the spec before it, so `alphabeta:depth=9,order=center,random` is two agents. May be
    /// repeated. A spec that sets no limit (and no --time-per-move) plays its agent's default
    /// budget (`ply list GAME` shows it).
    #[arg(long, required = true)]
    pub agents: Vec<String>,
    /// Round robin, or a gauntlet of the first agent against the others.
    #[arg(long, value_enum, default_value_t = ArenaFormat::RoundRobin)]
    pub format: ArenaFormat,
    /// Games per pairing, rounded up so every opening is played from every seat (1 to
    /// 100000; a whole tournament schedules at most 1000000 games).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Openings: `random:K` (K random plies, at most 1000), `none` (the start position), or a
    /// file with one opening per line (moves in the game's notation, or a position).
    #[arg(long, default_value = "random:2")]
    pub openings: String,
    /// Games played at once, 1 to 256 (default: the number of cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Longest time a move may take (e.g. 750ms, 1s); also each agent's search budget per
    /// move (it replaces a preset's own time; a time= written in the agent's spec wins, and
    /// ply says so).
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
    /// Games still going after this many plies are drawn (1 to 100000).
    #[arg(long, default_value_t = 1000)]
    pub max_plies: usize,
    /// Seed of everything random (openings, agents).
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
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
    /// Folder for config.json, games.jsonl (each game added as it ends), summary.json,
    /// report.md and the plots. A folder that already holds results is refused: continue
    /// its run with --resume, or replace them with --overwrite.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Continue the run saved in DIR (stopped by Ctrl-C or a crash), in place of --out DIR:
    /// give the game and settings it was started with. Its games are kept, the rest played.
    #[arg(long, value_name = "DIR", conflicts_with = "out")]
    pub resume: Option<PathBuf>,
    /// With --out: delete the results already in the folder (the arena's files only) and
    /// start again.
    #[arg(long, requires = "out", conflicts_with = "resume")]
    pub overwrite: bool,
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
        config.rng_seed = self.rng_seed;
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
    let out = match (&args.out, &args.resume) {
        (_, Some(dir)) => Some(Output {
            dir,
            mode: OutputMode::Resume,
            flag: "--resume",
        }),
        (Some(dir), None) => Some(Output {
            dir,
            mode: if args.overwrite {
                OutputMode::Overwrite
            } else {
                OutputMode::Fresh
            },
            flag: "--out",
        }),
        (None, None) => None,
    };
    with_game!(args.game, &args.variant, |state, catalog| {
        let result = run_in(
            "arena",
            args.game.name(),
            &state,
            &catalog,
            &config,
            out.as_ref(),
            "continue its run with --resume, replace it with --overwrite, or choose another folder",
        )?;
        if let Some(o) = &out {
            let path = ply_arena::write_records(o.dir, &state, &args.variant.settings, &result)?;
            eprintln!("arena: wrote the game records to {}", path.display());
        }
        if args.json {
            println!("{}", serde_json::to_string_pretty(&result)?);
        } else {
            print!("{}", report::markdown(&result, false));
        }
        interrupted_error("arena", &result, out.as_ref())
    })
}

/// Where a run writes, and how it treats what is there.
pub struct Output<'a> {
    pub dir: &'a Path,
    pub mode: OutputMode,
    /// The flag that named the folder, for messages.
    pub flag: &'static str,
}

/// Plays the tournament `config` describes with a progress display on standard error and,
/// given `out`, writes its files there (a folder holding results is refused). `who`
/// prefixes the diagnostics (`arena`, `levels`). Ctrl-C stops it as `ply arena` does; a run
/// stopped that way is an error once its files are written.
pub fn play_tournament<G: Game + ZobristHash>(
    who: &str,
    game: &str,
    state: &G,
    catalog: &Catalog<G>,
    config: &TournamentConfig,
    out: Option<&Path>,
) -> anyhow::Result<TournamentResult> {
    let out = out.map(|dir| Output {
        dir,
        mode: OutputMode::Fresh,
        flag: "--out",
    });
    let result = run_in(
        who,
        game,
        state,
        catalog,
        config,
        out.as_ref(),
        "choose another folder, or delete those files",
    )?;
    interrupted_error(who, &result, out.as_ref())?;
    Ok(result)
}

/// The run itself: `hint` says what to do about a folder that holds results.
fn run_in<G: Game + ZobristHash>(
    who: &str,
    game: &str,
    state: &G,
    catalog: &Catalog<G>,
    config: &TournamentConfig,
    out: Option<&Output>,
    hint: &str,
) -> anyhow::Result<TournamentResult> {
    let total = planned_games(config, state.num_players())?;
    let tournament = Tournament::new(state, catalog, config)?;
    let folder = match out {
        None => None,
        Some(o) => Some(
            RunFolder::open(o.dir, o.mode, &tournament).map_err(|e| match e {
                ArenaError::Folder { .. } if o.mode == OutputMode::Fresh => {
                    anyhow::anyhow!("{} {e}: {hint}", o.flag)
                }
                // The message names the folder already.
                ArenaError::Folder { .. } => anyhow::anyhow!("{} {e}", o.flag),
                e => anyhow::anyhow!("{} {}: {e}", o.flag, ply_core::files::shown(o.dir)),
            })?,
        ),
    };
    let previous = folder.as_ref().map_or(&[][..], |f| f.previous());
    for warning in folder.iter().flat_map(|f| f.warnings()) {
        eprintln!("{who}: warning: {warning}");
    }
    let earlier = if previous.is_empty() {
        String::new()
    } else {
        format!(", {} of them already played", previous.len())
    };
    eprintln!(
        "{who}: {total} games of {game}{earlier}, {} at a time",
        config.concurrency
    );
    install_interrupt_handler(who);
    let progress = Progress::new(&config.agents, total);
    progress.count_earlier(previous);
    let on_game = |record: &GameRecord| {
        if let Some(folder) = &folder {
            let _writing = WRITING.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(e) = folder.append(record) {
                if !SAVE_FAILED.swap(true, Ordering::SeqCst) {
                    eprintln!("{who}: {e}; starting no more games");
                }
                STOP.store(true, Ordering::SeqCst);
            }
        }
        progress.on_game(record);
    };
    let control = RunControl {
        progress: &on_game,
        stop: Some(&STOP),
        abort: None,
        finished: previous,
    };
    // The per-move time is each agent's budget (`AgentFactory::build_timed`); a spec whose
    // own time= wins is said once.
    for spec in &config.agents {
        if let Some(note) = catalog.time_note(spec, config.time.per_move) {
            eprintln!("{who}: {note}");
        }
    }
    let result = tournament.run(control)?;
    progress.finish();
    if let (Some(folder), Some(o)) = (folder, out) {
        let files = folder.finish(&result)?;
        for skipped in &files.skipped {
            eprintln!("{who}: not written: {skipped}");
        }
        eprintln!(
            "{who}: wrote {} files to {}",
            files.written.len() + 1,
            o.dir.display()
        );
    }
    Ok(result)
}

/// The error a stopped run ends with (after its files are written): why it stopped, what
/// was kept, how to go on.
fn interrupted_error(
    who: &str,
    result: &TournamentResult,
    out: Option<&Output>,
) -> anyhow::Result<()> {
    if !result.interrupted {
        return Ok(());
    }
    let why = if SAVE_FAILED.load(Ordering::SeqCst) {
        "stopped: games could not be saved"
    } else {
        "interrupted"
    };
    let kept = match out {
        Some(o) => format!(
            "; they are saved in {0}: continue with --resume {0}",
            o.dir.display()
        ),
        None => " (not saved: no --out)".to_string(),
    };
    anyhow::bail!(
        "{who}: {why} after {} of {} games{kept}",
        result.records.len(),
        result.planned_games
    )
}

/// Set by Ctrl-C (or a failure to save a game): no further game starts.
static STOP: AtomicBool = AtomicBool::new(false);
/// Set when a finished game could not be appended to `games.jsonl`.
static SAVE_FAILED: AtomicBool = AtomicBool::new(false);
/// Held while a game is appended, so that quitting at once never cuts a line.
static WRITING: Mutex<()> = Mutex::new(());

/// On the first Ctrl-C, sets [`STOP`]; on the second, quits at once (status 130) once no
/// game is being appended. Installed once per process; without it (if the signal cannot be
/// caught) Ctrl-C keeps its default effect.
fn install_interrupt_handler(who: &str) {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let who = who.to_string();
        let mut signals = match signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])
        {
            Ok(signals) => signals,
            Err(e) => {
                eprintln!("{who}: warning: Ctrl-C cannot be caught ({e}); it will lose the games not yet written");
                return;
            }
        };
        let spawned = std::thread::Builder::new()
            .name("ply-interrupt".into())
            .spawn(move || {
                static PRESSES: AtomicUsize = AtomicUsize::new(0);
                for _ in signals.forever() {
                    if PRESSES.fetch_add(1, Ordering::SeqCst) == 0 {
                        STOP.store(true, Ordering::SeqCst);
                        eprintln!(
                            "\n{who}: interrupted: starting no new game; the games in progress \
                             finish, then what was played is written (Ctrl-C again to quit now)"
                        );
                    } else {
                        let _writing = WRITING.lock().unwrap_or_else(|e| e.into_inner());
                        eprintln!(
                            "\n{who}: interrupted again: quitting now; every game finished so \
                             far is in games.jsonl"
                        );
                        std::process::exit(130);
                    }
                }
            });
        if let Err(e) = spawned {
            eprintln!("warning: Ctrl-C cannot be caught ({e})");
        }
    });
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        arena: ArenaArgs,
    }

    fn parse(line: &str) -> Result<ArenaArgs, String> {
        Cli::try_parse_from(std::iter::once("arena").chain(line.split_whitespace()))
            .map(|c| c.arena)
            .map_err(|e| e.to_string())
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ply-cli-arena-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// `--games 18446744073709551615` built the whole schedule and aborted; now every count
    /// that sizes memory is refused before anything is built, naming the flag, the value and
    /// the range.
    #[test]
    fn huge_counts_are_refused_naming_the_flag_and_range() {
        for (flags, flag, max) in [
            ("--games 18446744073709551615", "--games", "100000"),
            ("--concurrency 18446744073709551615", "--concurrency", "256"),
            ("--max-plies 18446744073709551615", "--max-plies", "100000"),
            (
                "--openings random:18446744073709551615",
                "--openings",
                "1000",
            ),
        ] {
            let args = parse(&format!("tictactoe --agents random;greedy {flags}")).unwrap();
            let err = format!("{:#}", args.config().unwrap_err());
            assert!(
                err.contains(flag) && err.contains("18446744073709551615") && err.contains(max),
                "{flags}: {err}"
            );
        }
    }

    #[test]
    fn resume_takes_the_place_of_out_and_overwrite_needs_out() {
        let err = parse("tictactoe --agents random;greedy --resume a --out a").unwrap_err();
        assert!(err.contains("--resume") && err.contains("--out"), "{err}");
        let err = parse("tictactoe --agents random;greedy --overwrite").unwrap_err();
        assert!(err.contains("--out"), "{err}");
        let err = parse("tictactoe --agents random;greedy --resume a --overwrite").unwrap_err();
        assert!(err.contains("--overwrite"), "{err}");
    }

    /// `--out DIR` truncated the results already in DIR: they are kept unless `--overwrite`
    /// says otherwise, and `--resume` continues them.
    #[test]
    fn results_in_the_out_folder_are_kept_unless_overwritten() {
        let dir = scratch("kept");
        let base = "tictactoe --agents random;greedy --games 2 --concurrency 1 --openings none";
        let out = format!("{base} --out {}", dir.display());
        run(&parse(&out).unwrap()).unwrap();
        let games = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
        assert_eq!(games.lines().count(), 2);

        let err = format!("{:#}", run(&parse(&out).unwrap()).unwrap_err());
        assert!(
            err.contains("--out")
                && err.contains(&dir.display().to_string())
                && err.contains("--resume")
                && err.contains("--overwrite"),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("games.jsonl")).unwrap(),
            games
        );

        // Resuming a finished run plays nothing new; other settings are refused.
        run(&parse(&format!("{base} --resume {}", dir.display())).unwrap()).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("games.jsonl")).unwrap(),
            games
        );
        let err = format!(
            "{:#}",
            run(&parse(&format!("{base} --seed 9 --resume {}", dir.display())).unwrap())
                .unwrap_err()
        );
        assert!(
            err.contains("--resume") && err.contains("rng_seed was 1, now 9"),
            "{err}"
        );

        run(&parse(&format!("{out} --overwrite --seed 9")).unwrap()).unwrap();
        let games = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
        assert_eq!(games.lines().count(), 2);
        let config = std::fs::read_to_string(dir.join("config.json")).unwrap();
        assert!(config.contains("\"rng_seed\": 9"), "{config}");
        std::fs::remove_dir_all(&dir).unwrap();

        let err = format!(
            "{:#}",
            run(&parse(&format!("{base} --resume {}", dir.display())).unwrap()).unwrap_err()
        );
        assert!(err.contains("no run to resume"), "{err}");
    }
}
