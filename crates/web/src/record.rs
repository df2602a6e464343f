//! The record `GET /api/games/{id}/record` serves: the game in `ply_core::record`'s format,
//! the same that `ply play --save`, `ply arena` and `ply analyze` read and write.

use std::time::{Duration, SystemTime};

use ply_core::record::{Record, RecordedMove, DATE};
use ply_core::{Described, Scores, Settings};

use crate::views::{result_json, ServerDraw};

/// What the record says of a move beside its text: the mover's engine value and the time it
/// took, for a move the engine chose (or one a loaded record carried).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MoveNote {
    pub value: Option<f64>,
    pub time: Option<Duration>,
}

/// What a session knows of its game's past, borrowed to write the record.
pub struct SessionHistory<'a, G> {
    pub start: &'a G,
    pub settings: &'a Settings,
    pub created: SystemTime,
    pub texts: &'a [String],
    pub notes: &'a [MoveNote],
}

/// The record of a game now at `state`: tags Game, Variant, Settings, Position (only when it
/// did not start at the variant's start), Date, Result and Reason, then every move. A game
/// the server drew (`server_draw`) is scored as a shared draw whose Reason names the rule.
pub fn session_record<G: Described>(
    state: &G,
    history: &SessionHistory<'_, G>,
    server_draw: Option<ServerDraw>,
) -> Record {
    let mut record = Record::for_game(history.start, history.settings);
    record.set_tag(DATE, ply_core::record::date_tag(history.created));
    match (state.outcome(), server_draw) {
        (Some(scores), _) => {
            let names: Vec<String> = G::DESCRIPTOR
                .seat_names(state.num_players())
                .into_iter()
                .map(str::to_string)
                .collect();
            let reason = result_json(&scores, &names)["text"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            record.set_result(Some(&scores), &reason);
        }
        (None, Some(draw)) => {
            let players = state.num_players().max(1);
            let shared = Scores::from_slice(&vec![1.0 / players as f64; players]);
            record.set_result(
                Some(&shared),
                &format!("{}, a rule of ply serve", draw.text()),
            );
        }
        (None, None) => record.set_result(None, ""),
    }
    record.moves = history
        .texts
        .iter()
        .zip(history.notes)
        .map(|(text, note)| RecordedMove {
            text: text.clone(),
            value: note.value.filter(|v| v.is_finite()),
            time: note.time,
        })
        .collect();
    record
}

/// The settings as the record writes them: trimmed, a choice in lower case, and those at
/// their default left out, so the same variant always reads the same.
pub fn canonical_settings<G: Described>(settings: &Settings) -> Settings {
    let mut canonical = Settings::new();
    for (name, value) in settings.iter() {
        let value = value.trim();
        let Some(param) = G::DESCRIPTOR.param(name) else {
            canonical.set(name, value);
            continue;
        };
        let value = match param.kind {
            ply_core::ParamKind::Choice(_) => value.to_ascii_lowercase(),
            ply_core::ParamKind::Int { .. } => value
                .parse::<u64>()
                .map_or_else(|_| value.to_string(), |n| n.to_string()),
        };
        if param.default.value().as_deref() != Some(value.as_str()) {
            canonical.set(name, value);
        }
    }
    canonical
}
