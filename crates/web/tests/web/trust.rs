//! The server's trust boundary, as a hostile page or client tries it (issue 39, rows 1, 2,
//! 3, 17 and 18): agent specs that name a file, a FIFO, `/dev/zero` or 64 threads; requests
//! addressed to another host or sent from another site; one client creating games by the
//! thousand or queueing searches ahead of everybody; fifty engine requests on one game.
//!
//! No test here asserts how fast anything is: searches have fixed depths, and where an
//! agent must overrun the cap it sleeps until it is told to stop.

use crate::oneshot;
use crate::support;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use oneshot::{assert_error, call, create, json_call};
use ply_web::{longest_answer, router, Server, ServerConfig};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// A folder of this test run's own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-web-trust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A request through the router as if it came from `peer` (what `ply serve` records for a
/// connection), with extra headers; returns the status and the JSON answer.
async fn call_as(
    app: &Router,
    peer: Option<&str>,
    method: Method,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    if let Some(peer) = peer {
        let addr = SocketAddr::new(peer.parse::<IpAddr>().unwrap(), 40_000);
        request = request.extension(ConnectInfo(addr));
    }
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let (status, headers, text) = call(app, request.body(Body::from(body)).unwrap()).await;
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .map_or("", |v| v.to_str().unwrap());
    assert!(
        content_type.starts_with("application/json"),
        "{uri}: {text}"
    );
    (status, serde_json::from_str(&text).unwrap())
}

async fn engine(app: &Router, id: &str, body: Value) -> (StatusCode, Value) {
    json_call(
        app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        Some(body),
    )
    .await
}

async fn analysis(app: &Router, id: &str, body: Value) -> (StatusCode, Value) {
    json_call(
        app,
        Method::POST,
        &format!("/api/games/{id}/analysis"),
        Some(body),
    )
    .await
}

