//! The learning curve's chart: both panels name what they draw.

use ply_learn::run::curve::{self, CurvePoint};
use ply_learn::run::MatchResult;

use crate::scratch;

fn result(elo: f64) -> MatchResult {
    MatchResult {
        games: 40,
        wins: 20,
        draws: 0,
        losses: 20,
        score: 0.5,
        elo,
        elo_low: elo - 100.0,
        elo_high: elo + 100.0,
    }
}

#[test]
fn the_curve_names_its_series_in_legends() {
    let dir = scratch("curve");
    let points: Vec<CurvePoint> = (1..=4)
        .map(|i| CurvePoint {
            step: i * 500,
            games: i * 3000,
            seconds: i as f64 * 300.0,
            baseline: Some(result(i as f64 * 60.0 - 100.0)),
            gate: Some(result(30.0)),
            promoted: i % 2 == 0,
        })
        .collect();
    let losses: Vec<(u64, f64, f64)> = (1..=2000).map(|s| (s, 1.0 + 1.0 / s as f64, 0.2)).collect();
    let path = dir.join("curve.svg");
    curve::draw(&path, "a test run", &points, &losses).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    for text in [
        "a test run",
        "Elo (bars: 95 % interval)",
        "a net the gate promoted",
        "policy (cross-entropy)",
        "value (squared error",
    ] {
        assert!(svg.contains(text), "the chart lacks {text:?}");
    }
}
