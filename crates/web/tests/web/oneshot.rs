//! Calls through the router itself (`tower::ServiceExt::oneshot`), no socket needed, and
//! the checks every test of an answer makes.

// Each test file uses a different subset of these helpers.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// Sends a prepared request; returns the status, the headers and the body text.
pub async fn call(app: &Router, request: Request<Body>) -> (StatusCode, HeaderMap, String) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Sends a request; the body, if any, is JSON. Returns the status, the content type and
/// the body text.
pub async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<&str>,
) -> (StatusCode, String, String) {
    let mut request = Request::builder().method(method).uri(uri);
    if body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let request = request
        .body(Body::from(body.unwrap_or("").to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

pub async fn json_call(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let text = body.map(|b| b.to_string());
    let (status, content_type, text) = send(app, method, uri, text.as_deref()).await;
    if text.is_empty() {
        return (status, Value::Null);
    }
    assert!(
        content_type.starts_with("application/json"),
        "{uri}: {content_type} {text}"
    );
    (status, serde_json::from_str(&text).unwrap())
}

/// Asserts an error answer: its status, its kind, and words its message must contain.
pub fn assert_error(answer: &(StatusCode, Value), status: StatusCode, kind: &str, words: &[&str]) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"]["kind"], kind, "{}", answer.1);
    let message = answer.1["error"]["message"].as_str().unwrap();
    for word in words {
        assert!(message.contains(word), "'{message}' lacks '{word}'");
    }
}

pub async fn create(app: &Router, game: &str, variant: Value) -> Value {
    let (status, view) = json_call(
        app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": game, "variant": variant })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    view
}

pub async fn play(app: &Router, id: &str, mv: &str) -> (StatusCode, Value) {
    json_call(
        app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": mv })),
    )
    .await
}
