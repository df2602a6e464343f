//! Running the engine off the async runtime: a search slot from a semaphore, a blocking
//! thread, and a deadline the server enforces whatever the agent does.
//!
//! The time cap covers the whole request, waiting for a slot included: under load the
//! engine thinks for what is left of the cap, so the reply still comes within it. An agent
//! that overruns is told to stop through its stop flag and the request fails with a timeout
//! after a grace period; its thread keeps the slot until it really ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::SearchLimits;
use serde::Serialize;
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::session::{duration_ms, EngineReport, SearchJob};

/// The least thinking time a search is given, even when the queue ate the whole cap.
const MIN_THINK: Duration = Duration::from_millis(2);
/// Room kept between the end of thinking and the deadline, for the answer to travel.
const MAX_MARGIN: Duration = Duration::from_millis(50);
/// How long past its thinking time an agent may take before the request gives up on it.
const BASE_GRACE: Duration = Duration::from_millis(250);

/// Where the time of one engine request went.
#[derive(Debug, Clone, Serialize)]
pub struct EngineTiming {
    /// The time cap the request ran under.
    pub cap_ms: f64,
    /// Waiting for a search slot.
    pub queued_ms: f64,
    /// The thinking time the agent was given.
    pub think_ms: f64,
    /// From the request's arrival to the answer.
    pub total_ms: f64,
}

/// Runs `job` within `cap` of `arrival`, holding one of `slots` while it thinks.
pub async fn run_search(
    job: Box<dyn SearchJob>,
    slots: &Arc<Semaphore>,
    arrival: Instant,
    cap: Duration,
) -> Result<(EngineReport, EngineTiming), ApiError> {
    let grace = BASE_GRACE + cap / 4;
    let slot = tokio::time::timeout(cap + grace, slots.clone().acquire_owned())
        .await
        .map_err(|_| ApiError::Busy((cap + grace).as_millis()))?
        .map_err(|_| ApiError::EngineFailed("the search slots were closed".into()))?;
    let queued = arrival.elapsed();
    let margin = (cap / 10).min(MAX_MARGIN);
    let think = cap
        .saturating_sub(queued)
        .saturating_sub(margin)
        .max(MIN_THINK);
    let stop = Arc::new(AtomicBool::new(false));
    let limits = SearchLimits {
        time: Some(think),
        stop: Some(stop.clone()),
        ..SearchLimits::default()
    };
    let search = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        job.run(&limits)
    });
    let report = match tokio::time::timeout(think + grace, search).await {
        Ok(Ok(Some(report))) => report,
        Ok(Ok(None)) => return Err(ApiError::NoMove),
        Ok(Err(join)) => return Err(ApiError::EngineFailed(join.to_string())),
        Err(_) => {
            stop.store(true, Ordering::Relaxed);
            return Err(ApiError::EngineTimeout((think + grace).as_millis()));
        }
    };
    let timing = EngineTiming {
        cap_ms: duration_ms(cap),
        queued_ms: duration_ms(queued),
        think_ms: duration_ms(think),
        total_ms: duration_ms(arrival.elapsed()),
    };
    Ok((report, timing))
}
