//! One game from an opening to its end, with each seat's agent on its own thread.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ply_core::{Decision, Game, Scores, SearchLimits};

use super::panics::panic_message;
use super::worker::{Reply, SeatWorker};
use crate::config::TimeControl;
use crate::factory::AgentFactory;
use crate::openings::Opening;
use crate::record::{GameRecord, MoveRecord, Termination};
use crate::rng_seeds::derive_rng_seed;

/// With a game clock, the share of the remaining time an agent is asked to use per move.
const CLOCK_MOVES_TO_GO: u32 = 10;

/// Longest wait, after a deadline and the stop signal, before a silent agent counts as hung.
const MAX_HANG_GRACE: Duration = Duration::from_secs(2);

/// How often a wait for a move looks at the run's abort flag: an abort is noticed this soon.
const ABORT_POLL: Duration = Duration::from_millis(5);

/// Everything that decides one game.
pub(crate) struct GamePlan<'a, G: Game> {
    pub index: usize,
    pub rng_seed: u64,
    /// Agent index per seat.
    pub seats: Vec<usize>,
    pub opening_index: usize,
    pub opening: &'a Opening<G>,
}

/// What the tournament's settings say about every game.
pub(crate) struct Rules<'a, F: ?Sized> {
    pub specs: &'a [String],
    pub factory: &'a F,
    pub time: &'a TimeControl,
    pub max_plies: usize,
    /// Once set, every game in progress is given up (see `RunControl::abort`).
    pub abort: Option<&'a AtomicBool>,
}

/// A game that stopped because a seat misbehaved.
struct Forfeit {
    seat: usize,
    termination: Termination,
    what: String,
}

/// Plays `plan` to the end. Never fails: a misbehaving agent loses, with the reason recorded.
/// `None` when the run's abort flag ended the game before its end (it has no result).
pub(crate) fn play_game<G: Game, F: AgentFactory<G> + ?Sized>(
    plan: &GamePlan<G>,
    rules: &Rules<F>,
) -> Option<GameRecord> {
    let started = Instant::now();
    let specs: Vec<String> = plan.seats.iter().map(|&a| rules.specs[a].clone()).collect();
    let mut state = plan.opening.state.clone();
    let mut moves = Vec::new();

    let verdict = match start_workers(plan, rules, &specs) {
        Err(forfeit) => Err(forfeit),
        Ok(workers) => {
            let verdict = play_moves(&mut state, &workers, rules, &mut moves);
            // A hung seat's thread is left behind (so is one that did not answer an abort);
            // the others are joined as they are dropped.
            for (seat, worker) in workers.into_iter().enumerate() {
                match &verdict {
                    Err(f) if f.seat == seat && f.termination == Termination::Hang => {
                        worker.abandon()
                    }
                    Ok(Ending::Aborted { silent: Some(s) }) if *s == seat => worker.abandon(),
                    _ => drop(worker),
                }
            }
            verdict
        }
    };

    let players = plan.seats.len();
    let (scores, termination, offender, reason) = match verdict {
        Ok(Ending::Aborted { .. }) => return None,
        Ok(Ending::Rules(scores)) => {
            let reason = describe_result(&scores, &specs);
            (scores, Termination::Normal, None, reason)
        }
        Ok(Ending::MoveLimit) => (
            Scores::from_slice(&vec![1.0 / players as f64; players]),
            Termination::MoveLimit,
            None,
            format!(
                "adjudicated a draw after the limit of {} plies",
                rules.max_plies
            ),
        ),
        Err(f) => {
            let mut scores = Scores::from_slice(&vec![1.0; players]);
            scores.set(f.seat, 0.0);
            let reason = format!("{} (seat {}) {}", specs[f.seat], f.seat, f.what);
            (scores, f.termination, Some(f.seat), reason)
        }
    };

    Some(GameRecord {
        index: plan.index,
        rng_seed: plan.rng_seed,
        seats: plan.seats.clone(),
        agents: specs,
        opening_index: plan.opening_index,
        opening: plan.opening.moves.clone(),
        start_position: plan.opening.state.to_text(),
        moves,
        scores: scores.as_slice().to_vec(),
        termination,
        offender,
        reason,
        duration_ms: started.elapsed().as_secs_f64() * 1e3,
    })
}

enum Ending {
    Rules(Scores),
    MoveLimit,
    /// The run was aborted; `silent` is the seat whose search did not stop when told.
    Aborted {
        silent: Option<usize>,
    },
}

