//! Every integration test of `ply-search`, one module per subject, built as one
//! test binary (one link instead of one per file keeps the test build short).

mod common;

mod catalog;
mod exact;
mod filter;
mod limits;
mod mcts;
mod multiplayer;
mod multiplayer_three_players;
mod puct;
mod strength;
