//! Agents that fail on purpose, so tests can drive the server's failure paths (a panicking
//! engine, one that overruns its time and ignores the stop flag, one that finds no move)
//! through the real API. They exist only in a server built with
//! [`Server::with_fault_agents`](crate::Server::with_fault_agents); `ply serve` never adds
//! them, so no page or user can reach them.
//!
//! | spec | behaviour |
//! |---|---|
//! | `fault-panic` | panics inside `select` |
//! | `fault-sleep:ms=N,stop=B` | sleeps N ms whatever its limits, then plays the first legal move; with `stop=true` it wakes early when told to stop |
//! | `fault-nomove` | returns no move although the game is not over |

use std::sync::atomic::Ordering;
use std::thread;
use std::time::{Duration, Instant};

use ply_core::{Agent, Decision, Game, SearchLimits};
use ply_search::spec::{Catalog, KeyInfo, Params};

/// The message `fault-panic` panics with, so tests can find it in the error.
pub const PANIC_MESSAGE: &str = "fault-panic: this agent panics on purpose";

const SLEEP_KEYS: &[KeyInfo] = &[
    KeyInfo::new("ms", "1000", "how long to sleep, ignoring the time limit"),
    KeyInfo::new("stop", "false", "wake early when the stop flag is raised"),
];

/// How often a sleeping agent that obeys the stop flag looks at it.
const STOP_POLL: Duration = Duration::from_millis(1);

/// Adds the three fault agents to `catalog`.
pub fn register<G: Game>(catalog: &mut Catalog<G>) {
    catalog.add_agent(
        "fault-panic",
        "test only: panics inside select",
        &[],
        |_: &Params, _| Ok(Box::new(Faulty::Panic) as Box<dyn Agent<G>>),
    );
    catalog.add_agent(
        "fault-sleep",
        "test only: sleeps past its limits, then plays the first legal move",
        SLEEP_KEYS,
        |params: &Params, _| {
            Ok(Box::new(Faulty::Sleep {
                time: Duration::from_millis(params.u64("ms")?),
                obey_stop: params.bool("stop")?,
            }) as Box<dyn Agent<G>>)
        },
    );
    catalog.add_agent(
        "fault-nomove",
        "test only: returns no move in a game that is not over",
        &[],
        |_: &Params, _| Ok(Box::new(Faulty::NoMove) as Box<dyn Agent<G>>),
    );
}

enum Faulty {
    Panic,
    Sleep { time: Duration, obey_stop: bool },
    NoMove,
}

impl Faulty {
    /// Sleeps for `time`, or until the stop flag is raised when it obeys it.
    fn sleep(time: Duration, obey_stop: bool, limits: &SearchLimits) {
        let stop = limits.stop.as_ref().filter(|_| obey_stop);
        let Some(stop) = stop else {
            thread::sleep(time);
            return;
        };
        let until = Instant::now() + time;
        while !stop.load(Ordering::Relaxed) {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            thread::sleep(left.min(STOP_POLL));
        }
    }
}

impl<G: Game> Agent<G> for Faulty {
    fn name(&self) -> String {
        match self {
            Faulty::Panic => "fault-panic".into(),
            Faulty::Sleep { time, obey_stop } => {
                format!("fault-sleep:ms={},stop={obey_stop}", time.as_millis())
            }
            Faulty::NoMove => "fault-nomove".into(),
        }
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        match *self {
            Faulty::Panic => panic!("{PANIC_MESSAGE}"),
            Faulty::Sleep { time, obey_stop } => {
                let started = Instant::now();
                Self::sleep(time, obey_stop, limits);
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let mut decision = Decision::just(*moves.first()?);
                decision.elapsed = started.elapsed();
                Some(decision)
            }
            Faulty::NoMove => None,
        }
    }
}
