//! Seed 003 (English report, FAUhalma): time per move and win rate of strategies 1-5 (its
//! Table 1: the three-player star, the server's "easy" level) and each strategy on the level
//! it was built for (its Table 2).
//!
//! The source played a course server's opponents, which we do not have; ours play `greedy`
//! (one ply ahead with the game's evaluator) in their place, in every seat but the
//! strategy's. Win rate is seed 003's: ranking points per game over the most a game gives
//! (first place 1.0, second 0.5 with three players).

use ply_arena::{Format, GameRecord, OpeningSource, Termination, TournamentResult};
use ply_core::Game;
use ply_halma::{catalog, BoardKind, Halma};
use serde::Serialize;

use super::matches::{self, Match};
use super::{Claim, Plan};

/// Seed 003's Table 1 (level 5: three-player star, easy): strategy, time per move in seconds,
/// win rate, and the table's footnote if any.
pub const TABLE1: [(&str, f64, f64, &str); 5] = [
    ("seed003-s1", 2.31, 0.20, ""),
    (
        "seed003-s2",
        2.38,
        0.55,
        "(1) combined with strategy 1 when it ran out of moves",
    ),
    (
        "seed003-s3",
        20.52,
        0.40,
        "(2) depth 5, best moves preloaded from a file",
    ),
    ("seed003-s4", 1.34, 0.70, ""),
    ("seed003-s5", 2.13, 0.75, ""),
];

/// Seed 003's Table 2: the level, its environment, the strategy, the server's rating.
pub struct LevelRow {
    pub level: u32,
    pub environment: &'static str,
    pub strategy: Option<&'static str>,
    pub theirs: &'static str,
    /// Board and players of the environment, if we rerun the row.
    pub rerun: Option<(BoardKind, usize)>,
}

pub const TABLE2: [LevelRow; 8] = [
    level(
        1,
        "rhombus, 2 players",
        Some("seed003-s1"),
        "1.0/1.0 (100 %)",
        Some((BoardKind::Rhombus, 2)),
    ),
    level(
        2,
        "star, 2 players, easy",
        Some("seed003-s2"),
        "0.9/1.0 (90 %)",
        Some((BoardKind::Star, 2)),
    ),
    level(
        3,
        "star, 2 players, medium",
        Some("seed003-s3"),
        "0.8/1.0 (80 %)",
        Some((BoardKind::Star, 2)),
    ),
    level(
        4,
        "star, 2 players, difficult",
        Some("seed003-s4"),
        "0.5/1.0 (50 %)",
        Some((BoardKind::Star, 2)),
    ),
    level(
        5,
        "star, 3 players, easy",
        Some("seed003-s5"),
        "1.52/2.0 (76 %)",
        Some((BoardKind::Star, 3)),
    ),
    level(
        6,
        "star, 3 players, medium",
        Some("seed003-s5"),
        "1.02/2.0 (51 %)",
        None,
    ),
    level(
        7,
        "star, 3 players, difficult",
        Some("seed003-s5"),
        "0.92/2.0 (46 %)",
        None,
    ),
    level(8, "star, 3 players, hardcore", None, "not evaluated", None),
];

const fn level(
    level: u32,
    environment: &'static str,
    strategy: Option<&'static str>,
    theirs: &'static str,
    rerun: Option<(BoardKind, usize)>,
) -> LevelRow {
    LevelRow {
        level,
        environment,
        strategy,
        theirs,
        rerun,
    }
}

pub const THEIRS: &[Claim] = &[
    Claim {
        what: "Table 1: time per move and win rate of strategies 1-5, level 5",
        theirs: "see the table below",
        source: "§5, Table 1 (win rate over 10 games, Figure 10)",
    },
    Claim {
        what: "Table 2: the server's rating of each strategy on its level",
        theirs: "see the table below",
        source: "§5, Table 2 (\"win rate per 50 games\")",
    },
    Claim {
        what: "Opponents",
        theirs: "the AI Systems Project server's levels 1-8",
        source: "§5; not available to us, replaced by greedy",
    },
];

/// The opponent standing in for the server's.
pub const OPPONENT: &str = "greedy";

/// One strategy's games in one environment.
#[derive(Debug, Clone, Serialize)]
pub struct StrategyResult {
    pub strategy: String,
    pub board: String,
    pub players: usize,
    pub games: usize,
    /// Games that ended by the rules, not at the ply limit.
    pub finished: usize,
    pub first_places: usize,
    /// Mean ranking points per game (2/1/0 with three players, 1/0 with two; at the ply
    /// limit, players not yet home rank after those who are, by pegs home, ties sharing).
    pub mean_points: f64,
    /// `mean_points` over the most a game gives: seed 003's win rate.
    pub win_rate: f64,
    /// The strategy's mean and median time per move (wall clock, as the arena measures it).
    pub mean_time_ms: f64,
    pub median_time_ms: f64,
    pub mean_nodes: f64,
    pub tournament: TournamentResult,
}

