//! Every integration test of `ply-arena`, one module per subject, built as one
//! test binary (one link instead of one per file keeps the test build short).

mod common;

mod by_index;
mod determinism;
mod limits;
mod outputs;
mod resume;
mod three_players;
mod tournament;
