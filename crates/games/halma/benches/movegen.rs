//! Move generation speed on mid-game positions (the 121-hole star, and FAUhalma's star).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use ply_core::Game;
use ply_halma::{bench_positions, BoardKind};

fn legal_moves(c: &mut Criterion) {
    for (kind, players) in [
        (BoardKind::Star121, 2),
        (BoardKind::Star121, 6),
        (BoardKind::Star, 3),
    ] {
        let positions = bench_positions(kind, players, 16);
        let mut moves = Vec::with_capacity(256);
        let per_round: u64 = positions
            .iter()
            .map(|s| {
                s.legal_moves(&mut moves);
                moves.len() as u64
            })
            .sum();
        let mut group = c.benchmark_group(format!("legal_moves/{kind}/{players}p"));
        group.throughput(Throughput::Elements(per_round));
        group.bench_function("16 mid-game positions", |b| {
            b.iter(|| {
                let mut total = 0;
                for state in &positions {
                    state.legal_moves(&mut moves);
                    total += moves.len();
                }
                total
            })
        });
        group.finish();
    }
}

criterion_group!(benches, legal_moves);
criterion_main!(benches);
