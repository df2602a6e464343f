//! Bradley–Terry ratings from a table of pairwise results, on the Elo scale, with error bars.
//!
//! Each agent `i` has a strength `γ_i`; `i` beats `j` with probability `γ_i / (γ_i + γ_j)`,
//! which is the Elo model with `elo_i = 400·log10(γ_i)`. A draw counts as half a win for each
//! side. The maximum-likelihood strengths come from Hunter's MM iteration (2004), always
//! convergent when every agent is linked to the anchor by games. A small prior (virtual
//! draws between agents that met) keeps a perfect record from rating infinitely high.
//!
//! Error bars come from the observed Fisher information with the anchor held fixed: the
//! inverse of that matrix is the covariance of the other agents' log-strengths, so an error
//! bar is the uncertainty of an agent's rating relative to the anchor.

use serde::Serialize;

use super::interval::Z95;
use super::{Wdl, ELO_PER_NATURAL_UNIT};

/// Virtual draws added to every pair that played, unless told otherwise.
pub const DEFAULT_PRIOR_DRAWS: f64 = 1.0;

/// One agent's rating relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rating {
    /// Elo points above the anchor (0 for the anchor itself).
    pub elo: f64,
    /// Half-width of the 95 % interval (0 for the anchor).
    pub error95: f64,
    /// Games played.
    pub games: u64,
}

/// Fits ratings to `results[i][j]` (the results of `i` against `j`, from `i`'s side),
/// anchored on `anchor`. Agents with no chain of games to the anchor get `None`.
pub fn bradley_terry(results: &[Vec<Wdl>], anchor: usize, prior_draws: f64) -> Vec<Option<Rating>> {
    let n = results.len();
    let linked = linked_to(results, anchor);
    let members: Vec<usize> = (0..n).filter(|&i| linked[i]).collect();
    // Points of i against j, prior included. Both cells of the table may hold games between
    // the pair, so both are read.
    let points = |i: usize, j: usize| -> f64 {
        let (ours, theirs) = (&results[i][j], &results[j][i]);
        if ours.games() + theirs.games() == 0 {
            0.0
        } else {
            ours.points() + theirs.flipped().points() + prior_draws / 2.0
        }
    };
    let mut w = vec![vec![0.0; n]; n];
    for &i in &members {
        for &j in &members {
            if i != j {
                w[i][j] = points(i, j);
            }
        }
    }
    let gamma = fit_strengths(&w, &members, anchor);
    let covariance = covariance_without_anchor(&w, &gamma, &members, anchor);

    let mut ratings = vec![None; n];
    for (k, &i) in members.iter().enumerate() {
        let games: u64 = (0..n)
            .filter(|&j| j != i)
            .map(|j| results[i][j].games() + results[j][i].games())
            .sum();
        let error95 = if i == anchor {
            0.0
        } else {
            let slot = if i < anchor { k } else { k - 1 };
            Z95 * covariance[slot][slot].max(0.0).sqrt() * ELO_PER_NATURAL_UNIT
        };
        ratings[i] = Some(Rating {
            elo: gamma[i].ln() * ELO_PER_NATURAL_UNIT,
            error95,
            games,
        });
    }
    ratings
}

