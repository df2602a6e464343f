//! `ply train`'s loop, for any game: rounds of self-play games, each followed by training
//! steps on the replay window; every `eval_every` steps the new net meets the gate's best
//! (it replaces it if it scores `gate_threshold`) and the fixed baseline (the learning
//! curve's rating).
//!
//! A stop at any moment loses at most the step in progress (see [`folder`]): `--resume`
//! reads the checkpoint, the round's games already played and the replay window back, and
//! goes on. Reproducibility: with the same seed every game's seed, the first weights and
//! every batch's sample are the same, and a round's games are learned from in the order of
//! their numbers whichever thread finished first; what can still differ between two runs is
//! the float rounding of a network call, which depends on how many positions share it (the
//! threads' timing), so two runs agree exactly only on one thread.

pub mod checkpoint;
pub mod curve;
pub mod evaluate;
pub mod folder;
pub mod settings;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

use ply_core::{Encode, ZobristHash};
use ply_search::spec::Catalog;
use rand::SeedableRng;

use crate::model::{Model, ModelHeader};
use crate::replay::{examples_of, Replay};
use crate::selfplay::{game_seed, play_games, GameRecord};
use crate::train::{Losses, Trainer};
use crate::LearnRng;

pub use checkpoint::Progress;
pub use curve::CurvePoint;
pub use evaluate::{play_match, MatchResult, MatchSettings, Opponent};
pub use folder::RunFolder;
pub use settings::RunSettings;

/// What the loop reports as it goes.
#[derive(Debug, Clone)]
pub enum Event {
    /// The run (re)started at this progress.
    Started { progress: Progress, replay: usize },
    /// A self-play game of the round finished: `done` of `of`.
    Game { done: u64, of: u64 },
    /// A training step.
    Step { step: u64, losses: Losses },
    /// An evaluation.
    Evaluated(CurvePoint),
    /// Something the user should know (a dropped line, a note on the run).
    Note(String),
}

/// How the loop is watched and stopped.
pub struct Control<'a> {
    pub report: &'a (dyn Fn(Event) + Sync),
    /// Once set, the loop stops after the step (or between the games) in progress.
    pub stop: &'a AtomicBool,
}

/// Who plays a round's self-play games: this process's threads ([`Threads`]), or the
/// workers of a cluster (`ply.cluster.train` in Python). What a game is depends only on the
/// net, the settings and its index (`selfplay::game_seed`), so any player gives the same
/// games, and a game played twice (a worker killed and its task retried) is the same game.
pub trait SelfPlayer<G: Encode>: Sync {
    /// Plays the games `indices` of the run with `net`, handing each finished game to
    /// `done` (an error from it ends the round). Returns once every game is played, or
    /// early once `stop` is set.
    fn play(
        &self,
        start: &G,
        net: &Arc<Model>,
        settings: &RunSettings,
        indices: &[u64],
        stop: &AtomicBool,
        done: &mut dyn FnMut(GameRecord) -> Result<(), String>,
    ) -> Result<(), String>;
}

/// Self-play on this process's threads (`settings.threads`), each playing its share of the
/// games several at a time.
pub struct Threads;

impl<G: Encode> SelfPlayer<G> for Threads {
    fn play(
        &self,
        start: &G,
        net: &Arc<Model>,
        settings: &RunSettings,
        indices: &[u64],
        stop: &AtomicBool,
        done: &mut dyn FnMut(GameRecord) -> Result<(), String>,
    ) -> Result<(), String> {
        let threads = settings.threads.max(1).min(indices.len().max(1));
        let (sender, receiver) = mpsc::channel::<GameRecord>();
        std::thread::scope(|scope| -> Result<(), String> {
            for t in 0..threads {
                let mine: Vec<u64> = indices.iter().copied().skip(t).step_by(threads).collect();
                let sender = sender.clone();
                let net = net.clone();
                scope.spawn(move || {
                    play_games(
                        start,
                        net,
                        &settings.selfplay,
                        settings.seed,
                        mine,
                        stop,
                        |game| {
                            let _ = sender.send(game);
                        },
                    );
                });
            }
            drop(sender);
            for game in receiver {
                done(game)?;
            }
            Ok(())
        })
    }
}

