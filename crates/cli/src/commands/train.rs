//! `ply train GAME --out DIR`: AlphaZero-style self-play training of a network for any
//! game, with a progress bar, checkpoints after every step, an evaluation gate and a
//! learning curve; `ply train --resume DIR` goes on after any stop.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once};

use anyhow::{bail, Context};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_core::{Described, Settings};
use ply_learn::run::{self, Control, Event, RunFolder, RunSettings};
use ply_learn::selfplay::SelfPlaySettings;
use ply_learn::NetSize;
use ply_registry::{GameId, Registered};

use crate::games::GameName;
use crate::variant::VariantArgs;

/// A flag's help with the default it leaves in place (`RunSettings::new`'s).
fn with_default(help: &str, default: impl std::fmt::Display) -> String {
    format!("{help} [default: {default}]")
}

/// Each flag left out keeps its default (`RunSettings::new`), and `--resume` keeps the
/// run's own.
#[derive(Args, Debug, Clone, Default)]
pub struct TrainArgs {
    /// The game to learn (left out with --resume, which reads it from the run).
    #[arg(value_enum, required_unless_present = "resume")]
    pub game: Option<GameName>,
    /// The run's folder, created for a new run: checkpoints, self-play games, model files
    /// (latest.plym, best.plym) and the learning curve (curve.svg).
    #[arg(long, value_name = "DIR", required_unless_present = "resume")]
    pub out: Option<PathBuf>,
    /// Go on with the run in DIR, with its own settings (--steps may lengthen it).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["game", "out"])]
    pub resume: Option<PathBuf>,
    #[arg(long, help = with_default("Training steps (batches) in all", RunSettings::STEPS))]
    pub steps: Option<u64>,
    #[arg(long, help = with_default("Seed of the first weights, the games and the batches", RunSettings::SEED))]
    pub seed: Option<u64>,
    #[arg(long, help = with_default("Self-play and evaluation threads", "the machine's cores"))]
    pub threads: Option<usize>,
    #[arg(long, help = with_default("Residual blocks of the network", NetSize::DEFAULT.blocks))]
    pub blocks: Option<usize>,
    #[arg(long, help = with_default("Channels of each convolution", NetSize::DEFAULT.channels))]
    pub channels: Option<usize>,
    #[arg(long, help = with_default(
        "Simulations of a full self-play search, whose visits are the policy target",
        SelfPlaySettings::default().simulations,
    ))]
    pub sims: Option<u64>,
    #[arg(long, help = with_default(
        "Simulations of a fast self-play search, whose move is not learned from; 0: every move in full",
        SelfPlaySettings::default().fast_simulations,
    ))]
    pub fast_sims: Option<u64>,
    #[arg(long, help = with_default(
        "The share of moves searched in full when --fast-sims is set",
        SelfPlaySettings::default().full_share,
    ))]
    pub full_share: Option<f64>,
    #[arg(long, help = with_default(
        "Moves drawn in proportion to their visits at the start of each self-play game",
        SelfPlaySettings::default().temperature_plies,
    ))]
    pub temperature_plies: Option<usize>,
    #[arg(long, help = with_default(
        "Self-play games each thread plays at once (their positions share network calls)",
        SelfPlaySettings::default().parallel_games,
    ))]
    pub parallel_games: Option<usize>,
    #[arg(long, help = with_default(
        "The PUCT exploration constant of self-play",
        SelfPlaySettings::default().exploration,
    ))]
    pub c: Option<f64>,
    #[arg(long, help = with_default(
        "A self-play game still going after this many plies is scored as a tie",
        SelfPlaySettings::default().max_plies,
    ))]
    pub max_plies: Option<usize>,
    #[arg(long, help = with_default(
        "Each self-play game opens with up to this many random moves (how many drawn per game), not learned from",
        SelfPlaySettings::default().random_plies,
    ))]
    pub random_plies: Option<usize>,
    #[arg(long, help = with_default(
        "Self-play games per round; each round is followed by its training steps",
        RunSettings::ROUND_GAMES,
    ))]
    pub round_games: Option<u64>,
    #[arg(long, help = with_default(
        "How often each new position is sampled for training, on average",
        RunSettings::SAMPLE_REUSE,
    ))]
    pub sample_reuse: Option<f64>,
    #[arg(long, help = with_default("Positions per training batch", RunSettings::BATCH))]
    pub batch: Option<usize>,
    #[arg(long, help = with_default("Positions the replay window keeps", RunSettings::WINDOW))]
    pub window: Option<usize>,
    #[arg(long, help = with_default("The optimizer's learning rate", RunSettings::LEARNING_RATE))]
    pub learning_rate: Option<f64>,
    #[arg(long, help = with_default(
        "The share of the search's value of a position in its value target, the rest the game's outcome",
        RunSettings::Q_SHARE,
    ))]
    pub q_share: Option<f64>,
    #[arg(long, value_name = "N", help = with_default(
        "An evaluation (gate and baseline match) every N steps",
        RunSettings::EVAL_EVERY,
    ))]
    pub eval_every: Option<u64>,
    #[arg(long, help = with_default("Simulations per move of the evaluation games", RunSettings::EVAL_SIMS))]
    pub eval_sims: Option<u64>,
    #[arg(long, help = with_default(
        "Games of the gate, the new net against the best; 0: no gate, self-play uses the newest net",
        RunSettings::GATE_GAMES,
    ))]
    pub gate_games: Option<usize>,
    #[arg(long, help = with_default(
        "The fixed opponent of the learning curve, an agent spec",
        RunSettings::BASELINE,
    ))]
    pub baseline: Option<String>,
    #[arg(long, help = with_default(
        "Games against the baseline at each evaluation",
        RunSettings::BASELINE_GAMES,
    ))]
    pub baseline_games: Option<usize>,
    #[command(flatten)]
    pub variant: VariantArgs,
}

