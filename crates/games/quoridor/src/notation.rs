//! Move notation: `e2` for a pawn's destination, `e3h` / `e3 h` / `E3 horizontal` for a
//! wall, named as QTP names it, by the upper-left cell of the 2x2 block it touches.
//! Case is ignored. Columns are letters `a`…`y`, rows numbers `1`…`25`.

use ply_core::GameError;

use crate::geometry::{Move, Orientation, Square, Wall};

/// A column letter (`a` for column 0).
pub fn column_letter(col: usize) -> char {
    (b'a' + col as u8) as char
}

/// A square as `e2`.
pub fn format_square(sq: Square) -> String {
    format!("{}{}", column_letter(sq.col as usize), sq.row + 1)
}

/// A wall as `e3h`: QTP's cell is the block's upper-left cell, one row above the slot.
pub fn format_wall(wall: Wall) -> String {
    let cell = Square::new(wall.slot.col, wall.slot.row + 1);
    let o = match wall.orientation {
        Orientation::Horizontal => 'h',
        Orientation::Vertical => 'v',
    };
    format!("{}{o}", format_square(cell))
}

/// The canonical form of a move: `e2` or `e3h`.
pub fn format_move(_size: usize, mv: Move) -> String {
    match mv {
        Move::Pawn { to, .. } => format_square(to),
        Move::Wall(wall) => format_wall(wall),
    }
}

/// The QTP reply form of a move: `E2` or `E3 h`.
pub fn format_move_qtp(mv: Move) -> String {
    match mv {
        Move::Pawn { to, .. } => format_square(to).to_ascii_uppercase(),
        Move::Wall(wall) => {
            let text = format_wall(wall);
            let (cell, o) = text.split_at(text.len() - 1);
            format!("{} {o}", cell.to_ascii_uppercase())
        }
    }
}

/// Whether `text` looks like a cell (a letter and digits), on the board or not.
fn is_cell_shaped(text: &str) -> bool {
    let bytes = text.trim().as_bytes();
    bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1..].iter().all(u8::is_ascii_digit)
}

/// Reads a cell such as `e2` on a board of `size`.
pub fn parse_square(text: &str, size: usize) -> Result<Square, GameError> {
    let t = text.trim().to_ascii_lowercase();
    let bytes = t.as_bytes();
    if !is_cell_shaped(&t) || bytes.len() > 4 {
        return Err(GameError::parse(
            text,
            "write a cell as a column letter and a row number, e.g. e2",
        ));
    }
    let col = (bytes[0] - b'a') as usize;
    let row: usize = t[1..].parse().unwrap_or(0);
    if col >= size || row == 0 || row > size {
        return Err(GameError::parse(
            text,
            format!(
                "the board has columns a to {} and rows 1 to {size}",
                column_letter(size - 1)
            ),
        ));
    }
    Ok(Square::new(col as u8, (row - 1) as u8))
}

/// Reads `h`, `v`, `horizontal` or `vertical`.
pub fn parse_orientation(text: &str) -> Result<Orientation, GameError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "h" | "horizontal" => Ok(Orientation::Horizontal),
        "v" | "vertical" => Ok(Orientation::Vertical),
        _ => Err(GameError::parse(
            text,
            "a wall's orientation is h, v, horizontal or vertical",
        )),
    }
}

/// How walls are written, for every error about one: a person who typed a wall wrong needs
/// the wall's notation, not only the board's cells.
const WALL_NOTATION: &str = "a wall is named by the upper-left cell of the 2x2 block of cells \
it borders, then h or v (e3h lies under e3 and f3, e3v right of e3 and e2)";

/// Reads a wall named by its QTP cell (upper-left of the block) and an orientation.
pub fn parse_wall(cell: &str, orientation: &str, size: usize) -> Result<Wall, GameError> {
    let orientation = parse_orientation(orientation).map_err(|_| {
        GameError::parse(
            format!("{cell} {orientation}"),
            format!("a wall's orientation is h, v, horizontal or vertical; {WALL_NOTATION}"),
        )
    })?;
    let off_board = || {
        GameError::parse(
            format!("{cell} {}", orientation_word(orientation)),
            format!(
                "{WALL_NOTATION}; on this board a wall's cell is in columns a to {} and \
                 rows 2 to {size}",
                column_letter(size - 2)
            ),
        )
    };
    let sq = parse_square(cell, size).map_err(|_| off_board())?;
    if sq.col as usize + 1 >= size || sq.row == 0 {
        return Err(off_board());
    }
    Ok(Wall {
        slot: Square::new(sq.col, sq.row - 1),
        orientation,
    })
}

