//! The JSON API, under `/api`:
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | the games, their variant settings and levels, and each game's drawing module (`script`, `null` for a grid: see `assets`) |
//! | `POST /api/games` | `{"game": "connect4", "variant": {"width": 7}}`, optionally with `"position"` (the game's position text) or `"record"` (a game record, instead of `variant`) | 201, the new game's view |
//! | `GET /api/games/{id}` | | the view (its `settings`: the variant settings the game was made with, defaults left out; its `moves`: the moves played, as a person types them, `Game::show_move`) |
//! | `DELETE /api/games/{id}` | | 204 |
//! | `POST /api/games/{id}/moves` | `{"move": "4"}` | the view after the move |
//! | `POST /api/games/{id}/engine` | `{"level": "perfect", "time_ms": 1000}` or `{"agent": "alphabeta:depth=4"}` | the engine's move, its search figures (`proven`: a proven value in words, `Yellow wins by force in 12 moves`, else `null`; `pv` as a person types the moves), the view |
//! | `POST /api/games/{id}/undo` | `{"count": 2}` | the view after taking the moves back (`0`: none, a no-op) |
//! | `GET /api/games/{id}/record` | | the game record (`ply_core::record`), as a text file |
//! | `POST /api/games/{id}/analysis` | `{"agent": "alphabeta", "time_ms": 100}` (both optional) | the analysis of every move from the game's start (`ply analyze --json`'s shape), with `fallback`: why a search judges in place of the game's exact analyst, or `null` (see `analysis`) |
//! | `POST /api/games/{id}/solver` | `{"time_ms": 1000}` (optional, at most the server's `max_solver_time`; the body too) | the solver view: every legal move's exact value, `{"moves": [{"move": "3", "value": 18}, …], "complete": true, "id", "version", "agent", "scale", "time_ms", "cap_ms"}`, or `"complete": false`, a `reason` and each move's proven `low` and `high` when not solved in time (see `solver`; games whose `has_solver_view` is true) |
//!
//! Errors are `{"error": {"kind", "message"}}`, the message naming the input (at most 80
//! characters of it, control characters escaped) and the rule:
//!
//! | status | kinds |
//! |---|---|
//! | 400 | `bad_body` (not JSON), `bad_path` (an id that is not UTF-8), `bad_position`, `bad_record`, `bad_start` (a game's start that cannot be read or replayed; see `start`) |
//! | 403 | `forbidden_host` (a request addressed to a name that is not the server's: DNS rebinding), `cross_site` (a change sent from another site); see `guard` |
//! | 404 | `unknown_game_id` (also a game no request named for the server's `game_ttl`), `unknown_game`, `no_such_endpoint`, `no_solver_view` (a solver view of a game without one) |
//! | 405 | `method_not_allowed` (with the `Allow` header) |
//! | 408 | `bad_body` (the body did not arrive within the server's `body_read_timeout`) |
//! | 409 | `game_over` (a move, engine or solver view request on a finished game), `cannot_undo`, `position_changed` (a move or undo landed while the engine thought), `engine_busy` (the engine, or an analysis, is already running on this game) |
//! | 413, 415, 422 | `bad_body` (too large, not `application/json`, wrong fields) |
//! | 422 | `bad_move_text`, `illegal_move`, `bad_variant`, `bad_position`, `bad_agent` (also a spec the server's allow-list refuses: a file key, threads over `max_search_threads`, tables over `max_search_mb`; see `policy`), `unknown_level`, `bad_field` |
//! | 429 | `too_many_games` (the client holds its share of the games, `max_games_per_client`) |
//! | 500 | `engine_failed` (the agent panicked), `no_move` (the agent found none) |
//! | 503 | `busy` (no search slot came free in time to answer within the cap and its grace, for a solver view within the cap; as many analyses running as there are slots), `too_many_games` |
//! | 504 | `engine_timeout` (the agent did not stop when told to at the cap plus its grace; an analysis past the server's `max_analysis_time`) |
//!
//! An engine request's `time_ms` is clamped to the server's cap (`max_move_time_ms` in
//! `GET /api/games`) and must be at least [`MIN_MOVE_TIME`](crate::MIN_MOVE_TIME); it is
//! the search budget of an `agent` the request names (it replaces a preset's own time; a
//! `time=` written in `agent` wins, and the answer's `engine.note` says so), and a cap on a
//! `level`, which keeps the time it was measured with. The engine thinks within that cap, and
//! the answer leaves within [`longest_answer`](crate::longest_answer) of it, when the search
//! is told to stop and hands back its move (on a machine too loaded to keep up it may come
//! later: see `engine`). A failed engine request leaves the game as it was.

use std::time::{Duration, Instant};

use axum::extract::{OriginalUri, State};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::analysis::run_analysis;
use crate::engine::run_search;
use crate::error::ApiError;
use crate::extract::{Client, GameId, JsonBody, OptionalJsonBody};
use crate::games::{games_json, VariantRequest};
use crate::levels::{default_level, levels};
use crate::record::MoveNote;
use crate::solver::run_solver;
use crate::start::Start;
use crate::{AppState, MIN_MOVE_TIME};

