//! How every error message in `ply` shows what it was given.
//!
//! An error names the input that broke a rule, but the input may be anything a person, a
//! program or a network peer sent: 100 KB long, holding NUL, terminal escapes, text-direction
//! marks or bytes that are not UTF-8. Shown as it is, it would flood a terminal, reorder the
//! line or corrupt a protocol's one-line reply. So every message shows inputs through this
//! module:
//!
//! - [`quote`] and [`quote_bytes`]: at most [`QUOTE_CHARS`] characters between single quotes
//!   (then `…`), with control characters, NUL, invisible format characters, quotes and
//!   backslashes escaped; bad bytes as `\xNN`. [`Quoted`] is the same as a value an error
//!   enum can hold.
//! - [`tame`]: for free text that may hold inputs we cannot pick out (a reason written by a
//!   parser, a panic message): every quoted stretch cut as [`quote`] cuts, long words cut,
//!   control characters escaped and the whole at most [`FREE_TEXT_CHARS`] characters.
//!
//! Whatever the input, the result is one printable line of bounded length.

use std::fmt;

/// The most characters of one input an error message shows.
pub const QUOTE_CHARS: usize = 80;

/// The longest a free text (a rule, a reason, a parser's message) may run in a message.
pub const FREE_TEXT_CHARS: usize = 300;

/// `text` between single quotes: at most [`QUOTE_CHARS`] characters of it (then `…`), with
/// control characters, NUL, invisible direction marks, quotes and backslashes escaped.
///
/// ```
/// use ply_core::quote;
/// assert_eq!(quote("b2"), "'b2'");
/// assert_eq!(quote("a\0b'"), r"'a\0b\''");
/// ```
pub fn quote(text: &str) -> String {
    quote_bytes(text.as_bytes())
}

/// Like [`quote`], for bytes that may not be UTF-8: bad bytes are shown as `\xNN`.
pub fn quote_bytes(bytes: &[u8]) -> String {
    let mut out = String::from("'");
    out.push_str(&escape_and_cut(bytes));
    out.push('\'');
    out
}

/// An input as an error enum holds it: already escaped and cut (see [`quote`]), shown
/// between single quotes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quoted(String);

impl Quoted {
    pub fn new(text: &str) -> Self {
        Quoted(escape_and_cut(text.as_bytes()))
    }

    /// The escaped text, without the quotes.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}'", self.0)
    }
}

/// A free text that may hold inputs we cannot pick out: control characters escaped, every
/// stretch between quotes (`'…'`, `` `…` ``, `"…"`) cut as [`quote`] cuts an input, every
/// word longer than [`QUOTE_CHARS`] + 10 characters cut, and the whole cut after
/// [`FREE_TEXT_CHARS`] characters.
pub fn tame(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let close = if matches!(c, '\'' | '`' | '"') {
            chars[i + 1..]
                .iter()
                .position(|&d| d == c)
                .map(|p| i + 1 + p)
        } else {
            None
        };
        match close {
            Some(end) => {
                let inner: String = chars[i + 1..end].iter().collect();
                out.push(c);
                // Inside the stretch the text was already someone's quoting: keep its
                // quotes and backslashes as they are, escape only what is unprintable.
                out.push_str(&cut_printable(&inner));
                out.push(c);
                i = end + 1;
            }
            None => {
                push_escaped_control(&mut out, c);
                i += 1;
            }
        }
    }
    // An input outside quotes (a field name a parser puts first, say) is a long word.
    let out = cut_long_words(&out, QUOTE_CHARS + 10);
    if out.chars().count() > FREE_TEXT_CHARS {
        let mut cut: String = out.chars().take(FREE_TEXT_CHARS).collect();
        cut.push('…');
        return cut;
    }
    out
}

