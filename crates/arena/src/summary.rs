//! The numbers a tournament ends with: results per pairing, ratings, the SPRT, and how each
//! agent spent its time.
//!
//! Games of more than two players are scored pairwise: in each game every pair of seats is a
//! win, draw or loss by comparing their points, which is what the ratings need.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::config::TournamentConfig;
use crate::record::GameRecord;
use crate::stats::interval::{elo_interval, score_interval, Interval};
use crate::stats::ratings::{bradley_terry, Rating, DEFAULT_PRIOR_DRAWS};
use crate::stats::sprt::{SprtConfig, SprtOutcome};
use crate::stats::Wdl;

/// Results of two agents against each other, from the first one's side.
#[derive(Debug, Clone, Serialize)]
pub struct PairingSummary {
    pub first: String,
    pub second: String,
    pub wdl: Wdl,
    pub games: u64,
    /// Mean score of the first agent with its 95 % interval.
    pub score: Interval,
    /// The same as an Elo difference.
    pub elo: Interval,
}

/// How one agent did and how it thought.
#[derive(Debug, Clone, Serialize)]
pub struct AgentSummary {
    pub name: String,
    /// Pairwise results against everyone.
    pub wdl: Wdl,
    pub score: Interval,
    pub rating: Option<Rating>,
    /// Games lost by misbehaving, by reason (`timeout`, `hang`, `panic`, `illegal move`, …).
    pub forfeits: BTreeMap<String, u64>,
    pub moves: u64,
    pub mean_time_ms: f64,
    pub median_time_ms: f64,
    pub mean_nodes: f64,
    pub mean_depth: f64,
    pub mean_iterations: f64,
    /// Mean time of the agent's k-th move of a game (index k − 1), over games that had it.
    pub time_by_move_ms: Vec<f64>,
}

/// The SPRT's verdict: at the first crossing of a bound in game order, and over all games.
#[derive(Debug, Clone, Serialize)]
pub struct SprtSummary {
    pub config: SprtConfig,
    pub sequential: SprtOutcome,
    pub all_games: SprtOutcome,
}

/// Everything `summary.json` and `report.md` show.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub games: usize,
    pub anchor: String,
    pub agents: Vec<AgentSummary>,
    pub pairings: Vec<PairingSummary>,
    /// Games by how they ended.
    pub terminations: BTreeMap<String, u64>,
    pub sprt: Option<SprtSummary>,
}

/// Sums up `records` (in schedule order) for `config`.
pub fn summarize(config: &TournamentConfig, records: &[GameRecord]) -> Summary {
    let n = config.agents.len();
    let anchor = config.anchor_index().unwrap_or(0);
    // results[a][b]: games of a against b with a < b, from a's side (each game once).
    let mut results = vec![vec![Wdl::default(); n]; n];
    for record in records {
        for (s, t, a, b) in seat_pairs(record) {
            let (ours, theirs) = (record.scores[s], record.scores[t]);
            if a < b {
                results[a][b].add(ours, theirs);
            } else {
                results[b][a].add(theirs, ours);
            }
        }
    }
    let ratings = bradley_terry(&results, anchor, DEFAULT_PRIOR_DRAWS);

    let pairings = (0..n)
        .flat_map(|a| ((a + 1)..n).map(move |b| (a, b)))
        .map(|(a, b)| (a, b, results[a][b]))
        .filter(|(_, _, wdl)| wdl.games() > 0)
        .map(|(a, b, wdl)| PairingSummary {
            first: config.agents[a].clone(),
            second: config.agents[b].clone(),
            wdl,
            games: wdl.games(),
            score: score_interval(&wdl),
            elo: elo_interval(&wdl),
        })
        .collect();

    let agents = (0..n)
        .map(|a| {
            let wdl = (0..n)
                .filter(|&b| b != a)
                .map(|b| {
                    if a < b {
                        results[a][b]
                    } else {
                        results[b][a].flipped()
                    }
                })
                .fold(Wdl::default(), |total, r| Wdl {
                    wins: total.wins + r.wins,
                    draws: total.draws + r.draws,
                    losses: total.losses + r.losses,
                });
            agent_summary(&config.agents[a], a, wdl, ratings[a], records)
        })
        .collect();

    let mut terminations = BTreeMap::new();
    for r in records {
        *terminations
            .entry(r.termination.as_str().to_string())
            .or_insert(0) += 1;
    }

    Summary {
        games: records.len(),
        anchor: config.agents[anchor].clone(),
        agents,
        pairings,
        terminations,
        sprt: config
            .sprt
            .as_ref()
            .map(|t| sprt_summary(config, t, records)),
    }
}

/// Every pair of seats of a game: (seat, seat, agent, agent).
fn seat_pairs(record: &GameRecord) -> impl Iterator<Item = (usize, usize, usize, usize)> + '_ {
    let seats = record.seats.len();
    (0..seats)
        .flat_map(move |s| ((s + 1)..seats).map(move |t| (s, t, record.seats[s], record.seats[t])))
}

