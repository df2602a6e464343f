//! The memory cap of one search (`ServerConfig::max_search_mb`): agent specs whose tables
//! would take more are refused before they are built, and the game is left as it was.
//! `alphabeta:tt=4096` twice used to take the server to 5.9 GB.

use crate::oneshot;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use axum::Router;
use oneshot::{assert_error, create, json_call};
use ply_web::{router, ServerConfig, DEFAULT_MAX_SEARCH_MB};
use serde_json::{json, Value};

fn app_capped(max_search_mb: u64) -> Router {
    router(ServerConfig {
        max_move_time: Duration::from_secs(2),
        max_searches: 2,
        max_search_mb,
        ..ServerConfig::default()
    })
}

async fn engine(app: &Router, id: &str, agent: &str) -> (StatusCode, Value) {
    json_call(
        app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        Some(json!({ "agent": agent, "rng_seed": 1 })),
    )
    .await
}

async fn assert_unchanged(app: &Router, id: &str) {
    let (status, view) = json_call(app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["moves"], json!([]), "{view}");
    assert_eq!(view["version"], 0, "{view}");
}

#[test]
fn the_default_cap_is_256_mib() {
    assert_eq!(DEFAULT_MAX_SEARCH_MB, 256);
    assert_eq!(ServerConfig::default().max_search_mb, DEFAULT_MAX_SEARCH_MB);
}

#[tokio::test]
async fn a_table_over_the_spec_bound_is_refused_whatever_the_cap() {
    let app = app_capped(u64::MAX);
    for (game, spec, agent) in [
        ("connect4", "alphabeta:tt=4096", "alphabeta"),
        ("tictactoe", "alphabeta:tt=1025", "alphabeta"),
        ("halma", "paranoid:tt=65536", "paranoid"),
    ] {
        let view = create(&app, game, json!({})).await;
        let id = view["id"].as_str().unwrap();
        let value = spec.split('=').nth(1).unwrap();
        for _ in 0..2 {
            let answer = engine(&app, id, spec).await;
            assert_error(
                &answer,
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_agent",
                &[
                    &format!("'{agent}'"),
                    "'tt'",
                    &format!("'{value}'"),
                    "from 0 to 1024",
                ],
            );
        }
        assert_unchanged(&app, id).await;
    }
}

#[tokio::test]
async fn tables_over_the_servers_cap_are_refused_naming_spec_memory_and_cap() {
    let app = app_capped(64);
    let view = create(&app, "connect4", json!({})).await;
    let id = view["id"].as_str().unwrap();
    for (spec, words) in [
        (
            "perfect:table=28",
            ["'perfect:table=28'", "2064 MiB", "cap of 64 MiB"],
        ),
        (
            "alphabeta:tt=128",
            ["'alphabeta:tt=128'", "128 MiB", "cap of 64 MiB"],
        ),
        (
            "paranoid:tt=65,depth=1",
            ["'paranoid:tt=65,depth=1'", "65 MiB", "cap of 64 MiB"],
        ),
    ] {
        let answer = engine(&app, id, spec).await;
        assert_error(
            &answer,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_agent",
            &words,
        );
    }
    assert_unchanged(&app, id).await;
    // The default cap refuses the largest perfect table too.
    let app = app_default();
    let view = create(&app, "connect4", json!({})).await;
    let id = view["id"].as_str().unwrap();
    let answer = engine(&app, id, "perfect:table=28").await;
    assert_error(
        &answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_agent",
        &["2064 MiB", "cap of 256 MiB"],
    );
    assert_unchanged(&app, id).await;
}

fn app_default() -> Router {
    app_capped(ServerConfig::default().max_search_mb)
}

#[tokio::test]
async fn tables_within_the_cap_are_built_and_play() {
    let app = app_capped(64);
    let view = create(&app, "tictactoe", json!({})).await;
    let id = view["id"].as_str().unwrap();
    let (status, answer) = engine(&app, id, "alphabeta:depth=1,tt=64").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["state"]["moves"].as_array().unwrap().len(), 1);
    // No table at all fits a cap of 0.
    let app = app_capped(0);
    let view = create(&app, "tictactoe", json!({})).await;
    let id = view["id"].as_str().unwrap();
    let (status, answer) = engine(&app, id, "alphabeta:depth=1,tt=0").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let answer = engine(&app, id, "alphabeta:depth=1").await;
    assert_error(
        &answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_agent",
        &["16 MiB", "cap of 0 MiB"],
    );
}
