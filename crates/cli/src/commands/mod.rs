//! One module per subcommand.

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod bench_perfect;
pub mod bench_position;
pub mod bench_solver;
pub mod ccp;
pub mod engine;
pub mod halma_engine;
pub mod levels;
pub mod list;
pub mod perft;
pub mod play;
pub mod qtp;
pub mod report;
pub mod serve;
pub mod shell;
pub mod solve;
pub mod solve_book;
pub mod tune;
