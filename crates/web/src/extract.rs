//! The request parts handlers read, with every rejection turned into an [`ApiError`], so a
//! malformed body or path gets the same JSON error shape as everything else.

use std::convert::Infallible;
use std::fmt;
use std::net::{IpAddr, SocketAddr};

use axum::body::HttpBody;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, OriginalUri, Path, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;

use crate::error::{quote, ApiError};
use crate::AppState;

/// A JSON body of type `T`. Handlers take `Result<JsonBody<T>, ApiError>` so they can
/// look the game up first: an unknown id is reported before a bad body.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, app: &AppState) -> Result<Self, ApiError> {
        // A client that sends its head and then trickles or withholds the body would
        // otherwise hold the request open for ever.
        let limit = app.config.body_read_timeout;
        match tokio::time::timeout(limit, Json::<T>::from_request(request, app)).await {
            Ok(Ok(Json(value))) => Ok(JsonBody(value)),
            Ok(Err(rejection)) => Err(body_error(rejection, app.config.max_body_bytes)),
            Err(_) => Err(ApiError::Body {
                status: StatusCode::REQUEST_TIMEOUT,
                message: format!(
                    "the body did not arrive within the server's limit of {} ms",
                    limit.as_millis()
                ),
            }),
        }
    }
}

/// A JSON body of type `T` that may be left out: a request whose body is known to be empty
/// (no `Content-Length`, or 0, and no `Transfer-Encoding`) reads as `T::default()`; a body
/// that is there must be the JSON [`JsonBody`] reads.
pub struct OptionalJsonBody<T>(pub T);

impl<T: DeserializeOwned + Default> FromRequest<AppState> for OptionalJsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, app: &AppState) -> Result<Self, ApiError> {
        if request.body().size_hint().exact() == Some(0) {
            return Ok(OptionalJsonBody(T::default()));
        }
        let JsonBody(value) = JsonBody::from_request(request, app).await?;
        Ok(OptionalJsonBody(value))
    }
}

/// The middleware that refuses a body whose `Content-Length` is over `limit` before a byte
/// of it is read: 413 at once. Reading it would first answer a client's
/// `Expect: 100-continue` with `100 Continue`, inviting a body the server will refuse, and
/// then wait for it for up to the body timeout.
pub async fn refuse_declared_oversize(
    axum::extract::State(limit): axum::extract::State<usize>,
    request: Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    match declared {
        Some(length) if length > limit as u64 => ApiError::Body {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "the body is {length} bytes (its Content-Length), more than the server's \
                 limit of {limit} bytes"
            ),
        }
        .into_response(),
        _ => next.run(request).await,
    }
}

/// Names the rule a body broke; axum's own text says only "length limit exceeded" for a
/// body that is too large, so that one gets the limit.
fn body_error(rejection: JsonRejection, max_body_bytes: usize) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return ApiError::Body {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "the body is larger than the server's limit of {max_body_bytes} bytes"
            ),
        };
    }
    ApiError::from(rejection)
}

/// The `{id}` of a game route.
pub struct GameId(pub String);

impl FromRequestParts<AppState> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, app).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(rejection) => {
                // Inside the nested API router the URI has lost its `/api` prefix.
                let path = parts
                    .extensions
                    .get::<OriginalUri>()
                    .map_or(parts.uri.path(), |original| original.path());
                Err(ApiError::BadPath(format!(
                    "the game id in {} is not readable: {}",
                    quote(path),
                    rejection.body_text()
                )))
            }
        }
    }
}

/// Who sent a request, for each client's share of the server (its games, its turns at the
/// search slots): the peer's address, as the connection gives it (`ConnectInfo`, set by
/// `conn`). `None` for a request that came by no socket (tests that call the router).
///
/// Every loopback address is one client, shown as 127.0.0.1: a local program can send from
/// any of 127.0.0.0/8 (and ::1), and would otherwise count as millions of clients, each
/// with a share of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client(pub Option<IpAddr>);

impl Client {
    /// The client a peer at `ip` is.
    pub fn of(ip: IpAddr) -> Client {
        let ip = ip.to_canonical();
        Client(Some(if ip.is_loopback() {
            IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)
        } else {
            ip
        }))
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ip) => write!(f, "client {ip}"),
            None => f.write_str("this client"),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>();
        Ok(peer.map_or(Client(None), |ConnectInfo(addr)| Client::of(addr.ip())))
    }
}
