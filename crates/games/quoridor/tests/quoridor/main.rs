//! Every integration test of `ply-quoridor`, one module per subject, built as one
//! test binary (one link instead of one per file keeps the test build short).

mod agents;
mod players;
mod players_agents;
mod qtp;
mod qtp_random;
mod rules;
mod search;
mod strength;
