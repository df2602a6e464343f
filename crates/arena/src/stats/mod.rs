//! The statistics of a tournament: score intervals, ratings and the SPRT.

pub mod interval;
pub mod ratings;
pub mod sprt;

/// Elo points per natural-log unit of strength: a difference `d` in Elo means an expected
/// score of `1 / (1 + 10^(−d/400))`.
pub const ELO_PER_NATURAL_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The expected score of a player `elo` points stronger than its opponent.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that an expected score means (±infinity at 1 and 0).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Wins, draws and losses from one side's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Mean points per game (½ before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }

    /// The same results from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Adds one game: `points` 1 (win), ½ (draw) or 0 (loss) by the usual comparison.
    pub fn add(&mut self, ours: f64, theirs: f64) {
        if ours > theirs {
            self.wins += 1;
        } else if ours < theirs {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-600.0, -100.0, 0.0, 35.0, 400.0] {
            assert!((elo_from_score(expected_score(elo)) - elo).abs() < 1e-9);
        }
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn wdl_counts() {
        let mut w = Wdl::default();
        w.add(1.0, 0.0);
        w.add(0.5, 0.5);
        w.add(0.0, 1.0);
        w.add(2.0, 1.0);
        assert_eq!(
            w,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(w.score(), 2.5 / 4.0);
        assert_eq!(w.flipped().wins, 1);
    }
}
