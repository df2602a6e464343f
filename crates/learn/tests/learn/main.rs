//! The learning crate's integration tests, one module per subject, built as one binary.

mod curve;
mod model_files;
mod steps;
mod training;

use std::path::PathBuf;

/// A folder of its own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-learn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
