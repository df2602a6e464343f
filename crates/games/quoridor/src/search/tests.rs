//! Tests of the parts of the Quoridor search that its public interface does not show.

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Game, Player, SearchLimits};

use super::*;
use crate::geometry::{Orientation, Wall};
use crate::race::RaceEval;
use crate::rules::blocked_passages;

/// A seed reorders only root moves that the ordering scores alike; 0 keeps generation
/// order, and below the root the seed changes nothing.
#[test]
fn the_root_seed_breaks_ties_only() {
    let state = Quoridor::standard();
    let paths = [0, 1].map(|p: Player| {
        state
            .passages()
            .shortest_path(state.pawn(p), state.goal_row(p))
            .unwrap()
    });
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let ordered = |seed: u64, ply: usize| {
        let agent = AlphaBetaAgent::new(
            "t",
            SearchOptions::strong(Duration::from_millis(20)),
            Arc::new(RaceEval::race()),
        )
        .with_root_seed(seed);
        let (mut moves, mut scores) = (legal.clone(), Vec::new());
        agent.workers[0].order(&state, &mut moves, &mut scores, None, ply, &paths);
        moves
    };
    let plain = ordered(0, 0);
    assert!(matches!(plain[0], Move::Pawn { .. }), "{:?}", plain[0]);
    for seed in [1, 2, 99] {
        let seeded = ordered(seed, 0);
        assert_eq!(seeded[0], plain[0], "the step forward stays first");
        assert_ne!(
            seeded, plain,
            "seed {seed}: walls that score alike are reordered"
        );
        assert_eq!(
            ordered(seed, 1),
            ordered(0, 1),
            "below the root nothing changes"
        );
    }
    assert_ne!(ordered(1, 0), ordered(2, 0));
}

/// The filter starts at ply `wide_plies`: before it every legal move is generated.
#[test]
fn the_filter_starts_after_the_wide_plies() {
    let mut state = Quoridor::standard();
    state.play_notation("e8").unwrap();
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let paths = [0, 1].map(|p: Player| {
        state
            .passages()
            .shortest_path(state.pawn(p), state.goal_row(p))
            .unwrap()
    });
    for wide in [1, 2, 3] {
        let mut options = SearchOptions::strong(Duration::from_millis(20));
        options.wide_plies = wide;
        let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()));
        agent.workers[0].narrow = true;
        for ply in 0..4 {
            let mut moves = Vec::new();
            agent.workers[0].generate(&state, &mut moves, 5, ply, &paths);
            if (ply as u32) < wide {
                assert_eq!(moves.len(), legal.len(), "wide {wide}, ply {ply}");
            } else {
                assert!(moves.len() < legal.len() / 2, "wide {wide}, ply {ply}");
            }
        }
    }
}

/// Guard walls cross the slot of a wall that would block the mover's own path; the
/// plain filter has none of them.
#[test]
fn guard_walls_shield_the_movers_path() {
    let mut state = Quoridor::standard();
    state.play_notation("e8").unwrap();
    state.play_notation("e2").unwrap();
    let paths = [0, 1].map(|p: Player| {
        state
            .passages()
            .shortest_path(state.pawn(p), state.goal_row(p))
            .unwrap()
    });
    let filtered = |guard: bool| {
        let mut options = SearchOptions::strong(Duration::from_millis(20));
        options.guard_walls = guard;
        let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()));
        agent.workers[0].narrow = true;
        let mut moves = Vec::new();
        agent.workers[0].generate(&state, &mut moves, 5, 3, &paths);
        moves
    };
    let (plain, guarded) = (filtered(false), filtered(true));
    assert!(plain.iter().all(|m| guarded.contains(m)));
    let extra: Vec<&Move> = guarded.iter().filter(|m| !plain.contains(m)).collect();
    assert!(!extra.is_empty());
    // Each extra wall sits on the slot of a crossing wall that would cut a step of the
    // mover's path.
    let mine = &paths[state.to_move()];
    for &&mv in &extra {
        let Move::Wall(wall) = mv else {
            panic!("only walls are added: {mv:?}")
        };
        let orientation = match wall.orientation {
            Orientation::Horizontal => Orientation::Vertical,
            Orientation::Vertical => Orientation::Horizontal,
        };
        let crossing = Wall {
            orientation,
            ..wall
        };
        let cut = blocked_passages(state.passages(), crossing);
        let breaks_path = (0..state.size())
            .any(|r| mine.up[r] & !cut.up[r] != 0 || mine.right[r] & !cut.right[r] != 0);
        assert!(breaks_path, "{mv:?}");
    }
}

/// `Auto` searches every wall, without reductions, up to 7x7, and filters above.
#[test]
fn auto_filter_is_full_width_on_small_boards_only() {
    for (size, narrow) in [(3, false), (5, false), (7, false), (9, true), (25, true)] {
        assert_eq!(WallFilter::Auto.narrows(size), narrow, "{size}");
        assert!(WallFilter::NearPaths.narrows(size));
        assert!(!WallFilter::All.narrows(size));
        let mut agent = AlphaBetaAgent::new(
            "t",
            SearchOptions::strong(Duration::from_millis(20)),
            Arc::new(RaceEval::race()),
        );
        let state = Quoridor::new(size, 2).unwrap();
        agent.select(&state, &SearchLimits::nodes(200)).unwrap();
        let worker = &agent.workers[0];
        assert_eq!((worker.narrow, worker.reduce), (narrow, narrow), "{size}");
    }
}

