//! Every integration test of `ply-halma`, one module per subject, built as one
//! test binary (one link instead of one per file keeps the test build short).

mod agents;
mod ccerl;
mod ccp;
mod classic;
mod engine;
mod perft;
mod rules;
mod strength;
