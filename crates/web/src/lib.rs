//! `ply serve`: a JSON API and an embedded single-page UI to play every game of `ply` in the
//! browser, against the engine or watching engines play each other.
//!
//! - [`router`] builds the whole application (for tests: call it with `oneshot`);
//!   [`Server`] builds it too, and can add agents that fail on purpose for tests;
//! - [`serve`] runs it on a listener until a shutdown signal;
//! - [`run`] does both on a fresh runtime, for the command line.
//!
//! Engine searches run on blocking threads, at most [`ServerConfig::max_searches`] at once,
//! taken by the waiting clients in turn (see `slots`), each within a time cap (see `engine`);
//! the async runtime only routes requests, so the server answers while engines think.
//!
//! The trust boundary: only loopback addresses are served, only requests addressed to a
//! loopback name and, for changes, sent by the server's own page (see `guard`); every agent
//! spec a request leads to passes one allow-list (see `policy`: no file, threads and tables
//! within the server's caps); each client holds at most its share of the games (see `store`).
//!
//! Every error, including those of routing (unknown paths, wrong methods) and of reading the
//! request (malformed, oversized or untyped bodies), is a JSON [`ApiError`].

mod analysis;
mod api;
mod assets;
mod conn;
mod engine;
mod error;
mod extract;
mod faults;
mod games;
mod guard;
mod levels;
mod policy;
mod record;
mod session;
mod slots;
mod solver;
mod start;
mod store;
mod views;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

pub use engine::{longest_answer, STOP_WAIT};
pub use error::ApiError;
pub use faults::PANIC_MESSAGE as FAULT_PANIC_MESSAGE;
pub use games::game_names;
pub use guard::parse_allowed_host;
pub use levels::{default_level, levels, Level};
pub use policy::{SpecPolicy, DEFAULT_MAX_SEARCH_MB, DEFAULT_MAX_SEARCH_THREADS};

/// The shortest time cap a request may ask for (`time_ms`).
pub const MIN_MOVE_TIME: Duration = Duration::from_millis(1);

