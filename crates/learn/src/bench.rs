//! How fast a network runs on this machine: evaluations per second by batch size, the time
//! of a training step, and self-play games per hour on some threads (`ply bench net`).

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ply_core::Encode;
use ply_search::puct::{Guidance, Guide, Leaf};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::guide::NetGuide;
use crate::input::{input_shape, write_input};
use crate::model::Model;
use crate::replay::Example;
use crate::selfplay::{play_games, SelfPlaySettings};
use crate::train::Trainer;
use crate::LearnRng;

/// `count` unfinished positions reached by random walks of up to 30 plies from `start`.
pub fn random_positions<G: Encode>(start: &G, count: usize, seed: u64) -> Vec<Leaf<G>> {
    let mut rng = LearnRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut moves = Vec::new();
    while out.len() < count {
        let mut state = start.clone();
        for _ in 0..rng.random_range(0..30) {
            state.legal_moves(&mut moves);
            match moves.choose(&mut rng) {
                Some(&mv) => state.play(mv),
                None => break,
            }
        }
        if !state.is_terminal() {
            state.legal_moves(&mut moves);
            out.push(Leaf {
                state,
                moves: moves.clone(),
            });
        }
    }
    out
}

/// Positions evaluated per second at batches of `batch` on `threads` threads at once (each
/// with its own batches), over about `duration`.
pub fn evaluations_per_second<G: Encode>(
    start: &G,
    model: Arc<Model>,
    batch: usize,
    threads: usize,
    duration: Duration,
) -> f64 {
    let leaves = random_positions(start, batch.max(1), 1);
    let clock = Instant::now();
    let evaluated: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let (model, leaves) = (model.clone(), &leaves);
                scope.spawn(move || {
                    let mut guide = NetGuide::<G>::new(model, "bench");
                    let mut out: Vec<Guidance> = Vec::new();
                    let mut evaluated = 0;
                    while evaluated == 0 || clock.elapsed() < duration {
                        guide.evaluate(leaves, &mut out);
                        evaluated += leaves.len();
                    }
                    evaluated
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(0)).sum()
    });
    evaluated as f64 / clock.elapsed().as_secs_f64()
}

/// Seconds per training step at batches of `batch` split into `parts` (their gradients on
/// as many threads), over `steps` steps (on random positions with uniform policy targets:
/// the cost, not the learning).
pub fn seconds_per_step<G: Encode>(
    start: &G,
    model: Model,
    batch: usize,
    parts: usize,
    steps: usize,
) -> f64 {
    let players = start.num_players();
    let examples: Vec<Example> = random_positions(start, batch.max(1), 2)
        .into_iter()
        .map(|leaf| {
            let len: usize = input_shape(&leaf.state).iter().product();
            let mut observation = vec![0.0; len];
            write_input(&leaf.state, &mut observation);
            let share = 1.0 / leaf.moves.len() as f32;
            Example {
                observation,
                policy: leaf
                    .moves
                    .iter()
                    .map(|&m| (leaf.state.action_of(m) as u32, share))
                    .collect(),
                values: vec![0.5; players],
            }
        })
        .collect();
    let batch: Vec<&Example> = examples.iter().collect();
    let mut trainer = Trainer::new(model, Default::default()).expect("a trainer for a fresh net");
    trainer.parts = parts;
    let clock = Instant::now();
    for _ in 0..steps.max(1) {
        trainer.step(&batch).expect("a training step");
    }
    clock.elapsed().as_secs_f64() / steps.max(1) as f64
}

/// Self-play on `threads` threads: games finished, positions played and the seconds taken.
pub fn self_play<G: Encode>(
    start: &G,
    model: Arc<Model>,
    settings: &SelfPlaySettings,
    threads: usize,
    games: u64,
) -> (u64, u64, f64) {
    let stop = AtomicBool::new(false);
    let done = Mutex::new((0u64, 0u64));
    let clock = Instant::now();
    std::thread::scope(|scope| {
        for t in 0..threads.max(1) {
            let (model, done, stop) = (model.clone(), &done, &stop);
            scope.spawn(move || {
                let mine = (t as u64..games).step_by(threads.max(1));
                play_games(start, model, settings, 1, mine, stop, |game| {
                    let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                    d.0 += 1;
                    d.1 += game.moves.len() as u64;
                });
            });
        }
    });
    let (games, positions) = *done.lock().unwrap_or_else(|e| e.into_inner());
    (games, positions, clock.elapsed().as_secs_f64())
}
