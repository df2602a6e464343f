//! The server's own rules, which end every game whatever the game's rules say: a position
//! that occurs a third time draws the game, and so does the 1000th ply (the ply limit itself
//! is tested with a small limit in `session.rs`). Also: the history the view shows is each
//! move as written where it was played, kept move by move rather than replayed.

use crate::oneshot;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use axum::Router;
use oneshot::{assert_error, create, json_call, play};
use ply_core::Game;
use ply_quoridor::Quoridor;
use ply_web::{router, ServerConfig};
use serde_json::{json, Value};

fn app() -> Router {
    router(ServerConfig {
        max_move_time: Duration::from_secs(2),
        max_searches: 2,
        max_games: 100,
        ..ServerConfig::default()
    })
}

/// Plays `mv`, which must be legal; returns the view after it.
async fn play_ok(app: &Router, id: &str, mv: &str) -> Value {
    let (status, view) = play(app, id, mv).await;
    assert_eq!(status, StatusCode::OK, "{mv}: {view}");
    view
}

async fn undo(app: &Router, id: &str, count: usize) -> Value {
    let url = format!("/api/games/{id}/undo");
    let (status, view) = json_call(app, Method::POST, &url, Some(json!({ "count": count }))).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

async fn record(app: &Router, id: &str) -> String {
    let url = format!("/api/games/{id}/record");
    let (status, _, text) = oneshot::send(app, Method::GET, &url, None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    text
}

fn assert_open(view: &Value, to_move: u64) {
    assert_eq!(view["over"], false, "{view}");
    assert_eq!(view["end"], Value::Null, "{view}");
    assert_eq!(view["result"], Value::Null, "{view}");
    assert_eq!(view["to_move"], to_move, "{view}");
    assert!(!view["legal"].as_array().unwrap().is_empty(), "{view}");
}

#[tokio::test]
async fn shuffling_pawns_draw_when_the_start_position_comes_a_third_time() {
    let app = app();
    let game = create(&app, "quoridor", json!({})).await;
    let id = game["id"].as_str().unwrap();
    assert_open(&game, 0);
    // Black steps e9-e8-e9, white e1-e2-e1: every 4 plies the start position is back. It
    // comes a second time after ply 4 and a third after ply 8; no other position comes
    // three times before that.
    let cycle = ["e8", "e2", "e9", "e1"];
    for (ply, mv) in cycle.iter().cycle().take(7).enumerate() {
        let view = play_ok(&app, id, mv).await;
        assert_open(&view, ((ply + 1) % 2) as u64);
    }
    let view = play_ok(&app, id, "e1").await;
    assert_eq!(view["over"], true, "{view}");
    assert_eq!(view["end"], "repetition");
    assert_eq!(view["to_move"], Value::Null);
    assert_eq!(view["legal"], json!([]));
    assert_eq!(view["result"]["scores"], json!([0.5, 0.5]));
    let text = view["result"]["text"].as_str().unwrap();
    assert!(text.contains("repetition"), "{text}");
    assert_eq!(view["moves"].as_array().unwrap().len(), 8);

    // Over is over, for a person and for the engine alike.
    assert_error(
        &play(&app, id, "e8").await,
        StatusCode::CONFLICT,
        "game_over",
        &["over"],
    );
    let engine = json_call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/engine"),
        Some(json!({ "agent": "random" })),
    )
    .await;
    assert_error(&engine, StatusCode::CONFLICT, "game_over", &["over"]);
    let (_, again) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(again["end"], "repetition");
    let text = record(&app, id).await;
    assert!(
        text.contains(
            "[Result \"1/2-1/2\"]\n[Reason \"draw by repetition (the same position a third \
             time), a rule of ply serve\"]\n"
        ),
        "the record says why it stops: {text}"
    );
    assert!(text.ends_with("\n8. e1\n1/2-1/2\n"), "{text}");

    // Taking back the move that repeated reopens the game, and replaying it draws again.
    let view = undo(&app, id, 1).await;
    assert_open(&view, 1);
    assert!(!record(&app, id).await.contains("ply serve"));
    let view = play_ok(&app, id, "e1").await;
    assert_eq!(view["end"], "repetition", "{view}");
    // Further back, the counts are those of the shorter game: no draw until ply 8 again.
    let view = undo(&app, id, 5).await;
    assert_open(&view, 1);
    for mv in ["e1", "e8", "e2", "e9"] {
        let view = play_ok(&app, id, mv).await;
        assert_eq!(view["over"], false, "{mv}: {view}");
    }
    let view = play_ok(&app, id, "e1").await;
    assert_eq!(view["end"], "repetition", "{view}");
}

#[tokio::test]
async fn a_game_ended_by_its_rules_says_so() {
    let app = app();
    let game = create(&app, "tictactoe", json!({})).await;
    let id = game["id"].as_str().unwrap();
    // X takes the left column while O plays the middle one.
    let mut view = Value::Null;
    for mv in ["a1", "b1", "a2", "b2", "a3"] {
        view = play_ok(&app, id, mv).await;
    }
    assert_eq!(view["over"], true, "{view}");
    assert_eq!(view["end"], "rules");
    assert_eq!(view["result"]["text"], "X wins");
    let text = record(&app, id).await;
    assert!(
        text.contains("[Result \"1-0\"]\n[Reason \"X wins\"]\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\n1. a1\n2. b1\n3. a2\n4. b2\n5. a3\n1-0\n"),
        "{text}"
    );
}

#[tokio::test]
async fn the_history_is_each_move_as_written_where_it_was_played() {
    let app = app();
    let game = create(&app, "quoridor", json!({})).await;
    let id = game["id"].as_str().unwrap();
    // Moves given in upper case come back as the game writes them, through plays and undos.
    let mut played: Vec<String> = Vec::new();
    for mv in ["E8", "e2", "E3h", "d2"] {
        let view = play_ok(&app, id, mv).await;
        played.push(view["played"].as_str().unwrap().to_string());
    }
    undo(&app, id, 2).await;
    played.truncate(2);
    for mv in ["C5V", "f2"] {
        let view = play_ok(&app, id, mv).await;
        played.push(view["played"].as_str().unwrap().to_string());
    }
    let (_, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(view["moves"], json!(played));

    // What a replay from the start writes (as the server did before it kept the texts):
    // each move as the client sent it, read and written in the position where it was played.
    let mut replay = Quoridor::new(9, 10).unwrap();
    let replayed: Vec<String> = ["E8", "e2", "C5V", "f2"]
        .iter()
        .map(|text| {
            let mv = replay.parse_move(text).unwrap();
            let written = replay.format_move(mv);
            replay.play(mv);
            written
        })
        .collect();
    assert_eq!(view["moves"], json!(replayed));
    assert_eq!(view["text"], replay.to_text());
}

/// Black's walk on 9x9: from e9 right along row 9, then down, sweeping each row in turn as
/// far as row 2. It never visits a square twice, so no position repeats on the way.
fn black_walk() -> Vec<String> {
    let columns: Vec<char> = ('a'..='i').collect();
    let mut squares: Vec<String> = ['f', 'g', 'h', 'i']
        .iter()
        .map(|c| format!("{c}9"))
        .collect();
    for row in (2..=8).rev() {
        let sweep: Vec<&char> = if row % 2 == 0 {
            columns.iter().rev().collect()
        } else {
            columns.iter().collect()
        };
        squares.extend(sweep.into_iter().map(|c| format!("{c}{row}")));
    }
    squares
}

#[tokio::test]
async fn a_long_game_without_a_third_repetition_goes_on_and_keeps_every_move() {
    let app = app();
    let game = create(&app, "quoridor", json!({})).await;
    let id = game["id"].as_str().unwrap();
    // Black walks down the board and back the same way while white shuffles d1/e1: every
    // position comes at most twice, so only the ply limit could end this game.
    let walk = black_walk();
    let back = walk.iter().rev().skip(1).cloned().chain(["e9".to_string()]);
    let black: Vec<String> = walk.iter().cloned().chain(back).collect();
    let mut expected = Vec::new();
    for (turn, mv) in black.iter().enumerate() {
        let white = if turn % 2 == 0 { "d1" } else { "e1" };
        for mv in [mv.as_str(), white] {
            let view = play_ok(&app, id, mv).await;
            assert_eq!(view["over"], false, "{mv}: {view}");
            expected.push(mv.to_string());
        }
    }
    let (_, view) = json_call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(expected.len(), 268);
    assert_eq!(view["moves"].as_array().unwrap().len(), expected.len());
    assert_eq!(view["moves"], json!(expected));
    assert_open(&view, 0);
    let text = record(&app, id).await;
    let moves: Vec<String> = ply_core::Record::parse(&text)
        .unwrap()
        .moves
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert_eq!(moves, expected);
}
