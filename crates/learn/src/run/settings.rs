//! What a training run is: everything `ply train` was told, kept in the run's folder
//! (`run.json`) so `--resume` goes on with the same settings.

use serde::{Deserialize, Serialize};

use crate::net::NetSize;
use crate::optimizer::AdamSettings;
use crate::selfplay::SelfPlaySettings;

/// The settings of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunSettings {
    /// The game's name and the variant settings given (`width=8`), as the registry reads
    /// them.
    pub game: String,
    pub variant: Vec<(String, String)>,
    pub size: NetSize,
    pub selfplay: SelfPlaySettings,
    /// Training steps (batches) to run in all.
    pub steps: u64,
    /// Self-play games per round; a round's games are then trained on.
    pub round_games: u64,
    /// How many times each new position is sampled on average: a round trains
    /// `positions × sample_reuse / batch` steps.
    pub sample_reuse: f64,
    /// Positions per training batch.
    pub batch: usize,
    /// Positions the replay window keeps.
    pub window: usize,
    pub learning_rate: f64,
    pub weight_decay: f64,
    /// The share of the search's value of a position in its value target, the rest the
    /// game's outcome (`replay::value_targets`); 0, AlphaZero's: the outcome alone. Runs
    /// begun before it was a setting read 0.
    #[serde(default)]
    pub q_share: f64,
    /// An evaluation (gate and baseline match) every this many steps.
    pub eval_every: u64,
    /// Simulations per move of the evaluation games.
    pub eval_sims: u64,
    /// Games of the gate (the new net against the best); 0: no gate, self-play always
    /// uses the newest net.
    pub gate_games: usize,
    /// The score the new net needs against the best to replace it.
    pub gate_threshold: f64,
    /// The fixed opponent of the learning curve, an agent spec of the game.
    pub baseline: String,
    pub baseline_games: usize,
    /// Self-play and evaluation threads.
    pub threads: usize,
    /// Everything random derives from it.
    pub seed: u64,
    /// The command that started the run, as the model files record it.
    pub command: String,
}

impl RunSettings {
    pub const STEPS: u64 = 2000;
    pub const SEED: u64 = 1;
    pub const ROUND_GAMES: u64 = 64;
    pub const SAMPLE_REUSE: f64 = 4.0;
    pub const BATCH: usize = 256;
    pub const WINDOW: usize = 100_000;
    pub const LEARNING_RATE: f64 = 1e-3;
    pub const WEIGHT_DECAY: f64 = 1e-4;
    pub const Q_SHARE: f64 = 0.0;
    pub const EVAL_EVERY: u64 = 500;
    pub const EVAL_SIMS: u64 = 100;
    pub const GATE_GAMES: usize = 40;
    pub const GATE_THRESHOLD: f64 = 0.55;
    pub const BASELINE: &'static str = "mcts:iterations=800";
    pub const BASELINE_GAMES: usize = 40;

    /// A run of `game` (variant settings `variant`) with every other setting at its
    /// default; `command` is what made it.
    pub fn new(game: &str, variant: Vec<(String, String)>, command: String) -> Self {
        RunSettings {
            game: game.to_string(),
            variant,
            size: NetSize::DEFAULT,
            selfplay: SelfPlaySettings::default(),
            steps: Self::STEPS,
            round_games: Self::ROUND_GAMES,
            sample_reuse: Self::SAMPLE_REUSE,
            batch: Self::BATCH,
            window: Self::WINDOW,
            learning_rate: Self::LEARNING_RATE,
            weight_decay: Self::WEIGHT_DECAY,
            q_share: Self::Q_SHARE,
            eval_every: Self::EVAL_EVERY,
            eval_sims: Self::EVAL_SIMS,
            gate_games: Self::GATE_GAMES,
            gate_threshold: Self::GATE_THRESHOLD,
            baseline: Self::BASELINE.to_string(),
            baseline_games: Self::BASELINE_GAMES,
            threads: default_threads(),
            seed: Self::SEED,
            command,
        }
    }

