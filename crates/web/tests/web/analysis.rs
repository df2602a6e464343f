//! `POST /api/games/{id}/analysis`: every move judged, the agent refused when it would not
//! fit the server, the whole analysis held to `max_analysis_time`, and engine moves of other
//! games answered while an analysis runs.

use crate::oneshot;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use axum::Router;
use oneshot::{assert_error, create, json_call, play};
use ply_web::{longest_answer, Server, ServerConfig};
use serde_json::{json, Value};

/// How late past its limit an answer may come on a two-core machine at load 8 and more. The
/// agents below sleep seconds past every bound, so a bound still tells the server's answer
/// from waiting for the agent.
const SLACK: Duration = Duration::from_secs(1);

fn app(max_searches: usize, max_analysis: Duration) -> Router {
    Server::new(ServerConfig {
        max_move_time: Duration::from_secs(2),
        max_searches,
        max_games: 100,
        max_body_bytes: 4096,
        max_analysis_time: max_analysis,
        ..ServerConfig::default()
    })
    .with_fault_agents()
    .router()
}

async fn game_with(app: &Router, game: &str, moves: &[&str]) -> String {
    let view = create(app, game, json!({})).await;
    let id = view["id"].as_str().unwrap().to_string();
    for mv in moves {
        let (status, view) = play(app, &id, mv).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {view}");
    }
    id
}

async fn analyse(app: &Router, id: &str, body: Value) -> (StatusCode, Value) {
    let url = format!("/api/games/{id}/analysis");
    json_call(app, Method::POST, &url, Some(body)).await
}

#[tokio::test]
async fn every_move_is_judged_and_the_blunder_is_marked() {
    let app = app(2, Duration::from_secs(20));
    // O answers the centre on an edge: X forces a win from there.
    let id = game_with(&app, "tictactoe", &["b2", "a2"]).await;
    let (_, before) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    let (status, answer) = analyse(&app, &id, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["id"], id.as_str());
    assert_eq!(answer["game"], "tictactoe");
    assert_eq!(answer["positions"], 3);
    assert_eq!(answer["version"], before["version"]);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{answer}");
    assert_eq!(moves[0]["move"], "b2");
    assert_eq!(moves[0]["verdict"], "best", "{answer}");
    assert_eq!(moves[1]["move"], "a2");
    assert_eq!(moves[1]["verdict"], "blunder", "{answer}");
    assert_eq!(moves[1]["outcome_after"], "loss", "{answer}");
    assert_eq!(answer["summary"][1]["blunders"], 1);
    // The game itself is untouched.
    let (_, after) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(after, before);
}

/// On 7x6 the default analyst is the exact solver, as `ply analyze` uses it: each move
/// marked with the exact score it threw away (the game of docs/cli.md's `ply analyze`
/// example, from the position 44335).
#[tokio::test]
async fn connect4_7x6_is_analysed_exactly_by_default() {
    let app = app(2, Duration::from_secs(20));
    let (status, view) = json_call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "connect4", "position": "44335" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    let id = view["id"].as_str().unwrap().to_string();
    for mv in ["5", "4", "2", "4", "2"] {
        let (status, view) = play(&app, &id, mv).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {view}");
    }
    let (status, answer) = analyse(&app, &id, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        answer["agent"]
            .as_str()
            .unwrap()
            .starts_with("solver:table=22"),
        "{answer}"
    );
    assert_eq!(answer["scale"], "exact");
    assert_eq!(answer["fallback"], Value::Null);
    // The solver's cap on the server (a second by default), within the move cap.
    assert_eq!(answer["time_per_position_ms"], 1000.0);
    let column = |field: &str| -> Vec<Value> {
        let moves = answer["moves"].as_array().unwrap();
        moves.iter().map(|m| m[field].clone()).collect()
    };
    assert_eq!(
        column("loss"),
        [0.0, 1.0, 0.0, 34.0, 0.0].map(|l| json!(l)),
        "{answer}"
    );
    assert_eq!(
        column("verdict"),
        ["best", "inaccuracy", "best", "blunder", "best"].map(|v| json!(v)),
        "{answer}"
    );
    assert_eq!(column("outcome_after")[3], "loss", "{answer}");
}