/// The server's limits.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The longest an engine move may take, waiting for a search slot included (an agent
    /// that overruns it gets a grace, then is told to stop: see [`longest_answer`]).
    pub max_move_time: Duration,
    /// Searches running at once; further requests wait for a slot, which the waiting
    /// clients take in turn (see `slots`).
    pub max_searches: usize,
    /// The most memory one search's tables may take, in MiB: an agent spec whose tables
    /// (`tt=` of the searches, `table=` of Connect Four's `perfect`, as the game's catalog
    /// declares them) would take more is refused, 422 `bad_agent`, before it is built.
    pub max_search_mb: u64,
    /// The most threads one search may start (`threads=` of Connect Four's `perfect` and
    /// Quoridor's `strongest`): a spec asking for more is refused, 422 `bad_agent` (see
    /// `policy`, which also refuses every key that names a file).
    pub max_search_threads: u64,
    /// Games held at once.
    pub max_games: usize,
    /// Games one client (one peer address; every loopback address is one, see
    /// `extract::Client`) may hold at once, so that one client cannot fill
    /// the table for everybody: past it, its creates are refused (429 `too_many_games`)
    /// while others' go on.
    pub max_games_per_client: usize,
    /// Largest request body, in bytes.
    pub max_body_bytes: usize,
    /// Largest body of `POST /api/games`, in bytes: a game may start from a record, and a
    /// long halma game takes more than [`ServerConfig::max_body_bytes`].
    pub max_create_bytes: usize,
    /// The longest the solver view (`POST /api/games/{id}/solver`) may take on one position
    /// (past it the answer says the position was not solved), and the time an exact
    /// analysis gives a position by default (see `solver` and `analysis`).
    pub max_solver_time: Duration,
    /// The longest one analysis (`POST /api/games/{id}/analysis`) may take, all its
    /// positions together: the time per position is cut to fit (see `analysis`).
    pub max_analysis_time: Duration,
    /// How long a game may go untouched (no request names it) before it is forgotten, so
    /// abandoned games free their place in the table ([`ServerConfig::max_games`]). Expired
    /// games are removed lazily: when a game is created, listed or asked for.
    pub game_ttl: Duration,
    /// The longest a client may take to send a request's head (request line and headers),
    /// counted from when the server starts waiting for it (the connection opened, or the
    /// previous answer sent); past it the connection is closed.
    pub header_read_timeout: Duration,
    /// The longest a client may take to send a request's body once its head is in; past
    /// it the request is answered 408 `bad_body`.
    pub body_read_timeout: Duration,
    /// The longest a connection may stay with no byte moving either way while none of its
    /// requests is being answered (a client that stops reading its answers, say); past it
    /// the connection is closed.
    pub idle_timeout: Duration,
    /// Host names a request may be addressed to besides `localhost` and loopback addresses
    /// (`ply serve --allow-host`, such as a name in /etc/hosts or a tunnel's): a request to
    /// any other is refused, 403 `forbidden_host` (see `guard`).
    pub allowed_hosts: Vec<String>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            max_move_time: Duration::from_secs(5),
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_search_mb: DEFAULT_MAX_SEARCH_MB,
            max_search_threads: DEFAULT_MAX_SEARCH_THREADS,
            max_games: 10_000,
            max_games_per_client: 1_000,
            max_body_bytes: 16 * 1024,
            max_create_bytes: 256 * 1024,
            max_solver_time: solver::DEFAULT_SOLVER_TIME,
            max_analysis_time: Duration::from_secs(20),
            game_ttl: Duration::from_secs(60 * 60),
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            allowed_hosts: Vec::new(),
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct AppState {
    config: Arc<ServerConfig>,
    /// What an agent spec from a request may do (see `policy`).
    policy: policy::SpecPolicy,
    catalogs: Arc<games::Catalogs>,
    store: Arc<store::Store>,
    slots: Arc<slots::SearchSlots>,
    /// Analyses running at once, at most one per search slot.
    analyses: Arc<tokio::sync::Semaphore>,
    /// The solver view's agents, kept warm between requests (see `solver`).
    solvers: Arc<solver::SolverCache>,
}

/// Errors of starting the server. Each message holds the I/O error it comes from rather
/// than naming it as a `source`, so that a caller printing the chain of causes prints it
/// once (`ply serve` on a busy port said "Address already in use" twice).
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("refusing to serve on {0}: only loopback addresses (127.0.0.1, ::1) are allowed")]
    NotLoopback(SocketAddr),
    #[error("cannot listen on {addr}: {cause}")]
    Bind {
        addr: SocketAddr,
        cause: std::io::Error,
    },
    #[error("server error: {0}")]
    Io(std::io::Error),
}

impl From<std::io::Error> for ServeError {
    fn from(cause: std::io::Error) -> Self {
        ServeError::Io(cause)
    }
}

/// The whole application: the page at `/`, its assets, and the API under `/api`.
pub fn router(config: ServerConfig) -> Router {
    Server::new(config).router()
}

/// Builds the application, with options that [`router`] leaves at their defaults.
pub struct Server {
    config: ServerConfig,
    fault_agents: bool,
}

impl Server {
    pub fn new(config: ServerConfig) -> Self {
        Server {
            config,
            fault_agents: false,
        }
    }

    /// Adds agents that fail on purpose to every game, so tests can drive the server's
    /// failure paths through the API: `fault-panic` panics, `fault-sleep:ms=N,stop=B` sleeps
    /// N ms past its limits (obeying the stop flag only with `stop=true`) and then plays,
    /// `fault-nomove` returns no move. `ply serve` never calls this.
    pub fn with_fault_agents(mut self) -> Self {
        self.fault_agents = true;
        self
    }

