//! `ply tune quoridor RECORDS…`: fits the race evaluation's weights to the outcomes of
//! recorded games (Texel's method, `ply_search::texel`) and prints them with the agent spec
//! that plays them, so `ply arena --sprt` can measure them against the weights in use.
//!
//! Every position of every finished game is one sample: the race's features for the player
//! to move, and that player's final score. Whole games (every `holdout`-th) are held out to
//! judge the fit on positions it never saw.

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use ply_core::record::Record;
use ply_core::{Evaluator, Game, LinearEvaluator};
use ply_quoridor::race::{RaceEval, RACE_FEATURE_NAMES};
use ply_quoridor::Quoridor;
use ply_search::texel::{fit, fit_scale, log_loss, to_weights, Sample};

use crate::start::read_records;

/// The games with an evaluation that is a weighted sum of features.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum TunableGame {
    /// Quoridor's race evaluation (`eval=race`).
    Quoridor,
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game whose evaluation to fit.
    #[arg(value_enum)]
    pub game: TunableGame,
    /// Files of game records (`ply arena --out DIR` writes DIR/records.txt).
    #[arg(required = true)]
    pub records: Vec<PathBuf>,
    /// Leave out the first N plies of every game (random openings say little).
    #[arg(long, default_value_t = 0)]
    pub skip: usize,
    /// Hold out every K-th game to judge the fit (0: fit on every game, judge on the same).
    #[arg(long, default_value_t = 10)]
    pub holdout: usize,
    /// The evaluation the fit is compared with: race (the default's weights), race-dead,
    /// race-v3 (the weights as fitted), race-v2 (the hand-set ones) or race-v1.
    #[arg(long, default_value = "race")]
    pub eval: String,
    /// Ridge penalty on the weights (on features scaled to unit spread), 0 to 1.
    #[arg(long, default_value_t = 1e-4)]
    pub ridge: f64,
}

pub fn run(args: &TuneArgs) -> anyhow::Result<()> {
    if !(0.0..=1.0).contains(&args.ridge) {
        bail!(
            "--ridge {}: the ridge penalty must be from 0 to 1",
            args.ridge
        );
    }
    let mut records = Vec::new();
    for path in &args.records {
        records.extend(read_records(path)?);
    }
    let Some(eval) = RaceEval::named(args.eval.trim()) else {
        bail!(
            "--eval {}: the evaluations with fitted features are {}",
            ply_core::quote(&args.eval),
            ply_quoridor::race::RACE_EVAL_NAMES.join(", ")
        );
    };
    let (mut train, mut test) = (Vec::new(), Vec::new());
    // The evaluation's own values, one feature each: `race` prices a wall in hand by the
    // board and the walls, so no single set of weights is what it plays on every record.
    let (mut train_own, mut test_own) = (Vec::new(), Vec::new());
    let (mut games, mut held_out) = (0, 0);
    let mut boards = Vec::new();
    for (index, record) in records.iter().enumerate() {
        let Some(game) = samples_of(record, &eval, args.skip)
            .with_context(|| format!("record {} of the files given", index + 1))?
        else {
            continue;
        };
        games += 1;
        if !boards.iter().any(|b: &Quoridor| same_board(b, &game.start)) {
            boards.push(game.start);
        }
        if args.holdout > 0 && games % args.holdout == 0 {
            held_out += 1;
            test.extend(game.samples);
            test_own.extend(game.own_values);
        } else {
            train.extend(game.samples);
            train_own.extend(game.own_values);
        }
    }
    if train.is_empty() {
        bail!(
            "no finished two-player Quoridor game with a position after ply {} in the records \
             given",
            args.skip
        );
    }
    let (judged, judged_own) = if test.is_empty() {
        (&train, &train_own)
    } else {
        (&test, &test_own)
    };
    if test.is_empty() {
        println!(
            "{} positions from {} games to fit, and judged on the same (no game held out)",
            train.len(),
            games
        );
    } else {
        println!(
            "{} positions from {} games to fit; {} positions from {} held-out games to judge",
            train.len(),
            games - held_out,
            test.len(),
            held_out
        );
    }
    let result = fit(&train, args.ridge)?;
    // The weights the evaluation plays on the first record's board (the one board of most
    // files; the note below names it where the records hold several).
    let hand: Vec<f64> = eval
        .weights_at(&boards[0])
        .iter()
        .map(|&w| w as f64)
        .collect();
    let mut fitted = to_weights(&result.beta, 0, 100.0)?;
    // The games say nothing of a feature they never vary: it keeps its weight.
    for &j in &result.unfitted {
        fitted[j] = hand[j];
    }
    let rounded: Vec<f64> = fitted.iter().map(|w| w.round()).collect();
    println!();
    println!("{:<14} {:>8} {:>10}", "feature", eval.name(), "fitted");
    for (j, name) in RACE_FEATURE_NAMES.iter().enumerate() {
        let note = if result.unfitted.contains(&j) {
            "  (0 in every position: kept)"
        } else {
            ""
        };
        println!("{name:<14} {:>8} {:>10.1}{note}", hand[j], fitted[j]);
    }
    if boards.len() > 1 {
        println!(
            "({}'s weights on {}x{} with {} walls each, the first record's board: the \
             records hold {} boards, and its log loss below is of its own values on each)",
            eval.name(),
            boards[0].size(),
            boards[0].size(),
            boards[0].walls_per_player(),
            boards.len()
        );
    }
    // Each set of weights judged at its best scale on the fitting games (the scale only
    // turns values into odds; the search never sees it).
    let judge = |weights: &[f64]| {
        let k = fit_scale(&train, weights);
        (k, log_loss(judged, weights, k))
    };
    let k_hand = fit_scale(&train_own, &[1.0]);
    let loss_hand = log_loss(judged_own, &[1.0], k_hand);
    let (k_fit, loss_fit) = judge(&rounded);
    let base = log_loss(judged, &vec![0.0; hand.len()], 0.0);
    println!();
    println!("log loss on the judged positions (a coin: {base:.4}):");
    println!(
        "  {:<8} {loss_hand:.4}   (one step of the race = {:.3} in log odds)",
        eval.name(),
        100.0 * k_hand
    );
    println!(
        "  {:<8} {loss_fit:.4}   (one step of the race = {:.3} in log odds)",
        "fitted",
        100.0 * k_fit
    );
    println!();
    println!("play them: strongest:weights={}", spec_weights(&rounded));
    Ok(())
}

