//! Every way a request can fail, as one JSON shape: `{"error": {"kind": …, "message": …}}`
//! with the HTTP status that says who is at fault.
//!
//! A message quotes what the request said wrong, but never much of it: at most
//! [`QUOTE_CHARS`] characters of any input, its control characters escaped (see [`quote`]),
//! so a 100 KB move or a NUL byte comes back as a short, printable line.

use axum::extract::rejection::JsonRejection;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use ply_core::GameError;
use ply_search::spec::SpecError;
use serde_json::json;
use thiserror::Error;

/// A failed request. `Display` is the message shown to the person at the page.
#[derive(Debug, Error)]
pub enum ApiError {
    /// No route with this path.
    #[error("no endpoint {}: the API is GET|POST /api/games and /api/games/{{id}}[/moves|/engine|/undo|/record]", quote(.0))]
    NoSuchEndpoint(String),
    /// No game with this id (never created, deleted, or from another server run).
    #[error("no game with id '{}'", quote(.0))]
    UnknownGameId(String),
    /// The game name in a create request is not one this server plays.
    #[error("unknown game '{}' (games: {known})", quote(name))]
    UnknownGame { name: String, known: String },
    /// The move text or the variant settings broke a rule of the game.
    #[error("{}", game_message(.0))]
    Game(#[from] GameError),
    /// The level or agent spec cannot be built.
    #[error("{}", spec_message(.0))]
    Spec(#[from] SpecError),
    /// The level name is not in the game's level table.
    #[error("unknown level '{}' for {game} (levels: {known})", quote(name))]
    UnknownLevel {
        game: String,
        name: String,
        known: String,
    },
    /// A request field with a value outside what it accepts.
    #[error("bad field '{field}': {}", tame(rule))]
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
    /// A path parameter that cannot be read (an id that is not valid UTF-8 once decoded).
    #[error("bad path: {}", tame(.0))]
    BadPath(String),
    /// The body is not the JSON the endpoint expects, or is too large.
    #[error("bad request body: {}", tame(message))]
    Body { status: StatusCode, message: String },
    /// The server holds as many games as it is allowed to.
    #[error("too many games open ({0}); delete one first")]
    TooManyGames(usize),
    /// The engine did not answer within the request's time cap and its grace; it was told
    /// to stop.
    #[error(
        "the engine '{}' did not answer within the time cap of {cap_ms} ms \
         (given {waited_ms} ms with the grace for overruns); it was told to stop",
        quote(agent)
    )]
    EngineTimeout {
        agent: String,
        cap_ms: u128,
        waited_ms: u128,
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
    /// An engine request on a game whose engine is already thinking.
    #[error(
        "the engine is already thinking on game '{}': one engine request per game at a time",
        quote(.0)
    )]
    EngineBusy(String),
    /// The engine found no move although the game is not over (a bug in an agent).
    #[error("the engine '{}' returned no move although the game is not over", quote(.0))]
    NoMove(String),
    /// The engine's thread panicked (a bug in an agent); the game is left as it was.
    #[error(
        "the engine '{}' failed: {}; the game is unchanged",
        quote(agent),
        tame(reason)
    )]
    EngineFailed { agent: String, reason: String },
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
            ApiError::CannotUndo { .. } => "cannot_undo",
            ApiError::PositionChanged => "position_changed",
            ApiError::BadPath(_) => "bad_path",
            ApiError::Body { .. } => "bad_body",
            ApiError::TooManyGames(_) => "too_many_games",
            ApiError::EngineTimeout { .. } => "engine_timeout",
            ApiError::Busy { .. } => "busy",
            ApiError::EngineBusy(_) => "engine_busy",
            ApiError::NoMove(_) => "no_move",
            ApiError::EngineFailed { .. } => "engine_failed",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
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
            | ApiError::PositionChanged
            | ApiError::EngineBusy(_) => StatusCode::CONFLICT,
            ApiError::Game(_)
            | ApiError::Spec(_)
            | ApiError::UnknownLevel { .. }
            | ApiError::BadField { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadPath(_) => StatusCode::BAD_REQUEST,
            ApiError::Body { status, .. } => *status,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::TooManyGames(_) | ApiError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::EngineTimeout { .. } => StatusCode::GATEWAY_TIMEOUT,
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
        if let ApiError::Busy { .. } = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The most characters of one input an error message quotes.
pub const QUOTE_CHARS: usize = 80;

/// The longest a free text from elsewhere (a rule, a reason, a parser's message) may run in
/// an error message.
const FREE_TEXT_CHARS: usize = 300;

/// An input as an error message quotes it: control characters escaped (`\0`, `\n`,
/// `\u{1b}`), and cut with `…` after [`QUOTE_CHARS`] characters.
pub fn quote(input: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    for c in input.chars() {
        let piece: String = if c.is_control() {
            c.escape_debug().collect()
        } else {
            c.to_string()
        };
        let len = piece.chars().count();
        if count + len > QUOTE_CHARS {
            out.push('…');
            return out;
        }
        out.push_str(&piece);
        count += len;
    }
    out
}

/// A free text that may hold inputs we cannot pick out (a parser's message quoting part of
/// the request, an agent's panic message): control characters escaped, every stretch
/// between quotes (`'…'`, `` `…` ``, `"…"`) cut as [`quote`] cuts an input, and the whole cut
/// after [`FREE_TEXT_CHARS`] characters.
pub fn tame(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let close = if matches!(c, '\'' | '`' | '"') {
            chars[i + 1..]
                .iter()
                .position(|&d| d == c)
                .map(|p| i + 1 + p)
        } else {
            None
        };
        match close {
            Some(end) => {
                let inner: String = chars[i + 1..end].iter().collect();
                out.push(c);
                out.push_str(&quote(&inner));
                out.push(c);
                i = end + 1;
            }
            None if c.is_control() => {
                out.extend(c.escape_debug());
                i += 1;
            }
            None => {
                out.push(c);
                i += 1;
            }
        }
    }
    // An input outside quotes (a field name a parser puts first, say) is a long word.
    let out = cut_long_words(&out, QUOTE_CHARS + 10);
    if out.chars().count() > FREE_TEXT_CHARS {
        let mut cut: String = out.chars().take(FREE_TEXT_CHARS).collect();
        cut.push('…');
        return cut;
    }
    out
}