#[derive(Debug, Clone, Serialize)]
pub struct Seed003 {
    pub opponent: String,
    /// Table 1: strategies 1-5 on the three-player star.
    pub table1: Vec<StrategyResult>,
    /// Table 2: levels 1-4 (two players); level 5 is Table 1's strategy 5.
    pub table2: Vec<StrategyResult>,
}

pub fn run(plan: &Plan) -> anyhow::Result<Seed003> {
    let mut table1 = Vec::new();
    for (strategy, ..) in TABLE1 {
        table1.push(play(plan, strategy, BoardKind::Star, 3)?);
    }
    let mut table2 = Vec::new();
    for row in TABLE2.iter().filter(|r| r.level < 5) {
        if let (Some(strategy), Some((board, players))) = (row.strategy, row.rerun) {
            table2.push(play(plan, strategy, board, players)?);
        }
    }
    Ok(Seed003 {
        opponent: OPPONENT.to_string(),
        table1,
        table2,
    })
}

/// `strategy` against copies of the opponent in every other seat, from random openings of
/// one move per player.
fn play(
    plan: &Plan,
    strategy: &str,
    board: BoardKind,
    players: usize,
) -> anyhow::Result<StrategyResult> {
    let start = Halma::new(board, players)?;
    let mut agents = vec![strategy.to_string()];
    agents.extend((1..players).map(|i| format!("{OPPONENT}#{i}")));
    let tournament = matches::play(
        &start,
        &catalog(),
        &Match {
            agents: &agents,
            format: Format::Gauntlet,
            games_per_pairing: plan.halma_games,
            openings: OpeningSource::Random { plies: players },
            max_plies: plan.halma_max_plies,
            rng_seed: plan.rng_seed,
            concurrency: plan.concurrency,
        },
    )?;
    let records = &tournament.records;
    let mut points = 0.0;
    let mut first_places = 0;
    for record in records {
        let p = strategy_points(&start, record)?;
        points += p;
        if p == (players - 1) as f64 {
            first_places += 1;
        }
    }
    let games = records.len();
    let mean_points = points / games.max(1) as f64;
    let me = &tournament.summary.agents[0];
    Ok(StrategyResult {
        strategy: strategy.to_string(),
        board: board_name(board).to_string(),
        players,
        games,
        finished: records
            .iter()
            .filter(|r| r.termination == Termination::Normal)
            .count(),
        first_places,
        mean_points,
        win_rate: mean_points / (players - 1) as f64,
        mean_time_ms: me.mean_time_ms,
        median_time_ms: me.median_time_ms,
        mean_nodes: me.mean_nodes,
        tournament,
    })
}

fn board_name(board: BoardKind) -> &'static str {
    match board {
        BoardKind::Rhombus => "rhombus",
        BoardKind::Star => "star",
        BoardKind::Star121 => "star121",
    }
}

/// The ranking points of agent 0 (the strategy) in `record`. A game that ended by the rules
/// has them as its score; at the ply limit the arena calls it a draw, but seed 003 ranks
/// whoever brought every peg home first, so the game is replayed to find who finished when.
/// Players still out are ranked after them by pegs home, as the game itself ranks them.
fn strategy_points(start: &Halma, record: &GameRecord) -> anyhow::Result<f64> {
    let seat = record
        .seats
        .iter()
        .position(|&a| a == 0)
        .ok_or_else(|| anyhow::anyhow!("game {} has no seat for the strategy", record.index))?;
    if record.termination != Termination::MoveLimit {
        return Ok(record.scores[seat]);
    }
    let n = record.seats.len();
    let mut state = start.from_text(&record.start_position)?;
    let mut finish_order: Vec<usize> = (0..n).filter(|&p| state.has_finished(p)).collect();
    for m in &record.moves {
        state.play_notation(&m.mv)?;
        for p in 0..n {
            if state.has_finished(p) && !finish_order.contains(&p) {
                finish_order.push(p);
            }
        }
    }
    // Lower is better: finishers by when, then the others by pegs home.
    let key = |p: usize| match finish_order.iter().position(|&q| q == p) {
        Some(place) => (0, place as i64),
        None => (1, -i64::from(state.pegs_home(p))),
    };
    Ok(shared_place_points(n, key, seat))
}

/// The points of `seat` when `n` players are ranked by `key` (lower is better): place i is
/// worth n - 1 - i, and players with equal keys share the points of their places.
fn shared_place_points<K: Ord>(n: usize, key: impl Fn(usize) -> K, seat: usize) -> f64 {
    let mine = key(seat);
    let ahead = (0..n).filter(|&p| key(p) < mine).count();
    let tied = (0..n).filter(|&p| key(p) == mine).count();
    (ahead..ahead + tied)
        .map(|place| (n - 1 - place) as f64)
        .sum::<f64>()
        / tied as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tied_players_share_their_places() {
        let keys = [3, 1, 3];
        assert_eq!(shared_place_points(3, |p| keys[p], 1), 2.0);
        assert_eq!(shared_place_points(3, |p| keys[p], 0), 0.5);
        assert_eq!(shared_place_points(2, |_| 0, 1), 0.5);
    }
}
