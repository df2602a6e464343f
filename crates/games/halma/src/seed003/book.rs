//! Strategy 3's saved table of best moves: one line per position, kept in a file so later
//! games (and later runs) look moves up instead of searching.
//!
//! File format, one entry per line: the board and player count (`star/2`), a tab, the
//! position as the course's JSON (`{"A":[[1,-4],…],"B":[…],"turn":"A"}`), a tab, the move
//! as a JSON list of cells (`[[2,-4],[2,-2]]`).
//!
//! A line that cannot be read, or whose move is no longer legal, is skipped: the position is
//! searched again and the line rewritten.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use ply_core::files::{self, FileError, Input};
use ply_core::Game;

use crate::board::Halma;
use crate::movegen::HalmaMove;
use crate::notation::position_to_json;

/// A table file as the `table=` key reads it (and appends to it): a line of some 200 bytes
/// per position, so hundreds of thousands of positions.
pub const TABLE_FILE: Input = Input::new("table of saved moves", 64 << 20);

/// The table: in memory, and appended to its file (if any) as it grows.
#[derive(Debug, Default)]
pub struct MoveBook {
    entries: HashMap<String, String>,
    file: Option<PathBuf>,
    write_failed: bool,
}

fn key(state: &Halma) -> String {
    format!(
        "{}/{}\t{}",
        state.kind(),
        state.num_players(),
        position_to_json(state, false)
    )
}

impl MoveBook {
    /// A table that lives only as long as the agent.
    pub fn in_memory() -> Self {
        MoveBook::default()
    }

    /// Loads the table in `path` (a missing file is an empty table; see [`ply_core::files`]
    /// for what else is refused) and appends new entries to it. Returns the number of lines
    /// skipped as unreadable along with it.
    pub fn open(path: &Path) -> Result<(Self, usize), FileError> {
        let mut book = MoveBook {
            file: Some(path.to_path_buf()),
            ..MoveBook::default()
        };
        let mut skipped = 0;
        let text = files::read_text_if_exists(path, TABLE_FILE)?.unwrap_or_default();
        for line in text.lines() {
            match line.rsplit_once('\t') {
                Some((position, mv)) if position.contains('\t') => {
                    book.entries.insert(position.to_string(), mv.to_string());
                }
                _ if line.trim().is_empty() => {}
                _ => skipped += 1,
            }
        }
        Ok((book, skipped))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The saved move for this position, if there is one and it is legal here.
    pub fn lookup(&self, state: &Halma) -> Option<HalmaMove> {
        let text = self.entries.get(&key(state))?;
        let mv = state.parse_move(text).ok()?;
        state.check_move(mv).ok()?;
        Some(mv)
    }

    /// Saves the best move found for a position (and appends it to the file).
    pub fn record(&mut self, state: &Halma, mv: HalmaMove) {
        let key = key(state);
        let text = state.format_move(mv);
        if self.entries.get(&key) == Some(&text) {
            return;
        }
        if let (Some(path), false) = (&self.file, self.write_failed) {
            let written = files::open_append(path, TABLE_FILE.what)
                .map_err(|e| e.to_string())
                .and_then(|mut f| {
                    writeln!(f, "{key}\t{text}")
                        .map_err(|e| format!("cannot append to {}: {e}", files::shown(path)))
                });
            if let Err(e) = written {
                // The table still works in memory; say once why the file does not grow.
                eprintln!("seed003-s3: {e}");
                self.write_failed = true;
            }
        }
        self.entries.insert(key, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_survive_a_reload_and_bad_lines_are_skipped() {
        let dir = std::env::temp_dir().join(format!("ply-halma-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("book.txt");
        let _ = std::fs::remove_file(&path);
        let state = Halma::new(crate::BoardKind::Star, 2).unwrap();
        let mv = state.parse_move("2,-5 2,-3").unwrap();
        {
            let (mut book, skipped) = MoveBook::open(&path).unwrap();
            assert_eq!((book.len(), skipped), (0, 0));
            book.record(&state, mv);
        }
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut f| writeln!(f, "garbage line"))
            .unwrap();
        let (book, skipped) = MoveBook::open(&path).unwrap();
        assert_eq!((book.len(), skipped), (1, 1));
        assert_eq!(book.lookup(&state), Some(mv));
        let mut other = state.clone();
        other.play(mv);
        assert_eq!(book.lookup(&other), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
