//! Column notation: one character per move, as in the public test sets.
//!
//! Columns 1–9 are the digits `1`–`9`; the tenth column is `0` (the key after `9`, as in
//! Pons-style move strings for ten-column boards); columns 11 to 36 are the letters `a`–`z`.
//! So every width up to 36 has a one-character notation that round-trips, and a game is the
//! string of its moves, e.g. `4453`.
//!
//! Steininger's test data numbers columns from 0 (`0`–`9`); [`ColumnBase::Zero`] reads it.

use ply_core::GameError;

/// The widest board with a one-character column name.
pub const MAX_WIDTH: usize = 36;

/// How the digits of a move sequence count columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColumnBase {
    /// `1` is the leftmost column, `0` the tenth, `a`… the eleventh on (this crate's own
    /// notation and Pons' test sets).
    #[default]
    One,
    /// `0` is the leftmost column (Steininger's test data).
    Zero,
}

/// The character naming column `col` (0-based).
pub fn column_char(col: usize) -> char {
    match col {
        0..=8 => (b'1' + col as u8) as char,
        9 => '0',
        _ => (b'a' + (col - 10) as u8) as char,
    }
}

/// The 0-based column named by `ch` in `base`, if it is a column name at all.
pub fn char_column(ch: char, base: ColumnBase) -> Option<usize> {
    let ch = ch.to_ascii_lowercase();
    match (base, ch) {
        (ColumnBase::One, '1'..='9') => Some(ch as usize - '1' as usize),
        (ColumnBase::One, '0') => Some(9),
        (ColumnBase::One, 'a'..='z') => Some(ch as usize - 'a' as usize + 10),
        (ColumnBase::Zero, '0'..='9') => Some(ch as usize - '0' as usize),
        (ColumnBase::Zero, 'a'..='z') => Some(ch as usize - 'a' as usize + 10),
        _ => None,
    }
}

/// Reads one move (a single column character) for a board `width` columns wide.
pub fn parse_column(text: &str, width: usize) -> Result<usize, GameError> {
    let trimmed = text.trim();
    let mut chars = trimmed.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(GameError::parse(
            text,
            format!("a move is one column name, 1 to {}", column_char(width - 1)),
        ));
    };
    match char_column(ch, ColumnBase::One) {
        Some(col) if col < width => Ok(col),
        Some(_) => Err(GameError::parse(
            text,
            format!(
                "the board has {width} columns, named 1 to {}",
                column_char(width - 1)
            ),
        )),
        None => Err(GameError::parse(
            text,
            "a column is named by a digit 1-9, 0 for the tenth, then letters a-z",
        )),
    }
}

/// Reads a move sequence such as `4453` into 0-based columns (syntax and width only; the
/// rules are checked when the moves are played).
pub fn parse_sequence(text: &str, width: usize, base: ColumnBase) -> Result<Vec<usize>, GameError> {
    text.trim()
        .chars()
        .enumerate()
        .map(|(i, ch)| match char_column(ch, base) {
            Some(col) if col < width => Ok(col),
            Some(_) => Err(GameError::parse(
                text.trim(),
                format!(
                    "move {} '{ch}' names a column beyond the board's {width}",
                    i + 1
                ),
            )),
            None => Err(GameError::parse(
                text.trim(),
                format!("move {} '{ch}' is not a column name", i + 1),
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_round_trips() {
        for col in 0..MAX_WIDTH {
            assert_eq!(
                char_column(column_char(col), ColumnBase::One),
                Some(col),
                "{col}"
            );
        }
        assert_eq!(column_char(0), '1');
        assert_eq!(column_char(9), '0');
        assert_eq!(column_char(10), 'a');
    }

    #[test]
    fn zero_based_sequences_read_like_steininger() {
        assert_eq!(
            parse_sequence("0129", 10, ColumnBase::Zero).unwrap(),
            vec![0, 1, 2, 9]
        );
        assert_eq!(
            parse_sequence("4453", 7, ColumnBase::One).unwrap(),
            vec![3, 3, 4, 2]
        );
    }

    #[test]
    fn bad_text_names_the_move() {
        let err = parse_sequence("44x3", 7, ColumnBase::One).unwrap_err();
        assert!(err.to_string().contains("move 3 'x'"), "{err}");
        let err = parse_sequence("448", 7, ColumnBase::One).unwrap_err();
        assert!(err.to_string().contains("beyond"), "{err}");
        assert!(parse_column("8", 7).is_err());
        assert!(parse_column("", 7).is_err());
        assert!(parse_column("12", 7).is_err());
        assert_eq!(parse_column(" 7 ", 7).unwrap(), 6);
    }
}
