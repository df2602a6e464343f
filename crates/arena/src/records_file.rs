//! `records.txt` beside an arena run's `games.jsonl`: every game of the run as a game record
//! (docs/rules.md, "Game records"), so any game can be replayed with `ply play --record`,
//! analysed with `ply analyze`, or loaded into the page.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use ply_core::record::{date_tag, Record, RecordedMove, DATE};
use ply_core::{Described, Scores, Settings};

use crate::error::ArenaError;
use crate::record::GameRecord;
use crate::tournament::TournamentResult;

/// The file's name in the run's folder.
pub const RECORDS_FILE: &str = "records.txt";

/// Writes every game of `result` into `dir/records.txt`, whole or not at all; `start` is
/// the variant's start and `settings` the settings it was built from.
pub fn write_records<G: Described>(
    dir: &Path,
    start: &G,
    settings: &Settings,
    result: &TournamentResult,
) -> Result<PathBuf, ArenaError> {
    let date = date_tag(SystemTime::now());
    let mut text = String::new();
    for game in &result.records {
        let record = game_record(start, settings, game, &date).map_err(|e| ArenaError::Record {
            game: game.index + 1,
            reason: e.to_string(),
        })?;
        text.push_str(&record.to_string());
        text.push('\n');
    }
    let path = dir.join(RECORDS_FILE);
    let what = ply_core::record::RECORD_FILE.what;
    ply_core::files::write_atomically(&path, what, text.as_bytes())?;
    Ok(path)
}

/// One arena game as a record: from the variant's start through the opening's moves, or
/// from the opening's position when it was given as one; each agent move with its value
/// and time.
fn game_record<G: Described>(
    start: &G,
    settings: &Settings,
    game: &GameRecord,
    date: &str,
) -> Result<Record, ply_core::GameError> {
    let origin = if game.opening.is_empty() {
        start.from_text(&game.start_position)?
    } else {
        start.clone()
    };
    let mut record = Record::for_game(&origin, settings);
    record.set_seats::<G>(&game.agents);
    record.set_tag(DATE, date);
    record.set_tag("Index", (game.index + 1).to_string());
    let scores = (!game.scores.is_empty()).then(|| Scores::from_slice(&game.scores));
    record.set_result(scores.as_ref(), &game.reason);
    record.moves = game.opening.iter().map(RecordedMove::new).collect();
    record.moves.extend(game.moves.iter().map(|m| RecordedMove {
        text: m.mv.clone(),
        value: m.value.is_finite().then_some(m.value),
        time: Some(Duration::from_secs_f64(m.time_ms.max(0.0) / 1e3)),
    }));
    Ok(record)
}