impl TrainArgs {
    /// The settings of a new run, from the flags given over the defaults.
    fn new_run(&self, game: GameId, command: String) -> anyhow::Result<RunSettings> {
        let variant = self
            .variant
            .settings
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let mut s = RunSettings::new(game.name(), variant, command);
        self.apply(&mut s)?;
        Ok(s)
    }

    /// Overrides `s` with every flag given (by its name in `RunSettings::NAMES`).
    fn apply(&self, s: &mut RunSettings) -> anyhow::Result<()> {
        macro_rules! set {
            ($($flag:ident),*) => {
                $(if let Some(v) = &self.$flag {
                    s.set(stringify!($flag), &v.to_string()).map_err(anyhow::Error::msg)?;
                })*
            };
        }
        set!(
            steps,
            seed,
            threads,
            blocks,
            channels,
            sims,
            fast_sims,
            full_share,
            temperature_plies,
            parallel_games,
            c,
            max_plies,
            random_plies,
            round_games,
            sample_reuse,
            batch,
            window,
            learning_rate,
            q_share,
            eval_every,
            eval_sims,
            gate_games,
            baseline,
            baseline_games
        );
        Ok(())
    }

    /// Whether a flag other than --resume and --steps is given: a resumed run keeps its
    /// own settings.
    fn changes_a_resumed_run(&self) -> bool {
        let others = TrainArgs {
            steps: None,
            resume: None,
            ..self.clone()
        };
        let mut changed = RunSettings::new("", Vec::new(), String::new());
        let before = changed.clone();
        others.apply(&mut changed).is_err()
            || changed != before
            || !self.variant.settings.is_empty()
    }
}

