//! Connect Four's own commands: its solver, opening books and their benchmarks.

pub mod bench_perfect;
pub mod bench_solver;
pub mod bench_suite;
pub mod solve;
pub mod solve_book;
