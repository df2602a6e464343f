//! What `ply.games()` reports: each game's descriptor and agent catalog, as JSON for the
//! Python side to turn into dataclasses (one schema, no per-field binding code).

use ply_core::{Descriptor, ParamKind};
use ply_registry::{with_game, GameId, Registered};
use ply_search::spec::{CatalogEntry, EntryKind};
use serde_json::{json, Value};

fn kind_name(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Agent => "agent",
        EntryKind::Preset => "preset",
        EntryKind::Evaluator => "evaluator",
        EntryKind::Ordering => "ordering",
        EntryKind::Rollout => "rollout",
    }
}

fn entry_json(entry: &CatalogEntry) -> Value {
    json!({
        "name": entry.name,
        "kind": kind_name(entry.kind),
        "description": entry.description,
        "keys": entry.keys.iter().map(|k| json!({
            "key": k.key, "default": entry.value_of(k), "help": k.help,
        })).collect::<Vec<_>>(),
    })
}

fn descriptor_json(d: &Descriptor) -> Value {
    json!({
        "name": d.name,
        "title": d.title,
        "summary": d.summary,
        "goal": d.goal,
        "params": d.params.iter().map(|p| {
            let (kind, min, max, choices) = match p.kind {
                ParamKind::Int { min, max } => ("int", Some(min), Some(max), Vec::new()),
                ParamKind::Choice(choices) => ("choice", None, None, choices.to_vec()),
            };
            json!({
                "name": p.name, "help": p.help, "kind": kind, "min": min, "max": max,
                "choices": choices, "default": p.default.to_string(),
            })
        }).collect::<Vec<_>>(),
        "seats": d.seats.iter().map(|s| s.name).collect::<Vec<_>>(),
        "notation": d.notation.summary,
        "notation_example": d.notation.example,
        "values": d.values,
        "levels": d.ladder.iter().map(|r| json!({"id": r.id, "name": r.name, "spec": r.spec}))
            .collect::<Vec<_>>(),
    })
}

/// Every game: its descriptor, default agent and catalog.
pub fn games_json() -> String {
    let games: Vec<Value> = GameId::ALL
        .iter()
        .map(|&game| {
            let mut value = descriptor_json(game.descriptor());
            let entries = with_game!(game, |G| G::catalog().entries());
            value["default_agent"] = json!(game.default_agent());
            value["catalog"] = entries.iter().map(entry_json).collect();
            value
        })
        .collect();
    Value::Array(games).to_string()
}
