//! Seed 001 (Portuguese report, Connect Four 7x6): how deep minimax and alpha-beta get
//! within 1 s a move, what MCTS does with its 0.75 s, and the three players against each
//! other.

use std::time::Duration;

use ply_arena::{Format, OpeningSource, TournamentResult};
use ply_connect4::{catalog, Connect4};
use ply_core::eval::EVAL_BOUND;
use ply_core::SearchLimits;
use serde::Serialize;

use super::matches::{self, Match};
use super::measure::{ms, timed_select};
use super::{Claim, Plan};

/// What seed 001 printed, with where. Its section 7 ("Estatísticas") held only figures,
/// which the text does not carry: no node counts, playouts or game results survive.
pub const THEIRS: &[Claim] = &[
    Claim {
        what: "minimax: deepest depth within 1 s a move",
        theirs: "5",
        source: "§6.2: \"Para o minmax é aconselhado um limite até 5 (inclusive) … maiores … demorar mais do que 1 segundo\"",
    },
    Claim {
        what: "alpha-beta (columns 3,2,4,1,5,0,6): deepest depth within 1 s",
        theirs: "9",
        source: "§6.2: \"para o alpha beta é aconselhado um limite até 9 (inclusive)\"",
    },
    Claim {
        what: "minimax: depth before a move takes long",
        theirs: "6 or 7",
        source: "§8: \"o minimax só consiga ver até 6 ou 7 de jogadas\"",
    },
    Claim {
        what: "alpha-beta: depth before a move takes more than 2 s",
        theirs: "10 or 11",
        source: "§8: \"consegue ver apenas 10 ou 11 jogadas para a frente antes que a sua resposta demore mais de 2 segundos\"",
    },
    Claim {
        what: "MCTS: time per move, exploration constant",
        theirs: "0.75 s, C = 2",
        source: "§6.2 (\"limitar o tempo de execução do algoritmo em 0.75 s\"), §4 (C = 2)",
    },
    Claim {
        what: "MCTS: playouts per move",
        theirs: "not printed",
        source: "§8 says only that playouts grow in proportion to the time",
    },
    Claim {
        what: "nodes per move, head-to-head results",
        theirs: "not printed",
        source: "§7.1 and §7.2 are figures absent from the text",
    },
];

/// The searches whose depth is swept: label, spec (a depth is appended), and seed 001's
/// 1-second depth where it printed one.
const SWEPT: [(&str, &str, Option<u32>); 3] = [
    ("seed 001's minimax", "seed001-minimax", Some(5)),
    ("seed 001's alpha-beta", "seed001-alphabeta", Some(9)),
    (
        "our alpha-beta, same evaluator (iterative deepening, table, PVS, killers, history)",
        "alphabeta:eval=seed001",
        None,
    ),
];

/// One completed search of a fixed depth.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct DepthPoint {
    pub depth: u32,
    pub cpu_ms: f64,
    pub wall_ms: f64,
    pub nodes: u64,
    /// The search stopped short of the depth asked with a proven value: it found the
    /// position's result (iterative deepening ends at a forced win or loss), so deeper is
    /// the same.
    pub proved: bool,
}

/// One search swept over depths on one position.
#[derive(Debug, Clone, Serialize)]
pub struct DepthSweep {
    pub agent: String,
    pub spec: String,
    /// Seed 001's depth within 1 s for this search, if it printed one.
    pub theirs_depth: Option<u32>,
    /// The position: columns 1-7 played from the empty board.
    pub position: String,
    /// Every depth completed within the sweep's cap, shallowest first.
    pub points: Vec<DepthPoint>,
    /// The deepest completed within the budget (1 s) and within the cap (2 s).
    pub within_budget: Option<DepthPoint>,
    pub within_cap: Option<DepthPoint>,
}

