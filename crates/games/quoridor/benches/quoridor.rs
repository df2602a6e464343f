//! Speed of the Quoridor rules and of seed 002's search.
//!
//! `cargo bench -p ply-quoridor --features bench` — wall-legality checks per second, path searches (bitboard
//! BFS against seed 004's A*), perft nodes per second, and seed 002's `genmove` on the empty
//! 9x9 board (seed 002's own C program needs about 2.3 s there).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ply_core::{perft, Agent, Game, SearchLimits};
use ply_quoridor::{
    AlphaBetaAgent, Orientation, Quoridor, SearchOptions, Seed002Eval, Square, Wall,
};

/// A middle game: pawns advanced, eight walls down.
fn middle_game() -> Quoridor {
    let mut state = Quoridor::standard();
    for m in [
        "e8", "e2", "e7", "e3", "c6h", "c4h", "g6h", "g4h", "b5v", "g5v", "e6", "e4",
    ] {
        state.play_notation(m).expect("legal");
    }
    state
}

fn wall_checks(c: &mut Criterion) {
    let state = middle_game();
    let slots: Vec<Wall> = [Orientation::Horizontal, Orientation::Vertical]
        .into_iter()
        .flat_map(|orientation| {
            (0..8u8).flat_map(move |r| {
                (0..8u8).map(move |col| Wall {
                    slot: Square::new(col, r),
                    orientation,
                })
            })
        })
        .collect();
    let mut group = c.benchmark_group("walls");
    group.throughput(Throughput::Elements(slots.len() as u64));
    group.bench_function("check_every_slot_full_rules", |b| {
        b.iter(|| {
            slots
                .iter()
                .filter(|&&w| state.check_wall(0, w).is_ok())
                .count()
        })
    });
    let mut moves = Vec::with_capacity(256);
    group.bench_function("legal_moves_with_shortcuts", |b| {
        b.iter(|| {
            state.legal_moves(&mut moves);
            moves.len()
        })
    });
    group.finish();
}

fn path_searches(c: &mut Criterion) {
    let state = middle_game();
    let passages = *state.passages();
    let (pawn, goal) = (state.pawn(0), state.goal_row(0));
    let mut group = c.benchmark_group("paths");
    group.bench_function("bfs_bitboard", |b| {
        b.iter(|| passages.distance_to_row(black_box(pawn), goal))
    });
    group.bench_function("astar_seed004", |b| {
        b.iter(|| passages.distance_to_row_astar(black_box(pawn), goal))
    });
    group.bench_function("shortest_path_steps", |b| {
        b.iter(|| passages.shortest_path(black_box(pawn), goal))
    });
    group.finish();
}

fn perft_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2_062_264));
    group.bench_function("9x9_depth_3", |b| {
        b.iter(|| perft(&mut Quoridor::standard(), 3))
    });
    group.finish();
}

fn seed002_genmove(c: &mut Criterion) {
    let state = Quoridor::standard();
    let mut group = c.benchmark_group("seed002");
    group.sample_size(10);
    group.bench_function("genmove_empty_9x9", |b| {
        b.iter(|| {
            let mut agent =
                AlphaBetaAgent::new("seed002", SearchOptions::seed002(), Arc::new(Seed002Eval));
            agent
                .select(&state, &SearchLimits::none())
                .expect("a move")
                .mv
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = wall_checks, path_searches, perft_speed, seed002_genmove
}
criterion_main!(benches);
