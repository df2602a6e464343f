//! Every integration test of `ply-connect4`, one module per subject, built as one
//! test binary (one link instead of one per file keeps the test build short).

mod book;
mod bounds;
mod perfect;
mod rules;
mod solver;
mod suite;
