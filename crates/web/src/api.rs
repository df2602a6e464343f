//! The JSON API, under `/api`:
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | the games, their variant settings and levels |
//! | `POST /api/games` | `{"game": "connect4", "variant": {"width": 7}}` | 201, the new game's view |
//! | `GET /api/games/{id}` | | the view |
//! | `DELETE /api/games/{id}` | | 204 |
//! | `POST /api/games/{id}/moves` | `{"move": "4"}` | the view after the move |
//! | `POST /api/games/{id}/engine` | `{"level": "perfect", "time_ms": 1000}` or `{"agent": "alphabeta:depth=4"}` | the engine's move, its search figures, the view |
//! | `POST /api/games/{id}/undo` | `{"count": 2}` | the view after taking the moves back |
//! | `GET /api/games/{id}/record` | | the record in the game's notation, as a text file |
//!
//! Errors are `{"error": {"kind", "message"}}`: 404 unknown game, 422 illegal move or bad
//! setting, 409 game over / nothing to undo / position changed, 400/413/415 bad body.

use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::engine::run_search;
use crate::error::ApiError;
use crate::games::{games_json, VariantRequest};
use crate::levels::{default_level, levels};
use crate::store::lock;
use crate::AppState;

type Body<T> = Result<Json<T>, JsonRejection>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    pub game: String,
    #[serde(default)]
    pub variant: VariantRequest,
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
    /// The time cap for this move; the server's own cap if absent or larger.
    pub time_ms: Option<u64>,
    /// Seed of the agent's randomness (random if absent).
    pub seed: Option<u64>,
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
    body: Body<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let Json(request) = body?;
    let session = app.catalogs.new_session(&request.game, &request.variant)?;
    let view = session.view();
    let id = app.store.insert(session)?;
    Ok((StatusCode::CREATED, Json(view_with_id(&id, view))))
}

pub async fn get_game(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = app.store.get(&id)?;
    let view = lock(&session).view();
    Ok(Json(view_with_id(&id, view)))
}

pub async fn delete_game(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    app.store.remove(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn play_move(
    State(app): State<AppState>,
    Path(id): Path<String>,
    body: Body<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let session = app.store.get(&id)?;
    let Json(request) = body?;
    let mut session = lock(&session);
    let played = session.play(&request.mv)?;
    let mut view = view_with_id(&id, session.view());
    view["played"] = Value::from(played);
    Ok(Json(view))
}

pub async fn undo(
    State(app): State<AppState>,
    Path(id): Path<String>,
    body: Body<UndoRequest>,
) -> Result<Json<Value>, ApiError> {
    let session = app.store.get(&id)?;
    let Json(request) = body?;
    let mut session = lock(&session);
    session.undo(request.count.unwrap_or(1))?;
    Ok(Json(view_with_id(&id, session.view())))
}

pub async fn record(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let session = app.store.get(&id)?;
    let (text, game) = {
        let session = lock(&session);
        (session.record(), session.game_name())
    };
    let disposition = format!("attachment; filename=\"{game}-{id}.txt\"");
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
    Path(id): Path<String>,
    body: Body<EngineRequest>,
) -> Result<Json<Value>, ApiError> {
    let arrival = Instant::now();
    let shared = app.store.get(&id)?;
    let Json(request) = body?;
    let max = app.config.max_move_time;
    let cap = match request.time_ms {
        Some(0) => {
            return Err(ApiError::BadField {
                field: "time_ms",
                rule: "a time cap must be at least 1 ms".into(),
            })
        }
        Some(ms) => Duration::from_millis(ms).min(max),
        None => max,
    };
    let seed = request.seed.unwrap_or_else(rand::random);
    let (job, version) = {
        let session = lock(&shared);
        let spec = agent_spec(session.game_name(), &request)?;
        (session.search_job(&spec, seed)?, session.version())
    };
    let (report, timing) = run_search(job, &app.slots, arrival, cap).await?;
    let mut session = lock(&shared);
    if request.play.unwrap_or(true) {
        if session.version() != version {
            return Err(ApiError::PositionChanged);
        }
        session.play(&report.mv)?;
    }
    let view = view_with_id(&id, session.view());
    Ok(Json(
        json!({ "engine": report, "timing": timing, "state": view }),
    ))
}

pub async fn no_such_endpoint(uri: axum::http::Uri) -> ApiError {
    ApiError::NoSuchEndpoint(uri.path().to_string())
}
