//! 200 positions of OpenSpiel's games (`openspiel_positions.txt`), each read from its text:
//! the same legal moves, written as OpenSpiel writes them, with the same action ids, and the
//! same perft counts.

use ply_breakthrough::Breakthrough;
use ply_core::{perft, Encode, Game};

struct Position {
    line: usize,
    state: Breakthrough,
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
            let [shape, text, counts, moves] = fields[..] else {
                panic!("line {}: four fields", i + 1)
            };
            let (rows, columns) = shape.split_once(' ').unwrap();
            let board =
                Breakthrough::with_shape(rows.parse().unwrap(), columns.parse().unwrap()).unwrap();
            Position {
                line: i + 1,
                state: board
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
    assert_eq!(positions.len(), 200);
    let mut moves = Vec::new();
    for position in &positions {
        let state = &position.state;
        state.legal_moves(&mut moves);
        let mut ours: Vec<String> = moves
            .iter()
            .map(|&step| format!("{}={}", state.format_move(step), state.action_of(step)))
            .collect();
        ours.sort();
        assert_eq!(
            ours,
            position.moves,
            "line {}: {}",
            position.line,
            state.to_text()
        );
        assert_eq!(
            state.is_terminal(),
            moves.is_empty(),
            "line {}",
            position.line
        );
        for written in &position.moves {
            let (text, _) = written.split_once('=').unwrap();
            let step = state.parse_move(text).unwrap();
            assert!(
                state.check_move(step).is_ok(),
                "line {}: {text}",
                position.line
            );
        }
    }
    let terminal = positions.iter().filter(|p| p.state.is_terminal()).count();
    assert!(
        terminal > 10,
        "the file has finished games too ({terminal})"
    );
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
