//! PUCT with a uniform prior and random playouts: forced wins, proofs, batches, several
//! players, noise, temperature and the tree kept between moves.

use crate::common;

use std::sync::Arc;

use ply_core::eval::WIN;
use ply_core::{Agent, Evaluator, Game, SearchLimits};
use ply_search::puct::{Guidance, Guide, Leaf, Noise, RolloutGuide};
use ply_search::synthetic::SyntheticGame;
use ply_search::{Minimax, Puct, PuctAgent, PuctOptions, SearchRng};
use ply_tictactoe::{LineCount, TicTacToe};
use rand::seq::IndexedRandom;
use rand::SeedableRng;

fn minimax() -> Minimax<TicTacToe> {
    Minimax::new(Arc::new(LineCount) as Arc<dyn Evaluator<TicTacToe>>)
}

/// Positions where the side to move wins by force, but not at once.
fn forced_wins(count: usize) -> Vec<TicTacToe> {
    let minimax = minimax();
    common::random_positions(2000, 11)
        .into_iter()
        .filter(|state| (WIN - 7..WIN - 1).contains(&minimax.value(state, 9).0))
        .take(count)
        .collect()
}

/// Whether `mv` keeps the forced win of `state`, by plain minimax.
fn keeps_the_win(state: &TicTacToe, mv: <TicTacToe as Game>::Move) -> bool {
    let values = minimax().move_values(state, 9);
    values.iter().find(|(m, _)| *m == mv).unwrap().1 >= WIN - 9
}

fn rollout_agent(options: PuctOptions, seed: u64) -> PuctAgent<TicTacToe> {
    PuctAgent::new(
        Puct::new(options, seed),
        Box::new(RolloutGuide::new(seed)),
        "puct",
    )
}

#[test]
fn puct_with_rollouts_finds_forced_wins() {
    let positions = forced_wins(25);
    assert_eq!(positions.len(), 25);
    for (solver, batch) in [(true, 1), (true, 8), (false, 8)] {
        for (i, state) in positions.iter().enumerate() {
            let options = PuctOptions {
                simulations: Some(3000),
                solver,
                batch,
                ..PuctOptions::default()
            };
            let mut agent = rollout_agent(options, i as u64);
            let d = agent.select(state, &SearchLimits::none()).unwrap();
            assert!(
                keeps_the_win(state, d.mv),
                "solver {solver}, batch {batch}: {} loses the win of {}",
                state.format_move(d.mv),
                state.to_text()
            );
            assert!(d.value > 0.8, "{} {}", state.to_text(), d.value);
        }
    }
}

#[test]
fn the_solver_proves_a_win_and_stops_early() {
    let state = &forced_wins(1)[0];
    let mut agent = rollout_agent(
        PuctOptions {
            simulations: Some(100_000),
            ..PuctOptions::default()
        },
        3,
    );
    let d = agent.select(state, &SearchLimits::none()).unwrap();
    assert_eq!(d.value, 1.0, "{}", state.to_text());
    assert!(d.iterations < 100_000, "{} simulations", d.iterations);
    assert!(keeps_the_win(state, d.mv));
}

#[test]
fn a_lost_position_still_gets_a_legal_move() {
    let minimax = minimax();
    let state = common::random_positions(2000, 12)
        .into_iter()
        .find(|state| minimax.value(state, 9).0 <= -(WIN - 9))
        .expect("some random position is lost for the side to move");
    let mut agent = rollout_agent(PuctOptions::default(), 1);
    let d = agent.select(&state, &SearchLimits::none()).unwrap();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert!(moves.contains(&d.mv));
    assert_eq!(d.value, 0.0);
}

#[test]
fn the_start_is_worth_about_a_draw() {
    let mut agent = rollout_agent(
        PuctOptions {
            simulations: Some(20_000),
            ..PuctOptions::default()
        },
        9,
    );
    let d = agent
        .select(&TicTacToe::new(), &SearchLimits::none())
        .unwrap();
    assert!((0.4..=0.75).contains(&d.value), "{}", d.value);
}

