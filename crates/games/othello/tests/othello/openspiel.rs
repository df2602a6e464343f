//! Positions of OpenSpiel's random games (`openspiel_positions.txt`: the position text,
//! perft to depth 3 and the legal moves with their action ids, as OpenSpiel gives them),
//! each read from its text: the same legal moves in the same order, with the same action
//! ids, and the same perft counts. Positions where the side to move must pass, and finished
//! games, are among them.

use ply_core::{perft, Encode, Game};
use ply_othello::{Move, Othello};

struct Position {
    line: usize,
    state: Othello,
    counts: Vec<u64>,
    moves: Vec<String>,
}

fn positions() -> Vec<Position> {
    include_str!("openspiel_positions.txt")
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('|').collect();
            let [text, counts, moves] = fields[..] else {
                panic!("line {}: three fields", i + 1)
            };
            Position {
                line: i + 1,
                state: Othello::new()
                    .from_text(text)
                    .unwrap_or_else(|e| panic!("line {}: {e}", i + 1)),
                counts: counts.split(',').map(|n| n.parse().unwrap()).collect(),
                moves: moves.split_whitespace().map(String::from).collect(),
            }
        })
        .collect()
}

#[test]
fn every_position_has_openspiels_moves_and_action_ids() {
    let positions = positions();
    assert!(positions.len() >= 150, "{}", positions.len());
    let mut moves = Vec::new();
    for position in &positions {
        let state = &position.state;
        state.legal_moves(&mut moves);
        let ours: Vec<String> = moves
            .iter()
            .map(|&mv| format!("{}={}", state.format_move(mv), state.action_of(mv)))
            .collect();
        assert_eq!(ours, position.moves, "line {}", position.line);
        assert_eq!(
            state.is_terminal(),
            moves.is_empty(),
            "line {}",
            position.line
        );
    }
    let count = |kind: &dyn Fn(&Position) -> bool| positions.iter().filter(|p| kind(p)).count();
    let passes = count(&|p| p.moves == ["pass=64"]);
    let over = count(&|p| p.state.is_terminal());
    assert!(
        passes >= 10 && over >= 10,
        "passes {passes}, finished {over}"
    );
    assert!(positions
        .iter()
        .filter(|p| p.moves == ["pass=64"])
        .all(|p| p.state.check_move(Move::PASS).is_ok()));
}

#[test]
fn every_position_has_openspiels_perft() {
    for position in positions() {
        let mut state = position.state.clone();
        for (depth, &count) in position.counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(&mut state, depth),
                count,
                "line {} depth {depth}",
                position.line
            );
        }
    }
}
