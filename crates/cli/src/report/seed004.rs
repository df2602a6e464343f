//! Seed 004 (Macedonian report, Quoridor 9x9): time per move of its minimax with alpha-beta,
//! its expectimax and its MCTS, measured on positions from games between the three.

use ply_arena::{Format, GameRecord, OpeningSource, TournamentResult};
use ply_core::{Game, SearchLimits};
use ply_quoridor::{agents::catalog, Quoridor};
use serde::Serialize;

use super::matches::{self, Match};
use super::measure::{ms, timed_select, Spread};
use super::{Claim, Plan};

/// What seed 004 printed (section 4, "Резултати"); its abstract promises node counts and
/// success rates, which the results do not give.
pub const THEIRS: &[Claim] = &[
    Claim {
        what: "minimax with alpha-beta: time per move",
        theirs: "0.02 – 0.03 s",
        source: "§4: \"Minimax: 0.02 - 0.03s\"",
    },
    Claim {
        what: "expectimax: time per move",
        theirs: "0.02 – 0.03 s",
        source: "§4: \"Expectimax: 0.02 - 0.03s\"",
    },
    Claim {
        what: "MCTS: time per move",
        theirs: "0.15 – 0.17 s",
        source: "§4: \"Monte Carlo Tree Search (MCTS): 0.15 - 0.17s\"",
    },
    Claim {
        what: "MCTS against minimax: how much slower",
        theirs: "5 – 8 times",
        source: "§4, analysis 2: \"Извршувањето трае 5-8 пати подолго (150-170 ms)\"",
    },
    Claim {
        what: "nodes per move, search depth, game results",
        theirs: "not printed",
        source: "promised in §1, absent from §4",
    },
];

/// The three players and seed 004's time range for each, in seconds.
pub const AGENTS: [(&str, (f64, f64)); 3] = [
    ("seed004-minimax", (0.02, 0.03)),
    ("seed004-expectimax", (0.02, 0.03)),
    ("seed004-mcts", (0.15, 0.17)),
];

/// One agent's timings over the sampled positions.
#[derive(Debug, Clone, Serialize)]
pub struct Timing {
    pub spec: String,
    pub theirs_seconds: (f64, f64),
    pub cpu_ms: Spread,
    pub wall_ms: Spread,
    pub mean_nodes: f64,
    pub mean_depth: f64,
    pub mean_playouts: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Seed004 {
    /// Positions timed, as many from each head-to-head game, in the game's text form.
    pub positions: Vec<String>,
    pub timings: Vec<Timing>,
    pub head_to_head: TournamentResult,
}

pub fn run(plan: &Plan) -> anyhow::Result<Seed004> {
    let catalog = catalog();
    let start = Quoridor::new(9, 10)?;
    // Seed 004's players, with MCTS as the plan plays it.
    let agents: Vec<String> = AGENTS
        .iter()
        .map(|(a, _)| match *a {
            "seed004-mcts" => plan.quoridor_mcts.clone(),
            a => a.to_string(),
        })
        .collect();
    let head_to_head = matches::play(
        &start,
        &catalog,
        &Match {
            agents: &agents,
            format: Format::RoundRobin,
            games_per_pairing: plan.quoridor_games,
            openings: OpeningSource::Random { plies: 2 },
            max_plies: 300,
            rng_seed: plan.rng_seed,
            concurrency: plan.concurrency,
        },
    )?;
    let positions = sample_positions(&start, &head_to_head.records, plan.quoridor_positions)?;
    let mut timings = Vec::new();
    for (spec, (_, theirs)) in agents.iter().zip(AGENTS) {
        let (mut cpu, mut wall) = (Vec::new(), Vec::new());
        let (mut nodes, mut depth, mut playouts) = (0.0, 0.0, 0.0);
        for state in &positions {
            let mut agent = catalog.build(spec, plan.rng_seed)?;
            let timed = timed_select(agent.as_mut(), state, &SearchLimits::none())
                .ok_or_else(|| anyhow::anyhow!("{spec} found no move in {}", state.to_text()))?;
            cpu.push(ms(timed.cpu));
            wall.push(ms(timed.wall));
            nodes += timed.decision.nodes as f64;
            depth += f64::from(timed.decision.depth);
            playouts += timed.decision.iterations as f64;
        }
        let n = positions.len().max(1) as f64;
        let (Some(cpu_ms), Some(wall_ms)) = (Spread::of(&cpu), Spread::of(&wall)) else {
            anyhow::bail!("no positions to time: the head-to-head games were empty");
        };
        timings.push(Timing {
            spec: spec.to_string(),
            theirs_seconds: theirs,
            cpu_ms,
            wall_ms,
            mean_nodes: nodes / n,
            mean_depth: depth / n,
            mean_playouts: playouts / n,
        });
    }
    Ok(Seed004 {
        positions: positions.iter().map(Game::to_text).collect(),
        timings,
        head_to_head,
    })
}

/// `wanted` positions, as many from each game (spread evenly over its moves), so that long
/// games shuffling pawns to the ply limit do not outweigh the rest.
fn sample_positions(
    start: &Quoridor,
    records: &[GameRecord],
    wanted: usize,
) -> anyhow::Result<Vec<Quoridor>> {
    let games = records.len();
    let mut positions = Vec::new();
    for (g, record) in records.iter().enumerate() {
        // Game g supplies its share of the positions still wanted.
        let share = (wanted - positions.len()).div_ceil(games - g);
        let mut state = start.from_text(&record.start_position)?;
        let mut all = Vec::new();
        for m in &record.moves {
            if !state.is_terminal() {
                all.push(state.clone());
            }
            state.play_notation(&m.mv)?;
        }
        let take = share.min(all.len());
        positions.extend((0..take).map(|i| all[i * all.len() / take].clone()));
    }
    Ok(positions)
}
