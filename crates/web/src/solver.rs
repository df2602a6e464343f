//! `POST /api/games/{id}/solver`: the solver view, every legal move of the current position
//! with its exact value, as Pascal Pons' online Connect Four solver shows them above the
//! columns.
//!
//! A game has a solver view when it names an exact analyst (`Described::EXACT_ANALYST`,
//! Connect Four's `solver`) whose agent scores moves one by one (`Agent::move_values`). The
//! view builds it with the tables the game names for a server ([`solver_view_spec`]:
//! Connect Four's `solver:table=22`, 32 MiB), judged by the server's policy like any agent
//! (see `policy`), and runs it like an engine move:
//! - the request's `time_ms` (default: all of it) is clamped to the server's solver cap
//!   ([`ServerConfig::max_solver_time`](crate::ServerConfig), default
//!   [`DEFAULT_SOLVER_TIME`]); waiting for a search slot counts in it (no slot in time: 503
//!   `busy`);
//! - a solve that does not finish in time is an answer, not an error: `complete: false`, a
//!   `reason` naming the time, and each move's proven bounds (`Agent::move_bounds`: Connect
//!   Four's solver proves who wins first), never a guessed value; the agent is kept with its
//!   table, so the page's next request goes further;
//! - an agent still running past the cap and its grace is told to stop, and answers
//!   `complete: false` too; one that does not stop fails the request (504
//!   `engine_timeout`), as an engine move does (see `engine`).
//!
//! The solver view does not claim the game's engine, so the engine may move while it runs:
//! the answer carries the `version` of the position it scored, and the page drops answers
//! to positions it has left.
//!
//! Between requests the agent is kept, so its table stays warm from one position of a game
//! to the next: [`SolverCache`] holds the agents of the games that asked last, at most one
//! per search slot, so idle solver tables take at most that many times the table's memory
//! (the oldest is dropped beyond). Requests that run at once on one game each get their
//! own agent; one of them is kept.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ply_core::{Agent, Described, SearchLimits, ValueScale, ZobristHash};
use ply_search::spec::Catalog;
use serde_json::{json, Value};

use crate::engine::{
    did_not_stop, failure_reason, instant_after, join_or_stop, longest_answer, no_slot, stop_flag,
};
use crate::error::ApiError;
use crate::extract::Client;
use crate::session::duration_ms;
use crate::store::lock;
use crate::AppState;

/// The server's default cap on one solver view (`ply serve --max-solver-time`): a second,
/// the time a person waits for the scores of a position.
pub const DEFAULT_SOLVER_TIME: Duration = Duration::from_millis(1000);

/// Room kept between the end of solving and the cap, for the answer to travel (a tenth of
/// the cap, at most this).
const MAX_MARGIN: Duration = Duration::from_millis(100);

/// The least time a solve is given once it has its slot.
const MIN_SOLVE: Duration = Duration::from_millis(1);

/// The agent spec of `G`'s solver view, or `None` if the game has no exact analyst.
pub fn solver_view_spec<G: Described>() -> Option<&'static str> {
    G::EXACT_ANALYST.map(|analyst| analyst.served)
}

/// An agent kept between requests, of whatever game (a `Box<dyn Agent<G>>` inside).
pub type KeptAgent = Box<dyn Any + Send>;

/// The agents of the games whose solver view ran last, by game id, oldest first.
pub struct SolverCache {
    kept: Mutex<VecDeque<(String, KeptAgent)>>,
    capacity: usize,
}

impl SolverCache {
    pub fn new(capacity: usize) -> Self {
        SolverCache {
            kept: Mutex::new(VecDeque::new()),
            capacity,
        }
    }

    /// The agent kept for game `id`, taken out (a request running at the same time on the
    /// same game builds its own).
    pub fn take(&self, id: &str) -> Option<KeptAgent> {
        let mut kept = lock(&self.kept);
        let at = kept.iter().position(|(game, _)| game == id)?;
        kept.remove(at).map(|(_, agent)| agent)
    }