/// How a wait for a move ended without the move.
enum NoReply {
    Timeout,
    Disconnected,
    Aborted,
}

/// Waits up to `deadline` for `worker`'s reply, looking at `abort` every [`ABORT_POLL`].
fn wait_for_reply<G: Game>(
    worker: &SeatWorker<G>,
    deadline: Duration,
    abort: Option<&AtomicBool>,
) -> Result<Reply<G::Move>, NoReply> {
    let Some(abort) = abort else {
        return worker.wait(deadline).map_err(|e| match e {
            RecvTimeoutError::Timeout => NoReply::Timeout,
            RecvTimeoutError::Disconnected => NoReply::Disconnected,
        });
    };
    let asked = Instant::now();
    loop {
        if abort.load(Ordering::SeqCst) {
            return Err(NoReply::Aborted);
        }
        let left = deadline.saturating_sub(asked.elapsed());
        if left.is_zero() {
            return Err(NoReply::Timeout);
        }
        match worker.wait(left.min(ABORT_POLL)) {
            Ok(reply) => return Ok(reply),
            Err(RecvTimeoutError::Disconnected) => return Err(NoReply::Disconnected),
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}

/// Builds each seat's agent (on this thread: the factory is shared, the agent is not) and
/// moves it onto its own thread.
fn start_workers<G: Game, F: AgentFactory<G> + ?Sized>(
    plan: &GamePlan<G>,
    rules: &Rules<F>,
    specs: &[String],
) -> Result<Vec<SeatWorker<G>>, Forfeit> {
    let mut workers = Vec::with_capacity(specs.len());
    for (seat, spec) in specs.iter().enumerate() {
        let rng_seed = derive_rng_seed(plan.rng_seed, &[seat as u64]);
        let built = catch_unwind(AssertUnwindSafe(|| {
            rules
                .factory
                .build_timed(spec, rng_seed, rules.time.per_move)
        }));
        let agent = match built {
            Ok(Ok(agent)) => agent,
            Ok(Err(message)) => {
                return Err(Forfeit {
                    seat,
                    termination: Termination::BuildFailed,
                    what: format!("could not be built: {message}"),
                })
            }
            Err(payload) => {
                return Err(Forfeit {
                    seat,
                    termination: Termination::Panic,
                    what: format!(
                        "panicked while being built: {}",
                        panic_message(payload.as_ref())
                    ),
                })
            }
        };
        let label = format!("game {} seat {seat}", plan.index);
        match SeatWorker::spawn(agent, &label) {
            Ok(worker) => workers.push(worker),
            Err(e) => {
                return Err(Forfeit {
                    seat,
                    termination: Termination::BuildFailed,
                    what: format!("could not be given a thread: {e}"),
                })
            }
        }
    }
    Ok(workers)
}

fn play_moves<G: Game, F: AgentFactory<G> + ?Sized>(
    state: &mut G,
    workers: &[SeatWorker<G>],
    rules: &Rules<F>,
    moves: &mut Vec<MoveRecord>,
) -> Result<Ending, Forfeit> {
    let time = rules.time;
    let mut clocks: Vec<Option<Duration>> = vec![time.per_game; workers.len()];
    let aborted = || rules.abort.is_some_and(|a| a.load(Ordering::SeqCst));
    loop {
        if aborted() {
            return Ok(Ending::Aborted { silent: None });
        }
        if let Some(scores) = state.outcome() {
            return Ok(Ending::Rules(scores));
        }
        if moves.len() >= rules.max_plies {
            return Ok(Ending::MoveLimit);
        }
        let seat = state.to_move();
        let forfeit = |termination, what: String| Forfeit {
            seat,
            termination,
            what,
        };
        let worker = &workers[seat];

        // What this move may take, and what the agent is asked to aim for.
        let allowed = match (time.per_move, clocks[seat]) {
            (Some(m), Some(c)) => Some(m.min(c)),
            (m, c) => m.or(c),
        };
        let aim = match (time.per_move, clocks[seat]) {
            (m, Some(c)) => Some(m.unwrap_or(c).min(c / CLOCK_MOVES_TO_GO)),
            (m, None) => m,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let limits = SearchLimits {
            time: aim,
            stop: Some(stop.clone()),
            ..SearchLimits::default()
        };
        let asked = Instant::now();
        if !worker.ask(state, limits) {
            return Err(forfeit(Termination::Panic, "lost its thread".to_string()));
        }
        let deadline = allowed.map_or(time.hang_timeout, |a| time.deadline_for(a));
        let reply = match wait_for_reply(worker, deadline, rules.abort) {
            Ok(reply) => reply,
            Err(NoReply::Disconnected) => {
                return Err(forfeit(Termination::Panic, "lost its thread".to_string()))
            }
            Err(NoReply::Aborted) => {
                stop.store(true, Ordering::Relaxed);
                let grace = time.hang_timeout.min(MAX_HANG_GRACE);
                let silent = worker.wait(grace).is_err().then_some(seat);
                return Ok(Ending::Aborted { silent });
            }
            Err(NoReply::Timeout) => {
                stop.store(true, Ordering::Relaxed);
                let grace = time.hang_timeout.min(MAX_HANG_GRACE);
                let limit = describe_limit(allowed, time.hang_timeout);
                return Err(match worker.wait(grace) {
                    Ok(_) => forfeit(
                        Termination::Timeout,
                        format!("overran: replied after {:.0?}, {limit}", asked.elapsed()),
                    ),
                    Err(_) => forfeit(
                        Termination::Hang,
                        format!(
                            "did not reply within {:.0?} ({limit}), nor {:.0?} after being told to stop",
                            deadline, grace
                        ),
                    ),
                });
            }
        };
        let elapsed = asked.elapsed();
        let decision = match reply {
            Reply::Panicked(message) => {
                return Err(forfeit(Termination::Panic, format!("panicked: {message}")))
            }
            Reply::Decision(None) => {
                return Err(forfeit(
                    Termination::NoMove,
                    "returned no move in a position that has legal moves".to_string(),
                ))
            }
            Reply::Decision(Some(decision)) => decision,
        };
        if elapsed > deadline {
            let limit = describe_limit(allowed, time.hang_timeout);
            return Err(forfeit(
                Termination::Timeout,
                format!("overran: replied after {elapsed:.0?}, {limit}"),
            ));
        }
        if let Some(clock) = &mut clocks[seat] {
            *clock = clock.saturating_sub(elapsed);
        }
        let text = safe_format(state, decision.mv);
        match catch_unwind(AssertUnwindSafe(|| state.check_move(decision.mv))) {
            Ok(Ok(())) => {}
            Ok(Err(rule)) => {
                return Err(forfeit(
                    Termination::IllegalMove,
                    format!("played an illegal move: {rule}"),
                ))
            }
            Err(_) => {
                return Err(forfeit(
                    Termination::IllegalMove,
                    format!("played a move the rules cannot even read: {text}"),
                ))
            }
        }
        moves.push(move_record(seat, text, elapsed, &decision));
        state.play(decision.mv);
    }
}

fn move_record<M>(seat: usize, mv: String, elapsed: Duration, d: &Decision<M>) -> MoveRecord {
    MoveRecord {
        seat,
        mv,
        time_ms: elapsed.as_secs_f64() * 1e3,
        nodes: d.nodes,
        depth: d.depth,
        iterations: d.iterations,
        // JSON has no NaN or infinity; an agent's odd value must not break the record.
        value: if d.value.is_finite() { d.value } else { 0.0 },
    }
}

/// A move in notation, even a nonsensical one an agent made up (a game's formatter may assume
/// its moves are on the board).
fn safe_format<G: Game>(state: &G, mv: G::Move) -> String {
    catch_unwind(AssertUnwindSafe(|| state.format_move(mv))).unwrap_or_else(|_| format!("{mv:?}"))
}

fn describe_limit(allowed: Option<Duration>, hang_timeout: Duration) -> String {
    match allowed {
        Some(a) => format!("allowed {a:.0?}"),
        None => format!("no time control, safety limit {hang_timeout:.0?}"),
    }
}

fn describe_result(scores: &Scores, specs: &[String]) -> String {
    let s = scores.as_slice();
    if s.len() == 2 {
        return match s[0].partial_cmp(&s[1]) {
            Some(std::cmp::Ordering::Greater) => format!("{} (seat 0) wins", specs[0]),
            Some(std::cmp::Ordering::Less) => format!("{} (seat 1) wins", specs[1]),
            _ => "draw".to_string(),
        };
    }
    let points: Vec<String> = s
        .iter()
        .zip(specs)
        .enumerate()
        .map(|(seat, (p, spec))| format!("{spec} (seat {seat}) {p}"))
        .collect();
    format!("points: {}", points.join(", "))
}
