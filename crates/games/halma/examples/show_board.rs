//! Prints the start position of a board: `cargo run -p ply-halma --example show_board -- star 3`.

use ply_halma::{BoardKind, Halma};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind: BoardKind = args
        .first()
        .map_or(Ok(BoardKind::Star), |a| a.parse())
        .unwrap_or_else(|e| panic!("{e}"));
    let players: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    match Halma::new(kind, players) {
        Ok(state) => println!("{state}"),
        Err(e) => eprintln!("{e}"),
    }
}
