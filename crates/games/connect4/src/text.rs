//! Reading Connect Four positions (crates/games/connect4/README.md, "Column notation"). Three forms:
//!
//! - the board written by `Connect4::to_text`: rows from the top separated by `/`, `x` for
//!   the first player, `o` for the second, `.` for an empty cell, then optionally the side
//!   to move (`x` or `o`), which must agree with the stone counts;
//! - a move sequence from the empty board, columns named as moves are (`4453`), optionally
//!   followed by a score, as the lines of Pascal Pons' test sets are
//!   (`2252576253462244111563365343671351441 -1`);
//! - `steininger:` then a sequence with columns counted from 0, as the lines of Christophe
//!   Steininger's test sets are (`steininger:1141465142351133000452254232560240330 -1`);
//!   `pons:` may mark a Pons line the same way.

use ply_core::{GameError, Player};

use crate::board::Connect4;
use crate::notation::ColumnBase;

/// Reads any of the three forms above as a position of `shape`'s width, height and `k`.
pub(crate) fn read_position(shape: &Connect4, text: &str) -> Result<Connect4, GameError> {
    let text = text.trim();
    let (base, rest) = if let Some(rest) = text.strip_prefix("steininger:") {
        (ColumnBase::Zero, rest)
    } else if let Some(rest) = text.strip_prefix("pons:") {
        (ColumnBase::One, rest)
    } else if text.contains('/') {
        return read_board_and_side(shape, text);
    } else {
        (ColumnBase::One, text)
    };
    let mut words = rest.split_whitespace();
    let moves = words.next().unwrap_or("");
    if let Some(score) = words.next() {
        if score.parse::<i32>().is_err() {
            return Err(GameError::position(
                text,
                format!("'{score}' after the moves is not a score (a whole number)"),
            ));
        }
    }
    if words.next().is_some() {
        return Err(GameError::position(
            text,
            "expected a move sequence, optionally followed by its score",
        ));
    }
    shape
        .empty()
        .after_in(moves, base)
        .map_err(|e| GameError::position(text, e.to_string()))
}

/// The board form, optionally followed by the side to move.
fn read_board_and_side(shape: &Connect4, text: &str) -> Result<Connect4, GameError> {
    use ply_core::Game;
    let mut words = text.split_whitespace();
    let board = words.next().unwrap_or("");
    let state = read_board(shape, board)?;
    match (words.next(), words.next()) {
        (None, _) => Ok(state),
        (Some(side), None) => {
            let wanted = match side.to_ascii_lowercase().as_str() {
                "x" => 0,
                "o" => 1,
                _ => {
                    return Err(GameError::position(
                        text,
                        format!("the side to move '{side}' is not x or o"),
                    ))
                }
            };
            if wanted == state.to_move() {
                Ok(state)
            } else {
                Err(GameError::position(
                    text,
                    format!(
                        "{side} cannot be to move: x moves first, so x is to move when both \
                         have as many stones, o when x has one more"
                    ),
                ))
            }
        }
        (Some(_), Some(_)) => Err(GameError::position(
            text,
            "expected the board, then optionally the side to move (x or o)",
        )),
    }
}

/// Reads `text` as a position of `shape`'s width, height and `k`, checking that it could
/// arise in a game: stones rest on stones, the first player has as many stones as the
/// second or one more, and at most the player who moved last has a line.
pub(crate) fn read_board(shape: &Connect4, text: &str) -> Result<Connect4, GameError> {
    let text = text.trim();
    let rows: Vec<&str> = text.split('/').collect();
    let (width, height) = (shape.width(), shape.height());
    if rows.len() != height {
        return Err(GameError::position(
            text,
            format!(
                "expected {height} rows separated by '/', found {}",
                rows.len()
            ),
        ));
    }
    let mut cells: Vec<(usize, usize, Player)> = Vec::new();
    let mut column_heights = vec![0usize; width];
    for (i, row_text) in rows.iter().enumerate() {
        let row = height - 1 - i;
        if row_text.chars().count() != width {
            return Err(GameError::position(
                text,
                format!(
                    "row {} has {} cells, expected {width}",
                    row + 1,
                    row_text.chars().count()
                ),
            ));
        }
        for (col, ch) in row_text.chars().enumerate() {
            let player = match ch.to_ascii_lowercase() {
                'x' => 0,
                'o' => 1,
                '.' => continue,
                other => {
                    return Err(GameError::position(
                        text,
                        format!("'{other}' is not x, o or ."),
                    ))
                }
            };
            cells.push((col, row, player));
            column_heights[col] = column_heights[col].max(row + 1);
        }
    }
    for (col, &h) in column_heights.iter().enumerate() {
        let stones = cells.iter().filter(|c| c.0 == col).count();
        if stones != h {
            return Err(GameError::position(
                text,
                format!("column {} has a stone resting on an empty cell", col + 1),
            ));
        }
    }
    let first = cells.iter().filter(|c| c.2 == 0).count();
    let second = cells.len() - first;
    if first != second && first != second + 1 {
        return Err(GameError::position(
            text,
            format!(
                "the first player moves first, so x has as many stones as o or one more \
                 (x {first}, o {second})"
            ),
        ));
    }
    // Stones in an order that respects gravity, so the builder sees a playable sequence.
    cells.sort_by_key(|&(col, row, _)| (row, col));
    let state = shape.with_stones(&cells);
    let last_mover = (cells.len() + 1) % 2;
    for player in 0..2 {
        if has_line_for(&state, player) && player != last_mover {
            return Err(GameError::position(
                text,
                format!("{} has a line but did not move last", ["x", "o"][player]),
            ));
        }
    }
    Ok(state)
}

fn has_line_for(state: &Connect4, player: Player) -> bool {
    use ply_core::Game;
    if player == state.to_move() {
        crate::board::on_board!(state.board(), p => p.shape().has_line(p.current()))
    } else {
        state.last_mover_won()
    }
}
