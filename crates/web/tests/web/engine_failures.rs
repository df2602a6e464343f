//! The engine's failure paths, through the API of a server built with the agents that fail
//! on purpose (`Server::with_fault_agents`): a time cap asked beyond the server's, an agent
//! that overruns the cap, a full server, a panicking agent, an agent with no move, a second
//! engine request on a game whose engine is thinking, a game deleted under the engine.
//!
//! Each test checks the answer (status, kind, message), when it came (within the cap, or
//! within `longest_answer(cap)` when an agent overruns, `STOP_WAIT` more when it does not
//! stop when told, plus a generous scheduling slack), and that the game is as it was and
//! still plays. The agents that overrun sleep seconds past every bound, so a bound tells the
//! server's answer from waiting for the agent on a machine kept busy by other work too.

use crate::oneshot;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use oneshot::{assert_error, call, create, json_call, play};
use ply_web::{longest_answer, Server, ServerConfig, FAULT_PANIC_MESSAGE, STOP_WAIT};
use serde_json::{json, Value};

/// How late past its cap an answer may come: time to write it and to schedule the test's
/// own tasks on a two-core machine at load 8 and more. The failures the bounds guard against
/// (waiting for an agent that overruns) are seconds longer.
const SLACK: Duration = Duration::from_secs(1);

fn app(cap_ms: u64, max_searches: usize) -> Router {
    Server::new(ServerConfig {
        max_move_time: Duration::from_millis(cap_ms),
        max_searches,
        max_games: 100,
        max_body_bytes: 4096,
        ..ServerConfig::default()
    })
    .with_fault_agents()
    .router()
}

