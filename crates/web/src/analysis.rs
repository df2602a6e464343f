//! `POST /api/games/{id}/analysis`: an agent searches every position of the game from its
//! start to now and each move is judged (`ply_search::analysis`), answered as the JSON of
//! `ply analyze --json` (`ply_view::analysis::analysis_json`).
//!
//! An analysis is many searches, so it is held to the server's protections like an engine
//! move, and more:
//! - the agent is refused before anything runs if its tables exceed the memory cap;
//! - each position is searched within `time_ms`, clamped to the server's move cap, and
//!   the whole analysis within [`ServerConfig::max_analysis_time`](crate::ServerConfig):
//!   the time per position is cut so that every position fits;
//! - each position takes a search slot only while it is searched, so engine moves queue
//!   behind one position, never behind a whole analysis;
//! - analyses running at once are at most the number of search slots (503 `busy` beyond);
//! - past the total time and its grace the request fails (504 `engine_timeout`) and the
//!   searches are told to stop. The game itself is never touched: the analysis works on a
//!   copy of its moves.
//!
//! The default agent is the game's full-strength engine, except where the game names an
//! analyst of its own (Connect Four's `solver`, the exact solver): early in a 7x6 game it
//! cannot finish within a position's time (it then gives no value, and the move goes
//! unjudged), so the page uses `alphabeta` with the time per position instead. `solver` can still be asked for by `agent` (a late position
//! solves in well under a second; `solver:weak=true,table=22` proves only win, draw or loss
//! with a 32 MiB table).

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::{Agent, Decision, Described, SearchLimits, ValueScale, ZobristHash};
use ply_search::analysis::analyze_game;
use ply_search::spec::Catalog;
use ply_view::analysis::analysis_json;
use serde_json::{json, Value};
use tokio::runtime::Handle;

use crate::engine::{failure_reason, instant_after, longest_answer};
use crate::error::ApiError;
use crate::extract::Client;
use crate::levels::default_level;
use crate::session::duration_ms;
use crate::slots::{SearchSlots, Slot};

/// Time per position when the request names none.
pub const DEFAULT_POSITION_TIME: Duration = Duration::from_millis(100);
/// The least time a position is searched, however many positions share the total.
const MIN_POSITION_TIME: Duration = Duration::from_millis(1);

/// The agent spec an analysis uses when the request names none (see the module comment).
pub fn default_analyst<G: Described>() -> String {
    if G::ANALYST.is_some() {
        "alphabeta".to_string()
    } else {
        default_level(G::DESCRIPTOR.name)
            .map_or("random", |level| level.spec)
            .to_string()
    }
}

/// The time each of `positions` positions gets: the request's, but no more than an equal
/// share of nine tenths of the total (the rest is room for building the agent and for
/// searches that overrun their clock a little).
pub fn time_per_position(asked: Duration, positions: usize, total: Duration) -> Duration {
    // Integer arithmetic: no float to overflow, whatever total the server was given.
    let share = (total / 10 * 9) / u32::try_from(positions.max(1)).unwrap_or(u32::MAX);
    asked.min(share).max(MIN_POSITION_TIME)
}

/// An analysis ready to run on another thread: a copy of the game and the agent to build.
pub trait AnalysisJob: Send {
    /// The agent spec the job builds.
    fn spec(&self) -> &str;
    /// Builds the agent and judges every move, each search let through by `gate`.
    fn run(self: Box<Self>, gate: &PositionGate) -> Result<Value, ApiError>;
}

/// The analysis of one game type's session.
pub struct GameAnalysisJob<G: Described> {
    pub start: G,
    pub moves: Vec<G::Move>,
    pub catalog: Arc<Catalog<G>>,
    pub spec: String,
    pub time: Duration,
    pub rng_seed: u64,
    /// The session's version when the job was made, so the page can tell a stale answer.
    pub version: u64,
}

impl<G: Described + ZobristHash> AnalysisJob for GameAnalysisJob<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn run(self: Box<Self>, gate: &PositionGate) -> Result<Value, ApiError> {
        let inner = self.catalog.build(&self.spec, self.rng_seed)?;
        let mut agent = GatedAgent {
            inner,
            gate,
            time: self.time,
        };
        let analysis = analyze_game(
            &self.start,
            &self.moves,
            &mut agent,
            &SearchLimits::default(),
            None,
            G::VALUE_UNIT,
            |_, _| {},
        );
        gate.check(&self.spec)?;
        let mut answer = analysis_json(&self.start, &analysis);
        answer["positions"] = json!(self.moves.len() + 1);
        answer["time_per_position_ms"] = json!(duration_ms(self.time));
        answer["version"] = json!(self.version);
        Ok(answer)
    }
}

/// Why a gate closed.
const OPEN: u8 = 0;
const NO_SLOT: u8 = 1;
const OUT_OF_TIME: u8 = 2;

