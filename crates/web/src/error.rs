//! Every way a request can fail, as one JSON shape: `{"error": {"kind": …, "message": …}}`
//! with the HTTP status that says who is at fault.
//!
//! A message quotes what the request said wrong, but never much of it: inputs go through
//! `ply_core`'s [`quote`] and free texts through [`tame`] (short, escaped), so a 100 KB move
//! or a NUL byte comes back as a short, printable line.

use axum::extract::rejection::JsonRejection;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
pub use ply_core::quote::{quote, tame};
use ply_core::GameError;
use ply_search::spec::SpecError;
use serde_json::json;
use thiserror::Error;

/// A failed request. `Display` is the message shown to the person at the page.
#[derive(Debug, Error)]
pub enum ApiError {
    /// No route with this path.
    #[error("no endpoint {}: the API is GET|POST /api/games and /api/games/{{id}}[/moves|/engine|/undo|/record|/analysis|/solver]", quote(.0))]
    NoSuchEndpoint(String),
    /// No game with this id (never created, deleted, or from another server run).
    #[error("no game with id {}", quote(.0))]
    UnknownGameId(String),
    /// The game name in a create request is not one this server plays.
    #[error("unknown game {} (games: {known})", quote(name))]
    UnknownGame { name: String, known: String },
    /// The move text or the variant settings broke a rule of the game.
    #[error("{0}")]
    Game(#[from] GameError),
    /// The level or agent spec cannot be built.
    #[error("{0}")]
    Spec(#[from] SpecError),
    /// The level name is not in the game's level table.
    #[error("unknown level {} for {game} (levels: {known})", quote(name))]
    UnknownLevel {
        game: String,
        name: String,
        known: String,
    },
    /// The `position` or `record` a game was to start from cannot be read or replayed:
    /// a 400 naming the field and the rule (see `start`).
    #[error("bad field '{field}': {}", tame(message))]
    BadStart {
        field: &'static str,
        kind: &'static str,
        message: String,
    },
    /// A request field with a value outside what it accepts.
    #[error("bad field '{field}': {}", tame(rule))]
    BadField { field: &'static str, rule: String },
    /// A solver view asked of a game with no exact analyst to score its moves.
    #[error(
        "{game} has no solver view: no exact solver scores its moves (games with one: {known})"
    )]
    NoSolverView { game: String, known: String },
    /// More undo than moves played.
    #[error("cannot undo {asked} move(s): only {played} played")]
    CannotUndo { asked: usize, played: usize },
    /// The engine was asked to move in a finished game.
    #[error("the game is over: the engine has no move to make")]
    GameOver,
    /// The position changed (a move or an undo) while the engine was thinking.
    #[error("the position changed while the engine was thinking; ask again")]
    PositionChanged,
    /// A path parameter that cannot be read (an id that is not valid UTF-8 once decoded).
    #[error("bad path: {}", tame(.0))]
    BadPath(String),
    /// The body is not the JSON the endpoint expects, or is too large.
    #[error("bad request body: {}", tame(message))]
    Body { status: StatusCode, message: String },
    /// The server holds as many games as it is allowed to.
    #[error("too many games open ({0}); delete one first")]
    TooManyGames(usize),
    /// The client holds as many games as one client may (`ServerConfig::max_games_per_client`).
    #[error(
        "{client} holds {share} games, as many as one client may on this server \
         (ply serve --max-games-per-client); delete one first, or let one expire"
    )]
    ClientShareFull { client: String, share: usize },
    /// The engine did not answer within the request's time cap and its grace: `why`.
    #[error(
        "the engine {} did not answer within the time cap of {cap_ms} ms (given {waited_ms} \
         ms in all): {why}",
        quote(agent)
    )]
    EngineTimeout {
        agent: String,
        cap_ms: u128,
        waited_ms: u128,
        why: &'static str,
    },
    /// Every search slot stayed taken until too late for even the shortest search to answer
    /// within the cap and its grace.
    #[error(
        "the server is busy: all {slots} search slot(s) stayed taken for {waited_ms} ms, too \
         long to search within the time cap of {cap_ms} ms and its grace; ask again later"
    )]
    Busy {
        slots: usize,
        cap_ms: u128,
        waited_ms: u128,
    },
    /// As many analyses are running as the server has search slots.
    #[error(
        "the server is busy: {0} analyses are running, as many as it has search slots; ask \
         again when one is done"
    )]
    AnalysesBusy(usize),
    /// An engine request on a game whose engine is already thinking.
    #[error(
        "the engine is already thinking on game {}: one engine request per game at a time",
        quote(.0)
    )]
    EngineBusy(String),
    /// The engine found no move although the game is not over (a bug in an agent).
    #[error("the engine {} returned no move although the game is not over", quote(.0))]
    NoMove(String),
    /// The engine's thread panicked (a bug in an agent); the game is left as it was.
    #[error(
        "the engine {} failed: {}; the game is unchanged",
        quote(agent),
        tame(reason)
    )]
    EngineFailed { agent: String, reason: String },
    /// A request addressed to a name that is not the server's (see `guard`): what a page
    /// using DNS rebinding sends.
    #[error(
        "host {} is not served: ply serve answers requests addressed to localhost, a loopback \
         address or a name given with --allow-host",
        quote(.0)
    )]
    ForbiddenHost(String),
    /// A request to change something that the browser says another site sent (see `guard`).
    #[error(
        "refused a cross-site request ({}): only the server's own page may change its games",
        quote(.0)
    )]
    CrossSite(String),
    /// A route that exists, asked with a method it does not answer.
    #[error(
        "method {} is not allowed on {} (allowed: {allowed})",
        quote(method),
        quote(path)
    )]
    MethodNotAllowed {
        method: String,
        path: String,
        allowed: String,
    },
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
            ApiError::NoSolverView { .. } => "no_solver_view",
            ApiError::BadStart { kind, .. } => kind,
            ApiError::CannotUndo { .. } => "cannot_undo",
            ApiError::PositionChanged => "position_changed",
            ApiError::BadPath(_) => "bad_path",
            ApiError::Body { .. } => "bad_body",
            ApiError::TooManyGames(_) | ApiError::ClientShareFull { .. } => "too_many_games",
            ApiError::EngineTimeout { .. } => "engine_timeout",
            ApiError::Busy { .. } | ApiError::AnalysesBusy(_) => "busy",
            ApiError::EngineBusy(_) => "engine_busy",
            ApiError::NoMove(_) => "no_move",
            ApiError::EngineFailed { .. } => "engine_failed",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::ForbiddenHost(_) => "forbidden_host",
            ApiError::CrossSite(_) => "cross_site",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::NoSuchEndpoint(_)
            | ApiError::UnknownGameId(_)
            | ApiError::UnknownGame { .. }
            | ApiError::NoSolverView { .. } => StatusCode::NOT_FOUND,
            ApiError::Game(GameError::GameOver)
            | ApiError::GameOver
            | ApiError::CannotUndo { .. }
            | ApiError::PositionChanged
            | ApiError::EngineBusy(_) => StatusCode::CONFLICT,
            ApiError::Game(_)
            | ApiError::Spec(_)
            | ApiError::UnknownLevel { .. }
            | ApiError::BadField { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadPath(_) | ApiError::BadStart { .. } => StatusCode::BAD_REQUEST,
            ApiError::ForbiddenHost(_) | ApiError::CrossSite(_) => StatusCode::FORBIDDEN,
            ApiError::Body { status, .. } => *status,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::TooManyGames(_) | ApiError::Busy { .. } | ApiError::AnalysesBusy(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::EngineTimeout { .. } => StatusCode::GATEWAY_TIMEOUT,
            ApiError::ClientShareFull { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NoMove(_) | ApiError::EngineFailed { .. } => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
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
        let mut response = (self.status(), Json(body)).into_response();
        // A busy server is a passing state: tell programs when asking again makes sense.
        if let ApiError::Busy { .. } | ApiError::AnalysesBusy(_) = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
