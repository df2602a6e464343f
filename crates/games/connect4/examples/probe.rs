use ply_connect4::{Connect4, Solver};
use std::time::Instant;
fn main() {
    let s = Connect4::standard()
        .after("2252576253462244111563365343671351441")
        .unwrap();
    let mut solver = Solver::new();
    let t = Instant::now();
    for _ in 0..20000 {
        std::hint::black_box(solver.solve(&s, false));
    }
    println!(
        "{:?} per solve, nodes {}",
        t.elapsed() / 20000,
        solver.nodes() / 20000
    );
    solver.clear();
    let t = Instant::now();
    for _ in 0..10 {
        solver.clear();
    }
    println!("{:?} per clear", t.elapsed() / 10);
}
