//! The learning crate's integration tests, one module per subject, built as one binary.

mod model_files;
mod steps;
mod training;
