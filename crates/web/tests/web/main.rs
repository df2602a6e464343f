//! Every integration test of `ply-web`, one module per subject, built as one
//! test binary (one link instead of one per file keeps the test build short).

mod oneshot;
mod support;

mod abuse;
mod analysis;
mod api;
mod engine_failures;
mod house_rules;
mod load;
mod memory_cap;
mod records;
mod solver;
mod trust;