/// A JSON body, read after the game is found so an unknown id is reported first.
type Body<T> = Result<JsonBody<T>, ApiError>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    pub game: String,
    #[serde(default)]
    pub variant: VariantRequest,
    /// A position in the game's text form to start from, in the requested variant.
    pub position: Option<String>,
    /// A game record to start from: its start, its settings and its moves.
    pub record: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The agent spec that judges (default: see `analysis`).
    pub agent: Option<String>,
    /// The time per position (default: see `analysis`), clamped to the server's move cap
    /// and cut so that every position fits the server's `max_analysis_time`.
    pub time_ms: Option<u64>,
    /// Seed of the agent's randomness (1 if absent, so an analysis can be repeated).
    #[serde(alias = "seed")]
    pub rng_seed: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverRequest {
    /// The time to solve in, clamped to the server's solver cap (default: the cap).
    pub time_ms: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    pub mv: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// A level from the game's table.
    pub level: Option<String>,
    /// Any agent spec instead of a level.
    pub agent: Option<String>,
    /// The time for this move, clamped to the server's cap: the search budget of the `agent`
    /// named (it replaces a preset's own time; a `time=` written in `agent` wins, and the
    /// answer's `note` says so); for a `level`, a cap on the time the level was measured
    /// with. Absent: the agent's or level's own time, within the server's cap.
    pub time_ms: Option<u64>,
    /// Seed of the agent's randomness (random if absent); `seed` is accepted too.
    #[serde(alias = "seed")]
    pub rng_seed: Option<u64>,
    /// Whether to play the move (default) or only show it.
    pub play: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    pub count: Option<usize>,
}

fn view_with_id(id: &str, view: Value) -> Value {
    let mut view = view;
    view["id"] = Value::from(id);
    view
}

pub async fn list_games(State(app): State<AppState>) -> Json<Value> {
    let mut info = games_json();
    info["max_move_time_ms"] = json!(app.config.max_move_time.as_millis() as u64);
    info["games_open"] = json!(app.store.open_games());
    Json(info)
}

pub async fn create_game(
    State(app): State<AppState>,
    client: Client,
    body: Body<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let JsonBody(request) = body.map_err(|error| create_body_error(error, &app))?;
    let start = Start::of_request(
        request.position.as_deref(),
        request.record.as_deref(),
        request.variant.is_given(),
    )?;
    let session = app
        .catalogs
        .start_session(&request.game, &request.variant, start)?;
    let view = session.view();
    let id = app.store.insert(session, client)?;
    Ok((StatusCode::CREATED, Json(view_with_id(&id, view))))
}

/// A create request's body has its own, larger limit (it may carry a record): a body over it
/// is reported with that limit.
fn create_body_error(error: ApiError, app: &AppState) -> ApiError {
    match error {
        ApiError::Body { status, .. } if status == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::Body {
                status,
                message: format!(
                    "the body is larger than the server's limit of {} bytes for a new game",
                    app.config.max_create_bytes.max(app.config.max_body_bytes)
                ),
            }
        }
        other => other,
    }
}

pub async fn get_game(
    State(app): State<AppState>,
    GameId(id): GameId,
) -> Result<Json<Value>, ApiError> {
    let game = app.store.get(&id)?;
    let view = game.session().view();
    Ok(Json(view_with_id(&id, view)))
}

pub async fn delete_game(
    State(app): State<AppState>,
    GameId(id): GameId,
) -> Result<StatusCode, ApiError> {
    app.store.remove(&id)?;
    app.solvers.forget(&id);
    Ok(StatusCode::NO_CONTENT)
}

pub async fn play_move(
    State(app): State<AppState>,
    GameId(id): GameId,
    body: Body<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let game = app.store.get(&id)?;
    let JsonBody(request) = body?;
    let mut session = game.session();
    let played = session.play(&request.mv)?;
    let mut view = view_with_id(&id, session.view());
    view["played"] = Value::from(played);
    Ok(Json(view))
}

pub async fn undo(
    State(app): State<AppState>,
    GameId(id): GameId,
    body: Body<UndoRequest>,
) -> Result<Json<Value>, ApiError> {
    let game = app.store.get(&id)?;
    let JsonBody(request) = body?;
    let mut session = game.session();
    session.undo(request.count.unwrap_or(1))?;
    Ok(Json(view_with_id(&id, session.view())))
}

