//! The games the server plays: the registry's list (`ply_registry`), variant settings from a
//! request, start positions and each game's agent catalog (built once, shared by every
//! session of that game), and the descriptors `GET /api/games` serves.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Arc;

use ply_core::{Descriptor, GameError, ParamDefault, ParamKind, Settings};
use ply_registry::{with_game, GameId, Registered};
use ply_search::spec::Catalog;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::assets;
use crate::error::ApiError;
use crate::faults;
use crate::levels::{default_level, levels};
use crate::session::Session;
use crate::solver::solver_view_spec;
use crate::start::{start_session, Start};

/// Every game name, in the order the page lists them (the registry's order).
pub fn game_names() -> Vec<&'static str> {
    GameId::ALL.iter().map(|g| g.name()).collect()
}

/// Whether `game` has a solver view (see `solver`): an exact analyst that scores moves.
pub fn has_solver_view(game: GameId) -> bool {
    with_game!(game, |G| solver_view_spec::<G>().is_some())
}

/// The games with a solver view, in the page's order.
pub fn solver_view_games() -> Vec<&'static str> {
    GameId::ALL
        .iter()
        .filter(|&&game| has_solver_view(game))
        .map(|game| game.name())
        .collect()
}

/// The variant settings of a create request: names and values (numbers or names; `null`
/// stands for the default). Each game reads its own and refuses the others, by name.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(transparent)]
pub struct VariantRequest(pub BTreeMap<String, Value>);

impl VariantRequest {
    /// Whether any setting is given (a `null` one stands for its default: not given).
    pub fn is_given(&self) -> bool {
        self.0.values().any(|value| !value.is_null())
    }

    /// The settings as text, for the game's descriptor to read.
    fn settings(&self) -> Result<Settings, ApiError> {
        let mut settings = Settings::new();
        for (name, value) in &self.0 {
            let text = match value {
                Value::Null => continue,
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                other => {
                    return Err(ApiError::Game(GameError::setting(
                        name,
                        other,
                        "a setting is a number or a name",
                    )))
                }
            };
            settings.set(name, text);
        }
        Ok(settings)
    }
}

/// The agent catalogs of every game, built once when the server starts; each is a
/// `Catalog<G>` of its game's state type, found again by [`Catalogs::get`].
pub struct Catalogs {
    by_game: Vec<(GameId, Arc<dyn Any + Send + Sync>)>,
}

impl Catalogs {
    pub fn new() -> Self {
        Self::build(false)
    }

    /// The catalogs plus the agents that fail on purpose (see `faults`), for tests.
    pub fn with_fault_agents() -> Self {
        Self::build(true)
    }

    fn build(fault_agents: bool) -> Self {
        let by_game = GameId::ALL
            .iter()
            .map(|&game| {
                let catalog: Arc<dyn Any + Send + Sync> = with_game!(game, |G| {
                    let mut catalog = <G as Registered>::catalog();
                    if fault_agents {
                        faults::register(&mut catalog);
                    }
                    Arc::new(catalog)
                });
                (game, catalog)
            })
            .collect();
        Catalogs { by_game }
    }

    /// The catalog of `G`, the state type of `game`.
    fn get<G: Registered + Send + Sync + 'static>(&self, game: GameId) -> Arc<Catalog<G>> {
        let (_, any) = self
            .by_game
            .iter()
            .find(|(g, _)| *g == game)
            .expect("every game's catalog is built");
        Arc::clone(any)
            .downcast::<Catalog<G>>()
            .expect("a game's catalog has its state type")
    }

    /// A new game of `name` in the requested variant, from its start.
    #[cfg(test)]
    pub fn new_session(
        &self,
        name: &str,
        variant: &VariantRequest,
    ) -> Result<Box<dyn Session>, ApiError> {
        self.start_session(name, variant, Start::Fresh)
    }

    /// A new game of `name` in the requested variant, from `start` (see `start`).
    pub fn start_session(
        &self,
        name: &str,
        variant: &VariantRequest,
        start: Start<'_>,
    ) -> Result<Box<dyn Session>, ApiError> {
        let game = GameId::from_name(name).ok_or_else(|| ApiError::UnknownGame {
            name: name.to_string(),
            known: game_names().join(", "),
        })?;
        let settings = variant.settings()?;
        with_game!(game, |G| start_session::<G>(
            &settings,
            start,
            self.get::<G>(game)
        ))
    }
}

impl Default for Catalogs {
    fn default() -> Self {
        Self::new()
    }
}

/// A menu value as JSON: a number when it reads as one, `null` for `""` (the default).
fn menu_value(text: &str) -> Value {
    if text.is_empty() {
        Value::Null
    } else if let Ok(n) = text.parse::<u64>() {
        json!(n)
    } else {
        json!(text)
    }
}

/// A parameter as the page offers it: a short label (its help up to the first comma or
/// bracket), the default, the menu's choices and the allowed range.
fn param_json(param: &ply_core::Param) -> Value {
    let label = param
        .help
        .split([',', '('])
        .next()
        .unwrap_or(param.name)
        .trim();
    let range = match param.kind {
        ParamKind::Int { min, max } => json!({ "min": min, "max": max }),
        ParamKind::Choice(choices) => json!({ "names": choices }),
    };
    json!({
        "key": param.name,
        "label": label,
        "help": param.help,
        "default": match param.default {
            ParamDefault::Int(n) => json!(n),
            ParamDefault::Choice(name) => json!(name),
            ParamDefault::Computed(_) => Value::Null,
        },
        "choices": param.menu.iter().map(|c| menu_value(c)).collect::<Vec<_>>(),
        "allowed": range,
    })
}

/// One game as `GET /api/games` describes it: its descriptor, its levels, whether it has a
/// solver view, and where its drawing module is (`null` for a grid the page draws itself).
fn game_json(game: GameId) -> Value {
    let about: &Descriptor = game.descriptor();
    let level_list: Vec<Value> = levels(game.name())
        .iter()
        .map(|l| json!({ "name": l.name, "spec": l.spec }))
        .collect();
    json!({
        "name": about.name,
        "title": about.title,
        "summary": about.summary,
        "goal": about.goal,
        "variants": about.params.iter().map(param_json).collect::<Vec<_>>(),
        "seats": about
            .seats
            .iter()
            .map(|s| json!({ "name": s.name, "colour": s.colour }))
            .collect::<Vec<_>>(),
        "notation": { "summary": about.notation.summary, "example": about.notation.example },
        "values": about.values,
        "protocol": about.protocol().name(),
        "protocols": about.protocols.iter().map(|p| p.key()).collect::<Vec<_>>(),
        "levels": level_list,
        "default_level": default_level(game.name()).map(|l| l.name),
        "has_solver_view": has_solver_view(game),
        "script": assets::script_url(game),
    })
}

/// What the page needs to offer every game: each game's descriptor (variant settings with
/// their choices, seats, notation) and its levels.
pub fn games_json() -> Value {
    let games: Vec<Value> = GameId::ALL.iter().map(|&g| game_json(g)).collect();
    json!({ "games": games })
}