fn agent_summary(
    name: &str,
    agent: usize,
    wdl: Wdl,
    rating: Option<Rating>,
    records: &[GameRecord],
) -> AgentSummary {
    let mut times = Vec::new();
    let (mut nodes, mut depth, mut iterations) = (0.0, 0.0, 0.0);
    let mut by_move: Vec<(f64, u64)> = Vec::new();
    let mut forfeits = BTreeMap::new();
    for record in records {
        let Some(seat) = record.seats.iter().position(|&a| a == agent) else {
            continue;
        };
        if record.offender == Some(seat) {
            *forfeits
                .entry(record.termination.as_str().to_string())
                .or_insert(0) += 1;
        }
        for (k, m) in record.moves.iter().filter(|m| m.seat == seat).enumerate() {
            times.push(m.time_ms);
            nodes += m.nodes as f64;
            depth += m.depth as f64;
            iterations += m.iterations as f64;
            if by_move.len() <= k {
                by_move.push((0.0, 0));
            }
            by_move[k].0 += m.time_ms;
            by_move[k].1 += 1;
        }
    }
    let moves = times.len() as u64;
    let mean = |total: f64| {
        if moves == 0 {
            0.0
        } else {
            total / moves as f64
        }
    };
    AgentSummary {
        name: name.to_string(),
        wdl,
        score: score_interval(&wdl),
        rating,
        forfeits,
        moves,
        mean_time_ms: mean(times.iter().sum()),
        median_time_ms: median(&mut times),
        mean_nodes: mean(nodes),
        mean_depth: mean(depth),
        mean_iterations: mean(iterations),
        time_by_move_ms: by_move.iter().map(|&(t, c)| t / c as f64).collect(),
    }
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

fn sprt_summary(
    config: &TournamentConfig,
    test: &SprtConfig,
    records: &[GameRecord],
) -> SprtSummary {
    let first = config.agent_index(&test.first).unwrap_or(0);
    let second = config.agent_index(&test.second).unwrap_or(1);
    // The first agent's points against the second, game by game (1, ½ or 0).
    let stream: Vec<f64> = records
        .iter()
        .flat_map(|r| seat_pairs(r).map(move |p| (r, p)))
        .filter_map(|(r, (s, t, a, b))| {
            let (ours, theirs) = if (a, b) == (first, second) {
                (r.scores[s], r.scores[t])
            } else if (a, b) == (second, first) {
                (r.scores[t], r.scores[s])
            } else {
                return None;
            };
            Some(if ours > theirs {
                1.0
            } else if ours < theirs {
                0.0
            } else {
                0.5
            })
        })
        .collect();
    let mut everything = Wdl::default();
    for &p in &stream {
        everything.add(p, 1.0 - p);
    }
    let (lower, upper) = test.bounds();
    // Name the agents by their specs, however the test named them.
    let mut named = test.clone();
    named.first = config.agents[first].clone();
    named.second = config.agents[second].clone();
    SprtSummary {
        config: named,
        sequential: test.run(stream.iter().copied()),
        all_games: SprtOutcome {
            status: test.status(&everything),
            llr: test.llr(&everything),
            lower,
            upper,
            games: everything.games(),
            wdl: everything,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Termination;

    fn game(index: usize, seats: [usize; 2], scores: [f64; 2], times: &[f64]) -> GameRecord {
        GameRecord {
            index,
            rng_seed: 0,
            seats: seats.to_vec(),
            agents: vec![],
            opening_index: 0,
            opening: vec![],
            start_position: String::new(),
            moves: times
                .iter()
                .enumerate()
                .map(|(k, &t)| crate::record::MoveRecord {
                    seat: k % 2,
                    mv: String::new(),
                    time_ms: t,
                    nodes: 10,
                    depth: 2,
                    iterations: 0,
                    value: 0.0,
                })
                .collect(),
            scores: scores.to_vec(),
            termination: Termination::Normal,
            offender: None,
            reason: String::new(),
            duration_ms: 0.0,
        }
    }

    #[test]
    fn pairings_ratings_and_times_add_up() {
        let config = TournamentConfig::new(vec!["a".into(), "b".into(), "c".into()]);
        let records = vec![
            game(0, [0, 1], [1.0, 0.0], &[1.0, 2.0, 3.0]),
            game(1, [1, 0], [0.5, 0.5], &[4.0, 5.0]),
            game(2, [2, 0], [1.0, 0.0], &[6.0]),
        ];
        let s = summarize(&config, &records);
        assert_eq!(s.pairings.len(), 2);
        let ab = &s.pairings[0];
        assert_eq!((ab.wdl.wins, ab.wdl.draws, ab.wdl.losses), (1, 1, 0));
        let ac = &s.pairings[1];
        assert_eq!((ac.first.as_str(), ac.wdl.losses), ("a", 1));
        let a = &s.agents[0];
        assert_eq!(a.wdl.games(), 3);
        // a moved at seat 0 in game 0 (1, 3 ms), seat 1 in game 1 (5 ms), seat 1 in game 2 (none).
        assert_eq!(a.moves, 3);
        assert_eq!(a.median_time_ms, 3.0);
        assert_eq!(a.time_by_move_ms, [3.0, 3.0]);
        assert_eq!(s.agents[0].rating.unwrap().elo, 0.0);
        assert!(s.agents[2].rating.unwrap().elo > 0.0);
        assert!(s.agents[1].rating.unwrap().elo < 0.0);
        assert_eq!(s.terminations["normal"], 3);
    }
}
