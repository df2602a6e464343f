//! Running the engine off the async runtime: a search slot from a semaphore, a blocking
//! thread, and a deadline the server enforces whatever the agent does.
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
//! When the plan slips (an agent overshoots its clock, other programs slow the machine), a
//! request has a grace past its cap, a quarter of the cap plus 250 ms, to still be answered
//! with a move: a search may start in it with the least thinking time, if that and the
//! measured overhead fit before the grace ends.
//!
//! What fails, and how:
//! - no slot comes free while a search could still answer in time: `busy` (503), nothing
//!   searched;
//! - the agent is still running when the grace ends: it is told to stop through its stop
//!   flag and the request fails with `engine_timeout` (504); its thread keeps the slot until
//!   it really ends, since it still uses a core;
//! - the agent panics: `engine_failed` (500) with the panic's message.
//!
//! So every answer leaves within [`longest_answer`]`(cap)` of the request's arrival, and in
//! every failure the game is left as it was: the search works on a copy of the position.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::SearchLimits;
use serde::Serialize;
use tokio::sync::Semaphore;
use tokio::task::JoinError;

use crate::error::ApiError;
use crate::session::{duration_ms, EngineReport, SearchJob};

/// The least thinking time a search is given, even when the queue ate the whole cap.
const MIN_THINK: Duration = Duration::from_millis(2);
/// Room kept between the end of thinking and the deadline, for the answer to travel.
const MAX_MARGIN: Duration = Duration::from_millis(100);
/// What a search is assumed to cost beyond its thinking time until one has been measured.
const FIRST_OVERHEAD: Duration = Duration::from_millis(10);
/// The fixed part of the time past the cap an agent may take before its request gives up.
const BASE_GRACE: Duration = Duration::from_millis(250);

/// The latest an engine request's answer leaves, for a time cap of `cap`: the cap plus the
/// grace an overrunning agent gets before the request gives up on it.
/// Saturates rather than overflowing for an enormous cap.
pub fn longest_answer(cap: Duration) -> Duration {
    cap.saturating_add(BASE_GRACE).saturating_add(cap / 4)
}

/// `at + after`, or the latest instant within a year after `at` when that cannot be
/// represented: a deadline too far away to compute is as good as none.
pub(crate) fn instant_after(at: Instant, after: Duration) -> Instant {
    at.checked_add(after)
        .or_else(|| at.checked_add(after.min(ply_core::MAX_DURATION)))
        .unwrap_or(at)
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

/// The searches that may run at once, and the requests waiting for one.
pub struct SearchSlots {
    semaphore: Arc<Semaphore>,
    size: usize,
    waiting: AtomicUsize,
    /// Moving average of a search's time beyond its thinking time, in microseconds.
    overhead_us: AtomicU64,
}

impl SearchSlots {
    pub fn new(size: usize) -> Self {
        let size = size.max(1);
        SearchSlots {
            semaphore: Arc::new(Semaphore::new(size)),
            size,
            waiting: AtomicUsize::new(0),
            overhead_us: AtomicU64::new(FIRST_OVERHEAD.as_micros() as u64),
        }
    }

    /// The slots themselves, for an analysis that takes one per position (see `analysis`).
    pub fn semaphore(&self) -> Arc<Semaphore> {
        self.semaphore.clone()
    }

    /// How many searches may run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    fn overhead(&self) -> Duration {
        Duration::from_micros(self.overhead_us.load(Ordering::Relaxed))
    }

    /// Folds one search's overhead into the average (weight 1/4: recent searches count most).
    fn record_overhead(&self, overhead: Duration) {
        let sample = overhead.as_micros().min(u64::MAX as u128) as u64;
        let old = self.overhead_us.load(Ordering::Relaxed);
        let average = (3 * u128::from(old) + u128::from(sample)) / 4;
        self.overhead_us
            .store(average.min(u128::from(u64::MAX)) as u64, Ordering::Relaxed);
    }

    /// How many rounds of searches the slots need for this one and those queued behind it.
    fn rounds_ahead(&self) -> u32 {
        let behind = self.waiting.load(Ordering::Relaxed);
        u32::try_from(behind / self.size + 1).unwrap_or(u32::MAX)
    }
}

/// Counts a request as waiting for as long as it lives (so a dropped request stops counting).
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(counter: &'a AtomicUsize) -> Self {
        counter.fetch_add(1, Ordering::Relaxed);
        Waiting(counter)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Runs `job` so that its answer leaves within `longest_answer(cap)` of `arrival`, holding
/// one of `slots` while it thinks.
pub async fn run_search(
    job: Box<dyn SearchJob>,
    slots: &SearchSlots,
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
    let waiting = Waiting::new(&slots.waiting);
    let slot = tokio::time::timeout_at(
        tokio::time::Instant::from_std(last_start),
        slots.semaphore.clone().acquire_owned(),
    )
    .await
    .map_err(|_| ApiError::Busy {
        slots: slots.size,
        cap_ms: cap.as_millis(),
        waited_ms: last_start.duration_since(arrival).as_millis(),
    })?
    .map_err(|_| ApiError::EngineFailed {
        agent: agent.clone(),
        reason: "the search slots were closed".into(),
    })?;
    drop(waiting);
    let queued = arrival.elapsed();
    let stop = Arc::new(AtomicBool::new(false));
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
    let report =
        match tokio::time::timeout_at(tokio::time::Instant::from_std(give_up), search).await {
            Ok(Ok(result)) => {
                let report = result?;
                // A budget that is not a sane number of seconds counts as no thinking.
                let thought = ply_core::duration::from_secs_f64(report.budget_ms / 1e3)
                    .unwrap_or(Duration::ZERO);
                slots.record_overhead(started.elapsed().saturating_sub(thought));
                report
            }
            Ok(Err(join)) => {
                return Err(ApiError::EngineFailed {
                    agent,
                    reason: failure_reason(join),
                })
            }
            Err(_) => {
                stop.store(true, Ordering::Relaxed);
                return Err(ApiError::EngineTimeout {
                    agent,
                    cap_ms: cap.as_millis(),
                    waited_ms: longest_answer(cap).as_millis(),
                });
            }
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
        let slots = SearchSlots::new(2);
        let queue: Vec<Waiting> = (0..4).map(|_| Waiting::new(&slots.waiting)).collect();
        // Four waiting on two slots: this search and two more rounds must fit.
        assert_eq!(slots.rounds_ahead(), 3);
        let made = Instant::now();
        let budget = Budget {
            deadline: made + Duration::from_millis(930),
            rounds: slots.rounds_ahead(),
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
        drop(queue);
        assert_eq!(slots.rounds_ahead(), 1);
    }
}