/// Where the solver does not answer every position within about a second (8x7), a search
/// judges, and the answer says so and why.
#[tokio::test]
async fn other_boards_fall_back_to_a_search_and_say_so() {
    let app = app(2, Duration::from_secs(20));
    let view = create(&app, "connect4", json!({ "width": 8, "height": 7 })).await;
    let id = view["id"].as_str().unwrap().to_string();
    for mv in ["4", "4", "1"] {
        play(&app, &id, mv).await;
    }
    let (status, answer) = analyse(&app, &id, json!({ "time_ms": 30 })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        answer["agent"].as_str().unwrap().starts_with("alphabeta"),
        "{answer}"
    );
    assert_eq!(answer["scale"], "negamax");
    let why = answer["fallback"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(why.contains("7x6"), "{why}");
    assert_eq!(answer["time_per_position_ms"], 30.0);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 3);
    // An agent the request names is no fallback.
    let (status, named) = analyse(&app, &id, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{named}");
    assert_eq!(named["fallback"], Value::Null);
}

#[tokio::test]
async fn agents_that_do_not_fit_and_bad_requests_are_refused() {
    let app = app(2, Duration::from_secs(20));
    let id = game_with(&app, "connect4", &["4"]).await;
    for (body, status, kind, words) in [
        (
            json!({ "agent": "alphabeta:tt=1000" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_agent",
            vec!["MiB", "cap of 256"],
        ),
        (
            json!({ "agent": "solver:table=28" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_agent",
            vec!["2048 MiB"],
        ),
        (
            json!({ "agent": "nobody" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_agent",
            vec!["nobody"],
        ),
        (
            json!({ "time_ms": 0 }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_field",
            vec!["time_ms"],
        ),
        (
            json!({ "level": "easy" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_body",
            vec!["level"],
        ),
    ] {
        assert_error(&analyse(&app, &id, body).await, status, kind, &words);
    }
    assert_error(
        &analyse(&app, "0000000000000000", json!({})).await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &["0000000000000000"],
    );
}

/// An agent that overruns every clock cannot keep the request past the analysis cap and
/// its grace; one that takes its time is stopped at the cap.
#[tokio::test]
async fn the_whole_analysis_is_held_to_the_servers_cap() {
    let cap = Duration::from_millis(300);
    let app = app(2, cap);
    let id = game_with(&app, "quoridor", &["e8", "e2", "e9", "e1", "e8", "e2"]).await;
    // The first sleeps 5 s a position and will not stop; the second sleeps 1 s a position
    // (6 s for the game) and stops when told.
    for (agent, latest) in [
        ("fault-sleep:ms=5000,stop=false", longest_answer(cap)),
        ("fault-sleep:ms=1000,stop=true", longest_answer(cap)),
    ] {
        let started = Instant::now();
        let answer = analyse(&app, &id, json!({ "agent": agent })).await;
        let took = started.elapsed();
        assert_error(
            &answer,
            StatusCode::GATEWAY_TIMEOUT,
            "engine_timeout",
            &["300 ms"],
        );
        assert!(took <= latest + SLACK, "{agent}: {took:?}");
    }
    // Within the cap, the same game is analysed.
    let (status, answer) = analyse(&app, &id, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["moves"].as_array().unwrap().len(), 6);
}

/// With one search slot, an engine move of another game waits for one position of a
/// running analysis, not for the whole of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_moves_are_answered_while_an_analysis_runs() {
    let app = app(1, Duration::from_secs(10));
    let moves = ["e8", "e2", "e9", "e1"].repeat(2);
    let long = game_with(&app, "quoridor", &moves[..7]).await;
    let other = game_with(&app, "quoridor", &[]).await;
    let analysis = tokio::spawn({
        let app = app.clone();
        async move {
            let started = Instant::now();
            let answer = analyse(
                &app,
                &long,
                json!({ "agent": "fault-sleep:ms=600,stop=true" }),
            )
            .await;
            (answer, started.elapsed())
        }
    });
    // Inside the analysis's 4.2 s (7 positions of 600 ms).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let (status, answer) = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{other}/engine"),
        Some(json!({ "agent": "random", "time_ms": 1000 })),
    )
    .await;
    let waited = started.elapsed();
    assert_eq!(status, StatusCode::OK, "{answer}");
    // It waits for one position (600 ms) at most, not for the whole analysis.
    assert!(
        !analysis.is_finished(),
        "answered after {waited:?}, with the analysis"
    );
    // One slot, one analysis at a time: a second is refused until the first is done.
    let second = analyse(&app, &other, json!({ "agent": "random" })).await;
    assert_error(
        &second,
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        &["1 analyses are running"],
    );
    let ((status, answer), took) = analysis.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["moves"].as_array().unwrap().len(), 7);
    assert!(took >= Duration::from_millis(7 * 600), "{took:?}");
}

/// An analysis and an engine move of one game do not race: the second is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_and_an_engine_move_of_one_game_do_not_race() {
    let app = app(2, Duration::from_secs(5));
    let id = game_with(&app, "tictactoe", &["b2"]).await;
    let engine = tokio::spawn({
        let app = app.clone();
        let url = format!("/api/games/{id}/engine");
        async move {
            let body = json!({ "agent": "fault-sleep:ms=1500,stop=true", "time_ms": 2000 });
            json_call(&app, Method::POST, &url, Some(body)).await
        }
    });
    // Long after the engine took the game, long before it is done.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_error(
        &analyse(&app, &id, json!({ "agent": "random" })).await,
        StatusCode::CONFLICT,
        "engine_busy",
        &[id.as_str()],
    );
    let (status, answer) = engine.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = analyse(&app, &id, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["moves"].as_array().unwrap().len(), 2);
}
