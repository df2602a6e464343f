//! The course server's JSON notation for moves and positions, and the short typed form.
//!
//! - A move is the list of cells from the peg through every landing to the destination:
//!   `[[3,-6],[3,-5]]` (a step), `[[1,-4],[1,-2],[-1,0]]` (a chain of two hops). A person may
//!   type only the two ends, `3,-6 3,-4`; the chain is then found on the board.
//! - A position is an object from player letter to that player's pegs,
//!   `{"A": [[3,-6],…], "B": […]}`, with optional fields `turn` (a letter, default the first
//!   player), and, in the full form `to_text` writes, `ply`, `finished` and `dropped` (letter
//!   → ply).

use serde_json::{json, Map, Value};

use ply_core::{GameError, Player};

use crate::board::{Halma, LETTERS, NEVER};
use crate::geometry::{hex_distance, Board, Cell, CellSet, DIRECTIONS};
use crate::movegen::HalmaMove;

fn cell_json(board: &Board, cell: Cell) -> Value {
    let (x, y) = board.coords(cell);
    json!([x, y])
}

/// A move as `[[x,y],…]`, from the peg through every landing (the shortest chain).
pub fn format_move(state: &Halma, mv: HalmaMove) -> String {
    let board = state.board();
    let path = state.move_path(mv).unwrap_or_else(|| vec![mv.from, mv.to]);
    let cells: Vec<Value> = path.iter().map(|&c| cell_json(board, c)).collect();
    Value::Array(cells).to_string()
}

/// A move as a person types it: the cells from the peg through every landing, each `x,y`,
/// separated by spaces (`1,-4 1,-2 -1,0`); [`parse_move`] reads it back.
pub fn typed_move(state: &Halma, mv: HalmaMove) -> String {
    let path = state.move_path(mv).unwrap_or_else(|| vec![mv.from, mv.to]);
    typed_cells(state.board(), &path)
}

fn typed_cells(board: &Board, cells: &[Cell]) -> String {
    let typed: Vec<String> = cells
        .iter()
        .map(|&c| {
            let (x, y) = board.coords(c);
            format!("{x},{y}")
        })
        .collect();
    typed.join(" ")
}

/// The two ends of a move as a person types them, `1,-4 1,-3` (for messages about moves
/// that may not exist).
pub(crate) fn format_pair(board: &Board, mv: HalmaMove) -> String {
    typed_cells(board, &[mv.from, mv.to])
}

/// Reads a move: a JSON list of cells, or cells typed as `x,y` separated by spaces. Checks
/// the cells are on the board and that consecutive cells are a step apart (two cells only)
/// or a straight hop apart; which chain was taken does not matter, only its two ends.
pub fn parse_move(board: &Board, text: &str) -> Result<HalmaMove, GameError> {
    let trimmed = text.trim();
    let coords = if trimmed.starts_with('[') {
        let value: Value = serde_json::from_str(trimmed)
            .map_err(|e| GameError::parse(text, format!("not valid JSON: {e}")))?;
        let list = value
            .as_array()
            .ok_or_else(|| GameError::parse(text, "a move is a JSON list of cells"))?;
        list.iter()
            .map(|v| coords_of_value(v).map_err(|reason| GameError::parse(text, reason)))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        trimmed
            .split_whitespace()
            .map(|token| coords_of_token(token).map_err(|reason| GameError::parse(text, reason)))
            .collect::<Result<Vec<_>, _>>()?
    };
    if coords.len() < 2 {
        return Err(GameError::parse(
            text,
            "a move names at least two cells: the peg and its destination (e.g. 3,-6 3,-5)",
        ));
    }
    let mut cells = Vec::with_capacity(coords.len());
    for &(x, y) in &coords {
        let cell = board.cell_at_i64(x, y).ok_or_else(|| {
            GameError::parse(
                text,
                format!("cell {x},{y} is not on the {} board", board.kind()),
            )
        })?;
        cells.push(cell);
    }
    if cells.len() > 2 || trimmed.starts_with('[') {
        check_path(board, &cells, |c| {
            let (x, y) = board.coords(c);
            format!("{x},{y}")
        })
        .map_err(|reason| GameError::parse(text, reason))?;
    }
    Ok(HalmaMove::new(cells[0], cells[cells.len() - 1]))
}

/// Checks that consecutive cells of a written path are a step apart (a path of two cells
/// only) or a straight hop apart; `name` writes a cell for the message.
pub(crate) fn check_path(
    board: &Board,
    cells: &[Cell],
    name: impl Fn(Cell) -> String,
) -> Result<(), String> {
    for pair in cells.windows(2) {
        let (a, b) = (board.coords(pair[0]), board.coords(pair[1]));
        let distance = hex_distance(a, b);
        let straight_hop = distance == 2
            && DIRECTIONS
                .iter()
                .any(|&(dx, dy)| a.0 + 2 * dx == b.0 && a.1 + 2 * dy == b.1);
        if !(straight_hop || (distance == 1 && cells.len() == 2)) {
            return Err(format!(
                "{} to {} is neither a step to a neighbour (alone) nor a straight hop over \
                 one cell",
                name(pair[0]),
                name(pair[1])
            ));
        }
    }
    Ok(())
}