/// Records the batches it is given.
struct Recording {
    inner: RolloutGuide,
    batches: Vec<Vec<TicTacToe>>,
}

impl Guide<TicTacToe> for Recording {
    fn describe(&self) -> String {
        "recording".into()
    }
    fn evaluate(&mut self, leaves: &[Leaf<TicTacToe>], out: &mut Vec<Guidance>) {
        self.batches
            .push(leaves.iter().map(|l| l.state.clone()).collect());
        Guide::<TicTacToe>::evaluate(&mut self.inner, leaves, out);
    }
}

#[test]
fn batches_spread_and_count_every_simulation() {
    let mut puct = Puct::new(
        PuctOptions {
            batch: 16,
            simulations: Some(400),
            ..PuctOptions::default()
        },
        1,
    );
    let mut guide = Recording {
        inner: RolloutGuide::new(1),
        batches: Vec::new(),
    };
    puct.set_root(&TicTacToe::new());
    let stats = puct.search(&mut guide, &SearchLimits::none());
    assert_eq!(stats.simulations, 400);
    let evaluated: usize = guide.batches.iter().map(Vec::len).sum();
    assert_eq!(stats.evaluations as usize, evaluated);
    assert!(
        guide.batches.iter().any(|b| b.len() > 4),
        "virtual loss spreads a batch"
    );
    let visits: u32 = puct.root_visits().iter().map(|(_, v)| v).sum();
    // Every simulation but the root's own evaluation went through a root child.
    assert_eq!(u64::from(visits), stats.simulations - 1);
}

#[test]
fn the_prior_steers_the_search() {
    /// Puts all the prior on the last legal move and values every position as a draw.
    struct Last;
    impl Guide<TicTacToe> for Last {
        fn describe(&self) -> String {
            "last".into()
        }
        fn evaluate(&mut self, leaves: &[Leaf<TicTacToe>], out: &mut Vec<Guidance>) {
            out.clear();
            for leaf in leaves {
                let mut g = Guidance::uniform(leaf.moves.len(), [0.5; 6]);
                g.priors.fill(0.0);
                *g.priors.last_mut().unwrap() = 1.0;
                out.push(g);
            }
        }
    }
    let mut puct = Puct::new(
        PuctOptions {
            simulations: Some(50),
            ..PuctOptions::default()
        },
        1,
    );
    let d = puct
        .decide(&TicTacToe::new(), &mut Last, &SearchLimits::none())
        .unwrap();
    let mut moves = Vec::new();
    TicTacToe::new().legal_moves(&mut moves);
    assert_eq!(d.mv, *moves.last().unwrap());
}

#[test]
fn the_tree_is_kept_between_moves() {
    let mut puct = Puct::new(
        PuctOptions {
            simulations: Some(500),
            ..PuctOptions::default()
        },
        4,
    );
    let mut guide = RolloutGuide::new(4);
    let mut state = TicTacToe::new();
    let first = puct
        .decide(&state, &mut guide, &SearchLimits::none())
        .unwrap();
    state.play(first.mv);
    let reply = first.pv.get(1).copied().expect("a principal variation");
    state.play(reply);
    // The position two moves on is in the tree: its statistics are still there.
    puct.set_root(&state);
    let kept: u32 = puct.root_visits().iter().map(|(_, v)| v).sum();
    assert!(kept > 0, "the subtree was dropped");
    // advance() keeps the played move's subtree too.
    let before: u32 = kept;
    let best = puct.root_visits().iter().max_by_key(|(_, v)| *v).unwrap().0;
    puct.advance(best);
    let after: u32 = puct.root_visits().iter().map(|(_, v)| v).sum();
    assert!(after > 0 && after < before);
    // A position the tree never saw starts afresh.
    puct.set_root(&TicTacToe::new().from_text("x...o....").unwrap());
    assert!(puct.root_visits().is_empty());
}