/// How a session of the run ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub progress: Progress,
    /// Whether it stopped before its last step (Ctrl-C).
    pub interrupted: bool,
}

/// Starts a new run in `folder` (which must not hold one) from `start`.
pub fn start<G: Encode + ZobristHash>(
    start: &G,
    catalog: &Catalog<G>,
    settings: &RunSettings,
    folder: &RunFolder,
    player: &dyn SelfPlayer<G>,
    control: &Control,
) -> Result<Outcome, String> {
    settings.validate()?;
    if folder.has_run() {
        return Err(format!(
            "{} holds a training run already: continue it with `ply train --resume {}`, or \
             give another --out",
            ply_core::files::shown(&folder.dir),
            folder.dir.display()
        ));
    }
    catalog
        .build_for(&settings.baseline, 1, start)
        .map_err(|e| format!("--baseline: {e}"))?;
    folder.create(settings)?;
    let header = ModelHeader::for_game(start, settings.size, &settings.command);
    let model = Model::fresh(header, settings.seed).map_err(|e| e.to_string())?;
    let trainer = Trainer::new(model, settings.adam()).map_err(|e| e.to_string())?;
    let progress = Progress::start();
    checkpoint::save(&folder.checkpoint_path(), &trainer, &progress)?;
    trainer
        .model
        .save(&folder.best_path())
        .map_err(|e| e.to_string())?;
    run_loop(
        start, catalog, settings, folder, player, trainer, progress, control,
    )
}

/// Goes on with the run in `folder`, to `settings.steps` steps in all.
pub fn resume<G: Encode + ZobristHash>(
    start: &G,
    catalog: &Catalog<G>,
    settings: &RunSettings,
    folder: &RunFolder,
    player: &dyn SelfPlayer<G>,
    control: &Control,
) -> Result<Outcome, String> {
    settings.validate()?;
    let (trainer, progress) = checkpoint::load(&folder.checkpoint_path(), settings.adam())?;
    let source = ply_core::files::shown(&folder.checkpoint_path());
    trainer
        .model
        .check_fits(start, &source)
        .map_err(|e| e.to_string())?;
    run_loop(
        start, catalog, settings, folder, player, trainer, progress, control,
    )
}

/// The examples of every game of `round`, in the order of their numbers.
fn round_examples<G: Encode>(
    start: &G,
    mut games: Vec<GameRecord>,
    q_share: f64,
) -> Result<Vec<crate::replay::Example>, String> {
    games.sort_by_key(|g| g.index);
    let mut out = Vec::new();
    for game in &games {
        out.extend(examples_of(start, game, q_share as f32)?);
    }
    Ok(out)
}

/// The replay window as it stood before `round`: the newest rounds' examples, oldest first.
fn rebuild_replay<G: Encode>(
    start: &G,
    folder: &RunFolder,
    settings: &RunSettings,
    rounds_done: u64,
    control: &Control,
) -> Result<Replay, String> {
    let mut rounds = Vec::new();
    let mut held = 0;
    for round in (0..rounds_done).rev() {
        let (games, dropped) = folder.read_round(round)?;
        if dropped > 0 {
            (control.report)(Event::Note(format!(
                "round {round}: {dropped} damaged line(s) of its games file skipped"
            )));
        }
        let examples = round_examples(start, games, settings.q_share)
            .map_err(|e| format!("round {round}: {e}"))?;
        held += examples.len();
        rounds.push(examples);
        if held >= settings.window {
            break;
        }
    }
    let mut replay = Replay::new(settings.window);
    for examples in rounds.into_iter().rev() {
        replay.add(examples);
    }
    Ok(replay)
}