/// The escaped form of `bytes`, at most [`QUOTE_CHARS`] shown characters, then `…`.
fn escape_and_cut(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for piece in bytes.utf8_chunks() {
        for c in piece.valid().chars() {
            if shown == QUOTE_CHARS {
                out.push('…');
                return out;
            }
            push_escaped(&mut out, c);
            shown += 1;
        }
        if !piece.invalid().is_empty() {
            if shown == QUOTE_CHARS {
                out.push('…');
                return out;
            }
            for b in piece.invalid() {
                out.push_str(&format!("\\x{b:02x}"));
            }
            shown += 1;
        }
    }
    out
}

/// `text` with unprintable characters escaped (quotes and backslashes kept), cut after
/// [`QUOTE_CHARS`] characters.
fn cut_printable(text: &str) -> String {
    let mut out = String::new();
    for (shown, c) in text.chars().enumerate() {
        if shown == QUOTE_CHARS {
            out.push('…');
            break;
        }
        push_escaped_control(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\'' => out.push_str("\\'"),
        c => push_escaped_control(out, c),
    }
}

fn push_escaped_control(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0' => out.push_str("\\0"),
        c if c.is_control() || is_invisible_format(c) => {
            out.push_str(&format!("\\u{{{:x}}}", c as u32))
        }
        c => out.push(c),
    }
}

/// Zero-width and text-direction characters that would hide or reorder what is shown.
fn is_invisible_format(c: char) -> bool {
    matches!(c as u32, 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2069 | 0xfeff)
}

/// Cuts every run of more than `longest` characters without a space to its first
/// [`QUOTE_CHARS`] characters and `…`.
fn cut_long_words(text: &str, longest: usize) -> String {
    let mut out = String::with_capacity(text.len().min(4 * FREE_TEXT_CHARS));
    let mut word: Vec<char> = Vec::new();
    let flush = |word: &mut Vec<char>, out: &mut String| {
        if word.len() > longest {
            out.extend(&word[..QUOTE_CHARS]);
            out.push('…');
        } else {
            out.extend(word.iter());
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else if word.len() <= longest {
            // Past that, the rest of the word is dropped: it is cut anyway.
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_escapes_and_shortens() {
        assert_eq!(quote("b2"), "'b2'");
        assert_eq!(quote("a\0b\tc\u{1b}[2J'\\"), r"'a\0b\tc\u{1b}[2J\'\\'");
        assert_eq!(quote("\u{202e}x"), r"'\u{202e}x'");
        let long = "é".repeat(200);
        assert_eq!(quote(&long), format!("'{}…'", "é".repeat(QUOTE_CHARS)));
        assert_eq!(
            quote(&"é".repeat(QUOTE_CHARS)).chars().count(),
            QUOTE_CHARS + 2
        );
        assert_eq!(quote(""), "''");
    }

    #[test]
    fn bad_bytes_show_as_hex_and_count_once_per_run() {
        assert_eq!(quote_bytes(b"a\xffb\xfe"), r"'a\xffb\xfe'");
        let many = quote_bytes(&[0xff; 100]);
        assert!(many.ends_with("…'"), "{many}");
        assert_eq!(many.matches(r"\xff").count(), QUOTE_CHARS);
    }

    #[test]
    fn quoted_holds_the_escaped_text() {
        let q = Quoted::new("x\ny");
        assert_eq!(q.as_str(), r"x\ny");
        assert_eq!(q.to_string(), r"'x\ny'");
    }

    #[test]
    fn tame_cuts_quoted_stretches_long_words_and_the_whole() {
        let inner = "z".repeat(500);
        let text = tame(&format!("bad value '{inner}': expected a number"));
        assert!(text.starts_with(&format!("bad value '{}…'", "z".repeat(QUOTE_CHARS))));
        assert!(text.ends_with("expected a number"), "{text}");
        let words = tame(&"w".repeat(10_000));
        assert_eq!(words.chars().count(), QUOTE_CHARS + 1);
        let whole = tame(&"ab ".repeat(1000));
        assert_eq!(whole.chars().count(), FREE_TEXT_CHARS + 1);
        assert_eq!(tame("a\u{1b}b\0"), r"a\u{1b}b\0");
        assert_eq!(tame("it's 'x\\y'"), "it's 'x\\y'");
    }
}
