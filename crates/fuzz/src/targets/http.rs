//! `ply serve`'s API through its router, in-process: a request line (`METHOD PATH`), then
//! the body. `$ID` in a path is replaced by the id of a live game, so that the fuzzer reaches
//! the handlers behind the id check.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;

use crate::checks::{check_message, shown, text};
use crate::runner::{seeds_of, Outcome, Target};

/// Games created at every reset, one of each kind; `$ID` picks one of them.
const GAMES: &[&str] = &[
    r#"{"game":"tictactoe"}"#,
    r#"{"game":"connect4","variant":{"width":5,"height":4,"k":3}}"#,
    r#"{"game":"quoridor","variant":{"size":5,"walls":2}}"#,
    r#"{"game":"halma","variant":{"board":"star","players":3}}"#,
];

pub struct Http {
    runtime: tokio::runtime::Runtime,
    app: Router,
    ids: Vec<String>,
}

impl Http {
    pub fn new() -> Self {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let mut http = Http {
            runtime,
            app: Router::new(),
            ids: Vec::new(),
        };
        http.reset();
        http
    }

    fn call(&self, method: Method, path: &str, body: &[u8]) -> (StatusCode, Vec<u8>) {
        let app = self.app.clone();
        let mut request = Request::builder().method(method).uri(path);
        if !body.is_empty() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let Ok(request) = request.body(Body::from(body.to_vec())) else {
            return (StatusCode::BAD_REQUEST, Vec::new());
        };
        self.runtime.block_on(async move {
            let response = app.oneshot(request).await.expect("the router never fails");
            let status = response.status();
            let bytes = response
                .into_body()
                .collect()
                .await
                .map(|b| b.to_bytes().to_vec())
                .unwrap_or_default();
            (status, bytes)
        })
    }

    /// The game's view without the fields a read itself may change.
    fn snapshot(&self, id: &str) -> Option<Value> {
        let (status, body) = self.call(Method::GET, &format!("/api/games/{id}"), b"");
        (status == StatusCode::OK)
            .then(|| serde_json::from_slice(&body).ok())
            .flatten()
    }
}