    /// Keeps `agent` for game `id` (unless one is kept for it already), dropping the oldest
    /// beyond the capacity.
    pub fn put(&self, id: &str, agent: KeptAgent) {
        let dropped = {
            let mut kept = lock(&self.kept);
            if kept.iter().any(|(game, _)| game == id) {
                return;
            }
            kept.push_back((id.to_string(), agent));
            let extra = kept.len().saturating_sub(self.capacity);
            kept.drain(..extra).collect::<Vec<_>>()
        };
        // Tables are freed outside the lock.
        drop(dropped);
    }

    /// Forgets game `id`'s agent (the game was deleted).
    pub fn forget(&self, id: &str) {
        drop(self.take(id));
    }

    #[cfg(test)]
    fn ids(&self) -> Vec<String> {
        lock(&self.kept).iter().map(|(id, _)| id.clone()).collect()
    }
}

/// A solve ready to run on another thread: a copy of the position and the agent to build.
pub trait SolverJob: Send {
    /// The agent spec the job builds.
    fn spec(&self) -> &str;
    /// Scores every move within `limits`, with the `kept` agent if it is one of this game's
    /// (else a new one); gives the agent back to be kept.
    fn run(
        self: Box<Self>,
        kept: Option<KeptAgent>,
        limits: SearchLimits,
    ) -> (Result<Solved, ApiError>, Option<KeptAgent>);
}

/// What a solve found: the moves in the game's notation with the least and the most their
/// values can be (equal where exact), or none when the agent proved nothing.
pub struct Solved {
    pub agent: String,
    pub scale: ValueScale,
    pub moves: Option<Vec<(String, f64, f64)>>,
    pub elapsed: Duration,
}

/// The solve of one game type's position.
pub struct GameSolverJob<G: Described> {
    pub state: G,
    pub catalog: Arc<Catalog<G>>,
    pub spec: String,
}

impl<G: Described + ZobristHash> SolverJob for GameSolverJob<G> {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn run(
        self: Box<Self>,
        kept: Option<KeptAgent>,
        limits: SearchLimits,
    ) -> (Result<Solved, ApiError>, Option<KeptAgent>) {
        let kept = kept.and_then(|agent| agent.downcast::<Box<dyn Agent<G>>>().ok());
        let mut agent = match kept {
            Some(agent) => *agent,
            None => match self.catalog.build(&self.spec, 1) {
                Ok(agent) => agent,
                Err(error) => return (Err(error.into()), None),
            },
        };
        let started = Instant::now();
        let bounds = agent.move_bounds(&self.state, &limits);
        let elapsed = started.elapsed();
        let moves = bounds.map(|bounds| {
            bounds
                .into_iter()
                .map(|(mv, low, high)| (self.state.format_move(mv), low, high))
                .collect()
        });
        let solved = Solved {
            agent: agent.name(),
            scale: agent.value_scale(&self.state),
            moves,
            elapsed,
        };
        (Ok(solved), Some(Box::new(agent) as KeptAgent))
    }
}

/// A value as JSON: an integer when it is one (exact scores), else the number; `null` for
/// a value that is not a number.
fn value_json(value: f64) -> Value {
    if value.is_finite() && value.fract() == 0.0 && value.abs() < 9e15 {
        json!(value as i64)
    } else {
        json!(value)
    }
}

fn scale_name(scale: ValueScale) -> &'static str {
    match scale {
        ValueScale::Exact => "exact",
        ValueScale::Negamax => "negamax",
        ValueScale::Reward => "reward",
    }
}

