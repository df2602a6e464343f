//! `ply bench`: a fixed set of searches over fixed positions. The total node count is the
//! search's signature (Stockfish's bench): it changes only when search behaviour changes, so
//! every commit that touches search says how it moved. Nodes per second measure speed.

use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use ply_core::{Game, SearchLimits, ZobristHash};
use ply_search::spec::Catalog;

use crate::games::{with_game, GameName};
use crate::variant::VariantArgs;

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub which: Option<BenchWhich>,
}

#[derive(Subcommand, Debug)]
pub enum BenchWhich {
    /// The fixed search benchmark (the default).
    Search,
    /// Runs a Connect Four test set through the solver.
    #[command(name = "connect4-solver")]
    Connect4Solver(crate::commands::connect4::bench_solver::SolverBenchArgs),
    /// A Connect Four agent (`perfect:time=1s`) on random positions: its time per move,
    /// and whether each move keeps the outcome the unlimited solver proves.
    #[command(name = "connect4-perfect")]
    Connect4Perfect(crate::commands::connect4::bench_perfect::PerfectBenchArgs),
    /// A network's speed: evaluations per second by batch, a training step, self-play
    /// games an hour.
    Net(crate::commands::bench_net::NetBenchArgs),
    /// One search of one position (`--position`, `--record` or the start): move, value,
    /// depth, nodes and speed.
    Position(crate::commands::bench_position::PositionBenchArgs),
}

/// One fixed search: a game (with variant settings, such as halma's player count), a
/// position (moves in the game's notation from the start, separated by spaces; a Connect
/// Four position may be one digit string as in the test sets) and an agent spec without time
/// limits, so the node count is deterministic.
struct Case {
    game: GameName,
    variant: &'static [(&'static str, &'static str)],
    moves: &'static str,
    spec: &'static str,
}

const fn case(game: GameName, moves: &'static str, spec: &'static str) -> Case {
    Case {
        game,
        variant: &[],
        moves,
        spec,
    }
}

const CASES: &[Case] = &[
    case(GameName::Tictactoe, "", "minimax:depth=9"),
    case(
        GameName::Tictactoe,
        "",
        "alphabeta:depth=9,tt=0,id=false,pvs=false,killers=false,history=false",
    ),
    case(GameName::Tictactoe, "", "alphabeta:depth=9"),
    case(GameName::Tictactoe, "b2 a1", "expectimax:depth=7"),
    case(GameName::Tictactoe, "a1", "mcts:iterations=20000"),
    case(GameName::Connect4, "32164625", "seed001-alphabeta"),
    case(GameName::Connect4, "274552224131661", "alphabeta:depth=12"),
    case(GameName::Connect4, "4453", "mcts:iterations=20000"),
    case(GameName::Quoridor, "", "seed002"),
    case(GameName::Quoridor, "e8 e2 e7 e3", "alphabeta:depth=3"),
    case(
        GameName::Quoridor,
        "e8 e2 e7 e3",
        "strongest:depth=6,nodes=none,time=60m",
    ),
    case(GameName::Halma, "", "alphabeta:depth=5"),
    Case {
        game: GameName::Halma,
        variant: &[("players", "3")],
        moves: "",
        spec: "paranoid:depth=6",
    },
    Case {
        game: GameName::Halma,
        variant: &[("players", "3")],
        moves: "",
        spec: "maxn:depth=4",
    },
    Case {
        game: GameName::Halma,
        variant: &[("rules", "ccerl")],
        moves: "8-17 112-103",
        spec: "ccerl:depth=5,time=none",
    },
];

struct Row {
    label: String,
    nodes: u64,
    time: Duration,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    match &args.which {
        Some(BenchWhich::Connect4Solver(a)) => crate::commands::connect4::bench_solver::run(a),
        Some(BenchWhich::Connect4Perfect(a)) => crate::commands::connect4::bench_perfect::run(a),
        Some(BenchWhich::Position(a)) => crate::commands::bench_position::run(a),
        Some(BenchWhich::Net(a)) => crate::commands::bench_net::run(a),
        Some(BenchWhich::Search) | None => search_bench(),
    }
}

fn search_bench() -> anyhow::Result<()> {
    let mut rows = Vec::new();
    for case in CASES {
        let variant = case
            .variant
            .iter()
            .fold(VariantArgs::default(), |v, (name, value)| {
                v.with(name, value)
            });
        let row: Row = with_game!(case.game, &variant, |state, catalog| {
            run_case(case, state, &catalog)?
        });
        println!(
            "{:<11} {:<72} {:>12} nodes {:>9.1} ms",
            std::iter::once(case.game.name().to_string())
                .chain(case.variant.iter().map(|(name, value)| match *name {
                    "players" => format!("{value}p"),
                    _ => value.to_string(),
                }))
                .collect::<Vec<_>>()
                .join("/"),
            row.label,
            row.nodes,
            row.time.as_secs_f64() * 1e3
        );
        rows.push((case, row));
    }
    let minimax = rows
        .iter()
        .find(|(c, _)| c.spec.starts_with("minimax:depth=9"));
    let plain_ab = rows
        .iter()
        .find(|(c, _)| c.spec.starts_with("alphabeta:depth=9,tt=0"));
    if let (Some((_, m)), Some((_, a))) = (minimax, plain_ab) {
        println!(
            "tic-tac-toe full depth: minimax visits {:.1}x the nodes of plain alpha-beta",
            m.nodes as f64 / a.nodes.max(1) as f64
        );
    }
    let nodes: u64 = rows.iter().map(|(_, r)| r.nodes).sum();
    let secs: f64 = rows.iter().map(|(_, r)| r.time.as_secs_f64()).sum();
    println!(
        "bench: {nodes} nodes, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn run_case<G: Game + ZobristHash>(
    case: &Case,
    mut state: G,
    catalog: &Catalog<G>,
) -> anyhow::Result<Row> {
    let moves: Vec<String> = if case.game == GameName::Connect4 {
        case.moves.chars().map(String::from).collect()
    } else {
        case.moves.split_whitespace().map(String::from).collect()
    };
    for mv in &moves {
        state.play_notation(mv)?;
    }
    let mut agent = catalog.build(case.spec, 1)?;
    let started = Instant::now();
    let decision = agent
        .select(&state, &SearchLimits::none())
        .ok_or_else(|| anyhow::anyhow!("bench position is over: {}", state.to_text()))?;
    Ok(Row {
        label: format!(
            "{} @ {}",
            case.spec,
            if case.moves.is_empty() {
                "start"
            } else {
                case.moves
            }
        ),
        nodes: decision.nodes,
        time: started.elapsed(),
    })
}
