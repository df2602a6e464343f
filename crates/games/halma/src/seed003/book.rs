//! Strategy 3's saved table of best moves: one line per position, kept in a file so later
//! games (and later runs) look moves up instead of searching.
//!
//! File format: a header line ([`TABLE_HEADER`]), then one entry per line: the board and
//! player count (`star/2`), a tab, the position as the course's JSON
//! (`{"A":[[1,-4],…],"B":[…],"turn":"A"}`), a tab, the move as a JSON list of cells
//! (`[[2,-4],[2,-2]]`). Tables written before the header was added start with an entry,
//! and are read and appended to as well.
//!
//! A line that cannot be read, or whose move is no longer legal, is skipped: the position is
//! searched again and the line rewritten.
//!
//! The file is both read and written, so it is held to both sets of rules: it is appended to
//! only if it is new or already a table (a game record named by mistake is never corrupted),
//! never through a symbolic link, and only while it stays under [`TABLE_FILE`]'s cap, so a
//! later run can still read it.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use ply_core::files::{self, shown, FileError, Input};
use ply_core::Game;
use thiserror::Error;

use crate::board::Halma;
use crate::movegen::HalmaMove;
use crate::notation::position_to_json;

/// A table file as the `table=` key reads it (and appends to it): a line of some 200 bytes
/// per position, so hundreds of thousands of positions.
pub const TABLE_FILE: Input = Input::new("table of saved moves", 64 << 20);

/// The first line of a table file: what tells a table from any other file.
pub const TABLE_HEADER: &str = "# ply halma seed003-s3 table of saved moves";

/// A table file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    #[error(transparent)]
    File(#[from] FileError),
    #[error(
        "{} is not a table of saved moves (its first line is neither {TABLE_HEADER:?} nor an \
         entry): ply appends a table only to a new file or to a table, and leaves this one \
         as it is",
        shown(.path)
    )]
    NotATable { path: PathBuf },
}

/// The table: in memory, and appended to its file (if any) as it grows.
#[derive(Debug, Default)]
pub struct MoveBook {
    entries: HashMap<String, String>,
    file: Option<TableFile>,
}

/// Where the table is appended.
#[derive(Debug)]
struct TableFile {
    path: PathBuf,
    /// Whether an append failed or would pass the cap: it was said once, and the file is
    /// left as it is from then on.
    stopped: bool,
}

fn key(state: &Halma) -> String {
    format!(
        "{}/{}\t{}",
        state.kind(),
        state.num_players(),
        position_to_json(state, false)
    )
}

/// An entry line split into its position key and its move.
fn entry(line: &str) -> Option<(&str, &str)> {
    line.rsplit_once('\t')
        .filter(|(position, _)| position.contains('\t'))
}

impl MoveBook {
    /// A table that lives only as long as the agent.
    pub fn in_memory() -> Self {
        MoveBook::default()
    }

    /// Loads the table in `path` (a missing or empty file is an empty table; see
    /// [`ply_core::files`] for what else is refused) and appends new entries to it. Refuses a
    /// file that is not a table (see [`TABLE_HEADER`]) and a symbolic link, before anything
    /// is written. Returns the number of lines skipped as unreadable along with it.
    pub fn open(path: &Path) -> Result<(Self, usize), TableError> {
        let text = files::read_text_if_exists(path, TABLE_FILE)?.unwrap_or_default();
        // Read first, so that a FIFO or a device is named as an input is; then as an output.
        files::check_target(path, TABLE_FILE.what)?;
        let mut lines = text.lines().peekable();
        match lines.peek() {
            None => {}
            Some(&first) if first == TABLE_HEADER => {
                lines.next();
            }
            Some(&first) if entry(first).is_some() => {}
            Some(_) => {
                return Err(TableError::NotATable {
                    path: path.to_path_buf(),
                })
            }
        }
        let mut book = MoveBook::default();
        let mut skipped = 0;
        for line in lines {
            match entry(line) {
                Some((position, mv)) => {
                    book.entries.insert(position.to_string(), mv.to_string());
                }
                // Two agents starting a table at once may both write its header.
                None if line.trim().is_empty() || line == TABLE_HEADER => {}
                None => skipped += 1,
            }
        }
        book.file = Some(TableFile {
            path: path.to_path_buf(),
            stopped: false,
        });
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
        if let Some(file) = self.file.as_mut().filter(|f| !f.stopped) {
            if let Err(e) = file.append(&format!("{key}\t{text}\n")) {
                // The table still works in memory; say once why the file does not grow.
                eprintln!("seed003-s3: {e}");
                file.stopped = true;
            }
        }
        self.entries.insert(key, text);
    }
}

