//! Prints an analysis suite (crates/games/connect4/src/testset/suite.rs) with every score
//! unknown (`?`): `cargo run --release -p ply-connect4 --example analysis_suite --
//! [WIDTH HEIGHT [COUNT [SEED]]]` (default 7 6 1000 43). `ply solve connect4 --analyze`
//! scores its positions (docs/results/connect4.md, "The analysis suite").

use ply_connect4::testset::suite::{generate, suite_line, Expected, SUITE_POSITIONS, SUITE_SEED};
use ply_connect4::Connect4;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| -> usize {
        args.get(i).map_or(default, |a| {
            a.parse()
                .unwrap_or_else(|_| panic!("argument {}: {a:?} is not a whole number", i + 1))
        })
    };
    let start = Connect4::new(number(0, 7), number(1, 6), 4).expect("a board ply plays");
    let count = number(2, SUITE_POSITIONS);
    let seed = number(3, SUITE_SEED as usize) as u64;
    let unknown = vec![Expected::Unknown; start.width()];
    for moves in generate(&start, seed, count) {
        println!("{}", suite_line(&moves, &unknown));
    }
}