impl Default for Http {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Http {
    fn name(&self) -> &str {
        "http"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = GAMES
            .iter()
            .map(|g| format!("POST /api/games\n{g}").into_bytes())
            .collect();
        seeds.extend(
            seeds_of(&[
                "GET /api/games",
                "GET /api/games/$ID",
                "GET /api/games/$ID/record",
                "POST /api/games/$ID/moves\n{\"move\":\"b2\"}",
                "POST /api/games/$ID/moves\n{\"move\":\"4\"}",
                "POST /api/games/$ID/moves\n{\"move\":\"c2\"}",
                "POST /api/games/$ID/moves\n{\"move\":\"[[3,-6],[3,-4]]\"}",
                "POST /api/games/$ID/engine\n{\"agent\":\"random\"}",
                "POST /api/games/$ID/engine\n{\"level\":\"easy\",\"time_ms\":1,\"rng_seed\":3}",
                "POST /api/games/$ID/engine\n{\"agent\":\"alphabeta:tt=4096\"}",
                "POST /api/games/$ID/undo\n{\"count\":1}",
                "POST /api/games/$ID/undo\n{}",
                "POST /api/games/$ID/analysis\n{}",
                "POST /api/games/$ID/analysis\n{\"agent\":\"random\",\"time_ms\":1}",
                "POST /api/games\n{\"game\":\"connect4\",\"position\":\"4453\"}",
                "POST /api/games\n{\"game\":\"tictactoe\",\"record\":\"[Game \\\"tictactoe\\\"]\\n\\n1. b2\\n\"}",
                "POST /api/games\n{\"game\":\"quoridor\",\"variant\":{\"players\":4,\"size\":5}}",
                "DELETE /api/games/$ID",
                "POST /api/games\n{\"game\":\"connect4\",\"variant\":{\"height\":18446744073709551615}}",
                "POST /api/games\n{\"game\":\"quoridor\",\"variant\":{\"size\":25,\"walls\":4294967295}}",
                "PUT /api/games",
                "GET /api/games/%ff%fe",
                "GET /",
                "GET /app.js",
                "GET /games/halma.js",
            ]),
        );
        seeds
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "GET",
            "POST",
            "DELETE",
            "PUT",
            "/api/games",
            "/$ID",
            "/moves",
            "/engine",
            "/undo",
            "/record",
            "/analysis",
            "\"position\"",
            "\"record\"",
            "\n",
            "{",
            "}",
            "\"",
            ":",
            ",",
            "\"move\"",
            "\"agent\"",
            "\"level\"",
            "\"time_ms\"",
            "\"rng_seed\"",
            "\"count\"",
            "\"game\"",
            "\"variant\"",
            "\"width\"",
            "\"height\"",
            "\"k\"",
            "\"size\"",
            "\"walls\"",
            "\"board\"",
            "\"players\"",
            "null",
            "%00",
            "%2F",
            "..",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let split = input
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(input.len());
        let head = text(&input[..split]);
        let body = input.get(split + 1..).unwrap_or(&[]);
        let mut words = head.split_whitespace();
        let method = words.next().unwrap_or("GET");
        let Ok(method) = Method::from_bytes(method.as_bytes()) else {
            return Ok(Outcome::of("bad method"));
        };
        let id = &self.ids[input.len() % self.ids.len()];
        let path = words.next().unwrap_or("/").replace("$ID", id);
        if !path.starts_with('/') || path.parse::<axum::http::Uri>().is_err() {
            return Ok(Outcome::of("bad uri"));
        }
        let changes_a_game = method == Method::POST && path.contains(id.as_str());
        let before = changes_a_game.then(|| self.snapshot(id)).flatten();
        let (status, reply) = self.call(method.clone(), &path, body);
        // 503 `busy` and 504 `engine_timeout` are the server's documented answers when its
        // searches are short of slots or of time (the 50 ms analysis cap is easy to miss on
        // a machine kept busy by other work); any other 5xx is a defect.
        let short_of_time = [StatusCode::SERVICE_UNAVAILABLE, StatusCode::GATEWAY_TIMEOUT];
        if status.is_server_error() && !short_of_time.contains(&status) {
            return Err(format!(
                "{method} {path}: status {status}: {}",
                shown(&String::from_utf8_lossy(&reply))
            ));
        }
        if status.is_client_error() || status.is_server_error() {
            let value: Value = serde_json::from_slice(&reply).map_err(|e| {
                format!("{method} {path}: status {status} with a body that is not JSON ({e})")
            })?;
            let message = value["error"]["message"]
                .as_str()
                .ok_or_else(|| format!("{method} {path}: status {status} without a message"))?;
            check_message(message)?;
            let kind = value["error"]["kind"].as_str().unwrap_or("");
            if status == StatusCode::GATEWAY_TIMEOUT && kind != "engine_timeout" {
                return Err(format!("{method} {path}: status {status} of kind {kind:?}"));
            }
            if let Some(before) = before {
                if self.snapshot(id).as_ref() != Some(&before) {
                    return Err(format!(
                        "{method} {path} was refused ({status}) but changed the game"
                    ));
                }
            }
            return Ok(Outcome::of(&format!("{status} {kind}")));
        }
        Ok(Outcome::of(&format!(
            "{status} {}",
            path.split('/').nth(4).unwrap_or("")
        )))
    }

    fn reset(&mut self) {
        let config = ply_web::ServerConfig {
            max_move_time: Duration::from_millis(5),
            max_searches: 1,
            max_search_mb: 16,
            max_games: 64,
            // A fuzzed analysis of a long game stays short.
            max_analysis_time: Duration::from_millis(50),
            ..ply_web::ServerConfig::default()
        };
        self.app = ply_web::router(config);
        self.ids = GAMES
            .iter()
            .filter_map(|game| {
                let (status, body) = self.call(Method::POST, "/api/games", game.as_bytes());
                let value: Value = serde_json::from_slice(&body).ok()?;
                (status.is_success())
                    .then(|| value["id"].as_str().map(str::to_string))
                    .flatten()
            })
            .collect();
        assert_eq!(self.ids.len(), GAMES.len(), "every start game is created");
    }
}
