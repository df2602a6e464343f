//! Ctrl-C during long work: searches, perft, solves and tournaments run on a thread of their
//! own with the GIL released, while the calling thread looks for signals every few
//! milliseconds. A signal's exception (`KeyboardInterrupt` for Ctrl-C) raises the work's
//! stop flag, the work ends within moments, and the exception is raised; the work's result
//! is dropped, and the caller's objects are untouched (the work runs on copies).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread runs Python's signal handlers while the work goes on.
const SIGNAL_POLL: Duration = Duration::from_millis(5);

/// Runs `work` with the GIL released on a thread of its own, handing it the flag it must
/// stop at; raises what a signal handler raises (Python runs them on the main thread only:
/// called from another thread, the work simply runs to its end).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    py.allow_threads(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            let flag = &stop;
            let worker = std::thread::Builder::new()
                .name("ply-work".into())
                .spawn_scoped(scope, move || {
                    let _ = done.send(work(flag));
                })
                .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
            let mut raised: Option<PyErr> = None;
            let result = loop {
                match finished.recv_timeout(SIGNAL_POLL) {
                    Ok(result) => break Some(result),
                    // The work panicked: joining it below passes the panic on.
                    Err(RecvTimeoutError::Disconnected) => break None,
                    Err(RecvTimeoutError::Timeout) if raised.is_none() => {
                        if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                            stop.store(true, Ordering::SeqCst);
                            raised = Some(e);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
            };
            if let Err(payload) = worker.join() {
                std::panic::resume_unwind(payload);
            }
            match (raised, result) {
                (Some(e), _) => Err(e),
                (None, Some(result)) => Ok(result),
                (None, None) => unreachable!("a worker that ends without a result panicked"),
            }
        })
    })
}