/// Lets one search at a time through, each holding a search slot, until the analysis'
/// deadline; once closed (no slot in time, time up, or told to stop) it lets none through.
pub struct PositionGate {
    slots: Arc<SearchSlots>,
    client: Client,
    handle: Handle,
    arrival: Instant,
    deadline: Instant,
    total: Duration,
    stop: Arc<AtomicBool>,
    closed: AtomicU8,
}

impl PositionGate {
    fn close(&self, why: u8) {
        let _ = self
            .closed
            .compare_exchange(OPEN, why, Ordering::AcqRel, Ordering::Acquire);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A search slot for the next position, or `None` once the gate is closed.
    fn enter(&self) -> Option<Slot> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        if Instant::now() >= self.deadline {
            self.close(OUT_OF_TIME);
            return None;
        }
        let wait = tokio::time::timeout_at(
            tokio::time::Instant::from_std(self.deadline),
            self.slots.acquire(self.client),
        );
        match self.handle.block_on(wait) {
            Ok(Ok(permit)) => Some(permit),
            Ok(Err(_)) | Err(_) => {
                self.close(NO_SLOT);
                None
            }
        }
    }

    /// The limits of one position's search: its time, within what is left before the deadline.
    fn limits(&self, time: Duration) -> SearchLimits {
        let left = self.deadline.saturating_duration_since(Instant::now());
        SearchLimits {
            time: Some(time.min(left).max(MIN_POSITION_TIME)),
            stop: Some(self.stop.clone()),
            ..SearchLimits::default()
        }
    }

    /// The error of a gate that closed before the analysis was done.
    fn check(&self, agent: &str) -> Result<(), ApiError> {
        match self.closed.load(Ordering::Acquire) {
            NO_SLOT => Err(ApiError::Busy {
                slots: self.slots.size(),
                cap_ms: self.total.as_millis(),
                waited_ms: self.arrival.elapsed().as_millis(),
            }),
            OUT_OF_TIME => Err(ApiError::EngineTimeout {
                agent: agent.to_string(),
                cap_ms: self.total.as_millis(),
                waited_ms: self.arrival.elapsed().as_millis(),
                why: "not every position could be searched in it",
            }),
            _ => Ok(()),
        }
    }
}

/// The analysing agent, searching only with a slot from the gate and within its limits.
struct GatedAgent<'a, G: Described> {
    inner: Box<dyn Agent<G>>,
    gate: &'a PositionGate,
    time: Duration,
}

impl<G: Described> Agent<G> for GatedAgent<'_, G> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn select(&mut self, state: &G, _limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let _slot = self.gate.enter()?;
        let limits = self.gate.limits(self.time);
        self.inner.select(state, &limits)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn value_scale(&self, state: &G) -> ValueScale {
        self.inner.value_scale(state)
    }
}

/// Sets the stop flag when the request ends, answered or dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `job` on a blocking thread, its searches taking `client`'s turns at the `slots`, and
/// answers within [`longest_answer`]`(total)` of `arrival` whatever the agent does.
pub async fn run_analysis(
    job: Box<dyn AnalysisJob>,
    slots: Arc<SearchSlots>,
    client: Client,
    arrival: Instant,
    total: Duration,
) -> Result<Value, ApiError> {
    let agent = job.spec().to_string();
    let stop = Arc::new(AtomicBool::new(false));
    // A client that goes away stops the analysis too: no one would read it.
    let _stop_when_dropped = StopOnDrop(stop.clone());
    let gate = PositionGate {
        slots,
        client,
        handle: Handle::current(),
        arrival,
        deadline: instant_after(arrival, total),
        total,
        stop: stop.clone(),
        closed: AtomicU8::new(OPEN),
    };
    let give_up = instant_after(arrival, longest_answer(total));
    let task = tokio::task::spawn_blocking(move || job.run(&gate));
    match tokio::time::timeout_at(tokio::time::Instant::from_std(give_up), task).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(join)) => Err(ApiError::EngineFailed {
            agent,
            reason: failure_reason(join),
        }),
        Err(_) => {
            stop.store(true, Ordering::Relaxed);
            Err(ApiError::EngineTimeout {
                agent,
                cap_ms: total.as_millis(),
                waited_ms: longest_answer(total).as_millis(),
                why: "its searches were told to stop",
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_share_the_total_time() {
        let second = Duration::from_secs(1);
        let ms = Duration::from_millis;
        assert_eq!(time_per_position(ms(100), 5, 20 * second), ms(100));
        assert_eq!(time_per_position(ms(100), 1000, 20 * second), ms(18));
        assert_eq!(time_per_position(ms(100), 0, second), ms(100));
        assert_eq!(
            time_per_position(ms(100), usize::MAX, second),
            MIN_POSITION_TIME
        );
        assert_eq!(time_per_position(ms(100), 3, Duration::MAX), ms(100));
    }

    #[test]
    fn connect4_is_analysed_with_a_search_that_obeys_time() {
        assert_eq!(default_analyst::<ply_connect4::Connect4>(), "alphabeta");
        let quoridor = default_analyst::<ply_quoridor::Quoridor>();
        assert_eq!(
            Some(quoridor.as_str()),
            default_level("quoridor").map(|l| l.spec)
        );
    }
}
