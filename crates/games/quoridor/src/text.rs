//! Reading the one-line position text written by `Game::to_text`.

use ply_core::GameError;

use crate::board::{Quoridor, BLACK, WHITE};
use crate::geometry::{Orientation, Wall};
use crate::notation;

/// Reads `size=9 walls=10 turn=black black=e9,10 white=e1,10 h=e3,c5 v=b4`, checking every
/// wall against the ones before it and both pawns' paths.
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
    let mut state = Quoridor::new(size, walls).map_err(|e| bad(e.to_string()))?;
    for (player, key) in [(BLACK, "black"), (WHITE, "white")] {
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
    if state.pawns[BLACK] == state.pawns[WHITE] {
        return Err(bad("both pawns stand on one square".into()));
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
    if (0..2).any(|p| state.distance_to_goal(p).is_none()) {
        return Err(bad("a pawn has no path to its goal row".into()));
    }
    match field("turn")? {
        "black" | "b" => state.set_to_move(BLACK),
        "white" | "w" => state.set_to_move(WHITE),
        other => return Err(bad(format!("turn '{other}' is not black or white"))),
    }
    debug_assert_eq!(state.hash, state.compute_hash());
    Ok(state)
}