async fn new_game(app: &Router, game: &str) -> String {
    create(app, game, json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Asks for an engine move; returns the answer, its headers and how long it took.
async fn engine_with_headers(
    app: &Router,
    id: &str,
    body: Value,
) -> ((StatusCode, Value), HeaderMap, Duration) {
    let request = Request::builder()
        .method(Method::POST)
        .uri(format!("/api/games/{id}/engine"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let started = Instant::now();
    let (status, headers, text) = call(app, request).await;
    let elapsed = started.elapsed();
    let content_type = headers[header::CONTENT_TYPE].to_str().unwrap();
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}: {text}"
    );
    (
        (status, serde_json::from_str(&text).unwrap()),
        headers,
        elapsed,
    )
}

/// Asks for an engine move; returns the answer and how long it took.
async fn engine(app: &Router, id: &str, body: Value) -> ((StatusCode, Value), Duration) {
    let (answer, _, elapsed) = engine_with_headers(app, id, body).await;
    (answer, elapsed)
}

/// [`engine`] on a task of its own, so the test can act while the engine thinks.
fn engine_in_background(
    app: &Router,
    id: &str,
    body: Value,
) -> tokio::task::JoinHandle<((StatusCode, Value), Duration)> {
    let (app, id) = (app.clone(), id.to_string());
    tokio::spawn(async move { engine(&app, &id, body).await })
}

/// An engine request for `body` on game `id`, on a task of its own, once it has arrived and
/// claimed the game: it is sent with a twin, and the twin is refused `engine_busy` as soon as
/// the other has the game. (A fixed sleep would guess at how long that takes on a busy
/// machine.)
async fn running_sleeper(
    app: &Router,
    id: &str,
    body: Value,
) -> tokio::task::JoinHandle<((StatusCode, Value), Duration)> {
    let mut one = engine_in_background(app, id, body.clone());
    let mut twin = engine_in_background(app, id, body);
    let (refused, running) = tokio::select! {
        refused = &mut one => (refused, twin),
        refused = &mut twin => (refused, one),
    };
    let (refused, _) = refused.unwrap();
    assert_error(&refused, StatusCode::CONFLICT, "engine_busy", &[id]);
    running
}

async fn view(app: &Router, id: &str) -> Value {
    let (status, view) = json_call(app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

/// Asserts `elapsed` is no later than `cap` plus the slack.
fn assert_within(elapsed: Duration, cap: Duration, what: &str) {
    assert!(
        elapsed <= cap + SLACK,
        "{what}: {elapsed:?} for a cap of {cap:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cap_above_the_servers_is_clamped_and_one_below_the_floor_is_refused() {
    let app = app(300, 2);
    let (status, info) = json_call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["max_move_time_ms"], 300);
    assert_eq!(
        longest_answer(Duration::from_millis(300)),
        Duration::from_millis(625)
    );
    let id = new_game(&app, "connect4").await;
    // MCTS thinks until told to stop: asked for a minute, it gets the server's 300 ms.
    for time_ms in [60_000, u64::MAX] {
        let ((status, answer), elapsed) =
            engine(&app, &id, json!({ "agent": "mcts", "time_ms": time_ms })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["timing"]["cap_ms"], 300.0, "{answer}");
        assert!(answer["engine"]["budget_ms"].as_f64().unwrap() <= 300.0);
        assert_within(elapsed, Duration::from_millis(300), "clamped mcts");
    }
    let before = view(&app, &id).await;
    let (answer, _) = engine(&app, &id, json!({ "agent": "random", "time_ms": 0 })).await;
    assert_error(
        &answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_field",
        &["time_ms", "at least 1 ms", "asked for 0 ms", "300 ms"],
    );
    assert_eq!(view(&app, &id).await, before);
    // The shortest cap still gets a move: the least thinking time, within the grace.
    let ((status, answer), elapsed) =
        engine(&app, &id, json!({ "agent": "random", "time_ms": 1 })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["timing"]["cap_ms"], 1.0);
    assert_within(
        elapsed,
        longest_answer(Duration::from_millis(1)),
        "1 ms cap",
    );
    assert_eq!(
        view(&app, &id).await["moves"].as_array().unwrap().len(),
        before["moves"].as_array().unwrap().len() + 1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_overruns_the_cap_times_out_and_leaves_the_game_as_it_was() {
    let cap = Duration::from_millis(200);
    let app = app(200, 2);
    let id = new_game(&app, "connect4").await;
    assert_eq!(play(&app, &id, "4").await.0, StatusCode::OK);
    let before = view(&app, &id).await;
    // It sleeps 6 s and ignores the stop flag: the server tells it to stop after the cap and
    // its grace, 500 ms, and gives up on it STOP_WAIT (2 s) later.
    let ((status, answer), elapsed) =
        engine(&app, &id, json!({ "agent": "fault-sleep:ms=6000" })).await;
    assert_error(
        &(status, answer),
        StatusCode::GATEWAY_TIMEOUT,
        "engine_timeout",
        &["fault-sleep:ms=6000", "200 ms", "2500 ms", "did not stop"],
    );
    let limit = longest_answer(cap) + STOP_WAIT;
    assert!(elapsed >= limit, "gave up early: {elapsed:?}");
    assert_within(elapsed, limit, "overrunning engine");
    assert_eq!(view(&app, &id).await, before);
    // The game plays on, by hand and by the engine (the second slot is free).
    assert_eq!(play(&app, &id, "3").await.0, StatusCode::OK);
    let ((status, answer), _) = engine(&app, &id, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 3);
    // An agent that overshoots its clock by less than the grace still gets its move played
    // (20 ms past the cap, 280 ms before the grace ends).
    let ((status, answer), elapsed) =
        engine(&app, &id, json!({ "agent": "fault-sleep:ms=220" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(elapsed >= Duration::from_millis(220), "{elapsed:?}");
    assert_within(elapsed, limit, "overshooting engine");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_engine_holds_its_slot_until_it_ends_and_one_that_obeys_stop_frees_it() {
    let cap = Duration::from_millis(200);
    let app = app(200, 1);
    let a = new_game(&app, "tictactoe").await;
    let b = new_game(&app, "tictactoe").await;
    let stalled_at = Instant::now();
    let stall = Duration::from_millis(5000);
    let ((status, _), _) = engine(&app, &a, json!({ "agent": "fault-sleep:ms=5000" })).await;
    assert_eq!(status, StatusCode::GATEWAY_TIMEOUT);
    // Its thread still runs and holds the only slot: the next request waits through its cap
    // and grace for a slot, says it is busy, and touches nothing.
    let (answer, headers, elapsed) =
        engine_with_headers(&app, &b, json!({ "agent": "random" })).await;
    assert_error(
        &answer,
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        &["1 search slot", "200 ms", "grace"],
    );
    assert_eq!(headers[header::RETRY_AFTER], "1");
    assert!(elapsed >= cap, "{elapsed:?}");
    assert_within(elapsed, longest_answer(cap), "busy answer");
    assert_eq!(view(&app, &b).await["moves"], json!([]));
    // Once the stalled thread ends, the slot is free again.
    tokio::time::sleep(stall.saturating_sub(stalled_at.elapsed())).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let ((status, answer), _) = engine(&app, &b, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // An agent that obeys the stop flag is told to stop when the grace ends, plays the move
    // it has and gives the slot back at once, although it meant to sleep for a minute.
    let ((status, answer), elapsed) = engine(
        &app,
        &a,
        json!({ "agent": "fault-sleep:ms=60000,stop=true" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(elapsed >= longest_answer(cap), "{elapsed:?}");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 1);
    tokio::time::sleep(Duration::from_millis(20)).await;
    let ((status, answer), _) = engine(&app, &b, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_searches_all_answer_within_the_cap() {
    let app = app(600, 1);
    let mut ids = Vec::new();
    for game in ["connect4", "tictactoe", "connect4", "quoridor"] {
        ids.push(new_game(&app, game).await);
    }
    // One slot, four searches that think as long as they are let: the first takes what it
    // is given, and those queued behind it still answer.
    let tasks: Vec<_> = ids
        .into_iter()
        .map(|id| engine_in_background(&app, &id, json!({ "agent": "mcts", "rng_seed": 3 })))
        .collect();
    // Each answers (past the cap and its grace it would be a 504); the thinking time is
    // shared out of the cap (with 2 ms at least for each), not given to each in turn; and
    // three of them waited for the slot, at least as long as the first one thought.
    let (mut thought, mut waited) = (0.0, 0);
    for task in tasks {
        let ((status, answer), _) = task.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{answer}");
        thought += answer["engine"]["budget_ms"].as_f64().unwrap();
        if answer["timing"]["queued_ms"].as_f64().unwrap() >= 2.0 {
            waited += 1;
        }
    }
    assert!(
        thought <= 600.0 + 4.0 * 2.0,
        "{thought} ms of thinking for a 600 ms cap"
    );
    assert!(waited >= 3, "{waited} searches waited for the one slot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_says_busy_and_still_answers_everything_else_at_once() {
    // Long enough that the other endpoints' answers come well inside it on a busy machine.
    let cap = Duration::from_millis(2000);
    let app = app(2000, 1);
    let mut ids = Vec::new();
    for _ in 0..4 {
        ids.push(new_game(&app, "connect4").await);
    }
    // Four requests on one slot, for an agent that sleeps until it is told to stop (at the
    // end of the cap and its grace). The first is known to have arrived before the others
    // are sent: requests arriving together may reach the slot out of order, and a waiting
    // request with the sooner deadline then has the running one stopped for it.
    let sleeper = json!({ "agent": "fault-sleep:ms=60000,stop=true" });
    let mut tasks = vec![running_sleeper(&app, &ids[0], sleeper.clone()).await];
    tasks.extend(
        ids[1..]
            .iter()
            .map(|id| engine_in_background(&app, id, sleeper.clone())),
    );
    // While the slot is taken, the other endpoints answer at once: before it is free.
    let other = new_game(&app, "connect4").await;
    assert_eq!(play(&app, &other, "4").await.0, StatusCode::OK);
    assert_eq!(view(&app, &other).await["moves"], json!(["4"]));
    assert_eq!(
        json_call(&app, Method::GET, "/api/games", None).await.0,
        StatusCode::OK
    );
    assert_eq!(
        json_call(
            &app,
            Method::POST,
            &format!("/api/games/{other}/undo"),
            Some(json!({}))
        )
        .await
        .0,
        StatusCode::OK
    );
    assert!(
        tasks.iter().all(|task| !task.is_finished()),
        "an engine request ended before the other endpoints had answered"
    );

    let mut kinds = Vec::new();
    for (id, task) in ids.iter().zip(tasks) {
        let ((status, answer), elapsed) = task.await.unwrap();
        assert!(elapsed >= cap, "{elapsed:?}");
        let moves = view(&app, id).await["moves"].as_array().unwrap().len();
        if status == StatusCode::OK {
            // Told to stop, it played the move it had.
            assert!(elapsed >= longest_answer(cap), "{elapsed:?}");
            assert_eq!(moves, 1, "{answer}");
            kinds.push("moved".to_string());
            continue;
        }
        assert_within(
            elapsed,
            longest_answer(cap),
            "engine request on a full server",
        );
        assert_error(
            &(status, answer.clone()),
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            &["2000 ms"],
        );
        kinds.push("busy".to_string());
        assert_eq!(moves, 0, "{answer}");
    }
    kinds.sort();
    // The first search holds the slot to the end of the grace; the other three never get it.
    assert_eq!(kinds, ["busy", "busy", "busy", "moved"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_engine_is_a_500_naming_it_and_the_game_plays_on() {
    let app = app(10_000, 1);
    let id = new_game(&app, "quoridor").await;
    assert_eq!(play(&app, &id, "e8").await.0, StatusCode::OK);
    let before = view(&app, &id).await;
    // More panics than slots: each one gives its slot back.
    for _ in 0..3 {
        let (answer, elapsed) = engine(&app, &id, json!({ "agent": "fault-panic" })).await;
        assert_error(
            &answer,
            StatusCode::INTERNAL_SERVER_ERROR,
            "engine_failed",
            &["fault-panic", "panicked", FAULT_PANIC_MESSAGE, "unchanged"],
        );
        // Well before the 10 s cap: the failure is reported when it happens (the panic
        // hook's backtrace, with RUST_BACKTRACE set, takes a while on a busy machine).
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    }
    assert_eq!(view(&app, &id).await, before);
    assert_eq!(play(&app, &id, "e2").await.0, StatusCode::OK);
    let ((status, answer), _) = engine(&app, &id, json!({ "agent": "greedy" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn an_engine_without_a_move_is_a_500_and_changes_nothing() {
    let app = app(500, 1);
    let id = new_game(&app, "halma").await;
    let before = view(&app, &id).await;
    let (answer, _) = engine(&app, &id, json!({ "agent": "fault-nomove" })).await;
    assert_error(
        &answer,
        StatusCode::INTERNAL_SERVER_ERROR,
        "no_move",
        &["fault-nomove", "not over"],
    );
    assert_eq!(view(&app, &id).await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_engine_request_on_a_thinking_game_is_409_at_once() {
    let app = app(10_000, 2);
    let id = new_game(&app, "connect4").await;
    let other = new_game(&app, "connect4").await;
    // It thinks for 3 s: the requests below come after it took the game (known by its twin,
    // refused as soon as it has), and are answered before it is done.
    let first = running_sleeper(&app, &id, json!({ "agent": "fault-sleep:ms=3000" })).await;
    // A move request and a hint alike are refused while the engine thinks on this game.
    for body in [
        json!({ "agent": "random" }),
        json!({ "level": "greedy", "play": false }),
    ] {
        let (answer, elapsed) = engine(&app, &id, body).await;
        assert_error(
            &answer,
            StatusCode::CONFLICT,
            "engine_busy",
            &[&id, "already thinking"],
        );
        assert!(
            !first.is_finished(),
            "refused after {elapsed:?}, not at once"
        );
    }
    // Another game is not held up.
    let ((status, answer), _) = engine(&app, &other, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let ((status, answer), _) = first.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 1);
    // The claim ends with the request, answered or failed.
    let ((status, _), _) = engine(&app, &id, json!({ "agent": "fault-panic" })).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    let ((status, answer), _) = engine(&app, &id, json!({ "agent": "random" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_deleted_while_the_engine_thinks_gets_no_move() {
    let app = app(10_000, 2);
    let id = new_game(&app, "tictactoe").await;
    let thinking = engine_in_background(&app, &id, json!({ "agent": "fault-sleep:ms=2000" }));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, _) = json_call(&app, Method::DELETE, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (answer, _) = thinking.await.unwrap();
    assert_error(&answer, StatusCode::NOT_FOUND, "unknown_game_id", &[&id]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_releases_its_game() {
    let app = app(10_000, 2);
    let id = new_game(&app, "connect4").await;
    let abandoned = engine_in_background(&app, &id, json!({ "agent": "fault-sleep:ms=2000" }));
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The client hangs up: its request is dropped while the engine thinks.
    abandoned.abort();
    assert!(abandoned.await.unwrap_err().is_cancelled());
    // The game takes a new engine request at once (on the other slot), and the abandoned
    // search's move never lands in it. (`seed`, the older name of `rng_seed`, is accepted.)
    let ((status, answer), _) = engine(&app, &id, json!({ "agent": "random", "seed": 1 })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Past the abandoned search's end: its move never lands.
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(view(&app, &id).await["moves"], answer["state"]["moves"]);
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 1);
}
