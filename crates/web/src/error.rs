//! Every way a request can fail, as one JSON shape: `{"error": {"kind": …, "message": …}}`
//! with the HTTP status that says who is at fault.

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use ply_core::GameError;
use ply_search::spec::SpecError;
use serde_json::json;
use thiserror::Error;

/// A failed request. `Display` is the message shown to the person at the page.
#[derive(Debug, Error)]
pub enum ApiError {
    /// No route with this path under `/api`.
    #[error("no API endpoint {0}")]
    NoSuchEndpoint(String),
    /// No game with this id (never created, deleted, or from another server run).
    #[error("no game with id '{0}'")]
    UnknownGameId(String),
    /// The game name in a create request is not one this server plays.
    #[error("unknown game '{name}' (games: {known})")]
    UnknownGame { name: String, known: String },
    /// The move text or the variant settings broke a rule of the game.
    #[error("{0}")]
    Game(#[from] GameError),
    /// The level or agent spec cannot be built.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// The level name is not in the game's level table.
    #[error("unknown level '{name}' for {game} (levels: {known})")]
    UnknownLevel {
        game: String,
        name: String,
        known: String,
    },
    /// A request field with a value outside what it accepts.
    #[error("bad field '{field}': {rule}")]
    BadField { field: &'static str, rule: String },
    /// More undo than moves played.
    #[error("cannot undo {asked} move(s): only {played} played")]
    CannotUndo { asked: usize, played: usize },
    /// The engine was asked to move in a finished game.
    #[error("the game is over: the engine has no move to make")]
    GameOver,
    /// The position changed (a move or an undo) while the engine was thinking.
    #[error("the position changed while the engine was thinking; ask again")]
    PositionChanged,
    /// The body is not the JSON the endpoint expects, or is too large.
    #[error("bad request body: {message}")]
    Body { status: StatusCode, message: String },
    /// The server holds as many games as it is allowed to.
    #[error("too many games open ({0}); delete one first")]
    TooManyGames(usize),
    /// The engine did not answer within the time cap (plus grace).
    #[error("the engine did not answer within {0} ms")]
    EngineTimeout(u128),
    /// Every search slot stayed busy for longer than the move's whole time cap.
    #[error("the server is busy: no search slot came free within {0} ms")]
    Busy(u128),
    /// The engine found no move although the game is not over (a bug in an agent).
    #[error("the engine returned no move")]
    NoMove,
    /// The engine's thread panicked.
    #[error("the engine failed: {0}")]
    EngineFailed(String),
}

impl ApiError {
    /// A short, stable word for programs (the message is for people).
    pub fn kind(&self) -> &'static str {
        match self {
            ApiError::NoSuchEndpoint(_) => "no_such_endpoint",
            ApiError::UnknownGameId(_) => "unknown_game_id",
            ApiError::UnknownGame { .. } => "unknown_game",
            ApiError::Game(GameError::Parse { .. }) => "bad_move_text",
            ApiError::Game(GameError::Illegal { .. }) => "illegal_move",
            ApiError::Game(GameError::GameOver) | ApiError::GameOver => "game_over",
            ApiError::Game(GameError::Setting { .. }) => "bad_variant",
            ApiError::Game(GameError::Position { .. }) => "bad_position",
            ApiError::Spec(_) => "bad_agent",
            ApiError::UnknownLevel { .. } => "unknown_level",
            ApiError::BadField { .. } => "bad_field",
            ApiError::CannotUndo { .. } => "cannot_undo",
            ApiError::PositionChanged => "position_changed",
            ApiError::Body { .. } => "bad_body",
            ApiError::TooManyGames(_) => "too_many_games",
            ApiError::EngineTimeout(_) => "engine_timeout",
            ApiError::Busy(_) => "busy",
            ApiError::NoMove => "no_move",
            ApiError::EngineFailed(_) => "engine_failed",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::NoSuchEndpoint(_)
            | ApiError::UnknownGameId(_)
            | ApiError::UnknownGame { .. } => StatusCode::NOT_FOUND,
            ApiError::Game(GameError::GameOver)
            | ApiError::GameOver
            | ApiError::CannotUndo { .. }
            | ApiError::PositionChanged => StatusCode::CONFLICT,
            ApiError::Game(_)
            | ApiError::Spec(_)
            | ApiError::UnknownLevel { .. }
            | ApiError::BadField { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Body { status, .. } => *status,
            ApiError::TooManyGames(_) | ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::EngineTimeout(_) => StatusCode::GATEWAY_TIMEOUT,
            ApiError::NoMove | ApiError::EngineFailed(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::Body {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({ "error": { "kind": self.kind(), "message": self.to_string() } });
        (self.status(), Json(body)).into_response()
    }
}
