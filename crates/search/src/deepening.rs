//! When a timed iterative-deepening search starts its next iteration: the time policy.
//!
//! A move has a **target** (the time the search aims to spend: its share of the clock) and a
//! **limit** (the most it may spend: the per-move cap, or what the game's clock can spare).
//! After each finished iteration the search asks [`IterationTimer::next_fits`]: the next
//! iteration is started only if it is predicted to finish within the time still left of the
//! budget, predicted from how much each iteration cost more than the one before. A search
//! that is unsure (its best move changed in the last iterations, or its value fell) gets a
//! budget above the target, never above the limit. The iteration that is running is cut
//! when the budget is spent ([`IterationTimer::time_is_up`]).
//!
//! The timer reads a [`Clock`]: the wall clock in a search, a [`FakeClock`] in tests, so the
//! policy is tested with iteration costs chosen by the test and not with the machine's
//! speed or load.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Time since a search started.
pub trait Clock: Send + Sync {
    fn elapsed(&self) -> Duration;
}

/// The wall clock, from the moment it is made.
#[derive(Debug, Clone, Copy)]
pub struct WallClock(Instant);

impl WallClock {
    pub fn start() -> Self {
        WallClock(Instant::now())
    }
}

impl Clock for WallClock {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A clock that moves only when told to, and optionally by a fixed tick each time it is
/// read (so a search that reads it every so many nodes sees time pass with its work).
#[derive(Debug, Default)]
pub struct FakeClock {
    nanos: AtomicU64,
    tick: u64,
}

impl FakeClock {
    /// A clock standing at zero that moves only by [`FakeClock::advance`].
    pub fn new() -> Self {
        FakeClock::default()
    }

    /// A clock that moves by `tick` every time it is read.
    pub fn ticking(tick: Duration) -> Self {
        FakeClock {
            nanos: AtomicU64::new(0),
            tick: tick.as_nanos().min(u64::MAX as u128) as u64,
        }
    }

    pub fn advance(&self, by: Duration) {
        let by = by.as_nanos().min(u64::MAX as u128) as u64;
        self.nanos.fetch_add(by, Ordering::Relaxed);
    }
}

impl Clock for FakeClock {
    fn elapsed(&self) -> Duration {
        Duration::from_nanos(self.nanos.fetch_add(self.tick, Ordering::Relaxed))
    }
}

impl<C: Clock + ?Sized> Clock for std::sync::Arc<C> {
    fn elapsed(&self) -> Duration {
        (**self).elapsed()
    }
}

/// How much more an iteration is taken to cost than the one before, when the iterations so
/// far cannot tell (fewer than two of them measurable).
pub const DEFAULT_GROWTH: f64 = 4.0;
/// The range a measured growth is held to: an iteration never costs less than the one
/// before it (a table can make it look so), and a jump past this is noise.
pub const GROWTH_RANGE: (f64, f64) = (1.5, 10.0);
/// Iterations shorter than this are too short to measure a growth from.
pub const MEASURABLE: Duration = Duration::from_micros(500);
/// How much of the target a search may add for each sign that it is unsure: the best move
/// changed in the last iteration, changed in the one before, the value fell.
pub const UNSURE_SHARE: f64 = 0.5;

/// The time rules of one move (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimePolicy {
    /// The time the search aims to spend.
    pub target: Duration,
    /// The most it may spend (at least the target; a smaller limit counts as the target).
    pub limit: Duration,
    /// A fall in value of at least this much, from one iteration to the next, counts as a
    /// sign of trouble (in the search's own units: the game knows what a large fall is).
    pub value_margin: i32,
}

impl TimePolicy {
    /// A policy that aims for `target` and never goes past it.
    pub fn fixed(target: Duration) -> Self {
        TimePolicy {
            target,
            limit: target,
            value_margin: i32::MAX,
        }
    }

    /// The budget of a search showing `signs` signs of being unsure: the target plus
    /// [`UNSURE_SHARE`] of it for each, at most the limit.
    pub fn budget(&self, signs: u32) -> Duration {
        let factor = 1.0 + UNSURE_SHARE * signs as f64;
        let wanted = Duration::try_from_secs_f64(self.target.as_secs_f64() * factor)
            .unwrap_or(Duration::MAX);
        wanted.min(self.limit.max(self.target))
    }
}

/// What a finished iteration tells the timer besides its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iteration {
    /// Whether its best move differs from the previous iteration's.
    pub best_changed: bool,
    /// Its value for the side to move at the root.
    pub value: i32,
}

/// The policy applied to one search: it records when each iteration ended and answers
/// whether the next one fits.
#[derive(Debug)]
pub struct IterationTimer<C: Clock> {
    policy: TimePolicy,
    clock: C,
    /// When each finished iteration ended (since the search started).
    ends: Vec<Duration>,
    /// Whether the best move changed in the last two iterations, the latest first.
    changed: [bool; 2],
    last_value: Option<i32>,
    value_fell: bool,
}

