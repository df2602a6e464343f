//! Search limits and the stopper that enforces them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What bounds a search. Every field is optional; the first limit reached stops the search.
/// An empty set of limits means "search as the agent's own settings say".
#[derive(Debug, Clone, Default)]
pub struct SearchLimits {
    /// Maximum depth in plies (iterative searches stop after completing it).
    pub depth: Option<u32>,
    /// Wall-clock budget for the whole decision.
    pub time: Option<Duration>,
    /// The most a search that follows a time policy may take when it is unsure (its best
    /// move changing, its value falling); `time` is then the time it aims for. `None`, or
    /// anything below `time`: `time` is the most too. Searches without such a policy stop
    /// at `time`.
    pub max_time: Option<Duration>,
    /// Maximum nodes (positions visited).
    pub nodes: Option<u64>,
    /// Maximum iterations (MCTS playouts).
    pub iterations: Option<u64>,
    /// Set from outside to stop at once (a referee's interrupt, a server shutting down).
    pub stop: Option<Arc<AtomicBool>>,
}

fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

impl SearchLimits {
    pub fn none() -> Self {
        Self::default()
    }

    pub fn depth(depth: u32) -> Self {
        SearchLimits {
            depth: Some(depth),
            ..Self::default()
        }
    }

    pub fn time(time: Duration) -> Self {
        SearchLimits {
            time: Some(time),
            ..Self::default()
        }
    }

    pub fn nodes(nodes: u64) -> Self {
        SearchLimits {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    pub fn iterations(iterations: u64) -> Self {
        SearchLimits {
            iterations: Some(iterations),
            ..Self::default()
        }
    }

    /// Both sets of limits at once: each bound is the tighter of the two.
    pub fn combine(&self, other: &SearchLimits) -> SearchLimits {
        SearchLimits {
            depth: tighter(self.depth, other.depth),
            time: tighter(self.time, other.time),
            max_time: tighter(self.max_time, other.max_time),
            nodes: tighter(self.nodes, other.nodes),
            iterations: tighter(self.iterations, other.iterations),
            stop: self.stop.clone().or_else(|| other.stop.clone()),
        }
    }

    /// Whether no bound at all is set (a search would then run to its natural end).
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.time.is_none()
            && self.nodes.is_none()
            && self.iterations.is_none()
    }
}

/// Enforces [`SearchLimits`] inside a search: cheap to ask often.
///
/// The clock is read once every `CLOCK_EVERY` calls, so asking at every node costs almost
/// nothing; a deadline is still noticed within microseconds.
#[derive(Debug, Clone)]
pub struct Stopper {
    start: Instant,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    max_iterations: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    calls: u32,
    stopped: bool,
}

const CLOCK_EVERY: u32 = 64;

impl Stopper {
    /// A stopper for `limits`, starting now. A time limit so long that its deadline cannot
    /// be represented (such as [`Duration::MAX`]) means no deadline at all.
    pub fn new(limits: &SearchLimits) -> Self {
        let start = Instant::now();
        Stopper {
            start,
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            max_nodes: limits.nodes,
            max_iterations: limits.iterations,
            stop: limits.stop.clone(),
            calls: 0,
            stopped: false,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn start(&self) -> Instant {
        self.start
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the search must stop now, given how many nodes it has visited.
    /// Once it says yes it keeps saying yes.
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            self.stopped = true;
            return true;
        }
        self.calls += 1;
        if self.calls >= CLOCK_EVERY {
            self.calls = 0;
            self.stopped = self.out_of_time() || self.interrupted();
        }
        self.stopped
    }

    /// Whether `iterations` playouts exhaust the budget (checked along with the nodes).
    pub fn iterations_done(&mut self, iterations: u64, nodes: u64) -> bool {
        if self.max_iterations.is_some_and(|max| iterations >= max) {
            self.stopped = true;
        }
        self.should_stop(nodes)
    }

    /// Reads the clock now (for the places where a late answer costs most, such as the start
    /// of a new iterative-deepening iteration).
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn interrupted(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Stops the search from now on: a rule outside the stopper (a time policy) decided.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// Whether a stop was already decided.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Fraction of the time budget already used (0 when there is no time limit).
    pub fn time_used_fraction(&self) -> f64 {
        match self.deadline {
            Some(d) => {
                let total = d.duration_since(self.start).as_secs_f64();
                if total <= 0.0 {
                    1.0
                } else {
                    self.start.elapsed().as_secs_f64() / total
                }
            }
            None => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combine_takes_the_tighter_bound() {
        let a = SearchLimits {
            depth: Some(9),
            time: Some(Duration::from_millis(500)),
            ..Default::default()
        };
        let b = SearchLimits {
            depth: Some(5),
            nodes: Some(1000),
            ..Default::default()
        };
        let c = a.combine(&b);
        assert_eq!(c.depth, Some(5));
        assert_eq!(c.time, Some(Duration::from_millis(500)));
        assert_eq!(c.nodes, Some(1000));
        assert_eq!(c.iterations, None);
    }

    #[test]
    fn node_limit_stops_and_stays_stopped() {
        let mut s = Stopper::new(&SearchLimits::nodes(10));
        assert!(!s.should_stop(9));
        assert!(s.should_stop(10));
        assert!(s.should_stop(0));
    }

    #[test]
    fn a_deadline_too_far_to_represent_means_no_deadline() {
        let mut s = Stopper::new(&SearchLimits::time(Duration::MAX));
        assert_eq!(s.deadline(), None);
        assert!(!s.out_of_time());
        assert!(!(0..200).any(|n| s.should_stop(n)));
        assert_eq!(s.time_used_fraction(), 0.0);
        let s = Stopper::new(&SearchLimits::time(Duration::from_secs(u64::MAX / 2)));
        assert!(!s.out_of_time());
    }

    #[test]
    fn external_flag_stops() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = SearchLimits {
            stop: Some(flag.clone()),
            ..Default::default()
        };
        let mut s = Stopper::new(&limits);
        assert!(!(0..200).any(|n| s.should_stop(n)));
        flag.store(true, Ordering::Relaxed);
        assert!((0..200).any(|n| s.should_stop(n)));
    }
}
