//! `POST /api/games/{id}/solver`: the solver view of Connect Four, every playable column with
//! its exact score (Pascal Pons' scale), an incomplete answer when out of time, and the
//! refusals: games without a solver view, finished games, bad bodies, tables over the cap.

use crate::oneshot;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use axum::Router;
use oneshot::{assert_error, create, json_call, play, send};
use ply_web::{Server, ServerConfig};
use serde_json::{json, Value};

fn app_with(max_search_mb: u64) -> Router {
    Server::new(ServerConfig {
        max_move_time: Duration::from_secs(3),
        max_solver_time: Duration::from_secs(3),
        max_searches: 2,
        max_games: 100,
        max_body_bytes: 4096,
        max_search_mb,
        ..ServerConfig::default()
    })
    .router()
}

fn app() -> Router {
    app_with(ply_web::DEFAULT_MAX_SEARCH_MB)
}

async fn game_with(app: &Router, game: &str, variant: Value, moves: &[&str]) -> String {
    let view = create(app, game, variant).await;
    let id = view["id"].as_str().unwrap().to_string();
    for mv in moves {
        let (status, view) = play(app, &id, mv).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {view}");
    }
    id
}

async fn solver(app: &Router, id: &str, body: Option<Value>) -> (StatusCode, Value) {
    json_call(app, Method::POST, &format!("/api/games/{id}/solver"), body).await
}

/// The answer's moves as (move, value) pairs.
fn scores(answer: &Value) -> Vec<(String, i64)> {
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let value = m["value"].as_i64().unwrap_or_else(|| panic!("{answer}"));
            (m["move"].as_str().unwrap().to_string(), value)
        })
        .collect()
}

#[tokio::test]
async fn connect4_says_it_has_a_solver_view_and_the_others_do_not() {
    let (status, info) = json_call(&app(), Method::GET, "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    for game in info["games"].as_array().unwrap() {
        let expected = game["name"] == "connect4";
        assert_eq!(game["has_solver_view"], expected, "{game}");
    }
}

#[tokio::test]
async fn every_column_of_a_late_position_gets_its_exact_score() {
    let app = app();
    // Red has three on the floor (columns 4, 5, 6): columns 3 and 7 win with the next stone,
    // 18 = (42 + 1 - 6) / 2; any other column lets Yellow block, and wins later if at all.
    let id = game_with(&app, "connect4", json!({}), &["4", "4", "5", "5", "6", "6"]).await;
    let (status, answer) = solver(&app, &id, Some(json!({ "time_ms": 2000 }))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["complete"], true, "{answer}");
    assert_eq!(answer["id"], id.as_str());
    assert_eq!(answer["version"], 6);
    assert_eq!(answer["scale"], "exact");
    assert!(
        answer["agent"]
            .as_str()
            .unwrap()
            .starts_with("solver:table=22"),
        "{answer}"
    );
    let red = scores(&answer);
    let moves: Vec<&str> = red.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(moves, ["1", "2", "3", "4", "5", "6", "7"], "{answer}");
    for (mv, value) in &red {
        if mv == "3" || mv == "7" {
            assert_eq!(*value, 18, "{answer}");
        } else {
            assert!(*value < 18, "{answer}");
        }
    }
    // Asked again (the table kept warm), with no body at all: the same scores.
    let (status, again) = solver(&app, &id, None).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["moves"], answer["moves"]);
    // Red plays elsewhere: Yellow, to move, can block only one of 3 and 7, and every
    // column loses.
    play(&app, &id, "1").await;
    let (_, after) = solver(&app, &id, Some(json!({}))).await;
    assert_eq!(after["version"], 7);
    let yellow = scores(&after);
    assert!(yellow.iter().all(|(_, v)| *v < 0), "{after}");
}

#[tokio::test]
async fn a_full_column_has_no_score() {
    let app = app();
    let variant = json!({ "width": 5, "height": 4 });
    let id = game_with(&app, "connect4", variant, &["1", "1", "1", "1"]).await;
    let (status, answer) = solver(&app, &id, Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["complete"], true, "{answer}");
    let moves: Vec<String> = scores(&answer).into_iter().map(|(m, _)| m).collect();
    assert_eq!(moves, ["2", "3", "4", "5"], "{answer}");
}

