//! Inputs meant to bring the server down or to hold it: games created and abandoned by the
//! thousand, connections that never finish their request, huge or binary inputs echoed in
//! errors, and the small API inconsistencies found on the way.

use crate::oneshot;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use axum::Router;
use oneshot::{assert_error, create, json_call, play};
use ply_web::{router, ServerConfig};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const TTL: Duration = Duration::from_secs(60);

fn ttl_app(max_games: usize) -> Router {
    router(ServerConfig {
        max_games,
        game_ttl: TTL,
        ..ServerConfig::default()
    })
}

async fn get(app: &Router, id: &str) -> (StatusCode, Value) {
    json_call(app, Method::GET, &format!("/api/games/{id}"), None).await
}

async fn create_tictactoe(app: &Router) -> (StatusCode, Value) {
    json_call(
        app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "tictactoe" })),
    )
    .await
}

// The clock is tokio's, paused: the test moves it, so it does not depend on machine speed.
#[tokio::test(start_paused = true)]
async fn idle_games_expire_after_the_ttl_and_free_the_table() {
    let app = ttl_app(2);
    let a = create(&app, "tictactoe", json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let b = create(&app, "tictactoe", json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_error(
        &create_tictactoe(&app).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "too_many_games",
        &["2"],
    );
    // Any request that names a game keeps it alive.
    tokio::time::advance(TTL / 2).await;
    assert_eq!(get(&app, &a).await.0, StatusCode::OK);
    tokio::time::advance(TTL / 2 + Duration::from_secs(1)).await;
    assert_eq!(play(&app, &a, "b2").await.0, StatusCode::OK);
    // `b` has been idle for longer than the TTL: it is gone, and its place is free.
    let (status, view) = create_tictactoe(&app).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_error(
        &get(&app, &b).await,
        StatusCode::NOT_FOUND,
        "unknown_game_id",
        &[&b],
    );
    assert_eq!(get(&app, &a).await.0, StatusCode::OK);
    let (_, info) = json_call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(info["games_open"], 2);
}

#[tokio::test(start_paused = true)]
async fn an_expired_game_is_404_even_before_the_table_is_swept() {
    let app = ttl_app(100);
    let id = create(&app, "connect4", json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    tokio::time::advance(TTL + Duration::from_secs(1)).await;
    let delete = json_call(&app, Method::DELETE, &format!("/api/games/{id}"), None).await;
    for answer in [delete, get(&app, &id).await, play(&app, &id, "4").await] {
        assert_error(&answer, StatusCode::NOT_FOUND, "unknown_game_id", &[&id]);
    }
    let (_, info) = json_call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(info["games_open"], 0);
}

/// A server on a free loopback port with short connection timeouts; it runs until the
/// test's runtime ends.
async fn start_server(header: Duration, idle: Duration) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = ServerConfig {
        header_read_timeout: header,
        idle_timeout: idle,
        ..ServerConfig::default()
    };
    tokio::spawn(ply_web::serve(listener, config, std::future::pending()));
    addr
}

/// Reads until the server closes the connection (end of stream or reset); fails if it is
/// still open after `limit`.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    let closed = tokio::time::timeout(limit, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(
        closed.is_ok(),
        "the connection is still open after {limit:?} ({} bytes read)",
        raw.len()
    );
    raw
}

