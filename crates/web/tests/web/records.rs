//! Game records and starting anywhere: `GET /api/games/{id}/record` in the record format,
//! `POST /api/games` with a `position` or a `record`, and every way such a start can be
//! wrong (a 400 naming the field and the rule, no game made).

use crate::oneshot;

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use oneshot::{assert_error, call, create, json_call, play, send};
use ply_core::Record;
use ply_web::{router, ServerConfig};
use serde_json::{json, Value};

fn app() -> Router {
    router(ServerConfig {
        max_move_time: Duration::from_secs(2),
        max_searches: 2,
        max_games: 100,
        max_body_bytes: 4096,
        max_create_bytes: 64 * 1024,
        ..ServerConfig::default()
    })
}

async fn record_of(app: &Router, id: &str) -> String {
    let (status, content_type, text) =
        send(app, Method::GET, &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    text
}

async fn start(app: &Router, body: Value) -> (StatusCode, Value) {
    json_call(app, Method::POST, "/api/games", Some(body)).await
}

async fn games_open(app: &Router) -> u64 {
    let (_, info) = json_call(app, Method::GET, "/api/games", None).await;
    info["games_open"].as_u64().unwrap()
}

#[tokio::test]
async fn the_record_has_its_tags_its_moves_and_the_engines_values() {
    let app = app();
    let game = create(&app, "connect4", json!({ "width": 7, "height": 5 })).await;
    let id = game["id"].as_str().unwrap();
    // The view names the settings the game was made with, defaults left out.
    assert_eq!(game["settings"], json!({ "height": "5" }));
    play(&app, id, "4").await;
    let (status, answer) = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        Some(json!({ "agent": "alphabeta:depth=2", "rng_seed": 1 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let text = record_of(&app, id).await;
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.tag("Game"), Some("connect4"));
    assert_eq!(record.tag("Variant"), Some("7x5, 4 in a row"));
    // The default width is left out, as `ply play` writes settings.
    assert_eq!(record.tag("Settings"), Some("height=5"));
    assert_eq!(record.tag("Position"), None);
    let date = record.tag("Date").unwrap();
    assert!(date.len() == 20 && date.ends_with('Z'), "{date}");
    assert_eq!(record.tag("Result"), Some("*"));
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.moves[0].value, None, "a person's move has no value");
    assert_eq!(record.moves[1].text, answer["engine"]["move"]);
    assert_eq!(
        record.moves[1].value,
        answer["engine"]["value"].as_f64(),
        "{text}"
    );
    assert!(record.moves[1].time.is_some(), "{text}");
}

#[tokio::test]
async fn a_game_starts_from_a_position_and_its_record_says_so() {
    let app = app();
    let (status, view) = start(
        &app,
        json!({ "game": "tictactoe", "position": "x...o...." }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["text"], "x...o....");
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["moves"], json!([]));
    let id = view["id"].as_str().unwrap();
    let text = record_of(&app, id).await;
    assert!(text.contains("[Position \"x...o....\"]"), "{text}");
    // Nothing to take back: the game starts at the position.
    let undo = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/undo"),
        Some(json!({})),
    )
    .await;
    assert_error(&undo, StatusCode::CONFLICT, "cannot_undo", &["0 played"]);

    // Connect Four also reads a position as its move string, in the requested variant.
    let (status, view) = start(
        &app,
        json!({ "game": "connect4", "variant": { "width": 6 }, "position": "3342" }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["variant"], "6x6, 4 in a row");
    assert_eq!(view["to_move"], 0);
}

#[tokio::test]
async fn a_game_starts_from_a_record_and_undo_takes_its_moves_back() {
    let app = app();
    let game = create(&app, "quoridor", json!({ "size": 5 })).await;
    let id = game["id"].as_str().unwrap();
    for mv in ["c4", "c2", "b2h"] {
        play(&app, id, mv).await;
    }
    let text = record_of(&app, id).await;
    let (_, original) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;

    let (status, loaded) = start(&app, json!({ "game": "quoridor", "record": text })).await;
    assert_eq!(status, StatusCode::CREATED, "{loaded}");
    let copy = loaded["id"].as_str().unwrap();
    assert_ne!(copy, id);
    for field in ["variant", "text", "moves", "to_move", "legal", "board"] {
        assert_eq!(loaded[field], original[field], "{field}");
    }
    // The copy's record is the original's, but for its date.
    let again = Record::parse(&record_of(&app, copy).await).unwrap();
    let first = Record::parse(&text).unwrap();
    assert_eq!(again.moves, first.moves);
    assert_eq!(again.tag("Settings"), Some("size=5"));

    let (status, view) = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{copy}/undo"),
        Some(json!({ "count": 3 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["moves"], json!([]));
}

#[tokio::test]
async fn a_finished_record_loads_as_a_finished_game() {
    let app = app();
    let text =
        "[Game \"tictactoe\"]\n\n1. a1 {value=3 time=0.5s}\n2. b1\n3. a2\n4. b2\n5. a3\n1-0\n";
    let (status, view) = start(&app, json!({ "game": "tictactoe", "record": text })).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["over"], true);
    assert_eq!(view["result"]["text"], "X wins");
    let record = Record::parse(&record_of(&app, view["id"].as_str().unwrap()).await).unwrap();
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(
        record.moves[0].value,
        Some(3.0),
        "the record's notes are kept"
    );
}

/// Every broken start is a 400 naming the field and the rule, and no game is made.
#[tokio::test]
async fn broken_positions_and_records_are_refused_naming_field_and_rule() {
    let app = app();
    let ttt = |moves: &str| format!("[Game \"tictactoe\"]\n\n{moves}\n");
    let cases: Vec<(Value, &str, Vec<&str>)> = vec![
        (
            json!({ "game": "tictactoe", "position": "xx......." }),
            "bad_position",
            vec!["'position'", "tictactoe"],
        ),
        (
            json!({ "game": "tictactoe", "position": "hello" }),
            "bad_position",
            vec!["'position'"],
        ),
        (
            json!({ "game": "connect4", "position": "4444444" }),
            "bad_position",
            vec!["'position'"],
        ),
        (
            json!({ "game": "tictactoe", "record": "" }),
            "bad_record",
            vec!["'record'", "no game record"],
        ),
        (
            json!({ "game": "tictactoe", "record": "a1 b2" }),
            "bad_record",
            vec!["'record'", "line 1", "before any tag"],
        ),
        (
            json!({ "game": "tictactoe", "record": "[Game \"tictactoe\"\n" }),
            "bad_record",
            vec!["'record'", "line 1"],
        ),
        (
            json!({ "game": "tictactoe", "record": "[Game \"connect4\"]\n\n1. 4\n" }),
            "bad_record",
            vec!["'record'", "connect4", "not tictactoe"],
        ),
        (
            json!({ "game": "tictactoe", "record": "[Variant \"x\"]\n\n1. a1\n" }),
            "bad_record",
            vec!["[Game"],
        ),
        (
            json!({ "game": "tictactoe", "record": ttt("1. a1\n2. a1") }),
            "bad_record",
            vec!["move 2", "'a1'"],
        ),
        (
            json!({ "game": "tictactoe", "record": ttt("1. a1\n2. zz9") }),
            "bad_record",
            vec!["move 2", "'zz9'"],
        ),
        (
            json!({ "game": "tictactoe", "record": ttt("1. a1 b1 a2 b2 a3 c3") }),
            "bad_record",
            vec!["move 6"],
        ),
        (
            json!({ "game": "tictactoe", "record": format!("{}{}", ttt("1. a1"), ttt("1. b2")) }),
            "bad_record",
            vec!["2 records"],
        ),
        (
            json!({ "game": "connect4", "record": "[Game \"connect4\"]\n[Settings \"width=99\"]\n" }),
            "bad_record",
            vec!["Settings", "width"],
        ),
        (
            json!({ "game": "connect4", "record": "[Game \"connect4\"]\n[Position \"9\"]\n" }),
            "bad_record",
            vec!["Position"],
        ),
        (
            json!({ "game": "tictactoe", "position": "x........", "record": ttt("1. a1") }),
            "bad_start",
            vec!["'position'", "not both"],
        ),
        (
            json!({ "game": "connect4", "variant": { "width": 5 }, "record": "[Game \"connect4\"]\n" }),
            "bad_start",
            vec!["'variant'", "Settings"],
        ),
    ];
    for (body, kind, words) in cases {
        let answer = start(&app, body.clone()).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, kind, &words);
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(!message.contains('\n'), "one line: {message}");
    }
    assert_eq!(games_open(&app).await, 0, "no refused start made a game");
}

/// A record that goes on after the server drew the game (a position a third time) is
/// refused: the server would never have let those moves be played.
#[tokio::test]
async fn a_record_that_goes_on_past_a_server_draw_is_refused() {
    let app = app();
    let shuffle = ["e8", "e2", "e9", "e1"].repeat(3);
    let moves: Vec<String> = shuffle
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect();
    let text = format!("[Game \"quoridor\"]\n\n{}\n", moves.join("\n"));
    let answer = start(&app, json!({ "game": "quoridor", "record": text })).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_record",
        &["move 9", "after the game ended at ply 8", "repetition"],
    );
}

#[tokio::test]
async fn huge_and_invalid_utf8_starts_are_refused_whole() {
    let app = app();
    let long = format!(
        "[Game \"tictactoe\"]\n{}",
        "# a comment to pad the record\n".repeat(3000)
    );
    let body = json!({ "game": "tictactoe", "record": long }).to_string();
    assert!(body.len() > 64 * 1024);
    let (status, _, text) = send(&app, Method::POST, "/api/games", Some(&body)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{text}");
    assert!(text.contains("65536 bytes for a new game"), "{text}");

    // A record a little over the ordinary body limit still loads: records get room.
    let padded = format!("[Game \"tictactoe\"]\n{}\n1. b2\n", "# pad\n".repeat(1000));
    let (status, view) = start(&app, json!({ "game": "tictactoe", "record": padded })).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");

    let mut bytes = br#"{"game": "tictactoe", "record": "[Game \"tictactoe\"]\n1. "#.to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe]);
    bytes.extend_from_slice(b"\"}");
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(bytes))
        .unwrap();
    let (status, _, text) = call(&app, request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("bad_body"), "{text}");
    assert_eq!(games_open(&app).await, 1);
}