#[allow(clippy::too_many_arguments)]
fn run_loop<G: Encode + ZobristHash>(
    start: &G,
    catalog: &Catalog<G>,
    settings: &RunSettings,
    folder: &RunFolder,
    player: &dyn SelfPlayer<G>,
    mut trainer: Trainer,
    mut progress: Progress,
    control: &Control,
) -> Result<Outcome, String> {
    // Each step's gradient on the run's threads (see `train`).
    trainer.parts = settings.threads.max(1);
    let session = Instant::now();
    let seconds_before = progress.seconds;
    let rounds_done = progress.round + u64::from(progress.steps_left.is_some());
    let mut replay = rebuild_replay(start, folder, settings, rounds_done, control)?;
    let mut best = Arc::new(Model::read(&folder.best_path()).map_err(|e| e.to_string())?);
    (control.report)(Event::Started {
        progress: progress.clone(),
        replay: replay.len(),
    });
    let stopped = || control.stop.load(Ordering::Relaxed);
    let save = |trainer: &Trainer, progress: &mut Progress| {
        progress.seconds = seconds_before + session.elapsed().as_secs_f64();
        checkpoint::save(&folder.checkpoint_path(), trainer, progress)
    };
    while progress.step < settings.steps && !stopped() {
        if progress.steps_left.is_none() {
            let self_play_net = if settings.gate_games == 0 {
                Arc::new(trainer.model.snapshot().map_err(|e| e.to_string())?)
            } else {
                best.clone()
            };
            let Some(games) = self_play_round(
                start,
                settings,
                folder,
                player,
                &self_play_net,
                progress.round,
                control,
            )?
            else {
                break;
            };
            progress.games += games.new;
            trainer.model.header.games = progress.games;
            let examples = round_examples(start, games.all, settings.q_share)
                .map_err(|e| format!("round {}: {e}", progress.round))?;
            let positions = examples.len() as f64;
            replay.add(examples);
            let steps = (positions * settings.sample_reuse / settings.batch as f64).ceil() as u64;
            // A window still empty (every move of every game so far a fast one) has nothing to
            // train on: the next round plays on.
            let least = u64::from(!replay.is_empty());
            progress.steps_left = Some(steps.max(least).min(settings.steps - progress.step));
            save(&trainer, &mut progress)?;
        }
        // A resumed run may end before the round's steps are done (--steps shortened it);
        // the rest wait in the checkpoint for a longer run.
        while progress.step < settings.steps
            && progress.steps_left.is_some_and(|left| left > 0)
            && !stopped()
        {
            let mut rng =
                LearnRng::seed_from_u64(game_seed(settings.seed ^ 0x0BA7_C4E5, progress.step));
            let batch = replay.sample(settings.batch, &mut rng);
            let losses = trainer.step(&batch).map_err(|e| e.to_string())?;
            progress.step += 1;
            progress.steps_left = progress.steps_left.map(|left| left - 1);
            curve::append_losses(&folder.losses_path(), progress.step, &losses)?;
            (control.report)(Event::Step {
                step: progress.step,
                losses,
            });
            if progress.step.is_multiple_of(settings.eval_every) || progress.step == settings.steps
            {
                best = evaluate(
                    start,
                    catalog,
                    settings,
                    folder,
                    &trainer,
                    best,
                    &mut progress,
                    control,
                )?;
            }
            save(&trainer, &mut progress)?;
        }
        if progress.steps_left == Some(0) {
            progress.round += 1;
            progress.steps_left = None;
            save(&trainer, &mut progress)?;
        }
    }
    trainer
        .model
        .save(&folder.latest_path())
        .map_err(|e| e.to_string())?;
    Ok(Outcome {
        interrupted: progress.step < settings.steps,
        progress,
    })
}

/// A round's games: all of them, and how many this session played.
struct RoundGames {
    all: Vec<GameRecord>,
    new: u64,
}

