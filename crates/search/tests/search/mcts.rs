//! MCTS beyond two players and beyond winning positions.

use crate::common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use ply_core::eval::WIN;
use ply_core::{Agent, Evaluator, Game, SearchLimits};
use ply_search::synthetic::SyntheticGame;
use ply_search::{Mcts, Minimax, RolloutPolicy, SearchRng};
use ply_tictactoe::{LineCount, TicTacToe};
use rand::seq::IndexedRandom;
use rand::SeedableRng;

/// Positions of a `players`-player synthetic game one ply before its end, where the mover's
/// best final score is not shared by every move.
fn last_decisions(players: usize, count: usize) -> Vec<SyntheticGame> {
    let start = SyntheticGame::new(5, 6, 12)
        .unwrap()
        .with_players(players)
        .unwrap();
    let mut rng = SearchRng::seed_from_u64(players as u64);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    while found.len() < count {
        let mut state = start.clone();
        while state.ply() < 11 && !state.is_terminal() {
            state.legal_moves(&mut moves);
            state.play(*moves.choose(&mut rng).unwrap());
        }
        if state.is_terminal() {
            continue;
        }
        let finals = final_scores(&state);
        let best = finals.iter().cloned().fold(f64::MIN, f64::max);
        if finals.iter().any(|&s| s < best) {
            found.push(state);
        }
    }
    found
}

/// The mover's score after each move, for a position whose every move ends the game.
fn final_scores(state: &SyntheticGame) -> Vec<f64> {
    let me = state.to_move();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut next = state.clone();
            next.play(mv);
            next.outcome().expect("the game ends here").get(me)
        })
        .collect()
}

#[test]
fn each_player_maximises_its_own_reward() {
    for players in 2..=6 {
        let mut agent = Mcts::new(11).iterations(400);
        for state in last_decisions(players, 20) {
            let finals = final_scores(&state);
            let best = finals.iter().cloned().fold(f64::MIN, f64::max);
            let d = agent.select(&state, &SearchLimits::none()).unwrap();
            assert_eq!(
                finals[usize::from(d.mv)],
                best,
                "{players} players, {state}"
            );
        }
    }
}

#[test]
fn multi_player_games_play_to_the_end() {
    for players in 3..=6 {
        let mut state = SyntheticGame::new(8, 5, 30)
            .unwrap()
            .with_players(players)
            .unwrap();
        let mut agent = Mcts::new(2).iterations(200);
        while !state.is_terminal() {
            let d = agent.select(&state, &SearchLimits::none()).unwrap();
            assert!((0.0..=1.0).contains(&d.value), "{}", d.value);
            state.try_play(d.mv).unwrap();
        }
    }
}

#[test]
fn a_lost_position_is_proven_lost_and_still_gets_a_legal_move() {
    let minimax = Minimax::new(Arc::new(LineCount) as Arc<dyn Evaluator<TicTacToe>>);
    let lost = common::random_positions(400, 21)
        .into_iter()
        .find(|s| minimax.value(s, 9).0 <= -(WIN - 9))
        .expect("some random position is lost for the side to move");
    let d = Mcts::new(3)
        .iterations(200_000)
        .select(&lost, &SearchLimits::none())
        .unwrap();
    assert_eq!(d.value, 0.0, "{}", lost.to_text());
    assert!(d.iterations < 200_000, "proven before the budget ran out");
    assert!(lost.check_move(d.mv).is_ok());
}

/// Always plays the first legal move, and counts how often it was asked.
struct FirstMove {
    calls: AtomicU64,
}

impl RolloutPolicy<TicTacToe> for FirstMove {
    fn name(&self) -> &str {
        "first"
    }

    fn choose(
        &self,
        state: &TicTacToe,
        moves: &[ply_tictactoe::Cell],
        _rng: &mut SearchRng,
    ) -> ply_tictactoe::Cell {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        assert_eq!(moves, legal.as_slice(), "the policy sees the legal moves");
        moves[0]
    }
}

#[test]
fn the_rollout_policy_is_used_and_named() {
    let policy = Arc::new(FirstMove {
        calls: AtomicU64::new(0),
    });
    let mut agent = Mcts::new(1)
        .iterations(50)
        .solver(false)
        .rollout(policy.clone());
    assert!(agent.name().contains("rollout=first"), "{}", agent.name());
    let d = agent
        .select(&TicTacToe::new(), &SearchLimits::none())
        .unwrap();
    let calls = policy.calls.load(Ordering::Relaxed);
    // 50 playouts from new nodes at most 2 plies deep: each plays several policy moves.
    assert!(calls >= 50, "{calls} policy calls");
    assert!(calls < d.nodes, "{calls} calls, {} nodes", d.nodes);
}