/// Cuts every run of more than `longest` characters without a space to its first
/// [`QUOTE_CHARS`] characters and `…`.
fn cut_long_words(text: &str, longest: usize) -> String {
    let mut out = String::with_capacity(text.len().min(4 * FREE_TEXT_CHARS));
    let mut word: Vec<char> = Vec::new();
    let flush = |word: &mut Vec<char>, out: &mut String| {
        if word.len() > longest {
            out.extend(&word[..QUOTE_CHARS]);
            out.push('…');
        } else {
            out.extend(word.iter());
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else if word.len() <= longest {
            // Past that, the rest of the word is dropped: it is cut anyway.
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// A game's error, its inputs quoted (see [`quote`]).
fn game_message(error: &GameError) -> String {
    match error {
        GameError::Parse { input, reason } => {
            format!("cannot read move '{}': {}", quote(input), tame(reason))
        }
        GameError::Illegal { mv, rule } => {
            format!("illegal move '{}': {}", quote(mv), tame(rule))
        }
        GameError::GameOver => error.to_string(),
        GameError::Setting {
            setting,
            value,
            rule,
        } => format!(
            "bad setting {} = {}: {}",
            quote(setting),
            quote(value),
            tame(rule)
        ),
        GameError::Position { input, reason } => {
            format!("cannot read position '{}': {}", quote(input), tame(reason))
        }
    }
}

/// An agent spec's error, its inputs quoted (see [`quote`]).
fn spec_message(error: &SpecError) -> String {
    match error {
        SpecError::Empty { .. } => error.to_string(),
        SpecError::UnknownAgent { name, known } => {
            format!("unknown agent '{}' (agents: {known})", quote(name))
        }
        SpecError::Malformed { spec, reason } => {
            format!("cannot read agent spec '{}': {}", quote(spec), tame(reason))
        }
        SpecError::UnknownKey {
            agent,
            key,
            accepted,
        } => format!(
            "agent '{}' has no key '{}' (keys: {accepted})",
            quote(agent),
            quote(key)
        ),
        SpecError::DuplicateKey { agent, key } => format!(
            "key '{}' is given twice in the spec of agent '{}'",
            quote(key),
            quote(agent)
        ),
        SpecError::BadValue {
            agent,
            key,
            value,
            expected,
        } => format!(
            "bad value '{}' for key '{}' of agent '{}': expected {}",
            quote(value),
            quote(key),
            quote(agent),
            tame(expected)
        ),
        SpecError::UnknownName {
            agent,
            key,
            kind,
            value,
            known,
        } => format!(
            "unknown {kind} '{}' for key '{}' of agent '{}' ({kind}s: {known})",
            quote(value),
            quote(key),
            quote(agent)
        ),
        SpecError::Agent { agent, message } => {
            format!("agent '{}': {}", quote(agent), tame(message))
        }
    }
}