fn coords_of_value(value: &Value) -> Result<(i64, i64), String> {
    match value.as_array().map(|a| a.as_slice()) {
        Some([x, y]) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(format!("cell {value} must hold two integers")),
        },
        _ => Err(format!("cell {value} is not a pair [x, y]")),
    }
}

fn coords_of_token(token: &str) -> Result<(i64, i64), String> {
    let inner = token.trim_matches(|c| matches!(c, '(' | ')' | '[' | ']'));
    let parts: Vec<&str> = inner.split(',').collect();
    match parts.as_slice() {
        [x, y] => match (x.trim().parse(), y.trim().parse()) {
            (Ok(x), Ok(y)) => Ok((x, y)),
            _ => Err(format!("'{token}' is not a cell x,y of two integers")),
        },
        _ => Err(format!("'{token}' is not a cell x,y (e.g. 3,-6)")),
    }
}

fn letter_of(text: &str, players: usize) -> Option<Player> {
    let mut chars = text.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    LETTERS[..players].iter().position(|&l| l == c)
}

/// The position as JSON. `full` adds `ply`, `finished` and `dropped`, which `to_text` needs
/// to read the state back exactly; the short form is what the course server sends.
pub fn position_to_json(state: &Halma, full: bool) -> String {
    use ply_core::Game;
    let board = state.board();
    let mut map = Map::new();
    for (p, letter) in LETTERS.iter().enumerate().take(state.num_players()) {
        let cells: Vec<Value> = crate::geometry::cells_of(state.pegs(p))
            .map(|c| cell_json(board, c))
            .collect();
        map.insert(letter.to_string(), Value::Array(cells));
    }
    map.insert(
        "turn".into(),
        Value::String(LETTERS[state.to_move()].to_string()),
    );
    if full {
        map.insert("ply".into(), json!(state.ply()));
        let events = |at: [u32; 6]| -> Value {
            let mut m = Map::new();
            for p in 0..state.num_players() {
                if at[p] != NEVER {
                    m.insert(LETTERS[p].to_string(), json!(at[p]));
                }
            }
            Value::Object(m)
        };
        map.insert("finished".into(), events(state.finished_at()));
        map.insert("dropped".into(), events(state.dropped_at()));
    }
    Value::Object(map).to_string()
}

