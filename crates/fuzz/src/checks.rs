//! The properties every error must have, whatever the target: one printable line of bounded
//! length that names the input it refuses.

use ply_core::Quoted;

/// The longest error message accepted: a few quoted inputs and the rule they break.
pub const MAX_MESSAGE: usize = 1500;

/// How many characters of an input a message must show to name it.
const PROBE_CHARS: usize = 16;

/// An error message must be one non-empty line of printable text, not too long.
pub fn check_message(message: &str) -> Result<(), String> {
    if message.trim().is_empty() {
        return Err("an empty error message".into());
    }
    if let Some(c) = message.chars().find(|c| c.is_control()) {
        return Err(format!(
            "the message holds the control character {:?}: {}",
            c,
            shown(message)
        ));
    }
    let len = message.chars().count();
    if len > MAX_MESSAGE {
        return Err(format!(
            "a message of {len} characters (the limit is {MAX_MESSAGE}): {}",
            shown(message)
        ));
    }
    Ok(())
}

/// The message of `GameError::GameOver`: the state is at fault, not the input, so it names
/// none.
pub const GAME_OVER: &str = "the game is over: no move can be played";

/// Checks [`check_message`] and that the message names `input` (see [`names_input`]), or
/// says that the game is over.
pub fn check_error(message: &str, input: &str) -> Result<(), String> {
    check_message(message)?;
    if names_input(message, input) || message.contains(GAME_OVER) {
        Ok(())
    } else {
        Err(format!(
            "the message does not name its input {}: {}",
            Quoted::new(input),
            shown(message)
        ))
    }
}

/// Whether `message` shows `input`, or one of its words, the way `ply_core::quote` shows it
/// (escaped, after an opening quote), ignoring ASCII case. (Not full Unicode case: a Greek
/// capital sigma lowers to a different letter depending on what surrounds it, and a quote's
/// escapes change that.) An input that is all blank has nothing to name.
pub fn names_input(message: &str, input: &str) -> bool {
    let message = message.to_ascii_lowercase();
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return true;
    }
    let words = trimmed.split_whitespace();
    let parts = trimmed
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '=' | ':' | ';'))
        .filter(|w| !w.is_empty());
    let candidates = [input, trimmed].into_iter().chain(words).chain(parts);
    candidates.into_iter().any(|candidate| {
        let escaped = Quoted::new(&candidate.to_ascii_lowercase())
            .as_str()
            .to_string();
        let probe: String = escaped
            .trim_end_matches('…')
            .chars()
            .take(PROBE_CHARS)
            .collect();
        message.contains(&format!("'{probe}")) || message.contains(&format!("`{probe}"))
    })
}

/// A message shown in a finding: escaped and cut.
pub fn shown(message: &str) -> String {
    let cut: String = message.chars().take(300).collect();
    format!("{cut:?}")
}

/// The text of an input for targets that read text: invalid UTF-8 becomes U+FFFD, as it
/// would for a reader that replaces bad bytes (the line readers refuse such lines before a
/// parser sees them; their own target checks that).
pub fn text(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_the_whole_input_or_a_word_of_it() {
        assert!(names_input("cannot read move 'zz': no cell", "zz"));
        assert!(names_input("cannot read move 'zz': no cell", "play ZZ"));
        assert!(names_input(r"bad value 'a\nb'", "a\nb"));
        assert!(!names_input("cannot read move", "zz"));
        assert!(names_input("anything", "  "));
        let long = "x".repeat(500);
        assert!(names_input(&format!("bad '{}…'", "x".repeat(80)), &long));
        // A fuzz finding: Σ after an escaped quote lowers differently in the two texts.
        assert!(names_input(
            r"cannot read agent spec 'x{3\'mcr\'Σ[m-1p3': not an agent name",
            "x{3'mcr'Σ[m-1p3"
        ));
    }

    #[test]
    fn messages_are_one_short_printable_line() {
        assert!(check_message("fine").is_ok());
        assert!(check_message("two\nlines").is_err());
        assert!(check_message("").is_err());
        assert!(check_message(&"x".repeat(MAX_MESSAGE + 1)).is_err());
    }
}