impl<C: Clock> IterationTimer<C> {
    /// A timer for a search that started when `clock` read zero.
    pub fn new(policy: TimePolicy, clock: C) -> Self {
        IterationTimer {
            policy,
            clock,
            ends: Vec::new(),
            changed: [false; 2],
            last_value: None,
            value_fell: false,
        }
    }

    pub fn policy(&self) -> &TimePolicy {
        &self.policy
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }

    /// Records that an iteration has just finished.
    pub fn finished(&mut self, iteration: Iteration) {
        self.ends.push(self.clock.elapsed());
        self.changed = [iteration.best_changed, self.changed[0]];
        if let Some(last) = self.last_value {
            self.value_fell = last.saturating_sub(iteration.value) >= self.policy.value_margin;
        }
        self.last_value = Some(iteration.value);
    }

    /// When each finished iteration ended.
    pub fn ends(&self) -> &[Duration] {
        &self.ends
    }

    /// How many signs of being unsure the last iterations showed (0 to 3).
    pub fn unsure_signs(&self) -> u32 {
        self.changed.iter().filter(|&&c| c).count() as u32 + self.value_fell as u32
    }

    /// The time this move may take now: the target, more when unsure, at most the limit.
    pub fn budget(&self) -> Duration {
        self.policy.budget(self.unsure_signs())
    }

    /// Whether the budget is spent: the running iteration must stop.
    pub fn time_is_up(&self) -> bool {
        self.clock.elapsed() >= self.budget()
    }

    /// What the next iteration is predicted to cost: the last one's cost times the growth
    /// of the last iterations (the geometric mean of the last two ratios, which evens out
    /// the odd-even swing of alpha-beta), or [`DEFAULT_GROWTH`] when they cannot tell.
    /// `None` before the first iteration has finished.
    pub fn predicted_next(&self) -> Option<Duration> {
        predict_next(&self.ends)
    }

    /// Whether the next iteration is predicted to finish within the budget.
    pub fn next_fits(&self) -> bool {
        let now = self.clock.elapsed();
        let Some(next) = self.predicted_next() else {
            return now < self.budget();
        };
        now.checked_add(next)
            .is_some_and(|end| end <= self.budget())
    }
}

/// [`IterationTimer::predicted_next`] for iterations that ended at `ends`.
pub fn predict_next(ends: &[Duration]) -> Option<Duration> {
    let ends: Vec<f64> = ends.iter().map(Duration::as_secs_f64).collect();
    let next = predict_next_cost(&ends, MEASURABLE.as_secs_f64())?;
    Some(Duration::try_from_secs_f64(next).unwrap_or(Duration::MAX))
}

