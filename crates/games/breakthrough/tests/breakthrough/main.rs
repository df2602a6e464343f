//! Breakthrough against OpenSpiel: its perft counts from the start of 8x8 and 6x6, and 200
//! random positions of its games move list by move list; the conformance kit on boards of
//! every shape; the rules case by case (`rules.rs`); the agents (`agents.rs`).

mod agents;
mod openspiel;
mod rules;

use ply_breakthrough::Breakthrough;
use ply_core::conformance::{
    check_encoding, check_game, check_hashing, check_records, ConformanceConfig,
};
use ply_core::{perft, Described, Settings};

/// OpenSpiel's perft of `breakthrough` (8x8), depths 1 to 6.
const PERFT_8X8: [u64; 6] = [22, 484, 11_132, 256_036, 6_182_818, 149_264_638];

/// OpenSpiel's perft of `breakthrough(rows=6,columns=6)`, depths 1 to 7.
const PERFT_6X6: [u64; 7] = [16, 256, 4_308, 71_478, 1_248_290, 21_470_998, 381_006_806];

fn board(rows: usize, columns: usize) -> Breakthrough {
    Breakthrough::with_shape(rows, columns).unwrap()
}

fn check_perft(mut start: Breakthrough, counts: &[u64]) {
    for (depth, &count) in counts.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&mut start, depth), count, "depth {depth}");
    }
}

#[test]
fn perft_matches_openspiel_to_depth_5() {
    check_perft(Breakthrough::new(), &PERFT_8X8[..5]);
    check_perft(board(6, 6), &PERFT_6X6[..5]);
}

/// Depth 6 on 8x8 and 7 on 6x6: a few seconds at full speed (`ply perft` counts them too).
#[test]
#[ignore = "150 and 381 million leaves"]
fn perft_matches_openspiel_deeper() {
    check_perft(Breakthrough::new(), &PERFT_8X8);
    check_perft(board(6, 6), &PERFT_6X6);
}

/// Every shape of board: the defaults, OpenSpiel's 6x6, one row of pieces a side (fewer
/// than 6 rows), the smallest, the tallest, the widest and a full 64-cell word.
const SHAPES: &[(usize, usize)] = &[
    (8, 8),
    (6, 6),
    (5, 3),
    (2, 2),
    (3, 8),
    (9, 7),
    (32, 2),
    (2, 26),
    (4, 16),
];

#[test]
fn conformance_kit_on_every_shape() {
    let config = ConformanceConfig {
        games: 40,
        ..Default::default()
    };
    for &(rows, columns) in SHAPES {
        let settings = Settings::new().with("rows", rows).with("columns", columns);
        let start = Breakthrough::from_settings(&settings).unwrap();
        assert_eq!(start, board(rows, columns));
        check_game(&start, &config);
        check_hashing(&start, &config);
        check_encoding(&start, &config);
        check_records::<Breakthrough>(&settings, &config);
    }
}