#[tokio::test]
async fn a_connection_that_sends_half_a_header_is_closed_after_the_header_timeout() {
    let addr = start_server(Duration::from_millis(200), Duration::from_secs(600)).await;
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .await
        .unwrap();
    let mut silent = TcpStream::connect(addr).await.unwrap();
    read_until_closed(&mut half, Duration::from_secs(20)).await;
    read_until_closed(&mut silent, Duration::from_secs(20)).await;
    // The server still answers everyone else.
    let (status, _) = crate::support::request(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_kept_alive_connection_left_silent_is_closed_after_the_header_timeout() {
    let addr = start_server(Duration::from_millis(200), Duration::from_secs(600)).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let raw = read_until_closed(&mut stream, Duration::from_secs(20)).await;
    let text = String::from_utf8_lossy(&raw);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

#[tokio::test]
async fn a_client_that_stops_reading_its_answers_is_closed_after_the_idle_timeout() {
    let addr = start_server(Duration::from_secs(600), Duration::from_millis(200)).await;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    // Far more answers than the socket buffers hold: the server's writes block.
    let requests = 2000;
    let one = "GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(requests);
    let (mut reader, mut writer) = stream.split();
    // The server stops reading requests once its writes block, so the writes may block too.
    let _ = tokio::time::timeout(Duration::from_secs(2), writer.write_all(one.as_bytes())).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut raw = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(20), async {
        let mut buf = [0u8; 65536];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "still open ({} bytes read)", raw.len());
    let answers = String::from_utf8_lossy(&raw)
        .matches("HTTP/1.1 200")
        .count();
    assert!(answers < requests, "{answers} answers");
}

#[tokio::test]
async fn undo_of_zero_moves_is_a_no_op() {
    let app = ttl_app(10);
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap();
    let (_, before) = play(&app, id, "4").await;
    let (status, view) = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/undo"),
        Some(json!({ "count": 0 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["moves"], json!(["4"]));
    assert_eq!(view["version"], before["version"]);
}

#[tokio::test]
async fn a_move_on_any_finished_game_is_409_game_over() {
    let app = ttl_app(10);
    // Connect Four 4x4: Red fills column 1 while Yellow plays column 2.
    let game = create(&app, "connect4", json!({ "width": 4, "height": 4 })).await;
    let id = game["id"].as_str().unwrap();
    for mv in ["1", "2", "1", "2", "1", "2", "1"] {
        assert_eq!(play(&app, id, mv).await.0, StatusCode::OK);
    }
    for mv in ["3", "2", "1", "9", "zz"] {
        assert_error(
            &play(&app, id, mv).await,
            StatusCode::CONFLICT,
            "game_over",
            &["over"],
        );
    }
    let (_, view) = get(&app, id).await;
    assert_eq!(view["moves"].as_array().unwrap().len(), 7);
}

/// Every error quoting a huge input with a NUL byte and an escape in it quotes at most
/// about 80 characters of it, with the control characters escaped.
#[tokio::test]
async fn errors_quote_at_most_80_characters_of_an_input_with_controls_escaped() {
    let app = router(ServerConfig {
        max_body_bytes: 1 << 20,
        ..ServerConfig::default()
    });
    let huge = format!("a\0b\x1b{}", "x".repeat(100_000));
    let game = create(&app, "connect4", json!({})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let engine = format!("/api/games/{id}/engine");
    let calls: Vec<(Method, String, Option<Value>, &str)> = vec![
        (
            Method::POST,
            "/api/games".into(),
            Some(json!({ "game": huge })),
            "unknown_game",
        ),
        (
            Method::POST,
            "/api/games".into(),
            Some(json!({ "game": "halma", "variant": { "board": huge } })),
            "bad_variant",
        ),
        (
            Method::POST,
            "/api/games".into(),
            Some(json!({ "game": "connect4", huge.clone(): 1 })),
            "bad_body",
        ),
        (
            Method::POST,
            format!("/api/games/{id}/moves"),
            Some(json!({ "move": huge })),
            "bad_move_text",
        ),
        (
            Method::POST,
            engine.clone(),
            Some(json!({ "level": huge })),
            "unknown_level",
        ),
        (
            Method::POST,
            engine.clone(),
            Some(json!({ "agent": huge })),
            "bad_agent",
        ),
        (
            Method::POST,
            engine.clone(),
            Some(json!({ "agent": format!("mcts:{huge}=1") })),
            "bad_agent",
        ),
        (
            Method::POST,
            engine,
            Some(json!({ "agent": format!("mcts:iterations={huge}") })),
            "bad_agent",
        ),
        (
            Method::GET,
            format!("/api/games/{}", "y".repeat(60_000)),
            None,
            "unknown_game_id",
        ),
        (
            Method::GET,
            format!("/nowhere/{}", "z".repeat(60_000)),
            None,
            "no_such_endpoint",
        ),
        (
            Method::DELETE,
            format!("/style.css/{}", "w".repeat(60_000)),
            None,
            "no_such_endpoint",
        ),
    ];
    for (method, uri, body, kind) in calls {
        let (status, answer) = json_call(&app, method, &uri, body).await;
        assert!(status.is_client_error(), "{uri:.40}: {status}");
        assert_eq!(answer["error"]["kind"], kind, "{:.300}", answer.to_string());
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(
            message.chars().count() <= 400,
            "{kind}: {} characters: {message:.400}",
            message.chars().count()
        );
        assert!(!message.contains(char::is_control), "{kind}: {message:?}");
        if message.contains("a\\0b") {
            assert!(message.contains("a\\0b\\u{1b}xxx"), "{kind}: {message}");
        }
        let longest_run = message
            .split(|c: char| !c.is_ascii_alphanumeric())
            .map(str::len)
            .max()
            .unwrap_or(0);
        assert!(longest_run <= 80, "{kind}: {message}");
    }
}

/// A body that never comes: its head has been sent, its bytes never are.
struct NeverBody;

impl axum::body::HttpBody for NeverBody {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        std::task::Poll::Pending
    }
}

#[tokio::test(start_paused = true)]
async fn a_body_that_never_arrives_is_408_after_the_body_timeout() {
    let limit = Duration::from_secs(10);
    let app = router(ServerConfig {
        body_read_timeout: limit,
        ..ServerConfig::default()
    });
    let request = axum::http::Request::builder()
        .method(Method::POST)
        .uri("/api/games")
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::new(NeverBody))
        .unwrap();
    let started = tokio::time::Instant::now();
    let answer = tokio::time::timeout(10 * limit, oneshot::call(&app, request))
        .await
        .expect("an answer, not a request held open for ever");
    assert!(started.elapsed() >= limit);
    let (status, _, text) = answer;
    let answer = (status, serde_json::from_str::<Value>(&text).unwrap());
    assert_error(
        &answer,
        StatusCode::REQUEST_TIMEOUT,
        "bad_body",
        &["10000 ms"],
    );
}
