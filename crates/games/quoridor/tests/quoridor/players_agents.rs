//! Agents with 3 and 4 players: the multi-player searches play whole games, `strongest`
//! hands such games to one of them, and the two-player agents are refused.

use ply_core::{Game, SearchLimits};
use ply_quoridor::agents::{build_agent, build_agent_for};
use ply_quoridor::Quoridor;

/// Plays one game with `specs[seat]` in each seat; every move must be legal. Returns the
/// winner and the number of plies.
fn play_game(start: &Quoridor, specs: &[&str], max_plies: usize) -> (Option<usize>, usize) {
    let mut agents: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| build_agent_for(spec, i as u64, start.num_players()).unwrap())
        .collect();
    let mut state = start.clone();
    for ply in 0..max_plies {
        if let Some(scores) = state.outcome() {
            let winner = (0..state.num_players()).find(|&p| scores.get(p) == 1.0);
            return (winner, ply);
        }
        let seat = state.to_move();
        let decision = agents[seat]
            .select(&state, &SearchLimits::default())
            .unwrap_or_else(|| panic!("{} gave no move in {}", specs[seat], state.to_text()));
        state
            .try_play(decision.mv)
            .unwrap_or_else(|e| panic!("{} played an illegal move: {e}", specs[seat]));
    }
    (None, max_plies)
}

#[test]
fn maxn_and_paranoid_play_four_player_games_to_the_end() {
    let start = Quoridor::with_players(5, 2, 4).unwrap();
    for specs in [
        ["maxn:depth=2"; 4],
        ["paranoid:depth=3"; 4],
        [
            "maxn:depth=2",
            "paranoid:depth=2",
            "bestreply:depth=2",
            "strongest:nodes=2000",
        ],
    ] {
        let (winner, plies) = play_game(&start, &specs, 400);
        assert!(winner.is_some(), "{specs:?}: no winner after {plies} plies");
    }
}

#[test]
fn strongest_plays_three_and_four_players() {
    for players in [3, 4] {
        let start = Quoridor::with_players(7, 3, players).unwrap();
        let specs = vec!["strongest:nodes=1500"; players];
        let (winner, plies) = play_game(&start, &specs, 400);
        assert!(
            winner.is_some(),
            "{players} players: no winner after {plies} plies"
        );
    }
}

#[test]
fn two_player_agents_are_refused_and_never_panic() {
    for spec in [
        "seed002",
        "alphabeta:depth=2",
        "seed004-expectimax",
        "minimax",
    ] {
        let err = build_agent_for(spec, 0, 4).err().expect("refused");
        assert!(err.contains("2 players only"), "{spec}: {err}");
        assert!(build_agent_for(spec, 0, 2).is_ok());
    }
    // Built without the check, seed 002's engine hands the game to the multi-player search.
    let state = Quoridor::with_players(5, 2, 4).unwrap();
    let mut agent = build_agent("seed002", 0).unwrap();
    let decision = agent.select(&state, &SearchLimits::default()).unwrap();
    assert!(state.check_move(decision.mv).is_ok());
}

/// Whatever reaches a 3- or 4-player game without the check (a ladder level, a generic
/// search) must still answer with a legal move, never panic.
#[test]
fn every_agent_answers_legally_with_four_players() {
    let mut state = Quoridor::with_players(5, 2, 4).unwrap();
    state.play_notation("c4").unwrap();
    state.play_notation("b2h").unwrap(); // red walls; white to move next
    for spec in [
        "random",
        "greedy",
        "seed004-expectimax",
        "seed004-minimax",
        "seed002:time=50ms",
        "strongest:time=50ms",
        "alphabeta:depth=2",
        "minimax:depth=1",
        "expectimax:depth=1",
        "mcts:iterations=200",
        "mcts:rollout=paths,iterations=100",
        "bestreply:depth=2",
        "paranoid:depth=2",
        "maxn:depth=2",
    ] {
        let mut agent = build_agent(spec, 3).unwrap();
        let decision = agent
            .select(&state, &SearchLimits::default())
            .unwrap_or_else(|| panic!("{spec} gave no move"));
        assert!(state.check_move(decision.mv).is_ok(), "{spec}");
    }
}

/// The measurement behind `strongest`'s choice of multi-player search (run with
/// `cargo test -p ply-quoridor --test quoridor crowd_search_match -- --ignored --nocapture`):
/// best-reply, paranoid and max-n with the same node budget, every seat order of the three
/// plus one random player on 7x7 with 3 walls each; prints each search's wins.
#[test]
#[ignore]
fn crowd_search_match() {
    let searches = [
        "bestreply:nodes=3000",
        "paranoid:nodes=3000",
        "maxn:nodes=3000",
    ];
    let mut wins = [0usize; 4];
    let mut games = 0;
    for rotation in 0..4 {
        for order in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            // Seat `rotation` holds random; the others the three searches in `order`.
            let mut specs = Vec::new();
            let mut next = order.iter();
            for seat in 0..4 {
                specs.push(if seat == rotation {
                    "random"
                } else {
                    searches[*next.next().unwrap()]
                });
            }
            let start = Quoridor::with_players(7, 3, 4).unwrap();
            let (winner, plies) = play_game(&start, &specs, 400);
            games += 1;
            let index = winner.map_or(3, |w| {
                searches.iter().position(|s| *s == specs[w]).unwrap_or(3)
            });
            wins[index] += 1;
            println!("{specs:?}: winner {winner:?} after {plies} plies");
        }
    }
    println!(
        "{games} games; wins: bestreply {}, paranoid {}, maxn {}, random or none {}",
        wins[0], wins[1], wins[2], wins[3]
    );
}
