//! The sequential probability ratio test between two agents (as chess engine testers use it).
//!
//! H0: the first agent is `elo0` stronger than the second; H1: it is `elo1` stronger. After
//! each game the log-likelihood ratio of H1 to H0 is compared with Wald's bounds
//! `ln(β / (1−α))` and `ln((1−β) / α)`: below the lower one H0 is accepted, above the upper
//! one H1 is accepted, in between the test goes on.
//!
//! The ratio uses the normal approximation of the trinomial (win/draw/loss) model (Van den
//! Bergh's "GSPRT"): `LLR ≈ n·(s1 − s0)·(2·x̄ − s0 − s1) / (2·σ²)`, with `x̄` the mean score,
//! `σ²` the variance of one game's score and `s0`, `s1` the scores the two Elo values expect.
//! Half a game of each kind is added to the variance so that the first few, all-alike games
//! do not give a zero variance and an instant verdict.

use serde::{Deserialize, Serialize};

use super::{expected_score, Wdl};
use crate::error::ArenaError;

/// The largest Elo difference a hypothesis may name: at 1000 the stronger side is expected
/// to score 99.7 %, and no test of a feasible length tells larger differences apart.
pub const MAX_ELO: f64 = 1000.0;

/// What `elo0` and `elo1` must be, for the message that refuses one.
const ELO_RULE: &str = "must be a number of Elo points from -1000 to 1000";

/// The hypotheses and error rates of a test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtConfig {
    /// The agent under test (a spec, or its 1-based position in the list).
    pub first: String,
    /// The agent it is measured against.
    pub second: String,
    pub elo0: f64,
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl SprtConfig {
    /// A test of `first` against `second` with α = β = 0.05.
    pub fn new(first: &str, second: &str, elo0: f64, elo1: f64) -> Self {
        SprtConfig {
            first: first.to_string(),
            second: second.to_string(),
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    pub fn validate(&self) -> Result<(), ArenaError> {
        let bad = |what: &str, value: f64, rule: &str| {
            // A huge value is shown as its exponent, not as hundreds of digits.
            let shown = if value.abs() >= 1e6 {
                format!("{value:e}")
            } else {
                value.to_string()
            };
            Err(ArenaError::setting(&format!("sprt {what}"), shown, rule))
        };
        for (what, elo) in [("elo0", self.elo0), ("elo1", self.elo1)] {
            if !(elo.is_finite() && elo.abs() <= MAX_ELO) {
                return bad(what, elo, ELO_RULE);
            }
        }
        if self.elo1 <= self.elo0 {
            return bad(
                "elo1",
                self.elo1,
                &format!("must be greater than elo0 ({})", self.elo0),
            );
        }
        for (what, p) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return bad(what, p, "must lie strictly between 0 and 0.5");
            }
        }
        if self.first == self.second {
            return Err(ArenaError::setting(
                "sprt",
                &self.first,
                "needs two different agents",
            ));
        }
        Ok(())
    }

    /// Wald's lower and upper bounds on the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 to H0 after the results `wdl` (first agent's side).
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let n = wdl.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let mean = wdl.score();
        let (w, d, l) = (
            wdl.wins as f64 + 0.5,
            wdl.draws as f64 + 0.5,
            wdl.losses as f64 + 0.5,
        );
        let total = w + d + l;
        let reg_mean = (w + 0.5 * d) / total;
        let variance =
            (w * (1.0 - reg_mean).powi(2) + d * (0.5 - reg_mean).powi(2) + l * reg_mean.powi(2))
                / total;
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The verdict after the results `wdl`.
    pub fn status(&self, wdl: &Wdl) -> SprtStatus {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtStatus::AcceptH1
        } else if llr <= lower {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }

    /// Runs the test along a stream of games (each the first agent's points: 1, ½ or 0),
    /// stopping at the first verdict.
    pub fn run<I: IntoIterator<Item = f64>>(&self, games: I) -> SprtOutcome {
        let mut wdl = Wdl::default();
        for points in games {
            wdl.add(points, 1.0 - points);
            let status = self.status(&wdl);
            if status != SprtStatus::Continue {
                return self.outcome(status, wdl);
            }
        }
        self.outcome(SprtStatus::Continue, wdl)
    }

    fn outcome(&self, status: SprtStatus, wdl: Wdl) -> SprtOutcome {
        let (lower, upper) = self.bounds();
        SprtOutcome {
            status,
            llr: self.llr(&wdl),
            lower,
            upper,
            games: wdl.games(),
            wdl,
        }
    }
}

/// Where a test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SprtStatus {
    /// H0 accepted: the first agent is not `elo1` stronger.
    AcceptH0,
    /// H1 accepted: the first agent is at least about `elo1` stronger.
    AcceptH1,
    /// Not enough games yet.
    Continue,
}

