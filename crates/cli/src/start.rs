//! Where a command's game starts: the variant's start, a position (`--position`), or the end
//! of a game record (`--record`), shared by `ply play`, `ply perft`, `ply bench` and
//! `ply analyze`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;
use ply_core::record::{settings_to_words, Record};
use ply_core::{Described, Game, Settings};

use crate::variant::VariantArgs;

/// `--position TEXT` or `--record FILE`.
#[derive(Args, Debug, Clone, Default)]
pub struct StartArgs {
    /// Start from this position (the game's position text, described in its README;
    /// `ply play` prints it with `position`) instead of the variant's start.
    #[arg(long, conflicts_with = "record")]
    pub position: Option<String>,
    /// Start where this game record ends (a file written by `ply play --save`, `ply arena`
    /// or the page's download); the record's variant and moves come with it.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// A game's start as a command sees it.
#[derive(Debug, Clone)]
pub struct Start<G: Game> {
    /// Where play begins.
    pub state: G,
    /// The settings of the variant (the record's, with `--record`).
    pub settings: Settings,
    /// Where the record began, and its moves up to `state` (empty without `--record`).
    pub origin: G,
    pub history: Vec<G::Move>,
    /// The record read, with its tags.
    pub record: Option<Record>,
}

/// Resolves `start` for the game `G` in the variant `variant` asks for.
pub fn resolve<G: Described>(start: &StartArgs, variant: &VariantArgs) -> anyhow::Result<Start<G>> {
    if let Some(path) = &start.record {
        let record = read_first(path).context("--record")?;
        let replay = record
            .replay::<G>()
            .with_context(|| format!("--record {}", path.display()))?;
        if !variant.settings.is_empty() && variant.settings != replay.settings {
            bail!(
                "--record {}: the record is of the variant '{}', but the flags ask for '{}'; \
                 leave the variant flags out to play the record's",
                path.display(),
                settings_to_words(&replay.settings),
                settings_to_words(&variant.settings)
            );
        }
        return Ok(Start {
            state: replay.end,
            settings: replay.settings,
            origin: replay.start,
            history: replay.moves,
            record: Some(record),
        });
    }
    let base = G::from_settings(&variant.settings)?;
    let state = match &start.position {
        Some(text) => base
            .from_text(text)
            .map_err(|e| anyhow::anyhow!("--position: {e}"))?,
        None => base,
    };
    Ok(Start {
        origin: state.clone(),
        state,
        settings: variant.settings.clone(),
        history: Vec::new(),
        record: None,
    })
}

/// Every record in the file at `path` (see [`ply_core::record::read_file`]).
pub fn read_records(path: &Path) -> anyhow::Result<Vec<Record>> {
    Ok(ply_core::record::read_file(path)?)
}

/// The first record in the file at `path` (see [`ply_core::record::read_first`]).
pub fn read_first(path: &Path) -> anyhow::Result<Record> {
    Ok(ply_core::record::read_first(path)?)
}

/// Writes records (`text`) to `path` whole or not at all (see [`ply_core::files`]): an
/// interrupted write never leaves half a record, and a device or a folder at `path` is
/// refused.
pub fn save_text(path: &Path, text: &str) -> anyhow::Result<()> {
    let what = ply_core::record::RECORD_FILE.what;
    Ok(ply_core::files::write_atomically(
        path,
        what,
        text.as_bytes(),
    )?)
}

/// The time now as a record's `Date` tag writes it (UTC, RFC 3339 to the second).
pub fn now_tag() -> String {
    ply_core::record::date_tag(std::time::SystemTime::now())
}
