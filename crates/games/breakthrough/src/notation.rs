//! Moves as OpenSpiel writes them: the cell a piece leaves, then the cell it reaches, each a
//! column letter (`a` on the left) and a row number (1 at the bottom), and `*` after a
//! capture: `a7a6`, `b7c6*`. Read back in any case, with an optional `-` or `x` between the
//! cells (`a7-a6`, `b7xc6`); a `*` or `x` where nothing is taken is refused.
//!
//! The position text is OpenSpiel's serialised board (top row first, `b`, `w`, `.`) and the
//! side to move.

use ply_core::{GameError, Player};

use crate::board::{Breakthrough, Step, BLACK, WHITE};

/// The letter of column `column` (`a` for the leftmost).
pub(crate) fn column_letter(column: usize) -> char {
    (b'a' + column as u8) as char
}

/// `cell` as a column letter and a row number: `a1` is the bottom-left cell.
pub(crate) fn format_cell(board: &Breakthrough, cell: usize) -> String {
    let (column, row) = board.coords(cell);
    format!("{}{row}", column_letter(column))
}

pub(crate) fn format_step(board: &Breakthrough, step: Step) -> String {
    format!(
        "{}{}{}",
        format_cell(board, step.from as usize),
        format_cell(board, step.to as usize),
        if step.capture { "*" } else { "" }
    )
}

/// What a move must look like, for errors.
fn shape(board: &Breakthrough) -> String {
    format!(
        "write a move as the cell a piece leaves and the cell it reaches, each a column a-{} \
         and a row 1-{} (e.g. a1a2, or a1b2* for a capture)",
        column_letter(board.columns() - 1),
        board.rows()
    )
}

/// Reads a cell at the start of `text`: its index and the rest of the text.
fn read_cell<'a>(board: &Breakthrough, text: &'a [u8]) -> Option<(usize, &'a [u8])> {
    let (&letter, rest) = text.split_first()?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if !letter.is_ascii_lowercase() || digits == 0 || digits > 2 {
        return None;
    }
    let row: usize = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
    let column = (letter - b'a') as usize;
    (column < board.columns() && (1..=board.rows()).contains(&row))
        .then(|| (board.cell(column, row), &rest[digits..]))
}

pub(crate) fn parse_step(board: &Breakthrough, text: &str) -> Result<Step, GameError> {
    let lower = text.trim().to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let bad = || GameError::parse(text, shape(board));
    let (from, rest) = read_cell(board, bytes).ok_or_else(bad)?;
    // `x` between the cells marks a capture, unless it is the column of the second cell.
    let (marked_x, (to, rest)) = match (read_cell(board, rest), rest) {
        (Some(cell), _) => (false, cell),
        (None, [b'-', after @ ..]) => (false, read_cell(board, after).ok_or_else(bad)?),
        (None, [b'x', after @ ..]) => (true, read_cell(board, after).ok_or_else(bad)?),
        (None, _) => return Err(bad()),
    };
    let marked = match rest {
        [] => marked_x,
        [b'*'] => true,
        _ => return Err(bad()),
    };
    let mover = board.owner(from);
    let capture = mover.is_some() && board.owner(to).is_some_and(|owner| Some(owner) != mover);
    // A move from an empty cell is check_move's to refuse, naming the rule.
    if let (true, false, Some(mover)) = (marked, capture, mover) {
        return Err(GameError::parse(
            text,
            format!(
                "it marks a capture, but {} holds no {} piece to take",
                format_cell(board, to),
                Breakthrough::side_name(1 - mover)
            ),
        ));
    }
    Ok(Step {
        from: from as u8,
        to: to as u8,
        capture,
    })
}

