//! Othello against the published counts and OpenSpiel: perft from the 8x8 start, random
//! positions of OpenSpiel's games move list by move list (`openspiel.rs`); the conformance
//! kit on every board; the rules case by case (`rules.rs`); the agents (`agents.rs`).

mod agents;
mod openspiel;
mod rules;

use ply_core::conformance::{
    check_encoding, check_game, check_hashing, check_records, ConformanceConfig,
};
use ply_core::{perft, Described, Game, Settings};
use ply_othello::Othello;

/// The published perft of 8x8 Othello from the start, depths 1 to 9 (README.md: a pass is
/// a move).
const PERFT_8X8: [u64; 9] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];

fn check_perft(mut start: Othello, counts: &[u64]) {
    for (depth, &count) in counts.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&mut start, depth), count, "depth {depth}");
    }
}

/// Depth 9 is 3 million leaves, a fraction of a second.
#[test]
fn perft_matches_the_published_counts_to_depth_9() {
    check_perft(Othello::new(), &PERFT_8X8);
}

/// The published depth 10 is 24,571,284: it counts the 228 games that end at ply 9 once
/// more, as if a finished game had one move left. ply counts nothing below a finished game,
/// so its depth 10 is 228 fewer (docs/results/othello.md; `ply perft othello --depth 10`).
#[test]
#[ignore = "24 million leaves, a few seconds"]
fn perft_at_depth_10_counts_nothing_below_a_finished_game() {
    let mut start = Othello::new();
    assert_eq!(perft(&mut start, 10), 24_571_284 - 228);
}

/// How many games end at exactly `plies` plies from `state`.
fn games_ending_at(state: &mut Othello, plies: u32) -> u64 {
    if state.is_terminal() {
        return u64::from(plies == 0);
    }
    if plies == 0 {
        return 0;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            state.play(mv);
            let ended = games_ending_at(state, plies - 1);
            state.undo(mv);
            ended
        })
        .sum()
}

#[test]
fn the_first_games_to_end_end_at_ply_9_and_there_are_228() {
    let mut start = Othello::new();
    assert_eq!(
        (1..=8)
            .map(|plies| games_ending_at(&mut start, plies))
            .sum::<u64>(),
        0
    );
    assert_eq!(games_ending_at(&mut start, 9), 228);
}

#[test]
fn conformance_kit_on_every_board() {
    let config = ConformanceConfig {
        games: 40,
        ..Default::default()
    };
    for size in [8, 6, 4] {
        let settings = Settings::new().with("size", size);
        let start = Othello::from_settings(&settings).unwrap();
        assert_eq!(start, Othello::with_size(size).unwrap());
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
        check_records::<Othello>(&settings, &config);
    }
}
