//! Timing one search, and summing up many timings.
//!
//! Searches are timed twice: by the thread's processor time, which a busy machine does not
//! inflate (the seeds timed single searches on an otherwise idle laptop), and by the wall
//! clock, which is what a player waits.

use std::time::{Duration, Instant};

use ply_connect4::testset::thread_cpu_time;
use ply_core::{Agent, Decision, Game, SearchLimits};
use serde::Serialize;

/// One search with its cost.
pub struct Timed<M> {
    pub decision: Decision<M>,
    pub cpu: Duration,
    pub wall: Duration,
}

/// Runs `agent` once on `state`; `None` if it found no move.
pub fn timed_select<G: Game>(
    agent: &mut dyn Agent<G>,
    state: &G,
    limits: &SearchLimits,
) -> Option<Timed<G::Move>> {
    let cpu = thread_cpu_time();
    let wall = Instant::now();
    let decision = agent.select(state, limits)?;
    Some(Timed {
        decision,
        cpu: thread_cpu_time().saturating_sub(cpu),
        wall: wall.elapsed(),
    })
}

/// Milliseconds, the unit every table of the report uses.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The spread of a sample: mean, median and the 10th to 90th percentile range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Spread {
    pub count: usize,
    pub mean: f64,
    pub median: f64,
    pub p10: f64,
    pub p90: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    /// `None` for an empty sample.
    pub fn of(values: &[f64]) -> Option<Spread> {
        if values.is_empty() {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        // Nearest-rank percentile: the smallest value with at least p of the sample at or
        // below it.
        let rank =
            |p: f64| sorted[((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
        Some(Spread {
            count: sorted.len(),
            mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
            median: rank(0.5),
            p10: rank(0.1),
            p90: rank(0.9),
            min: sorted[0],
            max: sorted[sorted.len() - 1],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_of_one_to_ten() {
        let values: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        let s = Spread::of(&values).unwrap();
        assert_eq!((s.count, s.mean, s.median), (10, 5.5, 5.0));
        assert_eq!((s.p10, s.p90, s.min, s.max), (1.0, 9.0, 1.0, 10.0));
        assert!(Spread::of(&[]).is_none());
    }
}