/// Runs `job` holding one of the server's search slots (`client`'s turn), within `cap` of
/// `arrival`, with game `id`'s kept agent; keeps the agent again (`keep`) when the solve
/// ends in time. Answers the solver view.
pub async fn run_solver(
    job: Box<dyn SolverJob>,
    app: &AppState,
    id: &str,
    client: Client,
    arrival: Instant,
    cap: Duration,
    keep: impl FnOnce() -> bool,
) -> Result<Value, ApiError> {
    let (slots, cache) = (&app.slots, &app.solvers);
    let spec = job.spec().to_string();
    let margin = (cap / 10).min(MAX_MARGIN);
    let deadline = instant_after(arrival, cap.saturating_sub(margin));
    let give_up = instant_after(arrival, longest_answer(cap));
    let preempt_at = instant_after(arrival, cap / 2);
    let slot = slots
        .acquire_by(client, deadline, preempt_at, cap / 2)
        .await
        .map_err(|no| no_slot(no, slots, cap, arrival.elapsed(), &spec))?;
    let (stop, _stop_on_drop) = stop_flag(&slot, deadline);
    let kept = cache.take(id);
    let limits_stop = stop.clone();
    let solve = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let left = deadline.saturating_duration_since(Instant::now());
        let limits = SearchLimits {
            time: Some(left.max(MIN_SOLVE)),
            stop: Some(limits_stop),
            ..SearchLimits::default()
        };
        job.run(kept, limits)
    });
    // Told to stop past the cap and its grace, a solve hands back what it has: nothing
    // (`complete: false`) unless it had just finished.
    let (solved, agent) = match join_or_stop(solve, give_up, &stop).await {
        Some(Ok(done)) => done,
        Some(Err(join)) => {
            return Err(ApiError::EngineFailed {
                agent: spec,
                reason: failure_reason(join),
            })
        }
        None => return Err(did_not_stop(spec, cap)),
    };
    if let Some(agent) = agent {
        if keep() {
            cache.put(id, agent);
        }
    }
    let solved = solved?;
    let mut answer = json!({
        "agent": solved.agent,
        "scale": scale_name(solved.scale),
        "time_ms": duration_ms(solved.elapsed),
        "cap_ms": duration_ms(cap),
    });
    let moves = solved.moves.unwrap_or_default();
    let complete = !moves.is_empty() && moves.iter().all(|&(_, low, high)| low == high);
    answer["complete"] = json!(complete);
    answer["moves"] = if complete {
        moves
            .into_iter()
            .map(|(mv, value, _)| json!({ "move": mv, "value": value_json(value) }))
            .collect()
    } else {
        // What is proven so far: a move's bounds, and its value where they meet.
        moves
            .into_iter()
            .map(|(mv, low, high)| {
                let value = if low == high { value_json(low) } else { Value::Null };
                json!({ "move": mv, "value": value, "low": value_json(low), "high": value_json(high) })
            })
            .collect()
    };
    if !complete {
        answer["reason"] = json!(not_solved(cap, app.config.max_solver_time));
    }
    Ok(answer)
}

/// Why a solve within `cap` has no answer, naming what set the cap: the request, or the
/// server's `server_cap`.
fn not_solved(cap: Duration, server_cap: Duration) -> String {
    let whose = if cap >= server_cap {
        "the server's cap (ply serve --max-solver-time)"
    } else {
        "the time asked"
    };
    format!("not solved within {} ms, {whose}", cap.as_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_games_with_an_exact_analyst_have_a_solver_view() {
        assert_eq!(
            solver_view_spec::<ply_connect4::Connect4>(),
            Some("solver:table=22")
        );
        assert_eq!(solver_view_spec::<ply_tictactoe::TicTacToe>(), None);
        assert_eq!(solver_view_spec::<ply_quoridor::Quoridor>(), None);
    }

    #[test]
    fn the_cache_keeps_one_agent_per_game_and_drops_the_oldest() {
        let cache = SolverCache::new(2);
        cache.put("a", Box::new(1u8));
        cache.put("a", Box::new(2u8));
        cache.put("b", Box::new(3u8));
        assert_eq!(cache.ids(), ["a", "b"]);
        let a = cache.take("a").unwrap();
        assert_eq!(*a.downcast::<u8>().unwrap(), 1);
        assert!(cache.take("a").is_none());
        cache.put("a", Box::new(4u8));
        cache.put("c", Box::new(5u8));
        assert_eq!(cache.ids(), ["a", "c"]);
        cache.forget("c");
        assert_eq!(cache.ids(), ["a"]);
    }

    #[test]
    fn an_unsolved_position_names_what_set_the_cap() {
        let ms = Duration::from_millis;
        assert_eq!(
            not_solved(ms(1000), ms(1000)),
            "not solved within 1000 ms, the server's cap (ply serve --max-solver-time)"
        );
        assert_eq!(
            not_solved(ms(300), ms(1000)),
            "not solved within 300 ms, the time asked"
        );
    }

    #[test]
    fn exact_values_are_integers() {
        assert_eq!(value_json(18.0), json!(18));
        assert_eq!(value_json(-3.0), json!(-3));
        assert_eq!(value_json(0.5), json!(0.5));
        assert_eq!(value_json(f64::NAN), Value::Null);
    }
}
