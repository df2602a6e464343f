//! `POST /api/games/{id}/analysis`: an agent searches every position of the game from its
//! start to now and each move is judged (`ply_search::analysis`), answered as the JSON of
//! `ply analyze --json` (`ply_view::analysis::analysis_json`).
//!
//! An analysis is many searches, so it is held to the server's protections like an engine
//! move, and more:
//! - the agent is refused before anything runs if its tables exceed the memory cap;
//! - each position is searched within `time_ms`, clamped to the server's move cap, and
//!   the whole analysis within [`ServerConfig::max_analysis_time`](crate::ServerConfig): a
//!   position gets at most an equal share of nine tenths of the time left, so time a quick
//!   position leaves goes to the later ones, and every position fits;
//! - each position takes a search slot only while it is searched, so engine moves queue
//!   behind one position, never behind a whole analysis;
//! - analyses running at once are at most the number of search slots (503 `busy` beyond);
//! - past the total time and its grace the request fails (504 `engine_timeout`) and the
//!   searches are told to stop. The game itself is never touched: the analysis works on a
//!   copy of its moves.
//!
//! The default agent is the game's exact analyst (`Described::EXACT_ANALYST`, with the
//! tables a server keeps: Connect Four's `solver:table=22`), each position given the solver
//! view's time ([`ServerConfig::max_solver_time`](crate::ServerConfig)), so every move is
//! marked with the exact score it threw away, as `ply analyze` does. On a variant the game
//! leaves to a search where time is short (`Described::quick_fallback`: Connect Four on
//! boards the solver does not answer within about a second), that search judges, with
//! [`DEFAULT_POSITION_TIME`] a position, and the answer says so and why (`fallback`). A game
//! without an exact analyst is judged by its full-strength engine.

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

/// What judges an analysis: the request's agent, else the game's (see the module comment).
#[derive(Debug, Clone, PartialEq)]
pub struct AnalystChoice {
    pub spec: String,
    /// The time a position gets when the request names none.
    pub default_time: Duration,
    /// Why a search judges in place of the game's exact analyst, if one does.
    pub fallback: Option<String>,
}

/// The analyst of a game that started at `start`: the request's `agent` if it names one;
/// exact analysts get `solver_time` a position by default.
pub fn choose_analyst<G: Described>(
    start: &G,
    agent: Option<&str>,
    solver_time: Duration,
) -> AnalystChoice {
    let choice = |spec: &str, default_time, fallback| AnalystChoice {
        spec: spec.to_string(),
        default_time,
        fallback,
    };
    if let Some(agent) = agent {
        return choice(agent, DEFAULT_POSITION_TIME, None);
    }
    match (G::EXACT_ANALYST, start.quick_fallback()) {
        (Some(_), Some(search)) => choice(search.spec, DEFAULT_POSITION_TIME, Some(search.why)),
        (Some(exact), None) => choice(exact.served, solver_time, None),
        (None, _) => {
            let engine = default_level(G::DESCRIPTOR.name).map_or("random", |level| level.spec);
            choice(engine, DEFAULT_POSITION_TIME, None)
        }
    }
}

/// The time the next of `positions` positions gets with `left` before the analysis'
/// deadline: the asked time, but no more than an equal share of nine tenths of what is left
/// (the rest is room for searches that overrun their clock a little).
pub fn time_per_position(asked: Duration, positions: usize, left: Duration) -> Duration {
    // Integer arithmetic: no float to overflow, whatever total the server was given.
    let share = (left / 10 * 9) / u32::try_from(positions.max(1)).unwrap_or(u32::MAX);
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
    /// The most time a position gets (see [`time_per_position`]).
    pub time: Duration,
    pub rng_seed: u64,
    /// Why a search judges in place of the game's exact analyst, if one does.
    pub fallback: Option<String>,
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
            positions_left: self.moves.len() + 1,
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
        answer["fallback"] = json!(self.fallback);
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
            self.slots.acquire(self.client, self.deadline),
        );
        match self.handle.block_on(wait) {
            Ok(Ok(permit)) => Some(permit),
            Ok(Err(_)) | Err(_) => {
                self.close(NO_SLOT);
                None
            }
        }
    }

    /// The limits of the next of `positions` positions' searches: `time`, within its share
    /// of what is left before the deadline.
    fn limits(&self, time: Duration, positions: usize) -> SearchLimits {
        let left = self.deadline.saturating_duration_since(Instant::now());
        SearchLimits {
            time: Some(time_per_position(time, positions, left)),
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
    /// Positions not searched yet, this one included (the final one is not searched when
    /// the game is over, so this may count one too many: a smaller share, never a larger).
    positions_left: usize,
}

impl<G: Described> Agent<G> for GatedAgent<'_, G> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn select(&mut self, state: &G, _limits: &SearchLimits) -> Option<Decision<G::Move>> {
        let _slot = self.gate.enter()?;
        let limits = self.gate.limits(self.time, self.positions_left);
        self.positions_left = self.positions_left.saturating_sub(1);
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
    fn each_game_names_its_analyst_and_a_request_may_name_another() {
        use ply_connect4::Connect4;
        let second = Duration::from_secs(1);
        let seven_by_six = Connect4::standard();
        let exact = choose_analyst(&seven_by_six, None, second);
        assert_eq!(exact.spec, "solver:table=22");
        assert_eq!((exact.default_time, exact.fallback), (second, None));
        // 8x7: no book, and too many cells for the solver to answer every position fast.
        let eight_by_seven = Connect4::new(8, 7, 4).unwrap();
        let search = choose_analyst(&eight_by_seven, None, second);
        assert_eq!(search.spec, "alphabeta");
        assert_eq!(search.default_time, DEFAULT_POSITION_TIME);
        assert!(search.fallback.unwrap().contains("7x6"));
        // A small board is solved exactly without a book.
        let small = choose_analyst(&Connect4::new(5, 4, 4).unwrap(), None, second);
        assert_eq!(small.spec, "solver:table=22");
        // The request's agent wins, with the search's default time.
        let named = choose_analyst(&seven_by_six, Some("random"), second);
        assert_eq!(named.spec, "random");
        assert_eq!(
            (named.default_time, named.fallback),
            (DEFAULT_POSITION_TIME, None)
        );
        // A game with no exact analyst: its full-strength engine.
        let quoridor = ply_quoridor::Quoridor::from_settings(&Default::default()).unwrap();
        let engine = choose_analyst(&quoridor, None, second);
        assert_eq!(
            Some(engine.spec.as_str()),
            default_level("quoridor").map(|l| l.spec)
        );
    }
}