#[tokio::test]
async fn out_of_time_the_answer_is_incomplete_not_an_error() {
    let app = app();
    // The empty 8x7 board (no book) takes the solver far longer than the server's whole
    // cap; the cap's grace (1 s) leaves a machine kept busy by other work room to answer.
    let id = game_with(&app, "connect4", json!({ "width": 8, "height": 7 }), &[]).await;
    let (status, answer) = solver(&app, &id, None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["complete"], false, "{answer}");
    // What is proven so far: every column with its bounds, which hold no guess (a value
    // only where they meet), and do not all meet.
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8, "{answer}");
    for m in moves {
        let (low, high) = (m["low"].as_i64().unwrap(), m["high"].as_i64().unwrap());
        assert!(low <= high && -28 <= low && high <= 28, "{m}");
        let meet = if low == high { json!(low) } else { json!(null) };
        assert_eq!(m["value"], meet, "{m}");
    }
    assert!(moves.iter().any(|m| m["value"].is_null()), "{answer}");
    assert_eq!(
        answer["reason"],
        "not solved within 3000 ms, the server's cap (ply serve --max-solver-time)",
        "{answer}"
    );
    assert_eq!(answer["version"], 0);
    // Asked for less, the answer says the time was the request's.
    let (_, answer) = solver(&app, &id, Some(json!({ "time_ms": 200 }))).await;
    assert_eq!(
        answer["reason"], "not solved within 200 ms, the time asked",
        "{answer}"
    );
}

/// The empty 7x6 board is answered from the bundled opening book, with the values Pascal
/// Pons' online solver shows.
#[tokio::test]
async fn the_first_moves_come_from_the_bundled_book() {
    let app = app();
    let id = game_with(&app, "connect4", json!({}), &[]).await;
    let (status, answer) = solver(&app, &id, Some(json!({ "time_ms": 2000 }))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["complete"], true, "{answer}");
    let values: Vec<i64> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values, [-2, -1, 0, 1, 0, -1, -2], "{answer}");
}

#[tokio::test]
async fn a_game_without_a_solver_view_is_refused_by_name() {
    let app = app();
    for game in ["tictactoe", "quoridor", "halma"] {
        let id = game_with(&app, game, json!({}), &[]).await;
        assert_error(
            &solver(&app, &id, Some(json!({}))).await,
            StatusCode::NOT_FOUND,
            "no_solver_view",
            &[game, "has no solver view", "connect4"],
        );
    }
}

#[tokio::test]
async fn bad_requests_are_4xx_naming_the_rule() {
    let app = app();
    let id = game_with(&app, "connect4", json!({}), &["4", "4", "5", "5", "6", "6"]).await;
    let url = format!("/api/games/{id}/solver");
    assert_error(
        &solver(&app, "0123456789abcdef", Some(json!({}))).await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &["0123456789abcdef"],
    );
    let (status, _, text) = send(&app, Method::POST, &url, Some("{not json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("bad_body"), "{text}");
    for (body, words) in [
        (json!({ "time_ms": -5 }), &["time_ms"][..]),
        (json!({ "time_ms": "fast" }), &["time_ms"][..]),
        (json!({ "time": 100 }), &["time"][..]),
    ] {
        assert_error(
            &solver(&app, &id, Some(body)).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_body",
            words,
        );
    }
    assert_error(
        &solver(&app, &id, Some(json!({ "time_ms": 0 }))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_field",
        &["time_ms", "at least 1 ms"],
    );
    // A huge time is clamped to the server's solver cap, not refused.
    let (status, answer) = solver(&app, &id, Some(json!({ "time_ms": u64::MAX }))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["cap_ms"], 3000.0, "{answer}");
    let (status, answer) = json_call(&app, Method::GET, &url, None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{answer}");
}

#[tokio::test]
async fn a_finished_game_has_no_solver_view() {
    let app = app();
    let id = game_with(
        &app,
        "connect4",
        json!({}),
        &["1", "2", "1", "2", "1", "2", "1"],
    )
    .await;
    assert_error(
        &solver(&app, &id, Some(json!({}))).await,
        StatusCode::CONFLICT,
        "game_over",
        &["over"],
    );
}

#[tokio::test]
async fn the_solvers_table_counts_against_the_memory_cap() {
    let app = app_with(16);
    let id = game_with(&app, "connect4", json!({}), &["4", "4", "5", "5", "6", "6"]).await;
    assert_error(
        &solver(&app, &id, Some(json!({}))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_agent",
        &["solver:table=22", "32 MiB", "cap of 16 MiB"],
    );
}
