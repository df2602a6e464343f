//! A training step split into parts (their backward passes on threads) is the step on the
//! whole batch: with each part a copy of the other, every part's norm statistics are the
//! batch's, so the update must come out the same.

use ply_learn::input::input_shape;
use ply_learn::model::{Model, ModelHeader};
use ply_learn::net::NetSize;
use ply_learn::replay::Example;
use ply_learn::train::Trainer;
use ply_tictactoe::TicTacToe;

fn examples(count: usize) -> Vec<Example> {
    let start = TicTacToe::new();
    let len: usize = input_shape(&start).iter().product();
    (0..count)
        .map(|i| Example {
            observation: (0..len)
                .map(|j| ((i * 7 + j * 3) % 5) as f32 / 4.0)
                .collect(),
            policy: vec![((i % 9) as u32, 0.75), (((i + 4) % 9) as u32, 0.25)],
            values: vec![(i % 3) as f32 / 2.0, 1.0 - (i % 3) as f32 / 2.0],
        })
        .collect()
}

fn trainer(parts: usize) -> Trainer {
    let size = NetSize {
        blocks: 1,
        channels: 8,
    };
    let header = ModelHeader::for_game(&TicTacToe::new(), size, "test");
    let mut trainer = Trainer::new(Model::fresh(header, 3).unwrap(), Default::default()).unwrap();
    trainer.parts = parts;
    trainer
}

/// The trained weights (not the norms' running statistics, which each part's forward pass
/// updates in turn), flat, by name.
fn weights(trainer: &Trainer) -> Vec<(String, Vec<f32>)> {
    trainer
        .model
        .tensors()
        .into_iter()
        .filter(|(name, _)| !name.contains("running_"))
        .map(|(name, t)| (name, t.flatten_all().unwrap().to_vec1::<f32>().unwrap()))
        .collect()
}

#[test]
fn a_step_in_two_parts_is_the_step_on_the_whole_batch() {
    let half = examples(16);
    let twice: Vec<&Example> = half.iter().chain(&half).collect();
    let (mut whole, mut split) = (trainer(1), trainer(2));
    for _ in 0..3 {
        let a = whole.step(&twice).unwrap();
        let b = split.step(&twice).unwrap();
        assert!((a.policy - b.policy).abs() < 1e-5 && (a.value - b.value).abs() < 1e-5);
    }
    let before = weights(&trainer(1));
    let mut moved = false;
    for (((name, a), (_, b)), (_, start)) in
        weights(&whole).iter().zip(weights(&split)).zip(&before)
    {
        for ((a, b), s) in a.iter().zip(&b).zip(start) {
            assert!(
                (a - b).abs() <= 1e-4 * (1.0 + a.abs()),
                "{name}: {a} and {b}"
            );
            moved |= a != s;
        }
    }
    assert!(moved, "the steps changed no weight");
}