/// Rounded weights as the `weights=` key of a spec takes them: integers joined by `/`, so
/// that a weight rounded from just below zero reads 0, not -0.
fn spec_weights(rounded: &[f64]) -> String {
    let words: Vec<String> = rounded.iter().map(|&w| (w as i64).to_string()).collect();
    words.join("/")
}

/// The samples of one finished two-player game.
struct GameSamples {
    /// The position the game started from.
    start: Quoridor,
    /// Each position's features for the mover and the mover's final score.
    samples: Vec<Sample>,
    /// The same positions with the weighted sum the evaluation plays there as their one
    /// feature.
    own_values: Vec<Sample>,
}

/// The samples of one record; none for an unfinished game or one of more than two players.
fn samples_of(
    record: &Record,
    eval: &RaceEval,
    skip: usize,
) -> anyhow::Result<Option<GameSamples>> {
    let Some(scores) = record.scores() else {
        return Ok(None);
    };
    let replay = record.replay::<Quoridor>()?;
    if replay.start.players() != 2 || scores.len() != 2 {
        return Ok(None);
    }
    // The weights follow the board and the walls each player starts with: one game's.
    let weights = eval.weights_at(&replay.start);
    let (mut samples, mut own_values) = (Vec::new(), Vec::new());
    for position in replay.positions().into_iter().skip(skip) {
        let mover = position.to_move();
        if let Some(features) = eval.features(&position, mover) {
            let outcome = scores[mover].clamp(0.0, 1.0);
            let features: Vec<f64> = features.into_iter().map(f64::from).collect();
            let own: f64 = features
                .iter()
                .zip(weights)
                .map(|(f, w)| f * w as f64)
                .sum();
            samples.push(Sample { features, outcome });
            own_values.push(Sample {
                features: vec![own],
                outcome,
            });
        }
    }
    Ok((!samples.is_empty()).then_some(GameSamples {
        start: replay.start,
        samples,
        own_values,
    }))
}

/// Whether two games start on the same board with the same walls (where `race` prices a
/// wall alike).
fn same_board(a: &Quoridor, b: &Quoridor) -> bool {
    a.size() == b.size() && a.walls_per_player() == b.walls_per_player()
}

#[cfg(test)]
mod tests {
    use super::spec_weights;

    #[test]
    fn weights_read_as_integers_without_a_negative_zero() {
        let rounded = [100.0, (-0.2f64).round(), -33.0, 922.0];
        assert_eq!(spec_weights(&rounded), "100/0/-33/922");
    }
}
