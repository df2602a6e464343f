//! A seat's agent on a thread of its own, so a hung search can be walked away from.
//!
//! The game loop sends a position and limits, then waits with a deadline. A thread that never
//! answers is abandoned (leaked): it is detached, and ends by itself if its search ever
//! returns, since nobody listens any more.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use ply_core::{Agent, Decision, Game, SearchLimits};

use super::panics::{panic_message, AGENT_THREAD_PREFIX};

struct Request<G: Game> {
    state: G,
    limits: SearchLimits,
}

/// What came back from a seat.
pub(crate) enum Reply<M> {
    Decision(Option<Decision<M>>),
    Panicked(String),
}

pub(crate) struct SeatWorker<G: Game> {
    requests: Option<Sender<Request<G>>>,
    replies: Receiver<Reply<G::Move>>,
    thread: Option<JoinHandle<()>>,
}

impl<G: Game> SeatWorker<G> {
    /// Moves `agent` onto a new thread named after the game and seat.
    pub(crate) fn spawn(mut agent: Box<dyn Agent<G>>, label: &str) -> std::io::Result<Self> {
        let (request_tx, request_rx) = mpsc::channel::<Request<G>>();
        let (reply_tx, reply_rx) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name(format!("{AGENT_THREAD_PREFIX} {label}"))
            .spawn(move || {
                for Request { state, limits } in request_rx {
                    let answer = catch_unwind(AssertUnwindSafe(|| agent.select(&state, &limits)));
                    let reply = match answer {
                        Ok(decision) => Reply::Decision(decision),
                        Err(payload) => Reply::Panicked(panic_message(payload.as_ref())),
                    };
                    let panicked = matches!(reply, Reply::Panicked(_));
                    if reply_tx.send(reply).is_err() || panicked {
                        break;
                    }
                }
            })?;
        Ok(SeatWorker {
            requests: Some(request_tx),
            replies: reply_rx,
            thread: Some(thread),
        })
    }

    /// Asks for a move; the answer is collected with [`SeatWorker::wait`]. Returns false if
    /// the thread is gone.
    pub(crate) fn ask(&self, state: &G, limits: SearchLimits) -> bool {
        self.requests.as_ref().is_some_and(|tx| {
            tx.send(Request {
                state: state.clone(),
                limits,
            })
            .is_ok()
        })
    }

    pub(crate) fn wait(&self, timeout: Duration) -> Result<Reply<G::Move>, RecvTimeoutError> {
        self.replies.recv_timeout(timeout)
    }

    /// Leaves a thread that does not answer to itself.
    pub(crate) fn abandon(mut self) {
        self.requests = None;
        drop(self.thread.take());
    }
}

impl<G: Game> Drop for SeatWorker<G> {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop; it is idle, so joining is immediate.
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