/// Plays the games of `round` not yet in its file, on the run's threads. `None` if the
/// run was stopped before they all finished (the finished ones are in the file).
fn self_play_round<G: Encode>(
    start: &G,
    settings: &RunSettings,
    folder: &RunFolder,
    player: &dyn SelfPlayer<G>,
    net: &Arc<Model>,
    round: u64,
    control: &Control,
) -> Result<Option<RoundGames>, String> {
    let (mut all, dropped) = folder.read_round(round)?;
    let first = round * settings.round_games;
    let indices = first..first + settings.round_games;
    all.retain(|g| indices.contains(&g.index));
    if dropped > 0 {
        // A line cut short by a stop: rewrite the file with the games that read, so the
        // next game is not appended to the broken line.
        (control.report)(Event::Note(format!(
            "round {round}: {dropped} damaged line(s) of its games file dropped"
        )));
        folder.rewrite_round(round, &all)?;
    }
    let played: HashSet<u64> = all.iter().map(|g| g.index).collect();
    let todo: Vec<u64> = indices.filter(|i| !played.contains(i)).collect();
    let of = settings.round_games;
    let mut new = 0;
    (control.report)(Event::Game {
        done: all.len() as u64,
        of,
    });
    player.play(start, net, settings, &todo, control.stop, &mut |game| {
        // A game of another index (a player's mistake) is not this round's.
        if !todo.contains(&game.index) || all.iter().any(|g| g.index == game.index) {
            return Ok(());
        }
        folder.append_game(round, &game)?;
        all.push(game);
        new += 1;
        (control.report)(Event::Game {
            done: all.len() as u64,
            of,
        });
        Ok(())
    })?;
    if all.len() < settings.round_games as usize {
        return Ok(None);
    }
    Ok(Some(RoundGames { all, new }))
}

/// The gate and the baseline match of the trainer's net; returns the best net after it.
#[allow(clippy::too_many_arguments)]
fn evaluate<G: Encode + ZobristHash>(
    start: &G,
    catalog: &Catalog<G>,
    settings: &RunSettings,
    folder: &RunFolder,
    trainer: &Trainer,
    best: Arc<Model>,
    progress: &mut Progress,
    control: &Control,
) -> Result<Arc<Model>, String> {
    let candidate = Arc::new(trainer.model.snapshot().map_err(|e| e.to_string())?);
    candidate
        .save(&folder.latest_path())
        .map_err(|e| e.to_string())?;
    let match_settings = |games: usize, salt: u64| MatchSettings {
        games,
        sims: settings.eval_sims,
        threads: settings.threads,
        max_plies: settings.selfplay.max_plies,
        seed: game_seed(settings.seed ^ salt, progress.step),
    };
    let gate = if settings.gate_games > 0 {
        Some(play_match(
            start,
            candidate.clone(),
            Opponent::Net(best.clone()),
            &match_settings(settings.gate_games, 0x6A7E),
        )?)
    } else {
        None
    };
    let promoted = gate.is_none_or(|g| g.score >= settings.gate_threshold);
    let best = if promoted {
        candidate
            .save(&folder.best_path())
            .map_err(|e| e.to_string())?;
        progress.best_step = progress.step;
        candidate.clone()
    } else {
        best
    };
    let baseline = if settings.baseline_games > 0 {
        Some(play_match(
            start,
            candidate,
            Opponent::Spec {
                catalog,
                spec: &settings.baseline,
            },
            &match_settings(settings.baseline_games, 0xBA5E),
        )?)
    } else {
        None
    };
    progress.evaluated_step = progress.step;
    let point = CurvePoint {
        step: progress.step,
        games: progress.games,
        seconds: progress.seconds,
        baseline,
        gate,
        promoted,
    };
    curve::append_point(&folder.curve_path(), &point)?;
    let title = format!(
        "{}: rating against {} ({} sims a move)",
        trainer.model.header.game_and_variant(),
        settings.baseline,
        settings.eval_sims
    );
    let points = curve::read_points(&folder.curve_path())?;
    let losses = curve::read_losses(&folder.losses_path())?;
    if let Err(e) = curve::draw(&folder.plot_path(), &title, &points, &losses) {
        (control.report)(Event::Note(format!(
            "the learning curve was not drawn: {e}"
        )));
    }
    (control.report)(Event::Evaluated(point));
    Ok(best)
}