/// The command line as given, for the model files' header: `ply` and the arguments (the
/// binary's path says nothing about the model).
fn command_line() -> String {
    std::iter::once("ply".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    let (settings, folder, resuming) = match &args.resume {
        Some(dir) => {
            if args.changes_a_resumed_run() {
                bail!(
                    "--resume goes on with the run's own settings ({}); only --steps may \
                     change: start a new run with --out to train with others",
                    dir.join("run.json").display()
                );
            }
            let folder = RunFolder::new(dir);
            let mut settings = folder.read_settings().map_err(anyhow::Error::msg)?;
            if let Some(steps) = args.steps {
                settings.steps = steps;
            }
            (settings, folder, true)
        }
        None => {
            let game = args.game.context("a game is needed")?;
            let out = args.out.as_ref().context("--out is needed")?;
            (
                args.new_run(game, command_line())?,
                RunFolder::new(out),
                false,
            )
        }
    };
    settings.validate().map_err(anyhow::Error::msg)?;
    let game = GameId::from_name(&settings.game)
        .with_context(|| format!("{}: unknown game {}", folder.dir.display(), settings.game))?;
    ply_registry::with_game!(game, |G| {
        let mut variant = Settings::new();
        for (k, v) in &settings.variant {
            variant.set(k.as_str(), v);
        }
        let start = G::from_settings(&variant)?;
        let catalog = <G as Registered>::catalog();
        install_interrupt_handler();
        let bar = Bar::new(&settings);
        let report = |event: Event| bar.show(event);
        let control = Control {
            report: &report,
            stop: &STOP,
        };
        let go = if resuming { run::resume } else { run::start };
        let outcome = go(
            &start,
            &catalog,
            &settings,
            &folder,
            &run::Threads,
            &control,
        );
        bar.finish();
        let outcome = outcome.map_err(anyhow::Error::msg)?;
        let p = &outcome.progress;
        let how = if outcome.interrupted {
            format!("stopped at step {} of {}", p.step, settings.steps)
        } else {
            format!("finished {} steps", p.step)
        };
        println!(
            "{how}: {} self-play games, {:.0} s in all; the newest net is {}, the best {} \
             (step {}); continue with `ply train --resume {}`",
            p.games,
            p.seconds,
            folder.latest_path().display(),
            folder.best_path().display(),
            p.best_step,
            folder.dir.display()
        );
        Ok(())
    })
}

/// Set by Ctrl-C: the run stops after the step in progress.
static STOP: AtomicBool = AtomicBool::new(false);

/// On the first Ctrl-C, sets [`STOP`]; on the second, quits at once (status 130): every
/// step finished so far is in the checkpoint, every game in its round's file.
fn install_interrupt_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])
        else {
            eprintln!("ply train: warning: Ctrl-C cannot be caught; it stops the run at once, losing at most the step in progress");
            return;
        };
        let _ = std::thread::Builder::new()
            .name("ply-interrupt".into())
            .spawn(move || {
                static PRESSES: AtomicUsize = AtomicUsize::new(0);
                for _ in signals.forever() {
                    if PRESSES.fetch_add(1, Ordering::SeqCst) == 0 {
                        STOP.store(true, Ordering::SeqCst);
                        eprintln!("\nply train: interrupted: stopping after the step in progress (Ctrl-C again to quit now)");
                    } else {
                        eprintln!("\nply train: quitting now; the run goes on from its last step with --resume");
                        std::process::exit(130);
                    }
                }
            });
    });
}

/// The progress bar: steps done of the run's steps, with the round's games and the last
/// losses and rating in its message.
struct Bar {
    bar: ProgressBar,
    last: Mutex<String>,
}

impl Bar {
    fn new(settings: &RunSettings) -> Self {
        let bar = ProgressBar::new(settings.steps);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} steps  {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        Bar {
            bar,
            last: Mutex::new(String::new()),
        }
    }

    fn show(&self, event: Event) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Started { progress, replay } => {
                self.bar.set_position(progress.step);
                self.say(format!(
                    "step {}, round {}, {} games played, {replay} positions in the window",
                    progress.step, progress.round, progress.games
                ));
            }
            Event::Game { done, of } => self
                .bar
                .set_message(format!("self-play {done}/{of}  {last}")),
            Event::Step { step, losses } => {
                self.bar.set_position(step);
                *last = format!(
                    "loss: policy {:.3}, value {:.3}",
                    losses.policy, losses.value
                );
                self.bar.set_message(last.clone());
            }
            Event::Evaluated(point) => {
                let mut parts = Vec::new();
                if let Some(g) = point.gate {
                    parts.push(format!(
                        "gate {:.0} % ({}-{}-{}){}",
                        100.0 * g.score,
                        g.wins,
                        g.draws,
                        g.losses,
                        if point.promoted { ", new best" } else { "" }
                    ));
                }
                if let Some(b) = point.baseline {
                    // A clean sweep has no finite Elo: its interval's open end says how far.
                    let elo = if b.elo.is_finite() {
                        format!("Elo {:+.0}", b.elo)
                    } else if b.score >= 1.0 {
                        format!("Elo above {:+.0}", b.elo_low)
                    } else {
                        format!("Elo below {:+.0}", b.elo_high)
                    };
                    parts.push(format!(
                        "baseline {:.0} % ({}-{}-{}), {elo}",
                        100.0 * b.score,
                        b.wins,
                        b.draws,
                        b.losses,
                    ));
                }
                if parts.is_empty() {
                    parts.push(
                        "no evaluation games (--gate-games and --baseline-games are 0)".into(),
                    );
                }
                self.say(format!("step {}: {}", point.step, parts.join("; ")));
            }
            Event::Note(note) => self.say(format!("note: {note}")),
        }
    }

    /// A line above the bar, or on standard error where there is no bar (not a terminal).
    fn say(&self, line: String) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
