//! Plays one agent against others with seats rotated and reports its score and timing.
//!
//! ```text
//! cargo run --release -p ply-halma --example halma_arena -- \
//!     BOARD PLAYERS GAMES HERO_SPEC OPPONENT_SPEC [OPENING_PLIES] [FIRST_GAME]
//! ```
//! With 3 players the hero sits with two copies of the opponent, in every seat in turn.
//! The first OPENING_PLIES plies (default 2) are random, so that deterministic agents play
//! different games; FIRST_GAME (default 0) numbers the games, and so picks their seeds.
//! Prints one line per game and a summary (mean points, time per move).

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::{Agent, Game, SearchLimits};
use ply_halma::{catalog, BoardKind, Halma};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        eprintln!("usage: BOARD PLAYERS GAMES HERO_SPEC OPPONENT_SPEC [OPENING_PLIES]");
        std::process::exit(2);
    }
    let kind: BoardKind = args[0].parse().unwrap_or_else(|e| panic!("{e}"));
    let players: usize = args[1].parse().expect("players");
    let games: usize = args[2].parse().expect("games");
    let (hero_spec, opponent_spec) = (&args[3], &args[4]);
    let opening: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(2);
    let first_game: usize = args.get(6).and_then(|a| a.parse().ok()).unwrap_or(0);
    let catalog = catalog();
    let start = Halma::new(kind, players).unwrap_or_else(|e| panic!("{e}"));

    let mut total = 0.0;
    let mut hero_time = Duration::ZERO;
    let mut hero_moves = 0u32;
    let mut slowest = Duration::ZERO;
    let mut plies_total = 0;
    let mut hero_depth = 0u64;
    for game in first_game..first_game + games {
        let hero_seat = game % players;
        let mut agents: Vec<Box<dyn Agent<Halma>>> = (0..players)
            .map(|seat| {
                let spec = if seat == hero_seat {
                    hero_spec
                } else {
                    opponent_spec
                };
                catalog
                    .build(spec, (game * 10 + seat) as u64 + 1)
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(game as u64 / players as u64);
        let mut state = start.clone();
        let mut moves = Vec::new();
        while !state.is_terminal() {
            let seat = state.to_move();
            let mv = if (state.ply() as usize) < opening {
                state.legal_moves(&mut moves);
                *moves.choose(&mut rng).expect("moves")
            } else {
                let t = Instant::now();
                let decision = agents[seat]
                    .select(&state, &SearchLimits::none())
                    .expect("a move");
                let spent = t.elapsed();
                if seat == hero_seat {
                    hero_time += spent;
                    hero_moves += 1;
                    slowest = slowest.max(spent);
                    hero_depth += decision.depth as u64;
                }
                decision.mv
            };
            state.try_play(mv).expect("agents play legal moves");
        }
        let scores = state.outcome().expect("over");
        total += scores.get(hero_seat);
        plies_total += state.ply();
        println!(
            "game {game}: hero in seat {hero_seat}, {} plies, scores {:?}",
            state.ply(),
            scores.as_slice()
        );
    }
    println!(
        "{hero_spec} vs {opponent_spec} on {kind} with {players} players: {:.3} points per game \
         over {games} games ({:.1}% of the maximum); {:.1} plies per game; hero {:.1} ms per \
         move on average, slowest {:.1} ms; mean depth {:.1}",
        total / games as f64,
        100.0 * total
            / games as f64
            / if players == 2 {
                1.0
            } else {
                (players - 1) as f64
            },
        plies_total as f64 / games as f64,
        hero_time.as_secs_f64() * 1000.0 / hero_moves.max(1) as f64,
        slowest.as_secs_f64() * 1000.0,
        hero_depth as f64 / hero_moves.max(1) as f64,
    );
}
