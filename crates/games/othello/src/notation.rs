//! Moves as Othello players and OpenSpiel write them: the cell a disc is placed on, a column
//! letter (`a` on the left) and a row number (1 at the top), `d3`; and `pass`. Read back in
//! any case.
//!
//! The position text is the one-line board Othello programs exchange (Edax, the GGS): `X`,
//! `O` or `-` a cell, row 1 first, then the side to move.

use ply_core::{GameError, Player};

use crate::board::{Move, Othello, BLACK, WHITE};

/// How a pass is written.
pub(crate) const PASS: &str = "pass";

/// The letter of column `column` (`a` for the leftmost).
pub(crate) fn column_letter(column: usize) -> char {
    (b'a' + column as u8) as char
}

/// `cell` as a column letter and a row number: `a1` is the top-left cell.
pub(crate) fn format_cell(board: &Othello, cell: usize) -> String {
    let (column, row) = board.coords(cell);
    format!("{}{row}", column_letter(column))
}

pub(crate) fn format_move(board: &Othello, mv: Move) -> String {
    if mv.is_pass() {
        PASS.to_string()
    } else {
        format_cell(board, mv.cell as usize)
    }
}

/// Reads a move: a cell, or `pass`. The placement comes with the discs it flips here (none
/// where it is not a placement, which `check_move` refuses, naming the rule).
pub(crate) fn parse_move(board: &Othello, text: &str) -> Result<Move, GameError> {
    let lower = text.trim().to_ascii_lowercase();
    if lower == PASS {
        return Ok(Move::PASS);
    }
    read_cell(board, lower.as_bytes())
        .map(|cell| board.placement(cell))
        .ok_or_else(|| {
            GameError::parse(
                text,
                format!(
                    "write a move as the cell a disc goes on, a column a-{} and a row 1-{} \
                     (e.g. {}), or {PASS} when no disc can be placed",
                    column_letter(board.size() - 1),
                    board.size(),
                    crate::descriptor::DESCRIPTOR.notation.example,
                ),
            )
        })
}

/// The cell `text` names on `board` (a letter and one digit, every side being below 10).
fn read_cell(board: &Othello, text: &[u8]) -> Option<usize> {
    let [letter, digit] = *text else {
        return None;
    };
    let column = letter.checked_sub(b'a')? as usize;
    let row = digit.checked_sub(b'0')? as usize;
    (column < board.size() && (1..=board.size()).contains(&row)).then(|| board.cell(column, row))
}

/// The colour a character of the position text stands for: `Some(None)` for an empty cell,
/// `None` for a character that means nothing.
fn colour_of(ch: char) -> Option<Option<Player>> {
    match ch.to_ascii_lowercase() {
        'x' | 'b' | '*' => Some(Some(BLACK)),
        'o' | 'w' => Some(Some(WHITE)),
        '-' | '.' => Some(None),
        _ => None,
    }
}

/// Reads the position text (see [`Othello::to_text`](ply_core::Game::to_text)) on `board`'s
/// size. Black may also be written `x`, `b` or `*`, White `o` or `w`, an empty cell `.`.
pub(crate) fn read_position(board: &Othello, text: &str) -> Result<Othello, GameError> {
    let cells = board.cells();
    let expected = || {
        format!(
            "expected {cells} cells of X, O or - (row 1 first, left to right), a space and the \
             side to move, X or O"
        )
    };
    let mut words = text.split_whitespace();
    let (Some(cells_text), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(GameError::position(text, expected()));
    };
    if cells_text.chars().count() != cells {
        return Err(GameError::position(text, expected()));
    }
    let to_move = match side.chars().collect::<Vec<_>>()[..] {
        [ch] => match colour_of(ch) {
            Some(Some(colour)) => colour,
            _ => return Err(GameError::position(text, expected())),
        },
        _ => return Err(GameError::position(text, expected())),
    };
    let mut discs = [0u64; 2];
    for (cell, ch) in cells_text.chars().enumerate() {
        match colour_of(ch) {
            Some(Some(colour)) => discs[colour] |= 1 << cell,
            Some(None) => {}
            None => {
                return Err(GameError::position(
                    text,
                    format!("{} is not X, O or -", ply_core::quote(&ch.to_string())),
                ))
            }
        }
    }
    board
        .with_discs(discs, to_move)
        .map_err(|reason| GameError::position(text, reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    #[test]
    fn cells_and_the_pass_round_trip() {
        let board = Othello::new();
        assert_eq!(format_cell(&board, 0), "a1");
        assert_eq!(format_cell(&board, 19), "d3");
        assert_eq!(format_cell(&board, 63), "h8");
        for spelling in ["d3", "D3", " d3 "] {
            let mv = parse_move(&board, spelling).unwrap();
            assert_eq!((mv.cell, format_move(&board, mv)), (19, "d3".into()));
            // d3 flips d4.
            assert_eq!(mv.flips, 1 << 27);
        }
        for spelling in ["pass", "PASS", " Pass "] {
            assert_eq!(parse_move(&board, spelling).unwrap(), Move::PASS);
        }
        assert_eq!(format_move(&board, Move::PASS), "pass");
        let six = Othello::with_size(6).unwrap();
        assert_eq!(format_cell(&six, 35), "f6");
        assert!(parse_move(&six, "g1").is_err());
    }

    #[test]
    fn bad_moves_say_why() {
        let board = Othello::new();
        for bad in [
            "", "d", "d33", "i1", "a0", "a9", "3d", "é3", "d3 e4", "passe", "--",
        ] {
            let err = parse_move(&board, bad).unwrap_err().to_string();
            assert!(
                err.contains("a-h") && err.contains("1-8") && err.contains("pass"),
                "{bad}: {err}"
            );
        }
        let err = parse_move(&Othello::with_size(4).unwrap(), "e1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("a-d") && err.contains("1-4"), "{err}");
    }

    #[test]
    fn the_position_text_reads_every_spelling() {
        let board = Othello::new();
        let start = board.to_text();
        assert_eq!(
            start,
            "---------------------------OX------XO--------------------------- X"
        );
        let other = start.replace('X', "b").replace('O', "w").replace('-', ".");
        assert_eq!(board.from_text(&other).unwrap(), board);
    }
}