#[test]
fn temperature_spreads_the_choice_and_zero_does_not() {
    let choices = |temperature: f64| {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..12 {
            let mut puct = Puct::new(
                PuctOptions {
                    simulations: Some(200),
                    temperature,
                    ..PuctOptions::default()
                },
                seed,
            );
            let mut guide = RolloutGuide::new(7);
            let d = puct
                .decide(&TicTacToe::new(), &mut guide, &SearchLimits::none())
                .unwrap();
            seen.insert(d.mv);
        }
        seen.len()
    };
    assert_eq!(choices(0.0), 1);
    assert!(choices(1.0) > 2);
}

#[test]
fn root_noise_changes_the_search_and_is_seeded() {
    let visits = |noise: Option<Noise>, seed: u64| {
        let mut puct = Puct::new(
            PuctOptions {
                simulations: Some(300),
                noise,
                ..PuctOptions::default()
            },
            seed,
        );
        let mut guide = RolloutGuide::new(1);
        puct.set_root(&TicTacToe::new());
        puct.search(&mut guide, &SearchLimits::none());
        puct.root_visits()
    };
    let noisy = Some(Noise {
        alpha: Some(0.3),
        fraction: 0.5,
    });
    assert_eq!(visits(noisy, 5), visits(noisy, 5));
    assert_ne!(visits(noisy, 5), visits(noisy, 6));
    assert_ne!(visits(None, 5), visits(noisy, 5));
}

#[test]
fn each_of_three_players_maximises_its_own_reward() {
    // Positions one move from the end of a three-player synthetic game: the mover must
    // pick a move with its best final score.
    let start = SyntheticGame::new(5, 6, 12)
        .unwrap()
        .with_players(3)
        .unwrap();
    let mut rng = SearchRng::seed_from_u64(3);
    let mut moves = Vec::new();
    let mut checked = 0;
    while checked < 20 {
        let mut state = start.clone();
        while state.ply() < 11 && !state.is_terminal() {
            state.legal_moves(&mut moves);
            state.play(*moves.choose(&mut rng).unwrap());
        }
        if state.is_terminal() {
            continue;
        }
        let me = state.to_move();
        state.legal_moves(&mut moves);
        let finals: Vec<f64> = moves
            .iter()
            .map(|&mv| {
                let mut next = state.clone();
                next.play(mv);
                next.outcome().unwrap().get(me)
            })
            .collect();
        let best = finals.iter().cloned().fold(f64::MIN, f64::max);
        if finals.iter().all(|&s| s == best) {
            continue;
        }
        let mut agent = PuctAgent::new(
            Puct::new(
                PuctOptions {
                    simulations: Some(200),
                    ..PuctOptions::default()
                },
                checked,
            ),
            Box::new(RolloutGuide::new(checked)),
            "puct",
        );
        let d = agent.select(&state, &SearchLimits::none()).unwrap();
        let i = moves.iter().position(|&m| m == d.mv).unwrap();
        assert_eq!(
            finals[i], best,
            "seat {me} took {} of {finals:?}",
            finals[i]
        );
        checked += 1;
    }
}

/// A PUCT search of `state` with random playouts, `simulations` at most.
fn searched(state: &TicTacToe, simulations: u64, seed: u64) -> Puct<TicTacToe> {
    let mut puct = Puct::new(
        PuctOptions {
            simulations: Some(simulations),
            ..PuctOptions::default()
        },
        seed,
    );
    let mut guide = RolloutGuide::new(seed);
    puct.set_root(state);
    puct.search(&mut guide, &SearchLimits::none());
    puct
}

