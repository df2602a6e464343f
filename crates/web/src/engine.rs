//! Running the engine off the async runtime: a search slot (see `slots`), a blocking
//! thread, and a deadline the search honours.
//!
//! The time cap covers the whole request, waiting for a slot included, and it is what the
//! engine plans for. Thinking ends a margin before the cap (a tenth of it, at most 100 ms)
//! so the answer has room to be written. A search that gets a slot shares what is left of
//! its thinking time with the requests queued behind it: with `w` waiting and `s` slots,
//! `w / s + 1` rounds of searches must still fit, each costing its thinking time plus the
//! overhead a search has beyond it (building the agent and its tables, overshooting the
//! clock, writing the answer), which the slots measure as a moving average. Under load the
//! engine thinks less, and replies still come within the cap.
//!
//! When the plan slips (an agent overshoots its clock, building its tables takes long on a
//! loaded machine), a request has a grace past its cap, a quarter of the cap plus 250 ms:
//! a search may start in it with the least thinking time, if that and the measured overhead
//! fit before the grace ends. When the grace ends the search is told to stop (its stop
//! flag) and hands back the best move it has: that move is answered, late rather than
//! thrown away. Every agent of the catalogs stops when told; one that does not (a bug) is
//! given up on [`STOP_WAIT`] later.
//!
//! What fails, and how:
//! - no slot comes free while a search could still answer in time: `busy` (503), nothing
//!   searched;
//! - the agent has not stopped [`STOP_WAIT`] after it was told to: `engine_timeout` (504);
//!   its thread keeps the slot until it really ends, since it still uses a core;
//! - the agent panics: `engine_failed` (500) with the panic's message.
//!
//! So an answer leaves within [`longest_answer`]`(cap)` of the request's arrival when the
//! machine keeps up, within `STOP_WAIT` more when it does not, and in every failure the game
//! is left as it was: the search works on a copy of the position.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::SearchLimits;
use serde::Serialize;
use tokio::task::{JoinError, JoinHandle};

use crate::error::ApiError;
use crate::extract::Client;
use crate::session::{duration_ms, EngineReport, SearchJob};
use crate::slots::{NoSlot, SearchSlots, Slot};

/// The least thinking time a search is given, even when the queue ate the whole cap.
const MIN_THINK: Duration = Duration::from_millis(2);
/// Room kept between the end of thinking and the deadline, for the answer to travel.
const MAX_MARGIN: Duration = Duration::from_millis(100);
/// The fixed part of the time past the cap an agent may take before its request gives up.
const BASE_GRACE: Duration = Duration::from_millis(250);

/// How long a search told to stop may take to hand back its move before its request gives
/// up on it: the agents of the catalogs stop at once, but a thread on a loaded machine may
/// wait a while for a core.
pub const STOP_WAIT: Duration = Duration::from_secs(2);

/// When an engine request's search is told to stop, for a time cap of `cap`: the cap plus
/// the grace an overrunning agent gets. The answer leaves then, unless the machine is too
/// loaded for the search to hand back its move at once (see [`STOP_WAIT`]).
/// Saturates rather than overflowing for an enormous cap.
pub fn longest_answer(cap: Duration) -> Duration {
    cap.saturating_add(BASE_GRACE).saturating_add(cap / 4)
}

/// Waits for `search` until `give_up`; then raises `stop` and waits [`STOP_WAIT`] more for
/// what the search hands back. `None`: it did not stop.
pub(crate) async fn join_or_stop<T>(
    mut search: JoinHandle<T>,
    give_up: Instant,
    stop: &AtomicBool,
) -> Option<Result<T, JoinError>> {
    let give_up = tokio::time::Instant::from_std(give_up);
    if let Ok(joined) = tokio::time::timeout_at(give_up, &mut search).await {
        return Some(joined);
    }
    stop.store(true, Ordering::Relaxed);
    tokio::time::timeout(STOP_WAIT, search).await.ok()
}

/// The error of a search for `agent`, under a time cap of `cap`, that [`join_or_stop`]
/// gave up on.
pub(crate) fn did_not_stop(agent: String, cap: Duration) -> ApiError {
    ApiError::EngineTimeout {
        agent,
        cap_ms: cap.as_millis(),
        waited_ms: longest_answer(cap).saturating_add(STOP_WAIT).as_millis(),
        why: "it did not stop when told to at the end of the cap and its grace",
    }
}