    pub fn router(self) -> Router {
        let config = self.config;
        let catalogs = if self.fault_agents {
            games::Catalogs::with_fault_agents()
        } else {
            games::Catalogs::new()
        };
        let state = AppState {
            slots: slots::SearchSlots::new(config.max_searches),
            analyses: Arc::new(tokio::sync::Semaphore::new(config.max_searches.max(1))),
            solvers: Arc::new(solver::SolverCache::new(config.max_searches.max(1))),
            store: Arc::new(store::Store::new(
                config.max_games,
                config.max_games_per_client,
                config.game_ttl,
            )),
            catalogs: Arc::new(catalogs),
            policy: policy::SpecPolicy::new(&config),
            config: Arc::new(config.clone()),
        };
        // A body declared larger than its route takes is refused before it is read.
        let declared =
            |limit: usize| middleware::from_fn_with_state(limit, extract::refuse_declared_oversize);
        let create_limit = config.max_create_bytes.max(config.max_body_bytes);
        let api = Router::new()
            .route("/games/{id}", get(api::get_game).delete(api::delete_game))
            .route("/games/{id}/moves", post(api::play_move))
            .route("/games/{id}/engine", post(api::engine_move))
            .route("/games/{id}/undo", post(api::undo))
            .route("/games/{id}/record", get(api::record))
            .route("/games/{id}/analysis", post(api::analyse))
            .route("/games/{id}/solver", post(api::solver_view))
            .route_layer(declared(config.max_body_bytes))
            .route(
                "/games",
                get(api::list_games)
                    .post(api::create_game)
                    .layer(DefaultBodyLimit::max(create_limit))
                    .layer(declared(create_limit)),
            )
            .fallback(api::no_such_endpoint);
        let app = Router::new()
            .merge(assets::routes())
            .nest("/api", api)
            .fallback(api::no_such_endpoint)
            .layer(DefaultBodyLimit::max(config.max_body_bytes))
            .with_state(state);
        // A router's layers run inside each route, before axum adds the `Allow` header to
        // a 405; wrapping the whole router as one service lets the layer see the header.
        Router::new()
            .fallback_service(app)
            .layer(middleware::from_fn(method_not_allowed_as_json))
            // A request from elsewhere reaches nothing.
            .layer(middleware::from_fn_with_state(
                Arc::new(guard::HostGuard::new(&config.allowed_hosts)),
                guard::same_origin_only,
            ))
            // The outermost layer: every answer, a refusal included, forbids framing.
            .layer(middleware::from_fn(guard::never_framed))
    }
}

/// Turns axum's bare 405 (a known path asked with a method it does not answer) into the
/// API's JSON error, naming the methods the path does answer from the `Allow` header axum
/// sets.
async fn method_not_allowed_as_json(request: Request, next: Next) -> Response {
    let method = request.method().to_string();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let allowed = response
        .headers()
        .get(header::ALLOW)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut answer = ApiError::MethodNotAllowed {
        method,
        path,
        allowed: allowed.clone(),
    }
    .into_response();
    if let Ok(value) = allowed.parse() {
        answer.headers_mut().insert(header::ALLOW, value);
    }
    answer
}

/// Serves `router(config)` on `listener` until `shutdown` completes, closing connections
/// that are slow to send a request or idle (see [`ServerConfig::header_read_timeout`] and
/// [`ServerConfig::idle_timeout`]).
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let addr = listener.local_addr()?;
    if !addr.ip().is_loopback() {
        return Err(ServeError::NotLoopback(addr));
    }
    let app = router(config.clone());
    conn::serve_connections(listener, app, &config, shutdown).await;
    Ok(())
}

/// Binds `addr` (loopback only), calls `on_ready` with the bound address (port 0 picks a
/// free one), and serves until Ctrl-C.
pub fn run(
    addr: SocketAddr,
    config: ServerConfig,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    if !addr.ip().is_loopback() {
        return Err(ServeError::NotLoopback(addr));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|cause| ServeError::Bind { addr, cause })?;
        on_ready(listener.local_addr()?);
        let shutdown = async {
            // If the signal cannot be installed, serve until the process is killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        serve(listener, config, shutdown).await
    })
}
