//! One module per subcommand; the commands of one game only under its name.

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod bench_net;
pub mod bench_position;
pub mod connect4;
pub mod engine;
pub mod halma;
pub mod levels;
pub mod list;
pub mod perft;
pub mod play;
pub mod quoridor;
pub mod report;
pub mod serve;
pub mod shell;
pub mod train;
