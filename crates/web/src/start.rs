//! Where a new game starts (`POST /api/games`): the variant's start, a `position` in the
//! game's text form, or a `record`, whose start is the game's start and whose moves are
//! replayed so that undo can take them back.
//!
//! Every refusal is a 400 naming the field and the rule: `bad_position` (a text the game
//! cannot read, or a position no game reaches), `bad_record` (a broken record, a record of
//! another game, a move that cannot be played, a record that goes on after the server would
//! have ended the game), `bad_start` (fields that cannot go together).

use std::sync::Arc;

use ply_core::record::Record;
use ply_core::{quote, Described, Settings, ZobristHash};
use ply_search::spec::Catalog;

use crate::error::ApiError;
use crate::record::{canonical_settings, MoveNote};
use crate::session::{GameSession, Session};
use crate::views::BoardView;

/// The start a create request asks for.
#[derive(Debug, Clone, Copy)]
pub enum Start<'a> {
    /// The variant's own start.
    Fresh,
    /// A position in the game's text form, read in the requested variant.
    Position(&'a str),
    /// A record: its settings, its start and its moves.
    Record(&'a str),
}

impl<'a> Start<'a> {
    /// The start of a request with these optional fields; `variant_given` says whether the
    /// request named variant settings too, which a record (carrying its own) refuses.
    pub fn of_request(
        position: Option<&'a str>,
        record: Option<&'a str>,
        variant_given: bool,
    ) -> Result<Start<'a>, ApiError> {
        match (position, record) {
            (Some(_), Some(_)) => Err(bad_start(
                "position",
                "give a position or a record, not both (a record carries its own start)",
            )),
            (None, Some(_)) if variant_given => Err(bad_start(
                "variant",
                "a record carries its own settings (its Settings tag): leave variant out",
            )),
            (Some(text), None) => Ok(Start::Position(text)),
            (None, Some(text)) => Ok(Start::Record(text)),
            (None, None) => Ok(Start::Fresh),
        }
    }
}

fn bad_start(field: &'static str, rule: &str) -> ApiError {
    ApiError::BadStart {
        field,
        kind: "bad_start",
        message: rule.to_string(),
    }
}

fn bad_position(message: String) -> ApiError {
    ApiError::BadStart {
        field: "position",
        kind: "bad_position",
        message,
    }
}

fn bad_record(message: String) -> ApiError {
    ApiError::BadStart {
        field: "record",
        kind: "bad_record",
        message,
    }
}

/// A session of `G` from `start`, in the variant `settings` ask for (a record's own
/// settings instead, for a record).
pub fn start_session<G: Described + ZobristHash + BoardView + ply_core::Encode>(
    settings: &Settings,
    start: Start<'_>,
    catalog: Arc<Catalog<G>>,
) -> Result<Box<dyn Session>, ApiError> {
    let session = match start {
        Start::Fresh => {
            let state = G::from_settings(settings)?;
            GameSession::new(state, catalog).with_settings(canonical_settings::<G>(settings))
        }
        Start::Position(text) => {
            let base = G::from_settings(settings)?;
            let state = base.from_text(text.trim()).map_err(|error| {
                bad_position(format!("not a {} position: {error}", base.name()))
            })?;
            GameSession::new(state, catalog).with_settings(canonical_settings::<G>(settings))
        }
        Start::Record(text) => replay_record::<G>(text, catalog)?,
    };
    Ok(Box::new(session))
}

/// The session a record's text leads to: exactly one record, of this game, every move
/// legal, none after the game ended (by its rules or the server's).
fn replay_record<G: Described + ZobristHash + BoardView + ply_core::Encode>(
    text: &str,
    catalog: Arc<Catalog<G>>,
) -> Result<GameSession<G>, ApiError> {
    let records = Record::parse_all(text).map_err(|error| bad_record(error.to_string()))?;
    if records.len() > 1 {
        return Err(bad_record(format!(
            "the text holds {} records; load one game at a time",
            records.len()
        )));
    }
    let record = &records[0];
    let replay = record
        .replay::<G>()
        .map_err(|error| bad_record(error.to_string()))?;
    let mut session = GameSession::new(replay.start, catalog)
        .with_settings(canonical_settings::<G>(&replay.settings));
    for (index, recorded) in record.moves.iter().enumerate() {
        if let Some(why) = session.over_because() {
            return Err(bad_record(format!(
                "move {} of the record ({}) comes after the game ended at ply {index}: {why}",
                index + 1,
                quote(&recorded.text)
            )));
        }
        let note = MoveNote {
            value: recorded.value,
            time: recorded.time,
        };
        session.play_noted(&recorded.text, note).map_err(|error| {
            bad_record(format!(
                "move {} of the record ({}): {error}",
                index + 1,
                quote(&recorded.text)
            ))
        })?;
    }
    Ok(session)
}
