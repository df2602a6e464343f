//! The games the server plays: names, variant settings from a request, start positions and
//! each game's agent catalog (built once, shared by every session of that game).

use std::sync::Arc;

use ply_connect4::Connect4;
use ply_core::GameError;
use ply_halma::{BoardKind, Halma};
use ply_quoridor::Quoridor;
use ply_search::spec::Catalog;
use ply_tictactoe::TicTacToe;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::faults;
use crate::levels::{default_level, levels};
use crate::session::{GameSession, Session};

/// Every game name, in the order the page lists them.
pub const GAME_NAMES: [&str; 4] = ["connect4", "quoridor", "halma", "tictactoe"];

/// The variant settings of a create request; each game reads its own and refuses the others.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantRequest {
    pub width: Option<usize>,
    pub height: Option<usize>,
    pub k: Option<usize>,
    pub size: Option<usize>,
    pub walls: Option<u32>,
    pub board: Option<String>,
    pub players: Option<usize>,
}

impl VariantRequest {
    /// Refuses settings that belong to another game, naming them.
    fn only(&self, game: &str, allowed: &[&str]) -> Result<(), ApiError> {
        let given = [
            ("width", self.width.is_some()),
            ("height", self.height.is_some()),
            ("k", self.k.is_some()),
            ("size", self.size.is_some()),
            ("walls", self.walls.is_some()),
            ("board", self.board.is_some()),
            ("players", self.players.is_some()),
        ];
        match given
            .iter()
            .find(|(name, set)| *set && !allowed.contains(name))
        {
            Some((name, _)) => Err(ApiError::BadField {
                field: "variant",
                rule: format!(
                    "{game} has no setting '{name}' (its settings: {})",
                    if allowed.is_empty() {
                        "none".to_string()
                    } else {
                        allowed.join(", ")
                    }
                ),
            }),
            None => Ok(()),
        }
    }
}

/// The agent catalogs of every game, built once when the server starts.
pub struct Catalogs {
    tictactoe: Arc<Catalog<TicTacToe>>,
    connect4: Arc<Catalog<Connect4>>,
    quoridor: Arc<Catalog<Quoridor>>,
    halma: Arc<Catalog<Halma>>,
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
        let mut tictactoe = ply_tictactoe::catalog();
        let mut connect4 = ply_connect4::catalog();
        let mut quoridor = ply_quoridor::agents::catalog();
        let mut halma = ply_halma::catalog();
        if fault_agents {
            faults::register(&mut tictactoe);
            faults::register(&mut connect4);
            faults::register(&mut quoridor);
            faults::register(&mut halma);
        }
        Catalogs {
            tictactoe: Arc::new(tictactoe),
            connect4: Arc::new(connect4),
            quoridor: Arc::new(quoridor),
            halma: Arc::new(halma),
        }
    }

    /// A new game of `name` in the requested variant.
    pub fn new_session(
        &self,
        name: &str,
        variant: &VariantRequest,
    ) -> Result<Box<dyn Session>, ApiError> {
        Ok(match name {
            "tictactoe" => {
                variant.only(name, &[])?;
                Box::new(GameSession::new(TicTacToe::new(), self.tictactoe.clone()))
            }
            "connect4" => {
                variant.only(name, &["width", "height", "k"])?;
                let state = Connect4::new(
                    variant.width.unwrap_or(7),
                    variant.height.unwrap_or(6),
                    variant.k.unwrap_or(4),
                )?;
                Box::new(GameSession::new(state, self.connect4.clone()))
            }
            "quoridor" => {
                variant.only(name, &["size", "walls"])?;
                let size = variant.size.unwrap_or(9);
                Quoridor::check_size(size)?;
                let walls = variant
                    .walls
                    .unwrap_or_else(|| Quoridor::default_walls(size));
                let state = Quoridor::new(size, walls)?;
                Box::new(GameSession::new(state, self.quoridor.clone()))
            }
            "halma" => {
                variant.only(name, &["board", "players"])?;
                let board = match &variant.board {
                    Some(text) => text.parse::<BoardKind>().map_err(|e| {
                        ApiError::Game(GameError::setting("board", text, e.to_string()))
                    })?,
                    None => BoardKind::Star,
                };
                let state = Halma::new(board, variant.players.unwrap_or(2))?;
                Box::new(GameSession::new(state, self.halma.clone()))
            }
            _ => {
                return Err(ApiError::UnknownGame {
                    name: name.to_string(),
                    known: GAME_NAMES.join(", "),
                })
            }
        })
    }
}

impl Default for Catalogs {
    fn default() -> Self {
        Self::new()
    }
}

/// What the page needs to offer a game: its variant settings with their choices, and its
/// levels.
pub fn games_json() -> Value {
    let variants = |game: &str| -> Value {
        match game {
            "connect4" => json!([
                { "key": "width", "label": "columns", "default": 7, "choices": [4,5,6,7,8,9,10] },
                { "key": "height", "label": "rows", "default": 6, "choices": [4,5,6,7,8] },
                { "key": "k", "label": "in a row", "default": 4, "choices": [3,4,5] },
            ]),
            "quoridor" => json!([
                { "key": "size", "label": "board", "default": 9, "choices": [3,5,7,9,11,13] },
                { "key": "walls", "label": "walls", "default": null,
                  "choices": [null,0,1,2,3,4,5,6,7,8,9,10,12,15,20] },
            ]),
            "halma" => json!([
                { "key": "board", "label": "board", "default": "star",
                  "choices": ["star","rhombus","star121"] },
                { "key": "players", "label": "players", "default": 2, "choices": [2,3] },
            ]),
            _ => json!([]),
        }
    };
    let games: Vec<Value> = GAME_NAMES
        .iter()
        .map(|&game| {
            let level_list: Vec<Value> = levels(game)
                .iter()
                .map(|l| json!({ "name": l.name, "spec": l.spec }))
                .collect();
            json!({
                "name": game,
                "variants": variants(game),
                "levels": level_list,
                "default_level": default_level(game).map(|l| l.name),
            })
        })
        .collect();
    json!({ "games": games })
}