/// Which agents are joined to `anchor` by a chain of games.
fn linked_to(results: &[Vec<Wdl>], anchor: usize) -> Vec<bool> {
    let n = results.len();
    let mut seen = vec![false; n];
    let mut stack = vec![anchor];
    seen[anchor] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if !seen[j] && results[i][j].games() + results[j][i].games() > 0 {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// Hunter's MM iteration: `γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, rescaled so `γ_anchor = 1`.
fn fit_strengths(w: &[Vec<f64>], members: &[usize], anchor: usize) -> Vec<f64> {
    let n = w.len();
    let mut gamma = vec![1.0; n];
    for _ in 0..100_000 {
        let mut biggest_step: f64 = 0.0;
        for &i in members {
            let won: f64 = members.iter().map(|&j| w[i][j]).sum();
            let denominator: f64 = members
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| (w[i][j] + w[j][i]) / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 && won > 0.0 {
                let next = won / denominator;
                biggest_step = biggest_step.max((next / gamma[i]).ln().abs());
                gamma[i] = next;
            }
        }
        let scale = gamma[anchor];
        for &i in members {
            gamma[i] /= scale;
        }
        if biggest_step < 1e-13 {
            break;
        }
    }
    gamma
}

/// The inverse Fisher information of the log-strengths, the anchor's row and column removed
/// (members in order, skipping the anchor).
fn covariance_without_anchor(
    w: &[Vec<f64>],
    gamma: &[f64],
    members: &[usize],
    anchor: usize,
) -> Vec<Vec<f64>> {
    let free: Vec<usize> = members.iter().copied().filter(|&i| i != anchor).collect();
    let m = free.len();
    let mut info = vec![vec![0.0; m]; m];
    for (a, &i) in free.iter().enumerate() {
        for &j in members {
            if j == i {
                continue;
            }
            let games = w[i][j] + w[j][i];
            let p = gamma[i] / (gamma[i] + gamma[j]);
            let curvature = games * p * (1.0 - p);
            info[a][a] += curvature;
            if let Some(b) = free.iter().position(|&f| f == j) {
                info[a][b] -= curvature;
            }
        }
    }
    invert(info)
}

/// Gauss–Jordan inversion with partial pivoting (the matrices here are a few agents wide).
/// A singular matrix yields infinite variances rather than a panic.
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..m {
        let pivot = (col..m)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .expect("non-empty range");
        if a[pivot][col].abs() < 1e-300 {
            return vec![vec![f64::INFINITY; m]; m];
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..m {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in 0..m {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..m {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::super::expected_score;
    use super::*;

    fn table(n: usize) -> Vec<Vec<Wdl>> {
        vec![vec![Wdl::default(); n]; n]
    }

    fn set(t: &mut [Vec<Wdl>], i: usize, j: usize, wins: u64, draws: u64, losses: u64) {
        t[i][j] = Wdl {
            wins,
            draws,
            losses,
        };
    }

    /// Two agents have a closed form: the strength ratio is the points ratio and the variance
    /// of the log-ratio is 1 / (n·p·(1−p)).
    #[test]
    fn two_agents_closed_form() {
        let mut t = table(2);
        set(&mut t, 0, 1, 30, 10, 10);
        let r = bradley_terry(&t, 1, 0.0);
        let a = r[0].unwrap();
        let expected = 400.0 * (35.0f64 / 15.0).log10();
        assert!((a.elo - expected).abs() < 1e-6, "{a:?} vs {expected}");
        let se = (1.0f64 / (50.0 * 0.7 * 0.3)).sqrt() * ELO_PER_NATURAL_UNIT;
        assert!((a.error95 - Z95 * se).abs() < 1e-6);
        assert_eq!(r[1].unwrap().elo, 0.0);
        assert_eq!(a.games, 50);
    }

    /// A result table built from known ratings (every pair's wins in proportion to the Elo
    /// expectation) gives those ratings back.
    #[test]
    fn recovers_known_ratings() {
        let truth = [0.0, 120.0, -80.0, 250.0, 40.0];
        let n = truth.len();
        let games = 20_000u64;
        let mut t = table(n);
        for i in 0..n {
            for j in (i + 1)..n {
                let wins = (games as f64 * expected_score(truth[i] - truth[j])).round() as u64;
                set(&mut t, i, j, wins, 0, games - wins);
            }
        }
        for (prior, tolerance) in [(0.0, 0.5), (DEFAULT_PRIOR_DRAWS, 1.0)] {
            let r = bradley_terry(&t, 0, prior);
            for i in 0..n {
                let got = r[i].unwrap().elo;
                assert!(
                    (got - truth[i]).abs() < tolerance,
                    "agent {i}: {got} vs {} (prior {prior})",
                    truth[i]
                );
            }
        }
        // Anchored elsewhere, the differences stay the same.
        let r = bradley_terry(&t, 3, 0.0);
        assert!((r[1].unwrap().elo - (120.0 - 250.0)).abs() < 0.5);
        assert_eq!(r[3].unwrap().error95, 0.0);
    }

    #[test]
    fn error_bars_shrink_with_games_and_results_on_both_sides_add_up() {
        let mut small = table(3);
        set(&mut small, 0, 1, 6, 2, 2);
        set(&mut small, 1, 2, 5, 0, 5);
        let mut big = table(3);
        set(&mut big, 0, 1, 600, 200, 200);
        set(&mut big, 1, 2, 500, 0, 500);
        let s = bradley_terry(&small, 0, 0.0);
        let b = bradley_terry(&big, 0, 0.0);
        for i in 1..3 {
            let ratio = s[i].unwrap().error95 / b[i].unwrap().error95;
            assert!((ratio - 10.0).abs() < 0.5, "agent {i}: ratio {ratio}");
        }
        // The same games recorded from the other side give the same fit.
        let mut mirrored = table(3);
        set(&mut mirrored, 1, 0, 200, 200, 600);
        set(&mut mirrored, 2, 1, 500, 0, 500);
        let m = bradley_terry(&mirrored, 0, 0.0);
        assert!((m[1].unwrap().elo - b[1].unwrap().elo).abs() < 1e-6);
    }

    #[test]
    fn perfect_records_stay_finite_and_strangers_are_unrated() {
        let mut t = table(3);
        set(&mut t, 0, 1, 10, 0, 0);
        let r = bradley_terry(&t, 1, DEFAULT_PRIOR_DRAWS);
        let top = r[0].unwrap();
        assert!(top.elo.is_finite() && top.elo > 400.0, "{top:?}");
        assert!(r[2].is_none(), "agent 2 played nobody");
    }
}
