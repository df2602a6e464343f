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

/// The names of a board's columns in `base`, e.g. `1 to 7`, `1 to 9 and 0`, `1 to 9, 0 and
/// a to f`, `0 to 9 and a to e`.
pub fn column_names(width: usize, base: ColumnBase) -> String {
    let last = width.saturating_sub(1);
    match base {
        ColumnBase::One => match width {
            0..=9 => format!("1 to {}", column_char(last)),
            10 => "1 to 9 and 0".to_string(),
            11 => "1 to 9, 0 and a".to_string(),
            _ => format!("1 to 9, 0 and a to {}", column_char(last)),
        },
        ColumnBase::Zero => match width {
            0..=10 => format!("0 to {last}"),
            11 => "0 to 9 and a".to_string(),
            _ => format!("0 to 9 and a to {}", column_char(last)),
        },
    }
}

/// Reads one move (a single column character) for a board `width` columns wide.
pub fn parse_column(text: &str, width: usize) -> Result<usize, GameError> {
    let trimmed = text.trim();
    let mut chars = trimmed.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(GameError::parse(
            text,
            format!(
                "a move is one column name, {}",
                column_names(width, ColumnBase::One)
            ),
        ));
    };
    match char_column(ch, ColumnBase::One) {
        Some(col) if col < width => Ok(col),
        Some(_) => Err(GameError::parse(
            text,
            format!(
                "the board has {width} columns, named {}",
                column_names(width, ColumnBase::One)
            ),
        )),
        None => Err(GameError::parse(
            text,
            format!(
                "a column is named by a digit 1-9, 0 for the tenth, then letters a-z; \
                 this board's are {}",
                column_names(width, ColumnBase::One)
            ),
        )),
    }
}

/// Reads a move sequence such as `4453` into 0-based columns (syntax and width only; the
/// rules are checked when the moves are played).
///
/// A character that names no column of the board is an error naming the move, the
/// character and the board's columns (`GameError` shows the input quoted short).
pub fn parse_sequence(text: &str, width: usize, base: ColumnBase) -> Result<Vec<usize>, GameError> {
    let text = text.trim();
    text.chars()
        .enumerate()
        .map(|(i, ch)| match char_column(ch, base) {
            Some(col) if col < width => Ok(col),
            _ => Err(GameError::parse(
                text,
                format!(
                    "move {} '{}' is not a column of this {width}-column board (its columns \
                     are {})",
                    i + 1,
                    ch.escape_debug(),
                    column_names(width, base)
                ),
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

    /// `abc` on 7 columns said "'a' names a column beyond the board's 7".
    #[test]
    fn a_bad_character_is_called_what_it_is() {
        let err = parse_sequence("abc", 7, ColumnBase::One)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(
                "move 1 'a' is not a column of this 7-column board (its columns are 1 to 7)"
            ),
            "{err}"
        );
        assert!(!err.contains("beyond"), "{err}");
        let err = parse_sequence("1\u{7}", 12, ColumnBase::One)
            .unwrap_err()
            .to_string();
        assert!(err.contains("move 2 '\\u{7}'"), "{err}");
        assert!(err.contains("1 to 9, 0 and a to b"), "{err}");
        let err = parse_sequence("0a", 10, ColumnBase::Zero)
            .unwrap_err()
            .to_string();
        assert!(err.contains("its columns are 0 to 9)"), "{err}");
    }

    #[test]
    fn errors_quote_at_most_80_characters() {
        let long = format!("{}x", "4".repeat(100_000));
        let err = parse_sequence(&long, 7, ColumnBase::One)
            .unwrap_err()
            .to_string();
        assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..400]);
        assert!(err.contains("move 100001 'x'"), "{err}");
        assert!(err.contains(&format!("'{}…'", "4".repeat(80))), "{err}");
        assert!(
            parse_column(&"9".repeat(10_000), 7)
                .unwrap_err()
                .to_string()
                .len()
                < 400
        );
    }

    #[test]
    fn bad_text_names_the_move() {
        let err = parse_sequence("44x3", 7, ColumnBase::One).unwrap_err();
        assert!(err.to_string().contains("move 3 'x'"), "{err}");
        let err = parse_sequence("448", 7, ColumnBase::One).unwrap_err();
        assert!(err.to_string().contains("columns are 1 to 7"), "{err}");
        assert!(parse_column("8", 7).is_err());
        assert!(parse_column("", 7).is_err());
        assert!(parse_column("12", 7).is_err());
        assert_eq!(parse_column(" 7 ", 7).unwrap(), 6);
    }
}
