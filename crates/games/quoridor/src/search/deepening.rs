//! One thread's iterative deepening, under the time policy of `ply_search::deepening`.

use std::sync::Arc;

use ply_core::eval::WIN;
use ply_core::{SearchLimits, Stopper};
use ply_search::deepening::{Clock, Iteration, IterationTimer, TimePolicy, WallClock};
use ply_search::value::INFINITY;

use super::worker::Worker;
use crate::board::Quoridor;
use crate::geometry::Move;

/// A fall of the root's value this large from one iteration to the next (a step of the
/// race; values are in hundredths of a step) makes a timed search unsure: it may take more
/// than its target (`ply_search::deepening`).
const UNSURE_VALUE_FALL: i32 = 100;

/// What one thread's iterations found: the move of its deepest finished iteration (or a
/// better one from the iteration cut short), with its value and depth.
#[derive(Debug, Clone, Copy)]
pub(super) struct Outcome {
    pub(super) best: Option<(Move, i32, u32)>,
    pub(super) iterations: u64,
}

impl Worker {
    /// Iterative deepening from the root (or one search at `max_depth` when the options ask
    /// for no deepening and nothing may cut it short). A helper starts one ply deeper than
    /// the first thread and keeps deepening until it is stopped, so the two seldom search
    /// the same iteration at once.
    ///
    /// The first thread's time follows the time policy of `ply_search::deepening`: the next
    /// iteration starts only if it is predicted to finish within the budget (the limits'
    /// `time`, up to `max_time` when unsure), unless the limits set nodes too: a node budget
    /// is spent whole, and the time only cuts it at the budget itself.
    pub(super) fn iterate(
        &mut self,
        state: &Quoridor,
        limits: &SearchLimits,
        max_depth: u32,
        helper: bool,
        clock: Option<Arc<dyn Clock>>,
    ) -> Outcome {
        let timed = limits.time.is_some() || limits.stop.is_some() || limits.nodes.is_some();
        self.timer = match limits.time {
            Some(target) if !helper => {
                let policy = TimePolicy {
                    target,
                    limit: limits.max_time.unwrap_or(target),
                    value_margin: UNSURE_VALUE_FALL,
                };
                let clock = clock.unwrap_or_else(|| Arc::new(WallClock::start()));
                Some(IterationTimer::new(policy, clock))
            }
            _ => None,
        };
        // With a timer the clock is the timer's to read.
        let mut stopper = if self.timer.is_some() {
            Stopper::new(&SearchLimits {
                time: None,
                ..limits.clone()
            })
        } else {
            Stopper::new(limits)
        };

        let mut s = state.clone();
        self.nodes = 0;
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        // A search that may be cut short first finishes depth 1, so it always has a move.
        let mut depth = if self.options.iterative || timed {
            1 + helper as u32
        } else {
            max_depth
        }
        .min(max_depth);
        let mut best: Option<(Move, i32, u32)> = None;
        let mut iterations = 0;
        self.root_hint = None;
        loop {
            self.root_best = None;
            let value = self.negamax(&mut s, depth, 0, -INFINITY, INFINITY, &mut stopper);
            iterations += 1;
            if stopper.stopped() {
                // The cut iteration searched the previous best move first: a move it
                // completed and found better is better at this depth too.
                match (best, self.root_best) {
                    (None, Some(m)) => best = Some((m, value, 0)),
                    (Some((old, _, d)), Some(m)) if m != old => best = Some((m, value, d)),
                    _ => {}
                }
                break;
            }
            let Some(mv) = self.root_best else { break };
            let best_changed = best.is_some_and(|(old, _, _)| old != mv);
            best = Some((mv, value, depth));
            self.root_hint = Some(mv);
            if let Some(timer) = &mut self.timer {
                timer.finished(Iteration {
                    best_changed,
                    value,
                });
            }
            // A proven result is final once the search horizon covers it; a longer one may
            // come from the table, and stopping there would let the engine walk in circles
            // between positions that each "win" in the same number of moves.
            let proven_within =
                ply_core::eval::is_proven(value) && (WIN - value.abs()) as u32 <= depth;
            if depth >= max_depth || proven_within {
                break;
            }
            // Do not start an iteration predicted not to finish in the time left. A node
            // budget is spent whole: the iteration it cuts searched the best move so far
            // first and may still find a better one (at 10,000 nodes a move this beat
            // stopping once the next iteration was predicted not to fit by 87.5 % to 80 %
            // against `seed002` on 9x9 and 75 % to 69 % on 7x7, 40 games each), and with
            // a time beside it (the agent's own cap) only the time running out stops it,
            // not a prediction from a slow clock, so a busy machine plays the same moves
            // until the cap. (Helpers go on until the first thread is done.)
            let fits = limits.nodes.is_some() || self.timer.as_ref().is_none_or(|t| t.next_fits());
            if !helper && self.options.iterative && !fits {
                break;
            }
            depth = if self.options.iterative {
                depth + 1
            } else {
                max_depth
            };
        }
        Outcome { best, iterations }
    }
}
