//! Every endpoint of the API and every error a request can earn by itself, through the
//! router itself (`tower::ServiceExt::oneshot`), no socket needed. The engine's own failures
//! (panics, overruns, a full server) are in `engine_failures.rs`.

use crate::oneshot;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use oneshot::{assert_error, call, create, json_call, play, send};
use ply_web::{router, ServerConfig};
use serde_json::{json, Value};
use tower::ServiceExt;

fn app() -> Router {
    router(ServerConfig {
        max_move_time: Duration::from_secs(2),
        max_searches: 2,
        max_games: 100,
        max_body_bytes: 4096,
        ..ServerConfig::default()
    })
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let app = app();
    for (path, kind, marker) in [
        ("/", "text/html", "<script"),
        ("/app.js", "text/javascript", "function"),
        ("/solver.js", "text/javascript", "function"),
        ("/links.js", "text/javascript", "function"),
        ("/analysis.js", "text/javascript", "function"),
        ("/grid.js", "text/javascript", "function drawGrid"),
        ("/style.css", "text/css", "{"),
    ] {
        let (status, content_type, body) = send(&app, Method::GET, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        assert!(body.contains(marker), "{path}");
    }
}

/// Each game is drawn by the module the list names, served from the game's folder, or,
/// when it names none, sends a grid the page draws itself.
#[tokio::test]
async fn every_game_has_its_drawing_module_or_a_grid() {
    let app = app();
    let (_, info) = json_call(&app, Method::GET, "/api/games", None).await;
    for game in info["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let own = format!("/games/{name}.js");
        match game["script"].as_str() {
            Some(script) => {
                assert_eq!(script, own);
                let (status, content_type, body) = send(&app, Method::GET, script, None).await;
                assert_eq!(status, StatusCode::OK, "{script}");
                assert!(
                    content_type.starts_with("text/javascript"),
                    "{content_type}"
                );
                assert!(body.contains("export function draw("), "{script}");
            }
            None => {
                assert_eq!(game["script"], Value::Null, "{name}");
                let view = create(&app, name, json!({})).await;
                assert_eq!(view["board"]["kind"], "grid", "{name}");
                let (status, _, body) = send(&app, Method::GET, &own, None).await;
                assert_eq!(status, StatusCode::NOT_FOUND, "{own}");
                assert!(body.contains("no_such_endpoint"), "{own}: {body}");
            }
        }
    }
    for path in [
        "/games/",
        "/games/nogame.js",
        "/games/connect4",
        "/games/connect4.js/x",
        "/games/..%2Fapp.js",
        "/games/connect4.js.js",
    ] {
        let (status, _, body) = send(&app, Method::GET, path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(body.contains("no_such_endpoint"), "{path}: {body}");
    }
}

#[tokio::test]
async fn list_names_every_game_with_variants_and_levels() {
    let (status, info) = json_call(&app(), Method::GET, "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["connect4", "quoridor", "halma", "tictactoe"]);
    for game in info["games"].as_array().unwrap() {
        assert!(game["levels"].as_array().unwrap().len() >= 5, "{game}");
        // The descriptor: a title, seats with colours, a notation example, each setting's
        // default among its menu's choices.
        assert!(!game["title"].as_str().unwrap().is_empty(), "{game}");
        assert!(game["seats"].as_array().unwrap().len() >= 2, "{game}");
        assert!(game["seats"][0]["colour"]
            .as_str()
            .unwrap()
            .starts_with('#'));
        assert!(!game["notation"]["example"].as_str().unwrap().is_empty());
        for setting in game["variants"].as_array().unwrap() {
            let choices = setting["choices"].as_array().unwrap();
            assert!(choices.contains(&setting["default"]), "{setting}");
        }
    }
    let quoridor = &info["games"][1];
    assert_eq!(quoridor["seats"][0]["name"], "Black");
    assert_eq!(
        quoridor["variants"][0]["allowed"],
        json!({ "min": 3, "max": 25 })
    );
    assert_eq!(info["max_move_time_ms"], 2000);
}

#[tokio::test]
async fn create_builds_each_game_and_variant() {
    let app = app();
    let c4 = create(&app, "connect4", json!({ "width": 8, "height": 7 })).await;
    assert_eq!(c4["variant"], "8x7, 4 in a row");
    assert_eq!(c4["legal"].as_array().unwrap().len(), 8);
    assert_eq!(c4["board"]["rows"].as_array().unwrap().len(), 7);
    assert_eq!(c4["to_move"], 0);
    assert!(c4["id"].as_str().unwrap().len() == 16);

    let q = create(&app, "quoridor", json!({ "size": 5, "walls": 3 })).await;
    // crates/games/quoridor/README.md, "Published counts": 5x5 with 3 walls has 35 moves at the start.
    assert_eq!(q["legal"].as_array().unwrap().len(), 35);
    assert_eq!(q["board"]["pawns"][0]["square"], "c5");
    assert_eq!(q["board"]["pawns"][1]["walls_left"], 3);
    assert_eq!(q["players"], json!(["Black", "White"]));
    assert_eq!(q["board"]["status"], "walls left: Black 3, White 3");

    let h = create(&app, "halma", json!({ "board": "star", "players": 3 })).await;
    assert_eq!(h["board"]["cells"].as_array().unwrap().len(), 73);
    assert_eq!(h["board"]["seats"].as_array().unwrap().len(), 3);
    assert_eq!(h["players"], json!(["A", "B", "C"]));
    let rh = create(&app, "halma", json!({ "board": "rhombus" })).await;
    // crates/games/halma/README.md, "Published counts": the FAUhalma start has 10 moves; every one carries its path.
    assert_eq!(rh["legal"].as_array().unwrap().len(), 10);
    assert!(rh["legal"][0]["path"].as_array().unwrap().len() >= 2);

    let t = create(&app, "tictactoe", json!({})).await;
    assert_eq!(t["legal"].as_array().unwrap().len(), 9);
    // The variant may be left out altogether.
    let (status, _) = json_call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "connect4" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn create_errors_name_the_game_or_the_setting() {
    let app = app();
    let call = |body: Value| json_call(&app, Method::POST, "/api/games", Some(body));
    assert_error(
        &call(json!({ "game": "chess" })).await,
        StatusCode::NOT_FOUND,
        "unknown_game",
        &["chess", "connect4"],
    );
    assert_error(
        &call(json!({ "game": "connect4", "variant": { "k": 2 } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["k"],
    );
    assert_error(
        &call(json!({ "game": "quoridor", "variant": { "size": 4 } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["size"],
    );
    assert_error(
        &call(json!({ "game": "halma", "variant": { "board": "square" } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["square"],
    );
    assert_error(
        &call(json!({ "game": "halma", "variant": { "board": "rhombus", "players": 3 } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["players"],
    );
    // A setting of another game, or of none: the game names it and its own settings.
    assert_error(
        &call(json!({ "game": "connect4", "variant": { "walls": 3 } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["walls", "width, height, k"],
    );
    assert_error(
        &call(json!({ "game": "connect4", "variant": { "colour": 3 } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["colour"],
    );
    assert_error(
        &call(json!({ "game": "connect4", "variant": { "width": [7] } })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["width", "a number or a name"],
    );
    // Numbers may come as text, and null is the default.
    let (status, view) =
        call(json!({ "game": "quoridor", "variant": { "size": "5", "walls": null } })).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["board"]["pawns"][0]["walls_left"], 3);
    assert_error(
        &call(json!({ "variant": {} })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_body",
        &["game"],
    );
}

#[tokio::test]
async fn malformed_oversized_and_untyped_bodies_are_rejected() {
    let app = app();
    let (status, _, text) = send(&app, Method::POST, "/api/games", Some("{\"game\": ")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("bad_body"));
    let huge = format!(
        "{{\"game\": \"connect4\", \"pad\": \"{}\"}}",
        "x".repeat(300_000)
    );
    let (status, _, text) = send(&app, Method::POST, "/api/games", Some(&huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{text}");
    assert!(text.contains("bad_body"));
    assert!(text.contains("262144 bytes for a new game"), "{text}");
    // No content type: not JSON as far as the server knows.
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/games")
        .body(Body::from("{\"game\":\"connect4\"}"))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn unknown_ids_and_endpoints_are_404() {
    let app = app();
    let id = "0123456789abcdef";
    assert_error(
        &json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[id],
    );
    assert_error(
        &play(&app, id, "4").await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[id],
    );
    assert_error(
        &json_call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/engine"),
            Some(json!({})),
        )
        .await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[id],
    );
    assert_error(
        &json_call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/undo"),
            Some(json!({})),
        )
        .await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[id],
    );
    assert_error(
        &json_call(&app, Method::GET, &format!("/api/games/{id}/record"), None).await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[id],
    );
    assert_error(
        &json_call(&app, Method::DELETE, &format!("/api/games/{id}"), None).await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[id],
    );
    assert_error(
        &json_call(&app, Method::GET, "/api/nothing", None).await,
        StatusCode::NOT_FOUND,
        "no_such_endpoint",
        &["/nothing"],
    );
}

#[tokio::test]
async fn moves_are_played_and_illegal_ones_name_the_rule() {
    let app = app();
    let game = create(&app, "connect4", json!({ "width": 4, "height": 4 })).await;
    let id = game["id"].as_str().unwrap();
    for _ in 0..4 {
        assert_eq!(play(&app, id, "1").await.0, StatusCode::OK);
    }
    let (status, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["moves"], json!(["1", "1", "1", "1"]));
    assert_eq!(view["board"]["rows"][3][0], 1);
    assert_eq!(view["legal"], json!(["2", "3", "4"]));
    // A full column, a column off the board, and text that is no column.
    assert_error(
        &play(&app, id, "1").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
        &["'1'"],
    );
    assert_error(
        &play(&app, id, "9").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_move_text",
        &["9"],
    );
    assert_error(
        &play(&app, id, "left").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_move_text",
        &["left"],
    );
    // A failed move changes nothing.
    let (_, after) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(after["moves"], view["moves"]);

    let q = create(&app, "quoridor", json!({ "size": 5, "walls": 1 })).await;
    let qid = q["id"].as_str().unwrap();
    let (status, placed) = play(&app, qid, "c3h").await;
    assert_eq!(status, StatusCode::OK, "{placed}");
    assert_eq!(placed["played"], "c3h");
    assert_eq!(placed["board"]["walls"][0]["orientation"], "h");
    // White places a wall crossing it, then one too many.
    assert_error(
        &play(&app, qid, "c3v").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
        &["c3v"],
    );
    assert_eq!(play(&app, qid, "a2h").await.0, StatusCode::OK);
    assert_error(
        &play(&app, qid, "d5v").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
        &["d5v"],
    );
}

#[tokio::test]
async fn a_finished_game_takes_no_more_moves() {
    let app = app();
    let game = create(&app, "tictactoe", json!({})).await;
    let id = game["id"].as_str().unwrap();
    let legal: Vec<String> = game["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    // X takes the top row (cells 0, 1, 2) while O plays the middle row.
    for i in [0, 3, 1, 4, 2] {
        assert_eq!(play(&app, id, &legal[i]).await.0, StatusCode::OK);
    }
    let (_, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(view["over"], true);
    assert_eq!(view["result"]["text"], "X wins");
    assert_eq!(view["result"]["scores"], json!([1.0, 0.0]));
    assert_error(
        &play(&app, id, &legal[8]).await,
        StatusCode::CONFLICT,
        "game_over",
        &["over"],
    );
    let engine = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        Some(json!({})),
    )
    .await;
    assert_error(&engine, StatusCode::CONFLICT, "game_over", &["over"]);
}

#[tokio::test]
async fn undo_takes_moves_back_and_refuses_too_many() {
    let app = app();
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap();
    for mv in ["4", "4", "3"] {
        play(&app, id, mv).await;
    }
    let url = format!("/api/games/{id}/undo");
    let undo = |count: Value| json_call(&app, Method::POST, &url, Some(json!({ "count": count })));
    let (status, view) = undo(json!(2)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["moves"], json!(["4"]));
    assert_eq!(view["to_move"], 1);
    assert_error(
        &undo(json!(2)).await,
        StatusCode::CONFLICT,
        "cannot_undo",
        &["2", "only 1"],
    );
    // Taking back nothing is a no-op (see `abuse::undo_of_zero_moves_is_a_no_op`).
    let (status, view) = undo(json!(0)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["moves"], json!(["4"]));
    assert_error(
        &undo(json!(-1)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_body",
        &["count"],
    );
    let (status, view) = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/undo"),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["moves"], json!([]));
}

#[tokio::test]
async fn the_engine_moves_within_the_cap_and_reports_its_search() {
    let app = app();
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap();
    let url = format!("/api/games/{id}/engine");
    let (status, answer) = json_call(
        &app,
        Method::POST,
        &url,
        Some(json!({ "level": "alphabeta-4", "rng_seed": 1 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let engine = &answer["engine"];
    assert_eq!(engine["depth"], 4);
    assert!(engine["nodes"].as_u64().unwrap() > 0);
    assert_eq!(engine["pv"][0], engine["move"]);
    assert_eq!(answer["state"]["moves"], json!([engine["move"].clone()]));

    let started = Instant::now();
    let (status, answer) = json_call(
        &app,
        Method::POST,
        &url,
        Some(json!({ "agent": "mcts", "time_ms": 300 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // It thought for the 300 ms asked, not for the server's 2 s cap (the bound leaves a
    // machine kept busy by other work room to answer late).
    assert!(
        answer["engine"]["budget_ms"].as_f64().unwrap() <= 300.0,
        "{answer}"
    );
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
    assert!(answer["engine"]["iterations"].as_u64().unwrap() > 0);
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 2);

    // A hint: the move is shown, not played.
    let (_, hint) = json_call(
        &app,
        Method::POST,
        &url,
        Some(json!({ "level": "greedy", "play": false })),
    )
    .await;
    assert_eq!(hint["state"]["moves"].as_array().unwrap().len(), 2);
    assert!(hint["state"]["legal"]
        .as_array()
        .unwrap()
        .contains(&hint["engine"]["move"]));
}

#[tokio::test]
async fn engine_requests_with_bad_levels_agents_or_caps_are_422() {
    let app = app();
    let game = create(&app, "quoridor", json!({ "size": 5 })).await;
    let url = format!("/api/games/{}/engine", game["id"].as_str().unwrap());
    let call = |body: Value| json_call(&app, Method::POST, &url, Some(body));
    assert_error(
        &call(json!({ "level": "godlike" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown_level",
        &["godlike", "strongest"],
    );
    assert_error(
        &call(json!({ "agent": "deepblue" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_agent",
        &["deepblue"],
    );
    assert_error(
        &call(json!({ "agent": "alphabeta:depth=x" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_agent",
        &["depth"],
    );
    assert_error(
        &call(json!({ "level": "random", "agent": "random" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_field",
        &["either"],
    );
    assert_error(
        &call(json!({ "time_ms": 0 })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_field",
        &["time_ms"],
    );
    assert_error(
        &call(json!({ "think": 1 })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_body",
        &["think"],
    );
}

#[tokio::test]
async fn every_level_of_every_game_plays_a_legal_move() {
    let app = app();
    for (game, variant) in [
        ("tictactoe", json!({})),
        ("connect4", json!({})),
        ("quoridor", json!({ "size": 5 })),
        ("halma", json!({ "players": 2 })),
        ("halma", json!({ "players": 3 })),
    ] {
        for level in ply_web::levels(game) {
            let view = create(&app, game, variant.clone()).await;
            let url = format!("/api/games/{}/engine", view["id"].as_str().unwrap());
            // The server's whole cap: a level thinks its own time (0.1 s, 1 s) or less, and a
            // machine kept busy by other work still answers within the cap and its grace.
            let body = json!({ "level": level.name, "time_ms": 2000, "rng_seed": 7 });
            let (status, answer) = json_call(&app, Method::POST, &url, Some(body)).await;
            assert_eq!(status, StatusCode::OK, "{game} {}: {answer}", level.name);
            assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 1);
        }
    }
}

#[tokio::test]
async fn record_is_the_game_in_its_notation() {
    let app = app();
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap();
    for mv in ["4", "4", "5", "3"] {
        play(&app, id, mv).await;
    }
    let (status, content_type, text) =
        send(&app, Method::GET, &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/plain"));
    assert!(
        text.starts_with("[Game \"connect4\"]\n[Variant \"7x6, 4 in a row\"]\n"),
        "{text}"
    );
    assert!(text.ends_with("\n1. 4\n2. 4\n3. 5\n4. 3\n*\n"), "{text}");

    let q = create(&app, "quoridor", json!({ "size": 5 })).await;
    let qid = q["id"].as_str().unwrap();
    play(&app, qid, "c4").await;
    play(&app, qid, "b2h").await;
    let (_, _, text) = send(&app, Method::GET, &format!("/api/games/{qid}/record"), None).await;
    assert!(text.ends_with("\n1. c4\n2. b2h\n*\n"), "{text}");
}

#[tokio::test]
async fn delete_forgets_the_game() {
    let app = app();
    let game = create(&app, "tictactoe", json!({})).await;
    let url = format!("/api/games/{}", game["id"].as_str().unwrap());
    let (status, _) = json_call(&app, Method::DELETE, &url, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        json_call(&app, Method::GET, &url, None).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn games_are_isolated_from_each_other() {
    let app = app();
    let a = create(&app, "connect4", json!({})).await;
    let b = create(&app, "connect4", json!({})).await;
    let (a, b) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    assert_ne!(a, b);
    play(&app, a, "1").await;
    play(&app, b, "7").await;
    play(&app, b, "7").await;
    let (_, va) = json_call(&app, Method::GET, &format!("/api/games/{a}"), None).await;
    let (_, vb) = json_call(&app, Method::GET, &format!("/api/games/{b}"), None).await;
    assert_eq!(va["moves"], json!(["1"]));
    assert_eq!(vb["moves"], json!(["7", "7"]));
}

#[tokio::test]
async fn the_game_table_is_bounded() {
    let app = router(ServerConfig {
        max_games: 2,
        ..ServerConfig::default()
    });
    create(&app, "tictactoe", json!({})).await;
    create(&app, "tictactoe", json!({})).await;
    let third = json_call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "tictactoe" })),
    )
    .await;
    assert_error(
        &third,
        StatusCode::SERVICE_UNAVAILABLE,
        "too_many_games",
        &["2"],
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_answers_while_the_engine_thinks_and_notices_a_changed_position() {
    let app = app();
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let thinking = {
        let app = app.clone();
        let url = format!("/api/games/{id}/engine");
        tokio::spawn(async move {
            json_call(
                &app,
                Method::POST,
                &url,
                Some(json!({ "agent": "mcts", "time_ms": 2000 })),
            )
            .await
        })
    };
    // Long after the engine took the game, long before it is done.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let started = Instant::now();
    let (status, _) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = play(&app, &id, "1").await;
    assert_eq!(status, StatusCode::OK);
    // Not held up by the engine's 2 s of thought.
    assert!(
        started.elapsed() < Duration::from_millis(1000),
        "{:?}",
        started.elapsed()
    );
    assert!(!thinking.is_finished());
    let answer = thinking.await.unwrap();
    assert_error(
        &answer,
        StatusCode::CONFLICT,
        "position_changed",
        &["changed"],
    );
}

/// Parses an error answer's body, checking it is the API's JSON error shape.
fn error_json(
    status: StatusCode,
    headers: &axum::http::HeaderMap,
    text: &str,
) -> (StatusCode, Value) {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .map_or("", |v| v.to_str().unwrap());
    assert!(
        content_type.starts_with("application/json"),
        "{status} {content_type}: {text}"
    );
    (status, serde_json::from_str(text).unwrap())
}

#[tokio::test]
async fn wrong_methods_are_405_json_naming_the_allowed_ones() {
    let app = app();
    let game = create(&app, "tictactoe", json!({})).await;
    let id = game["id"].as_str().unwrap();
    let cases = [
        (Method::PUT, "/api/games".to_string(), "GET,HEAD,POST"),
        (Method::POST, format!("/api/games/{id}"), "GET,HEAD,DELETE"),
        (Method::GET, format!("/api/games/{id}/moves"), "POST"),
        (Method::GET, format!("/api/games/{id}/engine"), "POST"),
        (Method::DELETE, format!("/api/games/{id}/undo"), "POST"),
        (Method::POST, format!("/api/games/{id}/record"), "GET,HEAD"),
        (Method::POST, "/".to_string(), "GET,HEAD"),
    ];
    for (method, uri, allowed) in cases {
        let request = Request::builder()
            .method(method.clone())
            .uri(&uri)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{}"))
            .unwrap();
        let (status, headers, text) = call(&app, request).await;
        let answer = error_json(status, &headers, &text);
        let methods: Vec<&str> = allowed.split(',').collect();
        let mut words = vec![method.as_str(), uri.as_str()];
        words.extend(&methods);
        assert_error(
            &answer,
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            &words,
        );
        let allow = headers.get(header::ALLOW).unwrap().to_str().unwrap();
        for m in methods {
            assert!(allow.contains(m), "{uri}: Allow {allow} lacks {m}");
        }
    }
    // The game was not touched by any of them.
    let (_, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(view["moves"], json!([]));
}

#[tokio::test]
async fn unknown_routes_anywhere_are_404_json_naming_the_path() {
    let app = app();
    for path in [
        "/nothing",
        "/api",
        "/api/",
        "/api/games/0123456789abcdef/moves/4",
        "/index.html",
    ] {
        let (status, headers, text) = call(
            &app,
            Request::builder().uri(path).body(Body::empty()).unwrap(),
        )
        .await;
        let answer = error_json(status, &headers, &text);
        assert_error(
            &answer,
            StatusCode::NOT_FOUND,
            "no_such_endpoint",
            &[path, "/api/games"],
        );
    }
}

#[tokio::test]
async fn every_malformed_body_is_json_naming_the_input_and_the_rule() {
    let app = app();
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap();
    let moves = format!("/api/games/{id}/moves");
    let engine = format!("/api/games/{id}/engine");
    let undo = format!("/api/games/{id}/undo");
    let huge = format!("{{\"move\": \"{}\"}}", "4".repeat(5000));
    // (uri, body, status, words the message must contain)
    let cases: [(&str, &str, StatusCode, &[&str]); 9] = [
        (&moves, "", StatusCode::BAD_REQUEST, &["EOF"]),
        (
            &moves,
            "{\"move\" \"4\"}",
            StatusCode::BAD_REQUEST,
            &["JSON", "expected `:`"],
        ),
        (
            &moves,
            "\"4\"",
            StatusCode::UNPROCESSABLE_ENTITY,
            &["struct MoveRequest"],
        ),
        (
            &moves,
            "{\"move\": 4}",
            StatusCode::UNPROCESSABLE_ENTITY,
            &["move", "integer"],
        ),
        (
            &moves,
            "{}",
            StatusCode::UNPROCESSABLE_ENTITY,
            &["missing field `move`"],
        ),
        (
            &moves,
            &huge,
            StatusCode::PAYLOAD_TOO_LARGE,
            &["4096 bytes"],
        ),
        (
            &engine,
            "{\"time_ms\": -5}",
            StatusCode::UNPROCESSABLE_ENTITY,
            &["time_ms", "-5"],
        ),
        (
            &engine,
            "{\"rng_seed\": \"x\"}",
            StatusCode::UNPROCESSABLE_ENTITY,
            &["rng_seed"],
        ),
        (
            &undo,
            "{\"count\": 1.5}",
            StatusCode::UNPROCESSABLE_ENTITY,
            &["count", "1.5"],
        ),
    ];
    for (uri, body, status, words) in cases {
        let (got, content_type, text) = send(&app, Method::POST, uri, Some(body)).await;
        assert!(
            content_type.starts_with("application/json"),
            "{uri} {body:.40}: {text}"
        );
        let answer = (got, serde_json::from_str::<Value>(&text).unwrap());
        assert_error(&answer, status, "bad_body", words);
    }
    // A body that is not declared JSON names the content type it needs.
    let request = Request::builder()
        .method(Method::POST)
        .uri(&moves)
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("{\"move\": \"4\"}"))
        .unwrap();
    let (status, headers, text) = call(&app, request).await;
    let answer = error_json(status, &headers, &text);
    assert_error(
        &answer,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "bad_body",
        &["application/json"],
    );
    // None of it reached the game.
    let (_, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(view["moves"], json!([]));
}

#[tokio::test]
async fn an_id_that_is_not_utf8_is_a_400_naming_the_path() {
    let app = app();
    for (method, uri) in [
        (Method::GET, "/api/games/%FF"),
        (Method::POST, "/api/games/%FF/moves"),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{\"move\": \"4\"}"))
            .unwrap();
        let (status, headers, text) = call(&app, request).await;
        let answer = error_json(status, &headers, &text);
        assert_error(
            &answer,
            StatusCode::BAD_REQUEST,
            "bad_path",
            &[uri, "UTF-8"],
        );
    }
}

#[tokio::test]
async fn a_plain_server_has_no_fault_agents() {
    let app = app();
    let game = create(&app, "tictactoe", json!({})).await;
    let url = format!("/api/games/{}/engine", game["id"].as_str().unwrap());
    for spec in ["fault-panic", "fault-sleep:ms=1", "fault-nomove"] {
        let answer = json_call(&app, Method::POST, &url, Some(json!({ "agent": spec }))).await;
        assert_error(
            &answer,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_agent",
            &["fault-"],
        );
    }
}

/// `time_ms` is the agent's budget: it replaces a preset's time, and a `time=` written in
/// the agent spec wins, which the answer's `note` says.
#[tokio::test]
async fn time_ms_is_the_agents_budget_unless_the_spec_sets_its_own() {
    let app = app();
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap();
    let url = format!("/api/games/{id}/engine");
    let body = json!({ "agent": "alphabeta:time=30ms", "time_ms": 400, "play": false });
    let (status, answer) = json_call(&app, Method::POST, &url, Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let note = answer["engine"]["note"].as_str().unwrap_or_default();
    assert!(
        note.contains("time_ms 400ms is not used") && note.contains("time=30ms"),
        "{answer}"
    );
    let body = json!({ "agent": "alphabeta", "time_ms": 400, "play": false });
    let (status, answer) = json_call(&app, Method::POST, &url, Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer["engine"].get("note").is_none(), "{answer}");
}

/// The CCERL rules on the page: the menus offer them (the board follows), moves are cell-id
/// paths, the engine answers, and an impossible combination is refused naming the rule.
#[tokio::test]
async fn the_ccerl_rules_are_offered_and_played() {
    let app = app();
    let (_, info) = json_call(&app, Method::GET, "/api/games", None).await;
    let halma = &info["games"][2];
    let rules = halma["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["key"] == "rules")
        .unwrap();
    assert!(rules["choices"]
        .as_array()
        .unwrap()
        .contains(&json!("ccerl")));
    assert_eq!(halma["protocols"], json!(["json", "ccp"]));

    let game = create(&app, "halma", json!({ "board": "auto", "rules": "ccerl" })).await;
    assert_eq!(game["board"]["cells"].as_array().unwrap().len(), 121);
    let legal = game["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 14);
    assert!(legal.iter().any(|m| m["move"] == "8-17"), "{game}");
    let id = game["id"].as_str().unwrap();
    let (status, view) = play(&app, id, "8-17").await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let (status, answer) = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        Some(json!({ "agent": "champion:depth=2" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let reply = answer["engine"]["move"].as_str().unwrap();
    assert!(
        reply.split('-').all(|id| id.parse::<u8>().is_ok()),
        "{reply}"
    );
    assert!(answer["state"]["text"]
        .as_str()
        .unwrap()
        .starts_with("cells "));

    assert_error(
        &json_call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "game": "halma", "variant": { "board": "star", "rules": "ccerl" } })),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_variant",
        &["ccerl", "star121"],
    );
}
