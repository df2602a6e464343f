//! Load: 50 games at once on a real socket, each asking the engine for moves. Every request
//! is answered with a move, or refused as the API documents for a server short of time: `503
//! busy` (the search slots stayed taken too long for the cap) or `504 engine_timeout` (the
//! search was still running at the cap and its grace); anything else (a 500, a request that
//! never comes back) fails. Games stay isolated: each holds exactly the moves of its own
//! answered requests, a refused one changing nothing. The latencies and the refusals are
//! printed, not asserted: on a machine kept busy by other work (`cargo test` at load 8 and
//! more) they measure the machine, and a percentile within the cap is a benchmark's claim,
//! not a test's.
//!
//! The engine thinks for whatever the cap leaves after waiting for a search slot, so under
//! load moves get shallower, not later. Set `PLY_LOAD_MOVES` for a longer run.

use crate::support;

use std::time::{Duration, Instant};

use ply_web::ServerConfig;
use serde_json::json;
use support::{request, start_server};

const GAMES: usize = 50;
const CAP: Duration = Duration::from_millis(1000);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_concurrent_games_are_answered_or_refused_and_stay_apart() {
    let moves_per_game: usize = std::env::var("PLY_LOAD_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let addr = start_server(ServerConfig {
        max_move_time: CAP,
        max_searches: 2,
        ..ServerConfig::default()
    })
    .await;
    let setups = [
        (json!({ "game": "connect4" }), "mcts-100ms"),
        (
            json!({ "game": "quoridor", "variant": { "size": 9 } }),
            "strongest",
        ),
        (
            json!({ "game": "halma", "variant": { "players": 3 } }),
            "strongest",
        ),
        (
            json!({ "game": "connect4", "variant": { "width": 8, "height": 7 } }),
            "alphabeta-4",
        ),
        (json!({ "game": "tictactoe" }), "mcts-2000"),
    ];
    let started = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..GAMES {
        let (create, level) = setups[g % setups.len()].clone();
        tasks.push(tokio::spawn(async move {
            let (status, view) = request(addr, "POST", "/api/games", Some(&create)).await;
            assert_eq!(status, 201, "{view}");
            let id = view["id"].as_str().unwrap().to_string();
            let mut latencies = Vec::new();
            let mut played = Vec::new();
            let mut refused = 0;
            for _ in 0..moves_per_game {
                let t = Instant::now();
                let body = json!({ "level": level, "time_ms": CAP.as_millis() as u64 });
                let (status, answer) = request(
                    addr,
                    "POST",
                    &format!("/api/games/{id}/engine"),
                    Some(&body),
                )
                .await;
                let refusal = match status {
                    503 => Some("busy"),
                    504 => Some("engine_timeout"),
                    _ => None,
                };
                if let Some(kind) = refusal {
                    assert_eq!(answer["error"]["kind"], kind, "game {g}: {answer}");
                    refused += 1;
                    continue;
                }
                assert_eq!(status, 200, "game {g}: {answer}");
                latencies.push((
                    t.elapsed(),
                    answer["timing"]["total_ms"].as_f64().unwrap_or(0.0),
                ));
                played.push(answer["engine"]["move"].clone());
                if answer["state"]["over"] == true {
                    break;
                }
            }
            let (_, view) = request(addr, "GET", &format!("/api/games/{id}"), None).await;
            // Isolation: the game holds exactly the moves its own engine made.
            assert_eq!(view["moves"].as_array().unwrap(), &played);
            (latencies, refused)
        }));
    }
    let (mut samples, mut refused) = (Vec::new(), 0);
    for task in tasks {
        let (latencies, refusals) = task.await.unwrap();
        samples.extend(latencies);
        refused += refusals;
    }
    assert!(!samples.is_empty(), "every request was refused");
    let mut server_ms: Vec<f64> = samples.iter().map(|&(_, ms)| ms).collect();
    server_ms.sort_by(f64::total_cmp);
    let mut latencies: Vec<Duration> = samples.into_iter().map(|(d, _)| d).collect();
    latencies.sort();
    let rank =
        |q: f64| ((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1;
    let (p50, p95, max) = (
        latencies[rank(0.5)],
        latencies[rank(0.95)],
        latencies[latencies.len() - 1],
    );
    eprintln!(
        "load: {GAMES} games, {} engine moves ({refused} requests refused, busy or out of time) in {:.1} s; \
         client latency p50 {} ms, p95 {} ms, max {} ms; server time p50 {:.0} ms, p95 {:.0} \
         ms (cap {} ms)",
        latencies.len(),
        started.elapsed().as_secs_f64(),
        p50.as_millis(),
        p95.as_millis(),
        max.as_millis(),
        server_ms[rank(0.5)],
        server_ms[rank(0.95)],
        CAP.as_millis()
    );
}
