//! Tic-tac-toe notation: a column letter and a row number, `a1` bottom-left to `c3`
//! top-right (as on the drawn board); a single digit 1–9 is also read, numbered like a phone
//! keypad from the top-left.

use ply_core::GameError;

use crate::board::Cell;

pub(crate) fn format_cell(cell: Cell) -> String {
    let col = (b'a' + cell % 3) as char;
    let row = 3 - cell / 3;
    format!("{col}{row}")
}

pub(crate) fn parse_cell(text: &str) -> Result<Cell, GameError> {
    let t = text.trim().to_ascii_lowercase();
    let bytes = t.as_bytes();
    match bytes {
        [d @ b'1'..=b'9'] => Ok(d - b'1'),
        [c @ b'a'..=b'c', r @ b'1'..=b'3'] => Ok((3 - (r - b'0')) * 3 + (c - b'a')),
        [c, r] if c.is_ascii_alphabetic() && r.is_ascii_digit() => Err(GameError::parse(
            text,
            "the board has columns a to c and rows 1 to 3",
        )),
        _ => Err(GameError::parse(
            text,
            "write a cell as a column a-c and a row 1-3 (e.g. b2), or a digit 1-9",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_round_trips() {
        for cell in 0..9 {
            assert_eq!(parse_cell(&format_cell(cell)).unwrap(), cell);
        }
        assert_eq!(format_cell(0), "a3");
        assert_eq!(format_cell(8), "c1");
        assert_eq!(parse_cell("5").unwrap(), 4);
        assert_eq!(parse_cell(" B2 ").unwrap(), 4);
    }

    #[test]
    fn bad_cells_say_why() {
        for bad in ["", "d1", "a4", "0", "xx", "a", "a10"] {
            let err = parse_cell(bad).unwrap_err().to_string();
            assert!(err.contains(bad.trim()), "{err}");
        }
    }
}
