//! Serving connections with limits on slow and silent clients, which `axum::serve` does not
//! offer: each connection is served by hyper's HTTP/1 builder with a header-read timeout,
//! and watched by a timer that closes it once no byte has moved either way for the idle
//! timeout while no request on it is being answered.
//!
//! - A client that sends half a header (or nothing at all, or nothing after its last
//!   answer on a kept-alive connection) is disconnected after
//!   [`ServerConfig::header_read_timeout`](crate::ServerConfig::header_read_timeout).
//! - A client that stops reading the answers it asked for is disconnected after
//!   [`ServerConfig::idle_timeout`](crate::ServerConfig::idle_timeout).
//! - A body that does not arrive in time is answered 408 (see `extract`).
//!
//! A request being answered (an engine thinking) never counts as idle.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;

use crate::ServerConfig;

/// Accepts connections on `listener` and serves `app` on each until `shutdown` completes;
/// then stops accepting and waits for the connections to finish their requests.
pub(crate) async fn serve_connections(
    listener: TcpListener,
    app: Router,
    config: &ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout);
    let idle = config.idle_timeout;
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    accept_error(error).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let activity = Arc::new(Activity::new());
        let io = TokioIo::new(Watched {
            inner: stream,
            activity: activity.clone(),
        });
        let service = {
            let activity = activity.clone();
            let app = app.clone();
            hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
                // Who sent it, for the per-client shares (see `extract::Client`).
                request.extensions_mut().insert(ConnectInfo(peer));
                let mut app = app.clone();
                let busy = Busy::start(activity.clone());
                async move {
                    let answer = tower_service::Service::call(&mut app, request).await;
                    drop(busy);
                    answer
                }
            })
        };
        let connection = graceful.watch(builder.serve_connection(io, service));
        tokio::spawn(watch_idle(connection, activity, idle));
    }
    drop(listener);
    graceful.shutdown().await;
}

/// Runs a connection until it ends, or until it has been idle (no byte either way, no
/// request being answered) for `idle`: then drops it, which closes the socket.
async fn watch_idle<C: Future>(connection: C, activity: Arc<Activity>, idle: Duration) {
    tokio::pin!(connection);
    let mut check_at = activity.last() + idle;
    loop {
        tokio::select! {
            _ = connection.as_mut() => return,
            () = tokio::time::sleep_until(check_at) => {
                let now = Instant::now();
                if activity.busy() {
                    // An answer is being computed: look again later.
                    check_at = now + idle;
                } else if now >= activity.last() + idle {
                    return;
                } else {
                    check_at = activity.last() + idle;
                }
            }
        }
    }
}

/// Accept errors other than a client giving up (such as running out of file descriptors)
/// last a while: wait before trying again rather than spin.
async fn accept_error(error: io::Error) {
    if matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    ) {
        return;
    }
    eprintln!("ply serve: cannot accept a connection: {error}");
    tokio::time::sleep(Duration::from_millis(200)).await;
}

/// When a connection last moved a byte, and how many of its requests are being answered.
struct Activity {
    start: Instant,
    /// Nanoseconds from `start` to the last byte read or written.
    last_nanos: AtomicU64,
    busy: AtomicUsize,
}

impl Activity {
    fn new() -> Self {
        Activity {
            start: Instant::now(),
            last_nanos: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
        }
    }

    fn touch(&self) {
        let nanos = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.last_nanos.fetch_max(nanos, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.start + Duration::from_nanos(self.last_nanos.load(Ordering::Relaxed))
    }

    fn busy(&self) -> bool {
        self.busy.load(Ordering::Acquire) > 0
    }
}

/// Marks a request as being answered until dropped (answered, or the client went away).
struct Busy(Arc<Activity>);

impl Busy {
    fn start(activity: Arc<Activity>) -> Self {
        activity.busy.fetch_add(1, Ordering::AcqRel);
        activity.touch();
        Busy(activity)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.touch();
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A stream that notes every byte that moves on it.
struct Watched {
    inner: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
