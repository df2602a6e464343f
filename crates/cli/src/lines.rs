//! Reading line-oriented input safely, and quoting bad input in error messages.
//!
//! [`LineReader`] reads one line at a time from any [`BufRead`]: bytes up to `'\n'`, with one
//! trailing `'\r'` removed. A line that is not UTF-8, or whose text is longer than
//! [`MAX_LINE`] bytes, comes back as a [`BadLine`] (the rest of an over-long line is read and
//! dropped, never buffered), so a program can answer it in its own protocol and go on with
//! the next line. Only a real read error ends the input.
//!
//! A bad line is quoted with `ply_core`'s [`quote_bytes`], as every error quotes its input.

use std::fmt;
use std::io::{self, BufRead};

pub use ply_core::quote::{quote, quote_bytes};

/// The longest line accepted, in bytes (without the line end).
pub const MAX_LINE: usize = 64 * 1024;

/// A line that cannot be used as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLine {
    /// 1-based number of the line in the input.
    pub number: usize,
    pub kind: BadLineKind,
    /// The start of the line (at most [`MAX_LINE`] bytes), for quoting.
    pub start: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadLineKind {
    /// The bytes are not UTF-8; `at` is the offset of the first bad byte.
    NotUtf8 { at: usize },
    /// The line holds `len` bytes, more than the limit.
    TooLong { len: usize, limit: usize },
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BadLineKind::NotUtf8 { at } => write!(
                f,
                "input line {} is not valid UTF-8 text (byte 0x{:02x} at offset {at}): {}",
                self.number,
                self.start.get(at).copied().unwrap_or(0),
                quote_bytes(&self.start)
            ),
            BadLineKind::TooLong { len, limit } => write!(
                f,
                "input line {} is {len} bytes long, over the limit of {limit} bytes; it was \
                 ignored: {}",
                self.number,
                quote_bytes(&self.start)
            ),
        }
    }
}

impl std::error::Error for BadLine {}

/// Reads lines from `R` without ever holding more than one capped line.
pub struct LineReader<R> {
    inner: R,
    limit: usize,
    number: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the standard limit, [`MAX_LINE`].
    pub fn new(inner: R) -> Self {
        Self::with_limit(inner, MAX_LINE)
    }

    /// A reader that refuses lines longer than `limit` bytes.
    pub fn with_limit(inner: R, limit: usize) -> Self {
        LineReader {
            inner,
            limit,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The next line: `Ok(None)` at the end of the input, `Ok(Some(Err(_)))` for a line that
    /// is not UTF-8 or too long (already consumed: the next call reads the following line),
    /// `Err` only when reading fails.
    #[allow(clippy::type_complexity)]
    pub fn next_line(&mut self) -> io::Result<Option<Result<String, BadLine>>> {
        self.buf.clear();
        // Keep one byte past the limit, and one more for a '\r' that may end the line.
        let keep = self.limit.saturating_add(2);
        let mut len = 0usize;
        let mut seen_any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            seen_any = true;
            let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            let room = keep.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&part[..part.len().min(room)]);
            len = len.saturating_add(part.len());
            self.inner.consume(used);
            if done {
                break;
            }
        }
        if !seen_any {
            return Ok(None);
        }
        self.number += 1;
        // `buf` holds the whole line whenever it is short enough to be accepted.
        if len <= keep && self.buf.last() == Some(&b'\r') {
            self.buf.pop();
            len -= 1;
        }
        if len > self.limit {
            self.buf.truncate(self.limit);
            return Ok(Some(Err(BadLine {
                number: self.number,
                kind: BadLineKind::TooLong {
                    len,
                    limit: self.limit,
                },
                start: std::mem::take(&mut self.buf),
            })));
        }
        match std::str::from_utf8(&self.buf) {
            Ok(text) => Ok(Some(Ok(text.to_string()))),
            Err(e) => Ok(Some(Err(BadLine {
                number: self.number,
                kind: BadLineKind::NotUtf8 {
                    at: e.valid_up_to(),
                },
                start: std::mem::take(&mut self.buf),
            }))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &[u8], limit: usize) -> Vec<Result<String, BadLine>> {
        let mut reader = LineReader::with_limit(input, limit);
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().expect("reading a slice never fails") {
            lines.push(line);
        }
        lines
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert!(read_all(b"", 10).is_empty());
    }

    #[test]
    fn lines_end_at_newline_and_lose_one_carriage_return() {
        let lines = read_all(b"one\r\ntwo\n\nthree\r\r\n", 10);
        let texts: Vec<String> = lines.into_iter().map(Result::unwrap).collect();
        assert_eq!(texts, ["one", "two", "", "three\r"]);
    }

    #[test]
    fn last_line_without_newline_is_read() {
        let lines = read_all(b"one\ntwo", 10);
        assert_eq!(lines, [Ok("one".to_string()), Ok("two".to_string())]);
        let lines = read_all(b"one\r", 10);
        assert_eq!(lines, [Ok("one".to_string())]);
    }

    #[test]
    fn invalid_utf8_is_reported_and_the_next_line_is_read() {
        let lines = read_all(b"ok\n\xffname\nafter\n", 10);
        assert_eq!(lines[0], Ok("ok".to_string()));
        let bad = lines[1].clone().unwrap_err();
        assert_eq!(bad.number, 2);
        assert_eq!(bad.kind, BadLineKind::NotUtf8 { at: 0 });
        let message = bad.to_string();
        assert!(message.contains("line 2 is not valid UTF-8"), "{message}");
        assert!(message.contains(r"'\xffname'"), "{message}");
        assert_eq!(lines[2], Ok("after".to_string()));
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn over_long_line_is_dropped_whole_and_reading_goes_on() {
        // Exactly at the limit is fine, also with a CRLF ending; one byte more is not.
        let mut input = Vec::new();
        input.extend_from_slice(&[b'a'; 10]);
        input.extend_from_slice(b"\r\n");
        input.extend_from_slice(&[b'b'; 11]);
        input.push(b'\n');
        input.extend_from_slice(&[b'c'; 100_000]);
        input.extend_from_slice(b"\nnext");
        let lines = read_all(&input, 10);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[0], Ok("a".repeat(10)));
        let bad = lines[1].clone().unwrap_err();
        assert_eq!(bad.kind, BadLineKind::TooLong { len: 11, limit: 10 });
        let bad = lines[2].clone().unwrap_err();
        assert_eq!(
            bad.kind,
            BadLineKind::TooLong {
                len: 100_000,
                limit: 10
            }
        );
        assert_eq!(bad.start.len(), 10, "only the start is kept");
        assert!(bad.to_string().contains("line 3 is 100000 bytes long"));
        assert_eq!(lines[3], Ok("next".to_string()));
    }

    #[test]
    fn over_long_line_at_the_standard_limit() {
        let mut input = vec![b'x'; MAX_LINE + 1];
        input.extend_from_slice(b"\nok\n");
        let mut reader = LineReader::new(io::BufReader::with_capacity(1000, &input[..]));
        let bad = reader.next_line().unwrap().unwrap().unwrap_err();
        assert!(matches!(bad.kind, BadLineKind::TooLong { .. }));
        let message = bad.to_string();
        assert!(
            message.len() < 300,
            "the message quotes a short start: {message}"
        );
        assert_eq!(reader.next_line().unwrap().unwrap(), Ok("ok".to_string()));
        assert_eq!(reader.next_line().unwrap(), None);
    }
}