async fn new_game(app: &Router, game: &str) -> String {
    create(app, game, json!({})).await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Row 1: `seed003-s3:table=PATH` used to create the file, or append to it.
#[tokio::test]
async fn a_spec_that_names_a_file_is_refused_and_the_file_untouched() {
    let app = router(ServerConfig::default());
    let id = new_game(&app, "halma").await;
    let dir = scratch("row1");
    let existing = dir.join("existing.txt");
    std::fs::write(&existing, "kept as it was\n").unwrap();
    let absent = dir.join("absent.txt");
    for path in [&existing, &absent] {
        let spec = format!("seed003-s3:depth=1,table={}", path.display());
        for answer in [
            engine(&app, &id, json!({ "agent": spec, "play": false })).await,
            analysis(&app, &id, json!({ "agent": spec })).await,
        ] {
            assert_error(
                &answer,
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_agent",
                &[
                    "'table'",
                    "names a file",
                    "seed003-s3",
                    "leave it at 'none'",
                ],
            );
        }
    }
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "kept as it was\n"
    );
    assert!(!absent.exists(), "the server created {}", absent.display());
    // The agent without a file plays.
    let (status, answer) = engine(&app, &id, json!({ "agent": "seed003-s3:depth=1" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Rows 2 and 3: `table=/dev/zero` read until the process aborted, and `table=` a FIFO
/// held both search slots for good. Both are refused before a slot is taken, so the slots
/// stay free for the next requests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dev_zero_and_a_fifo_are_refused_and_the_slots_stay_free() {
    let app = router(ServerConfig {
        max_searches: 2,
        ..ServerConfig::default()
    });
    let id = new_game(&app, "halma").await;
    let dir = scratch("rows2-3");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    for path in ["/dev/zero".into(), fifo.display().to_string()] {
        let spec = format!("seed003-s3:table={path}");
        // Twice, more often than there are slots.
        for _ in 0..3 {
            assert_error(
                &engine(&app, &id, json!({ "agent": spec, "play": false })).await,
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_agent",
                &["'table'", &path, "names a file"],
            );
        }
    }
    // Every slot is free: an analysis and engine moves run.
    let (status, answer) = analysis(&app, &id, json!({ "agent": "greedy" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    for _ in 0..2 {
        let (status, answer) = engine(&app, &id, json!({ "agent": "seed003-s3:depth=1" })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Row 18: `perfect:threads=64` on a two-core server; thread counts are the server's to
/// give, whichever endpoint the spec comes through.
#[tokio::test]
async fn thread_counts_over_the_servers_cap_are_refused() {
    let app = router(ServerConfig {
        max_search_threads: 2,
        ..ServerConfig::default()
    });
    let connect4 = new_game(&app, "connect4").await;
    let quoridor = new_game(&app, "quoridor").await;
    for (id, spec, value) in [
        (&connect4, "perfect:threads=64", "'64'"),
        (&connect4, "perfect:threads=3,time=10ms", "'3'"),
        (&quoridor, "strongest:threads=auto", "'auto'"),
        (&quoridor, "strongest:threads=65,depth=1", "'65'"),
    ] {
        for answer in [
            engine(&app, id, json!({ "agent": spec })).await,
            analysis(&app, id, json!({ "agent": spec })).await,
        ] {
            assert_error(
                &answer,
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_agent",
                &[
                    "'threads'",
                    value,
                    "at most 2 thread(s)",
                    "--max-search-threads",
                ],
            );
        }
    }
    for (id, spec) in [
        (&quoridor, "strongest:threads=2,depth=1"),
        (&connect4, "perfect:threads=2,time=20ms"),
    ] {
        let (status, answer) = engine(&app, id, json!({ "agent": spec })).await;
        assert_eq!(status, StatusCode::OK, "{spec}: {answer}");
    }
    // The default allows one thread a search: every level still plays.
    let app = router(ServerConfig::default());
    let id = new_game(&app, "connect4").await;
    assert_error(
        &engine(&app, &id, json!({ "agent": "perfect:threads=2" })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_agent",
        &["at most 1 thread(s)"],
    );
}

/// Row 17: fifty engine requests at once on one game. One runs and the others are refused
/// (409, documented); the one that runs overruns its cap on a loaded machine, and answers
/// with the move its search had when told to stop, not 504. (A request held up past the
/// first one's answer may run next, on the new position, or find it changed: 409 too.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_fifty_engine_requests_on_one_game_the_one_that_runs_answers_a_move() {
    let cap = Duration::from_millis(200);
    let app = Server::new(ServerConfig {
        max_move_time: cap,
        max_searches: 2,
        ..ServerConfig::default()
    })
    .with_fault_agents()
    .router();
    let id = new_game(&app, "connect4").await;
    // It sleeps until told to stop, as a search on a machine too busy to finish in time.
    let body = json!({ "agent": "fault-sleep:ms=600000,stop=true" });
    let tasks: Vec<_> = (0..50)
        .map(|_| {
            let (app, id, body) = (app.clone(), id.clone(), body.clone());
            tokio::spawn(async move {
                let started = std::time::Instant::now();
                (engine(&app, &id, body).await, started.elapsed())
            })
        })
        .collect();
    let mut moved = 0;
    for task in tasks {
        let ((status, answer), elapsed) = task.await.unwrap();
        if status == StatusCode::CONFLICT {
            let kind = answer["error"]["kind"].as_str().unwrap();
            assert!(
                ["engine_busy", "position_changed"].contains(&kind),
                "{answer}"
            );
            continue;
        }
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(elapsed >= longest_answer(cap), "{elapsed:?}");
        assert!(answer["engine"]["move"].is_string(), "{answer}");
        moved += 1;
    }
    assert!(moved >= 1);
    let (_, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(view["moves"].as_array().unwrap().len(), moved, "{view}");
}

/// Creates a tic-tac-toe game with these headers.
async fn create_with(app: &Router, headers: &[(&str, &str)]) -> (StatusCode, Value) {
    let body = Some(json!({ "game": "tictactoe" }));
    call_as(app, None, Method::POST, "/api/games", headers, body).await
}

/// Requests addressed to another name (DNS rebinding) and changes sent from another site
/// are refused before they reach anything; the page's own requests pass.
#[tokio::test]
async fn only_loopback_hosts_and_the_servers_own_origin_are_answered() {
    let app = router(ServerConfig {
        allowed_hosts: vec!["ply.local".to_string()],
        ..ServerConfig::default()
    });
    for host in [
        "evil.example",
        "evil.example:8080",
        "127.0.0.1.nip.io:8080",
        "0.0.0.0",
    ] {
        for (method, uri) in [(Method::GET, "/api/games"), (Method::GET, "/")] {
            let answer = call_as(&app, None, method, uri, &[("host", host)], None).await;
            assert_error(
                &answer,
                StatusCode::FORBIDDEN,
                "forbidden_host",
                &[host, "localhost", "--allow-host"],
            );
        }
        let answer = create_with(&app, &[("host", host)]).await;
        assert_eq!(answer.1["error"]["kind"], "forbidden_host");
    }
    for (host, origin, site) in [
        ("127.0.0.1:8080", "http://evil.example", "cross-site"),
        ("127.0.0.1:8080", "http://localhost:3000", "same-site"),
        ("localhost:8080", "null", "cross-site"),
    ] {
        for headers in [
            [("host", host), ("origin", origin)],
            [("host", host), ("sec-fetch-site", site)],
        ] {
            assert_error(
                &create_with(&app, &headers).await,
                StatusCode::FORBIDDEN,
                "cross_site",
                &["cross-site request", "own page"],
            );
        }
    }
    let (_, info) = json_call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(info["games_open"], 0, "a refused create made a game");
    // The page's own requests, and those addressed by an allowed name.
    for (host, origin) in [
        ("127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("localhost:8080", "http://localhost:8080"),
        ("[::1]:8080", "http://[::1]:8080"),
        ("ply.local:9000", "http://ply.local:9000"),
    ] {
        let headers = [
            ("host", host),
            ("origin", origin),
            ("sec-fetch-site", "same-origin"),
        ];
        let answer = create_with(&app, &headers).await;
        assert_eq!(answer.0, StatusCode::CREATED, "{host}: {}", answer.1);
    }
    // A link from another site still opens the page (a navigation is a GET).
    let request = Request::builder()
        .uri("/")
        .header("host", "localhost:8080")
        .header("sec-fetch-site", "cross-site")
        .body(Body::empty())
        .unwrap();
    assert_eq!(call(&app, request).await.0, StatusCode::OK);
}

/// One request on its own connection from the loopback address `source` (Linux routes all
/// of 127.0.0.0/8 to the loopback interface, as a local program may use any of them).
async fn request_from(source: &str, addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(source.parse().unwrap(), 0))
        .unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let body = body.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap())
}

/// Issue 52, row 6 (issue 39, row 18 before it): a local process rotating its source
/// address over 127.0.0.0/8 counted as a new client at each address and filled the whole
/// table. Every loopback address is one client, with one share.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn row_6_loopback_peers_are_one_client_with_one_share() {
    let addr = support::start_server(ServerConfig {
        max_games: 100,
        max_games_per_client: 30,
        ..ServerConfig::default()
    })
    .await;
    let create = json!({ "game": "tictactoe" });
    let mut refused = 0;
    for n in 0..60 {
        let source = format!("127.0.{}.{}", n / 200, 2 + n % 200);
        let (status, answer) = request_from(&source, addr, "/api/games", &create).await;
        match status {
            201 => {}
            429 => {
                assert_eq!(answer["error"]["kind"], "too_many_games", "{answer}");
                let message = answer["error"]["message"].as_str().unwrap();
                for word in ["client 127.0.0.1", "30 games", "--max-games-per-client"] {
                    assert!(message.contains(word), "{message}");
                }
                refused += 1;
            }
            other => panic!("{other}: {answer}"),
        }
    }
    assert_eq!(refused, 30);
    let (status, answer) = request_from("127.0.0.1", addr, "/api/games", &create).await;
    assert_eq!(status, 429, "{answer}");
}

/// A client that queues many searches takes its turns with the others: a second client's
/// one request is served after the first's running search, not after its whole queue
/// (which would take past the request's cap: it would be refused busy). The clients are
/// two addresses that are not loopback, which are two clients (every loopback address is
/// one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_floods_the_search_slots_does_not_starve_another() {
    let app = Server::new(ServerConfig {
        max_move_time: Duration::from_millis(1500),
        max_searches: 1,
        ..ServerConfig::default()
    })
    .with_fault_agents()
    .router();
    let mut games = Vec::new();
    for _ in 0..11 {
        games.push(new_game(&app, "tictactoe").await);
    }
    let other = games.pop().unwrap();
    // Ten searches of 400 ms each from one client: four seconds of work on one slot.
    let flood: Vec<_> = games
        .into_iter()
        .map(|id| {
            let app = app.clone();
            tokio::spawn(async move {
                let uri = format!("/api/games/{id}/engine");
                let body = json!({ "agent": "fault-sleep:ms=400" });
                call_as(&app, Some("10.0.0.2"), Method::POST, &uri, &[], Some(body)).await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let uri = format!("/api/games/{other}/engine");
    let body = json!({ "agent": "random" });
    let (status, answer) =
        call_as(&app, Some("10.0.0.3"), Method::POST, &uri, &[], Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mut served = 0;
    for task in flood {
        let (status, answer) = task.await.unwrap();
        match status {
            StatusCode::OK => served += 1,
            StatusCode::SERVICE_UNAVAILABLE => assert_eq!(answer["error"]["kind"], "busy"),
            other => panic!("{other}: {answer}"),
        }
    }
    // The flood's own requests beyond what fits in the cap are refused busy, not run late.
    assert!((1..10).contains(&served), "{served}");
}

/// Issue 52, row 14: with long searches running and queued, a request with a short cap was
/// refused busy four times in six. It now waits its turn: it goes before the long ones
/// still queued (its deadline is sooner), and the running one, once it has thought for
/// half the short cap, is told to stop and answers with the move it has.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn row_14_a_short_request_gets_its_turn_while_long_searches_hold_the_slots() {
    let app = Server::new(ServerConfig {
        max_move_time: Duration::from_secs(20),
        max_searches: 1,
        ..ServerConfig::default()
    })
    .router();
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(new_game(&app, "connect4").await);
    }
    let short = games.pop().unwrap();
    let flood: Vec<_> = games
        .into_iter()
        .map(|id| {
            let app = app.clone();
            tokio::spawn(async move {
                let uri = format!("/api/games/{id}/engine");
                let body = json!({ "agent": "mcts", "time_ms": 15_000, "play": false });
                call_as(&app, Some("127.0.0.2"), Method::POST, &uri, &[], Some(body)).await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let uri = format!("/api/games/{short}/engine");
    let body = json!({ "agent": "mcts", "time_ms": 2_000, "play": false });
    let (status, answer) =
        call_as(&app, Some("127.0.0.3"), Method::POST, &uri, &[], Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // The flood's requests end with the test: their searches are told to stop.
    for task in flood {
        task.abort();
    }
}

/// Issue 52, row 10: no answer said whether another site may frame the page.
#[tokio::test]
async fn row_10_no_site_may_frame_the_page_or_any_answer() {
    let app = router(ServerConfig::default());
    // The page, the API, an unknown path, and a request refused before any route.
    for (method, uri, host) in [
        (Method::GET, "/", "127.0.0.1:8080"),
        (Method::GET, "/api/games", "localhost"),
        (Method::GET, "/no/such/path", "localhost"),
        (Method::DELETE, "/api/games/nothing", "evil.example"),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let (_, headers, _) = call(&app, request).await;
        assert_eq!(
            headers.get(header::CONTENT_SECURITY_POLICY).unwrap(),
            "frame-ancestors 'none'",
            "{uri}"
        );
        assert_eq!(
            headers.get(header::X_FRAME_OPTIONS).unwrap(),
            "DENY",
            "{uri}"
        );
    }
}

/// The head of the first answer to `head` sent on a new connection to `addr`, read until
/// its blank line.
async fn first_answer(addr: SocketAddr, head: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let mut byte = [0u8; 1];
    while !raw.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await.unwrap() == 0 {
            break;
        }
        raw.push(byte[0]);
    }
    String::from_utf8(raw).unwrap()
}

/// Issue 52, row 12: a body announced far over the limit with `Expect: 100-continue` was
/// invited (`100 Continue`) and then waited for until the body timeout. It is refused at
/// once, before a byte of it is read, on every route that reads a body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn row_12_a_body_declared_too_large_is_refused_before_it_is_invited() {
    let addr = support::start_server(ServerConfig::default()).await;
    for (path, limit) in [
        ("/api/games", 256 * 1024),
        ("/api/games/0123456789abcdef/moves", 16 * 1024),
    ] {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Expect: 100-continue\r\nContent-Length: 900000000\r\n\r\n"
        );
        let answer = first_answer(addr, &head).await;
        assert!(answer.starts_with("HTTP/1.1 413 "), "{path}: {answer}");
        // Just over the route's own limit is refused the same way.
        let head = head.replace("900000000", &(limit + 1).to_string());
        let answer = first_answer(addr, &head).await;
        assert!(answer.starts_with("HTTP/1.1 413 "), "{path}: {answer}");
    }
}

/// Issue 52, row 13: with two `Origin` (or `Sec-Fetch-Site`) headers, the server's own
/// first, only the first was checked.
#[tokio::test]
async fn row_13_a_request_with_a_checked_header_given_twice_is_refused() {
    let app = router(ServerConfig::default());
    for (name, own, other) in [
        ("origin", "http://127.0.0.1:8080", "http://evil.example"),
        ("sec-fetch-site", "same-origin", "cross-site"),
    ] {
        let (status, answer) = create_with(
            &app,
            &[("host", "127.0.0.1:8080"), (name, own), (name, other)],
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{name}: {answer}");
        assert_eq!(answer["error"]["kind"], "cross_site", "{answer}");
    }
}
