//! Reading the one-line position text written by `Game::to_text`.

use ply_core::GameError;

use crate::board::Quoridor;
use crate::geometry::{Orientation, Wall};
use crate::notation;
use crate::seats::{GREEN, RED, SEAT_KEYS};

/// Reads `size=9 walls=10 turn=black black=e9,10 white=e1,10 h=e3,c5 v=b4`, checking every
/// wall against the ones before it and every pawn's path. A `red=` field makes it a
/// three-player position, `red=` and `green=` a four-player one.
pub fn read_position(text: &str) -> Result<Quoridor, GameError> {
    let bad = |reason: String| GameError::position(text, reason);
    let mut fields = std::collections::HashMap::new();
    for word in text.split_whitespace() {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| bad(format!("'{word}' is not key=value")))?;
        if fields.insert(key, value).is_some() {
            return Err(bad(format!("'{key}' appears twice")));
        }
    }
    let field = |key: &str| {
        fields
            .get(key)
            .copied()
            .ok_or_else(|| bad(format!("the field '{key}' is missing")))
    };
    let number = |key: &str| -> Result<u64, GameError> {
        let v = field(key)?;
        v.parse()
            .map_err(|_| bad(format!("'{key}={v}' is not a number")))
    };
    let size = number("size")? as usize;
    let walls = u32::try_from(number("walls")?).map_err(|_| bad("too many walls".into()))?;
    let players = match (fields.contains_key("red"), fields.contains_key("green")) {
        (false, false) => 2,
        (true, false) => 3,
        (true, true) => 4,
        (false, true) => {
            return Err(bad(
                "'green=' needs 'red=' too: three players are black, white and red".into(),
            ))
        }
    };
    let mut state = Quoridor::with_players(size, walls, players).map_err(|e| bad(e.to_string()))?;
    for (player, key) in SEAT_KEYS.iter().enumerate().take(players) {
        let v = field(key)?;
        let (cell, left) = v
            .split_once(',')
            .ok_or_else(|| bad(format!("'{key}={v}' is not CELL,WALLS_LEFT")))?;
        let sq = notation::parse_square(cell, size).map_err(|e| bad(e.to_string()))?;
        let left: u32 = left
            .parse()
            .map_err(|_| bad(format!("'{left}' is not a wall count")))?;
        state.move_pawn(player, sq);
        state.change_walls_left(player, left);
    }
    // Each seat against the first seat on its square: a different one means two pawns share it.
    for (seat, key) in SEAT_KEYS.iter().enumerate().take(players) {
        let first = state.pawn_on(state.pawns[seat]).unwrap_or(seat);
        if first != seat && players == 2 {
            return Err(bad("both pawns stand on one square".into()));
        }
        if first != seat {
            return Err(bad(format!(
                "the {} and {key} pawns stand on one square",
                SEAT_KEYS[first]
            )));
        }
    }
    for (key, orientation) in [("h", Orientation::Horizontal), ("v", Orientation::Vertical)] {
        for cell in field(key)?.split(',').filter(|c| !c.is_empty()) {
            let o = if orientation == Orientation::Horizontal {
                "h"
            } else {
                "v"
            };
            let wall: Wall = notation::parse_wall(cell, o, size).map_err(|e| bad(e.to_string()))?;
            state
                .wall_fits(wall)
                .map_err(|p| bad(format!("wall {cell}{o}: {}", p.rule())))?;
            state.put_wall(wall);
        }
    }
    if let Some(p) = (0..players).find(|&p| state.distance_to_goal(p).is_none()) {
        // The two-player message stays as it was; with more pawns, say whose.
        return Err(bad(if players == 2 {
            "a pawn has no path to its goal row".into()
        } else {
            format!("the {} pawn has no path to its goal side", SEAT_KEYS[p])
        }));
    }
    let turn = match field("turn")? {
        "black" | "b" => 0,
        "white" | "w" => 1,
        // The two-player message stays as it was.
        other if players == 2 => return Err(bad(format!("turn '{other}' is not black or white"))),
        "red" | "r" => RED,
        "green" | "g" => GREEN,
        other => return Err(bad(format!("turn '{other}' is not a seat's colour"))),
    };
    if turn >= players {
        return Err(bad(format!(
            "turn '{}' names a seat that is empty with {players} players",
            SEAT_KEYS[turn]
        )));
    }
    state.set_to_move(turn);
    debug_assert_eq!(state.hash, state.compute_hash());
    Ok(state)
}