/// On a fake clock that moves with the search's work (a tick each time it is read,
/// every 64 nodes), a timed search starts each iteration predicted to finish in its
/// budget and stops when the next is not, or when an iteration it started runs out of
/// time; it never stops at a fixed share of the budget.
#[test]
fn a_timed_search_deepens_while_the_next_iteration_fits() {
    use ply_search::deepening::{predict_next, FakeClock};
    let state = Quoridor::new(7, 6).unwrap();
    for budget_ms in [10, 30, 90] {
        let budget = Duration::from_millis(budget_ms);
        let clock = Arc::new(FakeClock::ticking(Duration::from_micros(100)));
        let mut agent = AlphaBetaAgent::new(
            "t",
            SearchOptions::strong(Duration::from_secs(1)),
            Arc::new(RaceEval::race()),
        )
        .with_clock(clock.clone());
        let decision = agent.select(&state, &SearchLimits::time(budget)).unwrap();
        let timer = agent.workers[0].timer.as_ref().unwrap();
        let ends = timer.ends().to_vec();
        let stopped_at = clock.elapsed();
        assert_eq!(ends.len() as u32, decision.depth, "{budget_ms} ms");
        assert!(ends.len() >= 3, "{budget_ms} ms: {ends:?}");
        // Every iteration after the first was predicted to fit when it started.
        for i in 1..ends.len() {
            let predicted = predict_next(&ends[..i]).unwrap();
            assert!(
                ends[i - 1] + predicted <= budget,
                "{budget_ms} ms: {ends:?}"
            );
        }
        let last = *ends.last().unwrap();
        let next_fits = last + predict_next(&ends).unwrap() <= budget;
        if next_fits {
            // It started the next one, and the budget cut it.
            assert!(
                stopped_at >= budget,
                "{budget_ms} ms: {ends:?}, {stopped_at:?}"
            );
        } else {
            assert!(
                stopped_at < budget,
                "{budget_ms} ms: {ends:?}, {stopped_at:?}"
            );
        }
        // Never past the budget by more than one reading of the clock per ply.
        assert!(
            stopped_at <= budget + Duration::from_millis(5),
            "{stopped_at:?}"
        );
    }
}

/// A node budget is spent whole on a slow clock too: with the agent's own nodes and
/// its time cap, the time only cuts an iteration at the cap, and the prediction that
/// the next iteration would overrun it stops nothing. So the agent's default plays the
/// same moves on a busy machine as on a quiet one, until the cap.
#[test]
fn a_node_budget_is_spent_whole_on_a_slow_clock() {
    use ply_search::deepening::{predict_next, FakeClock};
    let state = Quoridor::new(7, 6).unwrap();
    // The agent's own budget: 1 s and 50,000 nodes, both scaled for the walls in hand.
    let cap = Duration::from_secs(1).mul_f64(wall_scale(&state));
    let search = |tick: Duration| {
        let mut options = SearchOptions::strong(Duration::from_secs(1));
        options.nodes = Some(50_000);
        options.full_width_nodes = None;
        let clock = Arc::new(FakeClock::ticking(tick));
        let mut agent =
            AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race())).with_clock(clock.clone());
        let d = agent.select(&state, &SearchLimits::default()).unwrap();
        let ends = agent.workers[0].timer.as_ref().unwrap().ends().to_vec();
        ((d.mv, d.nodes, d.depth), ends, clock.elapsed())
    };
    // A clock that hardly moves, then one slow enough to spend 90 % of the cap on the
    // same work.
    let (quick, _, reads) = search(Duration::from_nanos(1));
    let (slow, ends, elapsed) = search(cap.mul_f64(0.9) / reads.as_nanos() as u32);
    assert!(elapsed < cap, "{elapsed:?}");
    // Some iteration was predicted to end past the cap, and the next still started.
    assert!(
        (1..ends.len()).any(|i| ends[i] + predict_next(&ends[..=i]).unwrap() > cap),
        "{ends:?}"
    );
    assert_eq!(slow, quick);
}

/// The width follows the move's budget: four plies of every wall on a clock or a large
/// node budget, two on a small one (the agent's own 10,000 nodes) or a depth alone; a
/// width that is set stays whatever the budget.
#[test]
fn the_width_follows_the_budget() {
    let state = Quoridor::standard();
    let width = |options: SearchOptions, limits: &SearchLimits| {
        let mut agent = AlphaBetaAgent::new("t", options, Arc::new(RaceEval::race()));
        agent.select(&state, limits).unwrap();
        agent.workers[0].options.wide_plies
    };
    let mut own_nodes = SearchOptions::strong(Duration::from_secs(2));
    own_nodes.nodes = Some(10_000);
    let timed = SearchLimits::time(Duration::from_millis(50));
    // A budget's size decides the width, not how much of it the search spends.
    let shallow = |limits: SearchLimits| SearchLimits {
        depth: Some(2),
        ..limits
    };
    for (limits, wide) in [
        (SearchLimits::default(), 2),
        (timed.clone(), 4),
        (shallow(SearchLimits::nodes(LARGE_BUDGET_NODES - 1)), 2),
        (shallow(SearchLimits::nodes(LARGE_BUDGET_NODES)), 4),
        (SearchLimits::depth(2), 2),
    ] {
        assert_eq!(width(own_nodes.clone(), &limits), wide, "{limits:?}");
    }
    let mut fixed = own_nodes.clone();
    fixed.wide_plies_large_budget = None;
    assert_eq!(width(fixed, &timed), 2);
    // The agent's own time, with no node budget, is a clock too.
    let own_time = SearchOptions::strong(Duration::from_millis(50));
    assert_eq!(width(own_time, &SearchLimits::default()), 4);
}