    /// The names [`RunSettings::set`] takes: `ply train`'s flags with `_` for `-`, and
    /// Python's keyword arguments.
    pub const NAMES: &'static [&'static str] = &[
        "steps",
        "seed",
        "threads",
        "blocks",
        "channels",
        "sims",
        "fast_sims",
        "full_share",
        "temperature_plies",
        "parallel_games",
        "c",
        "max_plies",
        "random_plies",
        "round_games",
        "sample_reuse",
        "batch",
        "window",
        "learning_rate",
        "q_share",
        "eval_every",
        "eval_sims",
        "gate_games",
        "baseline",
        "baseline_games",
    ];

    /// Sets the setting called `name` (one of [`RunSettings::NAMES`]) from its text; the
    /// error names the setting and what it takes. Ranges are [`RunSettings::validate`]'s.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        fn parse<T: std::str::FromStr>(name: &str, value: &str, what: &str) -> Result<T, String> {
            value
                .trim()
                .parse()
                .map_err(|_| format!("{name} = {}: expected {what}", ply_core::quote(value)))
        }
        let whole = "a whole number";
        let number = "a number";
        let p = &mut self.selfplay;
        match name {
            "steps" => self.steps = parse(name, value, whole)?,
            "seed" => self.seed = parse(name, value, whole)?,
            "threads" => self.threads = parse(name, value, whole)?,
            "blocks" => self.size.blocks = parse(name, value, whole)?,
            "channels" => self.size.channels = parse(name, value, whole)?,
            "sims" => p.simulations = parse(name, value, whole)?,
            "fast_sims" => p.fast_simulations = parse(name, value, whole)?,
            "full_share" => p.full_share = parse(name, value, number)?,
            "temperature_plies" => p.temperature_plies = parse(name, value, whole)?,
            "parallel_games" => p.parallel_games = parse(name, value, whole)?,
            "c" => p.exploration = parse(name, value, number)?,
            "max_plies" => p.max_plies = parse(name, value, whole)?,
            "random_plies" => p.random_plies = parse(name, value, whole)?,
            "round_games" => self.round_games = parse(name, value, whole)?,
            "sample_reuse" => self.sample_reuse = parse(name, value, number)?,
            "batch" => self.batch = parse(name, value, whole)?,
            "window" => self.window = parse(name, value, whole)?,
            "learning_rate" => self.learning_rate = parse(name, value, number)?,
            "q_share" => self.q_share = parse(name, value, number)?,
            "eval_every" => self.eval_every = parse(name, value, whole)?,
            "eval_sims" => self.eval_sims = parse(name, value, whole)?,
            "gate_games" => self.gate_games = parse(name, value, whole)?,
            "baseline" => self.baseline = value.trim().to_string(),
            "baseline_games" => self.baseline_games = parse(name, value, whole)?,
            _ => {
                return Err(format!(
                    "no setting {}: the settings are {}",
                    ply_core::quote(name),
                    Self::NAMES.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// The optimizer's settings.
    pub fn adam(&self) -> AdamSettings {
        AdamSettings {
            learning_rate: self.learning_rate,
            weight_decay: self.weight_decay,
            ..AdamSettings::default()
        }
    }

    /// Checks what serde cannot: every number in its range. The error names the setting
    /// (as its `ply train` flag) and the range.
    pub fn validate(&self) -> Result<(), String> {
        fn range<T: PartialOrd + std::fmt::Display>(
            flag: &str,
            value: T,
            low: T,
            high: T,
        ) -> Result<(), String> {
            if value >= low && value <= high {
                Ok(())
            } else {
                Err(format!("{flag} {value} is out of range: {low} to {high}"))
            }
        }
        let s = &self.selfplay;
        range("--steps", self.steps, 1, 100_000_000)?;
        range("--round-games", self.round_games, 1, 100_000)?;
        range("--sample-reuse", self.sample_reuse, 0.01, 1000.0)?;
        range("--batch", self.batch, 1, 8192)?;
        range("--window", self.window, 1, 10_000_000)?;
        range("--learning-rate", self.learning_rate, 1e-7, 1.0)?;
        range("--weight-decay", self.weight_decay, 0.0, 1.0)?;
        range("--q-share", self.q_share, 0.0, 1.0)?;
        range("--eval-every", self.eval_every, 1, 100_000_000)?;
        range("--eval-sims", self.eval_sims, 1, 100_000)?;
        range("--gate-games", self.gate_games, 0, 10_000)?;
        range("--gate-threshold", self.gate_threshold, 0.0, 1.0)?;
        range("--baseline-games", self.baseline_games, 0, 10_000)?;
        range("--threads", self.threads, 1, 256)?;
        range("--blocks", self.size.blocks, 0, NetSize::MAX_BLOCKS)?;
        range("--channels", self.size.channels, 1, NetSize::MAX_CHANNELS)?;
        range("--sims", s.simulations, 1, 100_000)?;
        range("--fast-sims", s.fast_simulations, 0, 100_000)?;
        range("--full-share", s.full_share, 0.0, 1.0)?;
        range("--parallel-games", s.parallel_games, 1, 4096)?;
        range("--leaf-batch", s.batch, 1, 256)?;
        range("--temperature-plies", s.temperature_plies, 0, 100_000)?;
        range("--c", s.exploration, 0.0, 100.0)?;
        range("--noise", s.noise_fraction, 0.0, 1.0)?;
        range("--max-plies", s.max_plies, 1, 100_000)?;
        range("--random-plies", s.random_plies, 0, 100_000)?;
        if s.random_plies >= s.max_plies {
            return Err(format!(
                "--random-plies {} with --max-plies {}: a game could end in its random opening, \
                 with nothing searched; give fewer random plies than --max-plies",
                s.random_plies, s.max_plies
            ));
        }
        if s.fast_simulations > 0 && s.full_share == 0.0 {
            return Err(format!(
                "--full-share 0 with --fast-sims {}: no move would be searched in full, so \
                 there would be nothing to learn from; give a share above 0, or --fast-sims 0 \
                 to search every move in full",
                s.fast_simulations
            ));
        }
        Ok(())
    }
}

/// The machine's cores (what `--threads` defaults to).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