impl std::fmt::Display for SprtStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SprtStatus::AcceptH0 => "H0 accepted",
            SprtStatus::AcceptH1 => "H1 accepted",
            SprtStatus::Continue => "no decision yet",
        })
    }
}

/// A test's verdict with the numbers behind it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtOutcome {
    pub status: SprtStatus,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// Games used up to the verdict (all of them without one).
    pub games: u64,
    pub wdl: Wdl,
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    /// A stream of games by an agent `elo` stronger than its opponent, with `draw_rate` draws.
    fn stream(
        elo: f64,
        draw_rate: f64,
        rng: &mut Xoshiro256PlusPlus,
    ) -> impl Iterator<Item = f64> + '_ {
        let score = expected_score(elo);
        // Draws take half a point each; wins make up the rest of the expected score.
        let win = score - draw_rate / 2.0;
        assert!(win >= 0.0 && win + draw_rate <= 1.0);
        (0..200_000).map(move |_| {
            let u: f64 = rng.random();
            if u < win {
                1.0
            } else if u < win + draw_rate {
                0.5
            } else {
                0.0
            }
        })
    }

    fn acceptance_of_h1(test: &SprtConfig, elo: f64, runs: usize, rng_seed: u64) -> (f64, f64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(rng_seed);
        let mut accepted = 0;
        let mut games = 0;
        for _ in 0..runs {
            let outcome = test.run(stream(elo, 0.3, &mut rng));
            assert_ne!(
                outcome.status,
                SprtStatus::Continue,
                "no verdict in 200000 games"
            );
            games += outcome.games;
            if outcome.status == SprtStatus::AcceptH1 {
                accepted += 1;
            }
        }
        (accepted as f64 / runs as f64, games as f64 / runs as f64)
    }

    /// Streams of known strength: at elo1 the test accepts H1 about 1 − β of the time, at
    /// elo0 about α of the time; far from both it is almost always right.
    #[test]
    fn accepts_and_rejects_on_streams_of_known_strength() {
        let test = SprtConfig::new("a", "b", 0.0, 40.0);
        let runs = 300;
        let (at_h1, games_h1) = acceptance_of_h1(&test, 40.0, runs, 1);
        let (at_h0, _) = acceptance_of_h1(&test, 0.0, runs, 2);
        let (far_above, _) = acceptance_of_h1(&test, 100.0, runs, 3);
        let (far_below, _) = acceptance_of_h1(&test, -60.0, runs, 4);
        assert!(
            at_h1 >= 0.90,
            "H1 accepted only {at_h1} of the time at elo1"
        );
        assert!(at_h0 <= 0.10, "H1 accepted {at_h0} of the time at elo0");
        assert!(far_above >= 0.995, "{far_above}");
        assert!(far_below <= 0.005, "{far_below}");
        assert!(
            games_h1 > 50.0,
            "verdicts came suspiciously fast: {games_h1} games"
        );
    }

    #[test]
    fn bounds_and_first_games() {
        let test = SprtConfig::new("a", "b", 0.0, 10.0);
        let (lower, upper) = test.bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
        // Three wins out of three are not proof of a 10 Elo edge.
        let out = test.run([1.0, 1.0, 1.0]);
        assert_eq!(out.status, SprtStatus::Continue);
        assert!(out.llr > 0.0);
    }

    #[test]
    fn validation() {
        let mut t = SprtConfig::new("a", "b", 5.0, 0.0);
        assert!(t.validate().unwrap_err().to_string().contains("elo1"));
        t.elo1 = 10.0;
        t.alpha = 0.0;
        assert!(t.validate().unwrap_err().to_string().contains("alpha"));
        t.alpha = 0.05;
        t.validate().unwrap();
    }

    /// `--sprt NaN,1` blamed elo1, and `--sprt=-1e308,1e308` was accepted, printed a
    /// 309-digit Elo and accepted H0 after one game (issue 39, row 16).
    #[test]
    fn each_elo_is_a_finite_number_within_the_bound_and_the_bad_one_is_named() {
        for (elo0, elo1, named) in [
            (f64::NAN, 1.0, "sprt elo0 = NaN"),
            (0.0, f64::NAN, "sprt elo1 = NaN"),
            (-1e308, 1e308, "sprt elo0 = -1e308:"),
            (0.0, f64::INFINITY, "sprt elo1 = inf"),
            (0.0, 1000.5, "sprt elo1 = 1000.5"),
            (-1001.0, 0.0, "sprt elo0 = -1001"),
            (10.0, 10.0, "sprt elo1 = 10: must be greater than elo0 (10)"),
        ] {
            let err = SprtConfig::new("a", "b", elo0, elo1)
                .validate()
                .unwrap_err()
                .to_string();
            assert!(err.contains(named), "{elo0},{elo1}: {err}");
            if !named.contains("greater") {
                assert!(err.contains("from -1000 to 1000"), "{err}");
            }
        }
        SprtConfig::new("a", "b", -1000.0, 1000.0)
            .validate()
            .unwrap();
    }
}