#[test]
fn the_root_value_is_the_proof_or_the_mean_of_the_searched_moves() {
    let fresh = Puct::<TicTacToe>::new(PuctOptions::default(), 1);
    assert_eq!(fresh.root_value(), None, "no search, no value");
    assert_eq!(fresh.root_policy(), Vec::new(), "no search, no target");
    for (i, state) in forced_wins(5).iter().enumerate() {
        let puct = searched(state, 100_000, i as u64);
        assert!(puct.root_proven(), "{}", state.to_text());
        assert_eq!(puct.root_value(), Some(1.0), "{}", state.to_text());
    }
    let minimax = minimax();
    let lost = common::random_positions(2000, 12)
        .into_iter()
        .find(|state| minimax.value(state, 9).0 <= -(WIN - 9))
        .expect("some random position is lost for the side to move");
    assert_eq!(searched(&lost, 100_000, 2).root_value(), Some(0.0));
    // Unproven: between the worst and the best move's mean, and about a draw at the start.
    let start = searched(&TicTacToe::new(), 2_000, 9);
    assert!(!start.root_proven());
    let value = start.root_value().unwrap();
    assert!((0.4..=0.75).contains(&value), "{value}");
}

#[test]
fn the_policy_target_is_the_visits_corrected_by_the_proofs() {
    // Proven won: only winning moves, in equal shares.
    for (i, state) in forced_wins(10).iter().enumerate() {
        let puct = searched(state, 100_000, i as u64);
        let policy = puct.root_policy();
        assert!(!policy.is_empty());
        let share = policy[0].1;
        for &(mv, s) in &policy {
            assert!(keeps_the_win(state, mv), "{}", state.to_text());
            assert_eq!(s, share);
        }
        assert!((share * policy.len() as f32 - 1.0).abs() < 1e-6);
    }
    // Won at once, the search stopped after a few visits: all of it on the win.
    let mut state = TicTacToe::new();
    for cell in ["a1", "b1", "a2", "b2"] {
        state.play(state.parse_move(cell).unwrap());
    }
    let puct = searched(&state, 100_000, 5);
    let policy = puct.root_policy();
    assert_eq!(policy, vec![(state.parse_move("a3").unwrap(), 1.0)]);
    // Nothing proven: the visit shares.
    let start = searched(&TicTacToe::new(), 2_000, 9);
    let visits = start.root_visits();
    let total: u32 = visits.iter().map(|(_, v)| v).sum();
    let shares: Vec<_> = visits
        .iter()
        .filter(|(_, v)| *v > 0)
        .map(|&(m, v)| (m, v as f32 / total as f32))
        .collect();
    assert_eq!(start.root_policy(), shares);
    // Lost moves left out: x threatens a1-a3, so every o move but a3 loses.
    let mut state = TicTacToe::new();
    for cell in ["a1", "c3", "a2"] {
        state.play(state.parse_move(cell).unwrap());
    }
    let puct = searched(&state, 3_000, 6);
    let policy = puct.root_policy();
    assert_eq!(
        policy.iter().map(|&(m, _)| m).collect::<Vec<_>>(),
        vec![state.parse_move("a3").unwrap()],
        "{policy:?}"
    );
}

#[test]
fn a_win_at_once_is_proven_at_the_first_visit_and_refutes_the_move_into_it() {
    // x to move wins at a3: one simulation proves it.
    let mut state = TicTacToe::new();
    for cell in ["a1", "b1", "a2", "b2"] {
        state.play(state.parse_move(cell).unwrap());
    }
    let puct = searched(&state, 1, 3);
    assert_eq!(puct.stats().simulations, 1);
    assert!(puct.root_proven());
    assert_eq!(puct.root_value(), Some(1.0));
    // o to move must block a3: each other move is refuted at its first visit, though a
    // uniform prior gives x's winning reply no more weight than any other.
    let mut state = TicTacToe::new();
    for cell in ["a1", "c3", "a2"] {
        state.play(state.parse_move(cell).unwrap());
    }
    let puct = searched(&state, 12, 4);
    let lost = puct.root_visits().iter().filter(|(_, v)| *v > 0).count() - 1;
    assert_eq!(lost, 5, "every move visited once, the block more");
    assert_eq!(
        puct.root_policy(),
        vec![(state.parse_move("a3").unwrap(), 1.0)]
    );
}