/// Reads the position text (see [`Breakthrough::to_text`](ply_core::Game::to_text)) on
/// `board`'s size.
pub(crate) fn read_position(board: &Breakthrough, text: &str) -> Result<Breakthrough, GameError> {
    let cells = board.cells();
    let expected = || {
        format!(
            "expected {cells} cells of b, w or . (the top row first), a space and the side to \
             move, b or w"
        )
    };
    let mut words = text.split_whitespace();
    let (Some(cells_text), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(GameError::position(text, expected()));
    };
    if cells_text.chars().count() != cells {
        return Err(GameError::position(text, expected()));
    }
    let to_move: Player = match side {
        "b" | "B" => BLACK,
        "w" | "W" => WHITE,
        _ => return Err(GameError::position(text, expected())),
    };
    let mut pieces = [0u64; 2];
    for (i, ch) in cells_text.chars().enumerate() {
        // The text runs from the top-left; cells are numbered from the bottom-left.
        let (row, column) = (board.rows() - i / board.columns(), i % board.columns());
        let cell = board.cell(column, row);
        match ch.to_ascii_lowercase() {
            'b' => pieces[BLACK] |= 1 << cell,
            'w' => pieces[WHITE] |= 1 << cell,
            '.' => {}
            other => {
                return Err(GameError::position(
                    text,
                    format!("{} is not b, w or .", ply_core::quote(&other.to_string())),
                ))
            }
        }
    }
    board
        .with_pieces(pieces, to_move)
        .map_err(|reason| GameError::position(text, reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    #[test]
    fn cells_and_moves_round_trip_in_openspiels_strings() {
        let board = Breakthrough::new();
        assert_eq!(format_cell(&board, 0), "a1");
        assert_eq!(format_cell(&board, 63), "h8");
        let step = parse_step(&board, "a7a6").unwrap();
        assert_eq!(format_cell(&board, step.from as usize), "a7");
        assert_eq!(format_step(&board, step), "a7a6");
        for spelling in ["A7A6", " a7-a6 ", "a7a6"] {
            assert_eq!(parse_step(&board, spelling).unwrap(), step, "{spelling}");
        }
        let tall = Breakthrough::with_shape(12, 5).unwrap();
        let step = parse_step(&tall, "e12d11").unwrap();
        assert_eq!(format_step(&tall, step), "e12d11");
    }

    #[test]
    fn a_capture_is_marked_and_a_false_mark_refused() {
        // Black's d5 faces White's e4.
        let rows = [
            "bbbbbbbb", "bbb.bbbb", "........", "...b....", "....w...", "........",
        ];
        let text = format!("{}wwww.wwwwwwwwwww b", rows.concat());
        let board = Breakthrough::new().from_text(&text).unwrap();
        let capture = parse_step(&board, "d5e4*").unwrap();
        assert!(capture.capture);
        assert_eq!(format_step(&board, capture), "d5e4*");
        for spelling in ["d5e4", "d5xe4", "D5-E4*"] {
            assert_eq!(parse_step(&board, spelling).unwrap(), capture, "{spelling}");
        }
        for (marked, empty) in [("d5d4*", "d4"), ("d5xc4", "c4"), ("c7xb6", "b6")] {
            let err = parse_step(&board, marked).unwrap_err().to_string();
            assert!(
                err.contains(marked) && err.contains(&format!("{empty} holds no White piece")),
                "{err}"
            );
        }
        // Onto a piece of one's own side: no capture, and a mark is refused.
        assert!(!parse_step(&board, "b8c7").unwrap().capture);
        let err = parse_step(&board, "b8xc7").unwrap_err().to_string();
        assert!(err.contains("c7 holds no White piece"), "{err}");
    }

    #[test]
    fn bad_moves_say_why() {
        let board = Breakthrough::new();
        for bad in [
            "", "a7", "a7a", "i7i6", "a9a8", "a0a1", "a7a6**", "7a6a", "é7a6", "a7+a6",
        ] {
            let err = parse_step(&board, bad).unwrap_err().to_string();
            assert!(err.contains("a-h") && err.contains("1-8"), "{bad}: {err}");
        }
    }
}