impl TableFile {
    /// Appends `line`, the header first if the file is empty, unless the file would pass
    /// the read cap (the error says so). The size is the file's own at the time, since other
    /// agents (the games of a tournament) may append to the same table.
    fn append(&mut self, line: &str) -> Result<(), String> {
        let mut file =
            files::open_append(&self.path, TABLE_FILE.what).map_err(|e| e.to_string())?;
        let size = file
            .metadata()
            .map_err(|e| format!("cannot append to {}: {e}", shown(&self.path)))?
            .len();
        let text = if size == 0 {
            format!("{TABLE_HEADER}\n{line}")
        } else {
            line.to_string()
        };
        if size + text.len() as u64 > TABLE_FILE.cap {
            return Err(format!(
                "{} is full: a {} holds at most {}, so new entries stay in memory",
                shown(&self.path),
                TABLE_FILE.what,
                files::bytes(TABLE_FILE.cap)
            ));
        }
        file.write_all(text.as_bytes())
            .map_err(|e| format!("cannot append to {}: {e}", shown(&self.path)))
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

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ply-halma-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Issue 52, row 7: `table=FILE` naming another text file (a game record) or a dangling
    /// link appended table lines to the record and created the link's target. A file that
    /// is not a table, and a link, are refused before anything is written; a new table
    /// starts with its header; a table at the read cap is not appended to.
    #[test]
    fn row_7_a_table_is_written_only_to_a_new_file_or_a_table() {
        let dir = folder("table-row7");
        let state = Halma::new(crate::BoardKind::Star, 2).unwrap();
        let mv = state.parse_move("2,-5 2,-3").unwrap();

        let record = dir.join("game.txt");
        let game = "[Game \"halma\"]\n\n1. 2,-5 2,-3\n";
        std::fs::write(&record, game).unwrap();
        let err = MoveBook::open(&record).unwrap_err().to_string();
        assert!(err.contains("is not a table of saved moves"), "{err}");
        assert_eq!(std::fs::read_to_string(&record).unwrap(), game);

        let dangling = dir.join("dangling.txt");
        let target = dir.join("created.txt");
        std::os::unix::fs::symlink(&target, &dangling).unwrap();
        let err = MoveBook::open(&dangling).unwrap_err().to_string();
        assert!(err.contains("is a symbolic link to nothing"), "{err}");
        assert!(!target.exists());

        let table = dir.join("table.txt");
        let (mut book, _) = MoveBook::open(&table).unwrap();
        book.record(&state, mv);
        let text = std::fs::read_to_string(&table).unwrap();
        assert!(text.starts_with(&format!("{TABLE_HEADER}\n")), "{text}");
        assert_eq!(MoveBook::open(&table).unwrap().0.lookup(&state), Some(mv));

        // A table as large as the cap allows: reading it works, and no entry is added.
        let full = dir.join("full.txt");
        let mut file = std::fs::File::create(&full).unwrap();
        writeln!(file, "{TABLE_HEADER}").unwrap();
        file.set_len(TABLE_FILE.cap - 10).unwrap();
        drop(file);
        let (mut book, _) = MoveBook::open(&full).unwrap();
        book.record(&state, mv);
        assert_eq!(std::fs::metadata(&full).unwrap().len(), TABLE_FILE.cap - 10);
        assert_eq!(book.lookup(&state), Some(mv), "kept in memory");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_table_written_before_the_header_is_still_read_and_appended_to() {
        let dir = folder("table-old");
        let state = Halma::new(crate::BoardKind::Star, 2).unwrap();
        let mv = state.parse_move("2,-5 2,-3").unwrap();
        let path = dir.join("old.txt");
        let line = format!("{}\t{}\n", key(&state), state.format_move(mv));
        std::fs::write(&path, &line).unwrap();
        let (mut book, skipped) = MoveBook::open(&path).unwrap();
        assert_eq!((book.len(), skipped), (1, 0));
        let mut next = state.clone();
        next.play(mv);
        let mut replies = Vec::new();
        next.legal_moves(&mut replies);
        let reply = replies[0];
        book.record(&next, reply);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(&line) && text.lines().count() == 2,
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
