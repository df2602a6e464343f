//! Reading the board text written by `Connect4::to_text`: rows from the top separated by
//! `/`, `x` for the first player, `o` for the second, `.` for an empty cell.

use ply_core::{GameError, Player};

use crate::board::Connect4;

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