/// Reads a position in either form, on `like`'s board with `like`'s player count and
/// settings. Every problem is an error naming it: malformed JSON, a missing or unknown
/// player, an unknown cell, two pegs on one cell, a wrong number of pegs.
pub fn position_from_json(like: &Halma, text: &str) -> Result<Halma, GameError> {
    use ply_core::Game;
    let fail = |reason: String| GameError::position(text.trim(), reason);
    let value: Value =
        serde_json::from_str(text).map_err(|e| fail(format!("not valid JSON: {e}")))?;
    let object = value
        .as_object()
        .ok_or_else(|| fail("a position is a JSON object from player letter to pegs".into()))?;
    let players = like.num_players();
    let board = like.board();
    let expected = like.kind().pegs_per_player();
    let mut pegs: Vec<Option<CellSet>> = vec![None; players];
    let mut occupied: CellSet = 0;
    let mut to_move = like.settings().first_player;
    let mut ply = 0u32;
    let mut finished = [NEVER; 6];
    let mut dropped = [NEVER; 6];
    let mut full = false;
    // Unknown keys first, so that a wrong player count is named as such.
    for key in object.keys() {
        let known = ["turn", "ply", "finished", "dropped"].contains(&key.as_str())
            || letter_of(key, players).is_some();
        if !known {
            return Err(fail(format!(
                "'{key}' is not a player of this {players}-player game (players {}) nor a \
                 field (turn, ply, finished, dropped)",
                LETTERS[..players].iter().collect::<String>()
            )));
        }
    }
    for (key, field) in object {
        match key.as_str() {
            "turn" => {
                let letter = field
                    .as_str()
                    .ok_or_else(|| fail(format!("turn {field} must be a player letter")))?;
                to_move = letter_of(letter, players).ok_or_else(|| {
                    fail(format!(
                        "turn '{letter}' is not one of the {players} players {}",
                        LETTERS[..players].iter().collect::<String>()
                    ))
                })?;
            }
            "ply" => {
                ply = field
                    .as_u64()
                    .and_then(|p| u32::try_from(p).ok())
                    .ok_or_else(|| fail(format!("ply {field} must be a count of plies")))?;
            }
            "finished" | "dropped" => {
                full = true;
                let map = field
                    .as_object()
                    .ok_or_else(|| fail(format!("{key} must map player letters to plies")))?;
                let target = if key == "finished" {
                    &mut finished
                } else {
                    &mut dropped
                };
                for (letter, at) in map {
                    let p = letter_of(letter, players)
                        .ok_or_else(|| fail(format!("{key}: '{letter}' is not a player")))?;
                    target[p] = at
                        .as_u64()
                        .and_then(|v| u32::try_from(v).ok())
                        .ok_or_else(|| fail(format!("{key}: {at} is not a ply")))?;
                }
            }
            letter => {
                let p = letter_of(letter, players).ok_or_else(|| {
                    fail(format!(
                        "'{letter}' is not a player of this {players}-player game (players {})",
                        LETTERS[..players].iter().collect::<String>()
                    ))
                })?;
                let list = field
                    .as_array()
                    .ok_or_else(|| fail(format!("the pegs of {letter} must be a list of cells")))?;
                let mut set: CellSet = 0;
                for item in list {
                    let (x, y) = coords_of_value(item).map_err(&fail)?;
                    let cell = board.cell_at_i64(x, y).ok_or_else(|| {
                        fail(format!(
                            "{letter}'s peg [{x},{y}] is not on the {} board",
                            like.kind()
                        ))
                    })?;
                    if occupied & (1u128 << cell) != 0 {
                        return Err(fail(format!("two pegs on the cell [{x},{y}]")));
                    }
                    occupied |= 1u128 << cell;
                    set |= 1u128 << cell;
                }
                if list.len() != expected {
                    return Err(fail(format!(
                        "{letter} has {} pegs; each player has {expected} on the {} board",
                        list.len(),
                        like.kind()
                    )));
                }
                pegs[p] = Some(set);
            }
        }
    }
    let mut sets = Vec::with_capacity(players);
    for (p, set) in pegs.iter().enumerate() {
        sets.push(set.ok_or_else(|| fail(format!("the pegs of {} are missing", LETTERS[p])))?);
    }
    if full {
        check_finished_against_pegs(like, &sets, &finished, &dropped).map_err(&fail)?;
    }
    let state = Halma::from_parts(like.layout(), *like.settings(), &sets, to_move, ply);
    Ok(if full {
        state.with_events(finished, dropped, to_move)
    } else {
        state
    })
}

/// The `finished` entries of a full position must agree with the pegs, as in a played game:
/// a player is marked finished on the ply its last peg reaches home, and a finished player's
/// pegs stay there (it no longer moves, and swaps only happen in the mover's own home, which
/// is no other player's). So a finished player has every peg home, and a player with every
/// peg home is finished, unless it had dropped out before (a swap can carry a dropped
/// player's peg home).
fn check_finished_against_pegs(
    like: &Halma,
    sets: &[CellSet],
    finished: &[u32; 6],
    dropped: &[u32; 6],
) -> Result<(), String> {
    let expected = like.kind().pegs_per_player();
    for (p, &set) in sets.iter().enumerate() {
        let home = like.seat(p).home;
        let at_home = (set & home).count_ones() as usize;
        let letter = LETTERS[p];
        if finished[p] != NEVER && set & !home != 0 {
            return Err(format!(
                "{letter} is marked finished but has only {at_home} of its {expected} pegs \
                 home; a player finishes when every one of its pegs is home"
            ));
        }
        if set & !home == 0 && finished[p] == NEVER && dropped[p] == NEVER {
            return Err(format!(
                "{letter} has every peg home but is not marked finished; a player is \
                 finished on the ply its last peg reaches home"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardKind;

    #[test]
    fn typed_and_json_moves_agree() {
        let board = BoardKind::Star.board();
        let a = parse_move(board, "3,-6 3,-5").unwrap();
        let b = parse_move(board, "[[3,-6],[3,-5]]").unwrap();
        assert_eq!(a, b);
        let hop = parse_move(board, "[[1,-4],[1,-2],[-1,0]]").unwrap();
        assert_eq!(board.coords(hop.from), (1, -4));
        assert_eq!(board.coords(hop.to), (-1, 0));
    }

    #[test]
    fn bad_moves_name_the_problem() {
        let board = BoardKind::Star.board();
        for (text, needle) in [
            ("[[3,-6]]", "at least two"),
            ("[[9,9],[3,-5]]", "[9,9]"),
            ("[[3,-6],[3,-3]]", "straight hop"),
            ("[[1,-4],[1,-3],[1,-2]]", "straight hop"),
            ("[[3,-6],[3,-5]", "JSON"),
            ("3;-6 3,-5", "3;-6"),
            ("[[3,\"a\"],[3,-5]]", "integers"),
        ] {
            let err = parse_move(board, text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}