pub async fn record(
    State(app): State<AppState>,
    GameId(id): GameId,
) -> Result<impl IntoResponse, ApiError> {
    let game = app.store.get(&id)?;
    let (text, name) = {
        let session = game.session();
        (session.record(), session.game_name())
    };
    let disposition = format!("attachment; filename=\"{name}-{id}.txt\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    ))
}

/// The agent spec a request asks for: an explicit spec, a level, or the game's default.
fn agent_spec(game: &str, request: &EngineRequest) -> Result<String, ApiError> {
    match (&request.agent, &request.level) {
        (Some(_), Some(_)) => Err(ApiError::BadField {
            field: "agent",
            rule: "give either a level or an agent spec, not both".into(),
        }),
        (Some(spec), None) => Ok(spec.clone()),
        (None, Some(name)) => levels(game)
            .iter()
            .find(|l| l.name == name)
            .map(|l| l.spec.to_string())
            .ok_or_else(|| ApiError::UnknownLevel {
                game: game.to_string(),
                name: name.clone(),
                known: levels(game)
                    .iter()
                    .map(|l| l.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        (None, None) => Ok(default_level(game).map_or("random", |l| l.spec).to_string()),
    }
}

pub async fn engine_move(
    State(app): State<AppState>,
    client: Client,
    GameId(id): GameId,
    body: Body<EngineRequest>,
) -> Result<Json<Value>, ApiError> {
    let arrival = Instant::now();
    let game = app.store.get(&id)?;
    let JsonBody(request) = body?;
    let cap = time_cap(request.time_ms, app.config.max_move_time)?;
    let rng_seed = request.rng_seed.unwrap_or_else(rand::random);
    let (job, version) = {
        let session = game.session();
        let spec = agent_spec(session.game_name(), &request)?;
        // `time_ms` is the budget of an agent the request names; a level keeps the time it
        // was measured with, and `time_ms` only caps it (docs/rules.md, "Time per move").
        let budget = request.agent.as_ref().and(request.time_ms).map(|_| cap);
        let job = session.search_job(&spec, budget, rng_seed, &app.policy)?;
        (job, session.version())
    };
    let _claim = game.claim_engine()?;
    let (report, timing) = run_search(job, &app.slots, client, arrival, cap).await?;
    if !app.store.holds(&game) {
        // Deleted while the engine thought: the move has no game to go to.
        return Err(ApiError::UnknownGameId(id));
    }
    let mut session = game.session();
    if request.play.unwrap_or(true) {
        if session.version() != version {
            return Err(ApiError::PositionChanged);
        }
        let note = MoveNote {
            value: Some(report.value),
            time: Some(Duration::from_secs_f64(report.time_ms.max(0.0) / 1e3)),
        };
        session.play_noted(&report.mv, note)?;
    }
    let view = view_with_id(&id, session.view());
    Ok(Json(
        json!({ "engine": report, "timing": timing, "state": view }),
    ))
}

pub async fn analyse(
    State(app): State<AppState>,
    client: Client,
    GameId(id): GameId,
    body: Body<AnalysisRequest>,
) -> Result<Json<Value>, ApiError> {
    let arrival = Instant::now();
    let game = app.store.get(&id)?;
    let JsonBody(request) = body?;
    let total = app.config.max_analysis_time;
    let job = {
        let session = game.session();
        let analyst = session.analyst(request.agent.as_deref(), app.config.max_solver_time);
        let default_ms = analyst.default_time.as_millis() as u64;
        let time = time_cap(
            Some(request.time_ms.unwrap_or(default_ms)),
            app.config.max_move_time,
        )?;
        session.analysis_job(analyst, time, request.rng_seed.unwrap_or(1), &app.policy)?
    };
    let _claim = game.claim_engine()?;
    let _running = app
        .analyses
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::AnalysesBusy(app.slots.size()))?;
    let mut answer = run_analysis(job, app.slots.clone(), client, arrival, total).await?;
    answer["id"] = Value::from(id);
    Ok(Json(answer))
}

/// The solver view of the game's current position (see `solver`); the answer names the
/// position's `version`, so a client can drop an answer to a position it has left.
pub async fn solver_view(
    State(app): State<AppState>,
    client: Client,
    GameId(id): GameId,
    body: Result<OptionalJsonBody<SolverRequest>, ApiError>,
) -> Result<Json<Value>, ApiError> {
    let arrival = Instant::now();
    let game = app.store.get(&id)?;
    let OptionalJsonBody(request) = body?;
    let cap = time_cap(request.time_ms, app.config.max_solver_time)?;
    let (job, version) = {
        let session = game.session();
        (session.solver_job(&app.policy)?, session.version())
    };
    let keep = || app.store.holds(&game);
    let mut answer = run_solver(job, &app, &id, client, arrival, cap, keep).await?;
    answer["id"] = Value::from(id);
    answer["version"] = Value::from(version);
    Ok(Json(answer))
}

/// The time cap of one engine move: the request's `time_ms`, clamped to the server's cap.
fn time_cap(time_ms: Option<u64>, max: Duration) -> Result<Duration, ApiError> {
    match time_ms {
        None => Ok(max),
        Some(ms) if Duration::from_millis(ms) < MIN_MOVE_TIME => Err(ApiError::BadField {
            field: "time_ms",
            rule: format!(
                "a time cap must be at least {} ms (asked for {ms} ms; the server's cap is {} ms)",
                MIN_MOVE_TIME.as_millis(),
                max.as_millis()
            ),
        }),
        Some(ms) => Ok(Duration::from_millis(ms).min(max)),
    }
}

/// Any path no route answers, under `/api` or not.
pub async fn no_such_endpoint(OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::NoSuchEndpoint(uri.path().to_string())
}