/// One MCTS search.
#[derive(Debug, Clone, Serialize)]
pub struct MctsRun {
    pub spec: String,
    pub position: String,
    pub playouts: u64,
    pub nodes: u64,
    pub depth: u32,
    pub wall_ms: f64,
    pub cpu_ms: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Seed001 {
    pub budget_ms: f64,
    pub cap_ms: f64,
    pub sweeps: Vec<DepthSweep>,
    pub mcts: Vec<MctsRun>,
    pub head_to_head: TournamentResult,
}

pub fn run(plan: &Plan) -> anyhow::Result<Seed001> {
    let catalog = catalog();
    let mut sweeps = Vec::new();
    let mut mcts = Vec::new();
    for position in &plan.c4_positions {
        let state = Connect4::standard().after(position)?;
        for (label, spec, theirs) in SWEPT {
            sweeps.push(sweep(
                &catalog, &state, position, label, spec, theirs, plan,
            )?);
        }
        let mut agent = catalog.build(&plan.c4_mcts, plan.rng_seed)?;
        let timed = timed_select(agent.as_mut(), &state, &SearchLimits::none())
            .ok_or_else(|| anyhow::anyhow!("{} found no move at '{position}'", plan.c4_mcts))?;
        mcts.push(MctsRun {
            spec: plan.c4_mcts.clone(),
            position: position.clone(),
            playouts: timed.decision.iterations,
            nodes: timed.decision.nodes,
            depth: timed.decision.depth,
            wall_ms: ms(timed.wall),
            cpu_ms: ms(timed.cpu),
        });
    }
    let agents = [
        "seed001-minimax".to_string(),
        "seed001-alphabeta".to_string(),
        plan.c4_mcts.clone(),
    ];
    let head_to_head = matches::play(
        &Connect4::standard(),
        &catalog,
        &Match {
            agents: &agents,
            format: Format::RoundRobin,
            games_per_pairing: plan.c4_games,
            openings: OpeningSource::Random { plies: 2 },
            max_plies: 100,
            rng_seed: plan.rng_seed,
            concurrency: plan.concurrency,
        },
    )?;
    Ok(Seed001 {
        budget_ms: ms(plan.depth_budget),
        cap_ms: ms(plan.depth_cap),
        sweeps,
        mcts,
        head_to_head,
    })
}

/// Searches depth 1, 2, … afresh until one is not completed within the cap (processor time)
/// or one proves the result; a wall-clock limit of four times the cap stops a search that
/// would run far past it (and leaves iterative deepening, which will not start an iteration
/// past half its time, room to reach the cap on a loaded machine).
fn sweep(
    catalog: &ply_search::spec::Catalog<Connect4>,
    state: &Connect4,
    position: &str,
    label: &str,
    spec: &str,
    theirs: Option<u32>,
    plan: &Plan,
) -> anyhow::Result<DepthSweep> {
    let empty_cells = (state.width() * state.height()) as u32 - position.len() as u32;
    let guard = SearchLimits::time(plan.depth_cap * 4);
    let joiner = if spec.contains(':') { ',' } else { ':' };
    let mut points = Vec::new();
    for depth in 1..=empty_cells {
        let mut agent = catalog.build(&format!("{spec}{joiner}depth={depth}"), plan.rng_seed)?;
        let Some(timed) = timed_select(agent.as_mut(), state, &guard) else {
            break;
        };
        // Iterative deepening also stops short when the next iteration would not end within
        // the guard; only a proven value means the search is complete.
        let reached = timed.decision.depth;
        let proved =
            reached > 0 && reached < depth && timed.decision.value.abs() >= f64::from(EVAL_BOUND);
        if (reached < depth && !proved) || timed.cpu > plan.depth_cap {
            break;
        }
        points.push(DepthPoint {
            depth: reached,
            cpu_ms: ms(timed.cpu),
            wall_ms: ms(timed.wall),
            nodes: timed.decision.nodes,
            proved,
        });
        if proved {
            break;
        }
    }
    let deepest_within =
        |limit: Duration| points.iter().rev().find(|p| p.cpu_ms <= ms(limit)).copied();
    Ok(DepthSweep {
        agent: label.to_string(),
        spec: spec.to_string(),
        theirs_depth: theirs,
        position: position.to_string(),
        within_budget: deepest_within(plan.depth_budget),
        within_cap: deepest_within(plan.depth_cap),
        points,
    })
}