/// `at + after`, or the latest instant within a year after `at` when that cannot be
/// represented: a deadline too far away to compute is as good as none.
pub(crate) fn instant_after(at: Instant, after: Duration) -> Instant {
    at.checked_add(after)
        .or_else(|| at.checked_add(after.min(ply_core::MAX_DURATION)))
        .unwrap_or(at)
}

/// Raises a search's stop flag when dropped: when its request ends, answered or not (its
/// client went away), a search still running is told to stop.
pub(crate) struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The stop flag of the search `slot` runs, for a request that waited for it with the
/// deadline `start_by`: a more urgent request may raise it (see `slots`), and so does the
/// guard, when the request ends (a client that goes away frees its slot for the next).
pub(crate) fn stop_flag(slot: &Slot, start_by: Instant) -> (Arc<AtomicBool>, StopOnDrop) {
    let stop = Arc::new(AtomicBool::new(false));
    slot.preemptible(stop.clone(), start_by);
    (stop.clone(), StopOnDrop(stop))
}

/// The error of a request for `agent` that got no search slot after waiting `waited`.
pub(crate) fn no_slot(
    no: NoSlot,
    slots: &SearchSlots,
    cap: Duration,
    waited: Duration,
    agent: &str,
) -> ApiError {
    match no {
        NoSlot::TooLate => ApiError::Busy {
            slots: slots.size(),
            cap_ms: cap.as_millis(),
            waited_ms: waited.as_millis(),
        },
        NoSlot::Closed => ApiError::EngineFailed {
            agent: agent.to_string(),
            reason: "the search slots were closed".into(),
        },
    }
}

/// Where the time of one engine request went.
#[derive(Debug, Clone, Serialize)]
pub struct EngineTiming {
    /// The time cap the request ran under.
    pub cap_ms: f64,
    /// Waiting for a search slot.
    pub queued_ms: f64,
    /// From the request's arrival to the answer.
    pub total_ms: f64,
}

/// The thinking time a search may use, decided when its agent is ready: what is left before
/// the deadline, shared among the rounds of searches still queued.
pub struct Budget {
    deadline: Instant,
    rounds: u32,
    overhead: Duration,
    stop: Arc<AtomicBool>,
}

impl Budget {
    /// The limits to search under, from now.
    pub fn limits(&self) -> SearchLimits {
        let left = self.deadline.saturating_duration_since(Instant::now());
        let rounds = self.rounds.max(1);
        let overheads = self.overhead.checked_mul(rounds).unwrap_or(Duration::MAX);
        let thinking = left.saturating_sub(overheads);
        SearchLimits {
            time: Some((thinking / rounds).max(MIN_THINK)),
            stop: Some(self.stop.clone()),
            ..SearchLimits::default()
        }
    }
}

/// Runs `job` for `client` so that its answer leaves within `longest_answer(cap)` of
/// `arrival` (or `STOP_WAIT` after, on a machine too loaded to keep up), holding one of
/// `slots` while it thinks.
pub async fn run_search(
    job: Box<dyn SearchJob>,
    slots: &Arc<SearchSlots>,
    client: Client,
    arrival: Instant,
    cap: Duration,
) -> Result<(EngineReport, EngineTiming), ApiError> {
    let agent = job.spec().to_string();
    let margin = (cap / 10).min(MAX_MARGIN);
    let deadline = instant_after(arrival, cap.saturating_sub(margin));
    let give_up = instant_after(arrival, longest_answer(cap));
    // A slot that comes later than this leaves no time for even the shortest search.
    let last_start = give_up
        .checked_sub(MIN_THINK.saturating_add(slots.overhead()))
        .map_or(arrival, |start| start.max(arrival));
    // Past half its cap, a request still waiting has a long search stopped for it.
    let preempt_at = instant_after(arrival, cap / 2);
    let slot = slots
        .acquire_by(client, last_start, preempt_at, cap / 2)
        .await
        .map_err(|no| {
            let waited = last_start.duration_since(arrival);
            no_slot(no, slots, cap, waited, &agent)
        })?;
    let queued = arrival.elapsed();
    let (stop, _stop_on_drop) = stop_flag(&slot, last_start);
    let budget = Budget {
        deadline,
        rounds: slots.rounds_ahead(),
        overhead: slots.overhead(),
        stop: stop.clone(),
    };
    let started = Instant::now();
    // The agent is built on the blocking thread too: some allocate large tables.
    let search = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        job.run(&budget)
    });
    let report = match join_or_stop(search, give_up, &stop).await {
        Some(Ok(result)) => {
            let report = result?;
            // A budget that is not a sane number of seconds counts as no thinking.
            let thought =
                ply_core::duration::from_secs_f64(report.budget_ms / 1e3).unwrap_or(Duration::ZERO);
            slots.record_overhead(started.elapsed().saturating_sub(thought));
            report
        }
        Some(Err(join)) => {
            return Err(ApiError::EngineFailed {
                agent,
                reason: failure_reason(join),
            })
        }
        None => return Err(did_not_stop(agent, cap)),
    };
    let timing = EngineTiming {
        cap_ms: duration_ms(cap),
        queued_ms: duration_ms(queued),
        total_ms: duration_ms(arrival.elapsed()),
    };
    Ok((report, timing))
}