fn orientation_word(o: Orientation) -> &'static str {
    match o {
        Orientation::Horizontal => "h",
        Orientation::Vertical => "v",
    }
}

/// What a move's text names, before the position supplies the pawn's starting square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    PawnTo(Square),
    Wall(Wall),
}

/// A part's parse error restated about the whole move text, so the message quotes what was
/// typed (`e29h`), not the part that failed (`e29`).
fn naming(text: &str, error: GameError) -> GameError {
    match error {
        GameError::Parse { reason, .. } => GameError::parse(text.trim(), reason),
        other => other,
    }
}

/// Reads `e2`, `e3h`, `e3 h`, `E3 horizontal`.
pub fn parse_move_text(text: &str, size: usize) -> Result<MoveText, GameError> {
    let t = text.trim();
    let mut words = t.split_whitespace();
    let (first, second) = (words.next(), words.next());
    if words.next().is_some() {
        return Err(GameError::parse(
            text,
            "a move is a cell (e2) or a cell and an orientation (e3h, e3 h)",
        ));
    }
    match (first, second) {
        (None, _) => Err(GameError::parse(text, "the move is empty")),
        (Some(cell), Some(o)) => Ok(MoveText::Wall(
            parse_wall(cell, o, size).map_err(|e| naming(text, e))?,
        )),
        (Some(word), None) => {
            let lower = word.to_ascii_lowercase();
            match lower.chars().last() {
                Some(o @ ('h' | 'v')) if lower.len() > 2 => {
                    let cell = &lower[..lower.len() - 1];
                    Ok(MoveText::Wall(
                        parse_wall(cell, &o.to_string(), size).map_err(|e| naming(text, e))?,
                    ))
                }
                _ => parse_square(word, size).map(MoveText::PawnTo).map_err(|e| match e {
                    // Not even a cell's shape: say what a move can be.
                    GameError::Parse { .. } if !is_cell_shaped(word) => GameError::parse(
                        word,
                        format!("a move is the cell a pawn goes to (e2), or a wall: {WALL_NOTATION}"),
                    ),
                    other => other,
                }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_use_the_upper_left_cell() {
        let w = parse_wall("E3", "horizontal", 9).unwrap();
        assert_eq!(w.slot, Square::new(4, 1));
        assert_eq!(format_wall(w), "e3h");
        assert_eq!(format_move_qtp(Move::Wall(w)), "E3 h");
        assert_eq!(
            parse_move_text("e3 H", 9).unwrap(),
            parse_move_text("e3h", 9).unwrap()
        );
    }

    #[test]
    fn off_board_names_are_refused_with_the_range() {
        for (cell, o) in [("i5", "h"), ("a1", "v"), ("z9", "h"), ("a10", "v")] {
            let err = parse_wall(cell, o, 9).unwrap_err().to_string();
            assert!(err.contains(cell), "{err}");
        }
        assert!(parse_square("j1", 9).is_err());
        assert!(parse_square("a0", 9).is_err());
        assert!(parse_square("", 9).is_err());
        assert!(parse_move_text("e3 x", 9).is_err());
        assert!(parse_move_text("e3 h h", 9).is_err());
    }

    /// A person who typed a wall wrong was told only about the board's cells.
    #[test]
    fn a_bad_wall_is_answered_with_the_wall_notation() {
        for (text, size) in [("e10h", 5), ("i9h", 5), ("e1h", 9), ("i5v", 9), ("e3 x", 9)] {
            let err = parse_move_text(text, size).unwrap_err().to_string();
            assert!(err.contains(&format!("'{text}'")), "{err}");
            assert!(
                err.contains("upper-left cell of the 2x2 block") && err.contains("e3h"),
                "{err}"
            );
        }
        // Neither a cell nor a wall: the message says what a move can be.
        for text in ["e3x", "zz", "3e"] {
            let err = parse_move_text(text, 9).unwrap_err().to_string();
            assert!(
                err.contains("pawn goes to (e2)") && err.contains("e3h"),
                "{err}"
            );
        }
        // A cell off the board is still about cells.
        let err = parse_move_text("z9", 5).unwrap_err().to_string();
        assert!(err.contains("columns a to e and rows 1 to 5"), "{err}");
    }
}
