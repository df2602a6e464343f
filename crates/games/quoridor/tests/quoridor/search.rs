//! The alpha-beta options change speed, not values: with every enhancement switched on the
//! root value equals a plain alpha-beta's at the same depth (walls unfiltered).

use std::sync::Arc;

use ply_core::{Agent, Game, SearchLimits};
use ply_quoridor::{AlphaBetaAgent, Quoridor, RaceEval, SearchOptions, Seed002Eval, WallFilter};
use rand::seq::IndexedRandom;
use rand::SeedableRng;

fn options(depth: u32, enhanced: bool) -> SearchOptions {
    SearchOptions {
        depth,
        pseudo_depth: false,
        iterative: enhanced,
        table_bits: if enhanced { 16 } else { 0 },
        ordering: enhanced,
        wall_filter: WallFilter::All,
        wide_plies: 1,
        wide_plies_large_budget: None,
        reductions: false,
        reduce_from: 1,
        guard_walls: false,
        pvs: enhanced,
        null_move: false,
        repetitions: false,
        time: None,
        nodes: None,
        full_width_nodes: None,
        depth_by_size: false,
        threads: 1,
    }
}

#[test]
fn enhanced_search_agrees_with_plain_alpha_beta() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    for (size, walls, depth, positions) in [(5, 3, 4, 12), (7, 4, 3, 6), (9, 10, 2, 4)] {
        for _ in 0..positions {
            let mut state = Quoridor::new(size, walls).unwrap();
            let mut moves = Vec::new();
            for _ in 0..6 {
                state.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                state.play(*moves.choose(&mut rng).unwrap());
            }
            if state.is_terminal() {
                continue;
            }
            for eval in [0, 1] {
                let make = |enhanced| -> AlphaBetaAgent {
                    let ev: Arc<dyn ply_core::Evaluator<Quoridor>> = if eval == 0 {
                        Arc::new(RaceEval::race())
                    } else {
                        Arc::new(Seed002Eval)
                    };
                    AlphaBetaAgent::new("t", options(depth, enhanced), ev)
                };
                let plain = make(false).select(&state, &SearchLimits::none()).unwrap();
                let fancy = make(true).select(&state, &SearchLimits::none()).unwrap();
                assert_eq!(plain.value, fancy.value, "{} eval {eval}", state.to_text());
            }
        }
    }
}
