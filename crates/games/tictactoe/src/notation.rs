//! Cell notation: a column letter and a row number, `a1` bottom-left (as on the drawn
//! board): `a1`…`c3` on 3x3, `a1`…`o15` on 15x15. On 3x3 a single digit 1–9 is also read,
//! numbered like a phone keypad from the top-left.

use ply_core::GameError;

use crate::board::{Cell, TicTacToe};

/// The letter of column `col` (`a` for the leftmost).
pub(crate) fn column_letter(col: usize) -> char {
    (b'a' + col as u8) as char
}

pub(crate) fn format_cell(board: &TicTacToe, cell: Cell) -> String {
    let (col, row_from_top) = board.coords(cell as usize);
    let row = board.height() - row_from_top as usize;
    format!("{}{row}", column_letter(col as usize))
}

pub(crate) fn parse_cell(board: &TicTacToe, text: &str) -> Result<Cell, GameError> {
    let t = text.trim().to_ascii_lowercase();
    let (w, h) = (board.width(), board.height());
    let shape = || {
        format!(
            "write a cell as a column a-{} and a row 1-{h} (e.g. {})",
            column_letter(w - 1),
            format_cell(board, ((h / 2) * w + w / 2) as Cell)
        )
    };
    let bytes = t.as_bytes();
    if let [d @ b'1'..=b'9'] = bytes {
        if (w, h) == (3, 3) {
            return Ok((d - b'1') as Cell);
        }
    }
    let Some((&letter, digits)) = bytes.split_first() else {
        return Err(GameError::parse(text, shape()));
    };
    let row: Option<usize> = std::str::from_utf8(digits)
        .ok()
        .filter(|d| !d.is_empty() && d.len() <= 2 && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse().ok());
    let (Some(row), true) = (row, letter.is_ascii_lowercase()) else {
        return Err(GameError::parse(text, shape()));
    };
    let col = (letter - b'a') as usize;
    if col >= w || !(1..=h).contains(&row) {
        return Err(GameError::parse(
            text,
            format!(
                "the board has columns a to {} and rows 1 to {h}",
                column_letter(w - 1)
            ),
        ));
    }
    Ok(((h - row) * w + col) as Cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_round_trips() {
        for (w, h, k) in [(3, 3, 3), (15, 15, 5), (7, 4, 4), (1, 19, 3)] {
            let board = TicTacToe::with_shape(w, h, k).unwrap();
            for cell in 0..(w * h) as Cell {
                assert_eq!(
                    parse_cell(&board, &format_cell(&board, cell)).unwrap(),
                    cell
                );
            }
        }
        let board = TicTacToe::new();
        assert_eq!(format_cell(&board, 0), "a3");
        assert_eq!(format_cell(&board, 8), "c1");
        assert_eq!(parse_cell(&board, "5").unwrap(), 4);
        assert_eq!(parse_cell(&board, " B2 ").unwrap(), 4);
        let gomoku = TicTacToe::with_shape(15, 15, 5).unwrap();
        assert_eq!(parse_cell(&gomoku, "o15").unwrap(), 14);
        assert_eq!(format_cell(&gomoku, 224), "o1");
    }

    #[test]
    fn bad_cells_say_why() {
        let board = TicTacToe::new();
        for bad in ["", "d1", "a4", "0", "xx", "a", "a10", "é1", "a-1"] {
            let err = parse_cell(&board, bad).unwrap_err().to_string();
            assert!(err.contains(bad.trim()), "{err}");
        }
        let gomoku = TicTacToe::with_shape(15, 15, 5).unwrap();
        for bad in ["p1", "a16", "5", "a0", "a100"] {
            let err = parse_cell(&gomoku, bad).unwrap_err().to_string();
            assert!(err.contains(bad) && err.contains("o"), "{err}");
        }
    }
}