/// The cost of the iteration after those that ended at `ends` (a running total): the last
/// one's cost times the growth, the geometric mean of the last two ratios between
/// consecutive costs (a ratio only where the cost before is at least `measurable`), or
/// [`DEFAULT_GROWTH`], held to [`GROWTH_RANGE`].
fn predict_next_cost(ends: &[f64], measurable: f64) -> Option<f64> {
    let costs: Vec<f64> = ends
        .iter()
        .scan(0.0, |before: &mut f64, &end| {
            let cost = (end - *before).max(0.0);
            *before = end;
            Some(cost)
        })
        .collect();
    let last = *costs.last()?;
    let ratio = |i: usize| {
        let (a, b) = (costs[i - 1], costs[i]);
        (a >= measurable && a > 0.0).then(|| b / a)
    };
    let n = costs.len();
    let growth = match (n >= 2).then(|| ratio(n - 1)).flatten() {
        Some(r) => match (n >= 3).then(|| ratio(n - 2)).flatten() {
            Some(before) => (r * before).sqrt(),
            None => r,
        },
        None => DEFAULT_GROWTH,
    };
    Some(last * growth.clamp(GROWTH_RANGE.0, GROWTH_RANGE.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Runs iterations of the given costs on a fake clock until the timer says the next one
    /// does not fit (or the costs run out); the number run and the time they took.
    fn deepen(policy: TimePolicy, costs: &[u64], changes: &[bool]) -> (usize, Duration) {
        let clock = std::sync::Arc::new(FakeClock::new());
        let mut timer = IterationTimer::new(policy, clock.clone());
        let mut done = 0;
        while done < costs.len() && timer.next_fits() {
            clock.advance(ms(costs[done]));
            timer.finished(Iteration {
                best_changed: changes.get(done).copied().unwrap_or(false),
                value: 0,
            });
            done += 1;
        }
        (done, clock.elapsed())
    }

    #[test]
    fn the_next_iteration_starts_while_it_fits_and_not_when_it_does_not() {
        // Each iteration costs three times the last: 1, 3, 9, 27, 81 ms. With 50 ms the
        // fourth (ending at 40 ms) is predicted to end at 13 + 27 = 40 ms and is started;
        // the fifth, predicted at 40 + 81, is not.
        let policy = TimePolicy::fixed(ms(50));
        assert_eq!(deepen(policy, &[1, 3, 9, 27, 81, 243], &[]), (4, ms(40)));
        // With 39 ms the fourth no longer fits: the search stops at 13 ms.
        assert_eq!(
            deepen(TimePolicy::fixed(ms(39)), &[1, 3, 9, 27, 81], &[]),
            (3, ms(13))
        );
        // With 122 ms the fifth fits too (it ends at 121 ms).
        assert_eq!(
            deepen(TimePolicy::fixed(ms(122)), &[1, 3, 9, 27, 81, 243], &[]),
            (5, ms(121))
        );
    }

    #[test]
    fn a_search_is_not_stopped_at_a_fixed_share_of_its_budget() {
        // After 35 ms of 80 (past the 40 % an older rule stopped at) a fourth iteration
        // predicted at 40 ms still fits, and is started.
        let (done, used) = deepen(TimePolicy::fixed(ms(80)), &[5, 10, 20, 40, 80], &[]);
        assert_eq!((done, used), (4, ms(75)));
    }

    #[test]
    fn the_growth_is_the_geometric_mean_of_the_last_two_ratios() {
        // Within a microsecond (the prediction is computed in floating point).
        let about = |ends: &[Duration], expected: Duration| {
            let got = predict_next(ends).unwrap();
            assert!(got.abs_diff(expected) < Duration::from_micros(1), "{got:?}");
        };
        // Odd-even: 2, 4 (×2), 32 (×8): the next is taken as 32 × 4 = 128.
        about(&[ms(2), ms(6), ms(38)], ms(128));
        // One iteration only: the default growth.
        about(&[ms(10)], ms(40));
        // Too short to measure a ratio from: the default growth again.
        let tiny = [Duration::from_micros(10), Duration::from_micros(20), ms(10)];
        about(&tiny, Duration::from_micros((10_000 - 20) * 4));
        // A cheaper iteration than the one before still counts as growing.
        about(&[ms(10), ms(11)], Duration::from_micros(1500));
        assert_eq!(predict_next(&[]), None);
    }

    #[test]
    fn an_unsure_search_may_take_more_but_never_past_the_limit() {
        let policy = TimePolicy {
            target: ms(50),
            limit: ms(80),
            value_margin: 10,
        };
        // Iterations of 2, 4, 8, 16 ms end at 30 ms; the fifth, predicted at 32 ms more,
        // does not fit in 50 ms.
        let costs = [2, 4, 8, 16, 32, 64];
        assert_eq!(deepen(policy, &costs, &[]), (4, ms(30)));
        // When the fourth changed the best move the budget is 50 × 1.5 = 75 ms: the fifth
        // fits (it ends at 62 ms), the sixth does not.
        let changed = [false, false, false, true];
        assert_eq!(deepen(policy, &costs, &changed), (5, ms(62)));
        let clock = std::sync::Arc::new(FakeClock::new());
        let mut timer = IterationTimer::new(policy, clock.clone());
        assert_eq!(timer.budget(), ms(50));
        timer.finished(Iteration {
            best_changed: true,
            value: 100,
        });
        assert_eq!(timer.budget(), ms(75));
        // Changed twice running and the value fell by the margin: 2.5 × 50, held to 80.
        timer.finished(Iteration {
            best_changed: true,
            value: 90,
        });
        assert_eq!(timer.unsure_signs(), 3);
        assert_eq!(timer.budget(), ms(80));
        // Settled again: the target.
        for value in [90, 95] {
            timer.finished(Iteration {
                best_changed: false,
                value,
            });
        }
        assert_eq!(timer.budget(), ms(50));
        // A limit below the target counts as the target.
        let tight = TimePolicy {
            limit: ms(10),
            ..policy
        };
        assert_eq!(tight.budget(3), ms(50));
    }

    #[test]
    fn the_running_iteration_stops_when_the_budget_is_spent() {
        let clock = std::sync::Arc::new(FakeClock::new());
        let timer = IterationTimer::new(TimePolicy::fixed(ms(50)), clock.clone());
        assert!(timer.next_fits(), "the first iteration always starts");
        clock.advance(ms(49));
        assert!(!timer.time_is_up());
        clock.advance(ms(1));
        assert!(timer.time_is_up());
        assert!(!timer.next_fits());
    }

    #[test]
    fn a_ticking_clock_moves_at_each_reading() {
        let clock = FakeClock::ticking(ms(2));
        assert_eq!(clock.elapsed(), ms(0));
        assert_eq!(clock.elapsed(), ms(2));
        clock.advance(ms(10));
        assert_eq!(clock.elapsed(), ms(14));
    }
}