/// What went wrong in a search thread that did not return: the panic's message if it
/// panicked (a `&str` or a `String`, as `panic!` makes them).
pub(crate) fn failure_reason(join: JoinError) -> String {
    match join.try_into_panic() {
        Ok(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".to_string());
            format!("it panicked: {message}")
        }
        Err(join) => format!("its search was cancelled ({join})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn reason_of(search: impl FnOnce() + Send + 'static) -> String {
        let join = tokio::task::spawn_blocking(search).await.unwrap_err();
        failure_reason(join)
    }

    #[tokio::test]
    async fn a_panic_is_reported_with_its_message_whatever_its_payload() {
        assert_eq!(
            reason_of(|| panic!("a literal")).await,
            "it panicked: a literal"
        );
        let depth = 7;
        assert_eq!(
            reason_of(move || panic!("formatted at depth {depth}")).await,
            "it panicked: formatted at depth 7"
        );
        assert_eq!(
            reason_of(|| std::panic::panic_any(42)).await,
            "it panicked: no message"
        );
    }

    #[test]
    fn an_overrun_gets_a_quarter_of_the_cap_plus_a_fixed_grace() {
        assert_eq!(
            longest_answer(Duration::from_millis(1000)),
            Duration::from_millis(1500)
        );
        assert_eq!(
            longest_answer(Duration::from_millis(1)),
            Duration::from_micros(251_250)
        );
    }

    #[test]
    fn enormous_caps_and_overheads_saturate_instead_of_panicking() {
        assert_eq!(longest_answer(Duration::MAX), Duration::MAX);
        let now = Instant::now();
        assert_eq!(
            instant_after(now, Duration::from_secs(1)),
            now + Duration::from_secs(1)
        );
        let far = instant_after(now, Duration::MAX);
        assert!(far > now + Duration::from_secs(3600), "{far:?}");
        let slots = SearchSlots::new(1);
        slots.record_overhead(Duration::MAX);
        slots.record_overhead(Duration::MAX);
        assert!(slots.overhead() > Duration::from_secs(1));
        for (rounds, overhead) in [(0, Duration::ZERO), (3, Duration::MAX)] {
            let budget = Budget {
                deadline: far,
                rounds,
                overhead,
                stop: Arc::new(AtomicBool::new(false)),
            };
            assert!(budget.limits().time.unwrap() >= MIN_THINK);
        }
    }

    #[test]
    fn queued_searches_share_the_thinking_time_left() {
        // Four waiting on two slots: this search and two more rounds must fit (see
        // `SearchSlots::rounds_ahead`).
        let made = Instant::now();
        let budget = Budget {
            deadline: made + Duration::from_millis(930),
            rounds: 3,
            overhead: Duration::from_millis(10),
            stop: Arc::new(AtomicBool::new(false)),
        };
        let think = budget.limits().time.unwrap();
        // What is left when it is asked, less three overheads, over three rounds: the time
        // the test itself took (a busy machine may hold it back) comes off the share.
        let late = made.elapsed();
        assert!(think <= Duration::from_millis(300), "{think:?}");
        let least = (Duration::from_millis(900).saturating_sub(late) / 3).max(MIN_THINK);
        assert!(think >= least, "{think:?} after {late:?}");
    }
}
