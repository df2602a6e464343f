//! What an opening book must hold: every position of a board with a given number of
//! stones, one per mirror pair, in the order a builder should solve them.
//!
//! The order is depth-first from the empty board, centre columns first, so consecutive
//! positions share most of their moves and the solver's table carries what one proved to
//! the next (solving them in this order costs a fraction of solving each alone).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use ply_core::files::{self, shown, Input};
use ply_core::Game;

use super::book::Book;
use super::sorter::center_order;
use super::Solver;
use crate::board::{Board, Column, Connect4};
use crate::position::Shape;

/// A book file as `--book` reads it (a 7x6 book of depth 8, 91,295 positions, is 730 KB).
pub const BOOK_FILE: Input = Input::new("Connect Four book", 256 << 20);
/// A build's progress file: a line of some 20 bytes per position solved, so tens of
/// millions of positions.
pub const PROGRESS_FILE: Input = Input::new("book build's progress file", 1 << 30);

/// `OUT.progress`, the progress file of a build into `out`.
pub fn progress_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

/// Every position reachable from `start`'s empty board with `depth` stones and no line on
/// the board, one of each mirror pair, depth-first (centre first). The book key of each
/// is [`book_key`]. `None` if the board is too large for a book (keys of more than 56 bits).
pub fn book_positions(start: &Connect4, depth: usize) -> Option<Vec<Connect4>> {
    if start.width() * (start.height() + 1) > 56 || depth >= start.width() * start.height() {
        return None;
    }
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let order: Vec<usize> = center_order(start.width()).collect();
    walk(&start.empty(), depth, &order, &mut seen, &mut found);
    Some(found)
}

fn walk(
    state: &Connect4,
    depth: usize,
    order: &[usize],
    seen: &mut HashSet<u64>,
    found: &mut Vec<Connect4>,
) {
    if state.moves_played() == depth {
        let key = book_key(state).expect("a narrow board");
        if seen.insert(key) {
            found.push(state.clone());
        }
        return;
    }
    for &col in order {
        if state.can_play(col) {
            let mut child = state.clone();
            child.play(col as Column);
            if !child.last_mover_won() {
                walk(&child, depth, order, seen, found);
            }
        }
    }
}

/// The longest line of a progress file: a key of at most 16 hex digits, a space and a score,
/// or the header; a longer line is refused before it is kept.
const PROGRESS_LINE: u64 = 64;

/// Reads a progress file's lines one by one into a score per position.
struct ProgressReader {
    header: String,
    max_score: i32,
    /// The keys of the book's positions: a line of another key is refused, so what is kept
    /// is bounded by the book, not by the file.
    keys: HashSet<u64>,
    done: HashMap<u64, i32>,
}

impl ProgressReader {
    fn new(build: &BookBuild) -> Self {
        ProgressReader {
            header: build.progress_header(),
            max_score: build.max_score(),
            keys: build.keys().into_iter().collect(),
            done: HashMap::new(),
        }
    }

    /// Reads line `number`; `ended` says whether an end of line closed it (a cut last
    /// line has none, and is dropped).
    fn line(&mut self, number: usize, line: &str, ended: bool) -> Result<(), String> {
        let max_score = self.max_score;
        if number == 1 {
            if line != self.header {
                return Err(format!(
                    "is for another book ({}, this run is {:?}): remove it or build into \
                     another file",
                    ply_core::quote(line),
                    self.header
                ));
            }
            return Ok(());
        }
        if line.is_empty() {
            // A resumed run starts with an end of line, in case the last was cut short.
            return Ok(());
        }
        let parsed = line
            .split_once(' ')
            .and_then(|(k, s)| Some((u64::from_str_radix(k, 16).ok()?, s.parse::<i32>().ok()?)))
            .filter(|(_, score)| score.abs() <= max_score);
        let Some((key, score)) = parsed else {
            // The last line may be half-written if the run was killed mid-write.
            if !ended {
                return Ok(());
            }
            return Err(format!(
                "has a line {number} that is not `key score` with a score from -{max_score} to \
                 {max_score}: {}",
                ply_core::quote(line)
            ));
        };
        if !self.keys.contains(&key) {
            return Err(format!(
                "has a line {number} whose key {key:x} is no position of this book"
            ));
        }
        match self.done.insert(key, score) {
            Some(earlier) if earlier != score => Err(format!(
                "has a line {number} that gives position {key:x} the score {score}, where an \
                 earlier line gave {earlier}"
            )),
            _ => Ok(()),
        }
    }
}

/// The book key of `state` ([`Book::key`]), or `None` on boards of more than 64 bits.
pub fn book_key(state: &Connect4) -> Option<u64> {
    match state.board() {
        Board::Narrow(p) => Some(Book::key(p)),
        _ => None,
    }
}

/// One book to build: the board, the depth, exact scores or outcomes only. Everything a
/// builder needs that does not depend on how the work is shared out: the positions in
/// build order (each known by its key), solving any run of them, the progress file's format
/// (a resumed build reads what an interrupted one proved), and the book from the scores.
/// `ply solve connect4-book` and the Python package's cluster builds both build through it,
/// so a book is the same file whoever built it.
#[derive(Debug, Clone)]
pub struct BookBuild {
    start: Connect4,
    depth: u32,
    outcomes: bool,
    positions: Vec<Connect4>,
}

impl BookBuild {
    /// The build of the book of `start`'s board at `depth` stones; `None` for a board too
    /// large for a book key or a depth not below its cells (see [`book_positions`]).
    pub fn new(start: &Connect4, depth: u32, outcomes: bool) -> Option<BookBuild> {
        let positions = book_positions(start, depth as usize)?;
        Some(BookBuild {
            start: start.empty(),
            depth,
            outcomes,
            positions,
        })
    }

    /// Every position of the book, in build order.
    pub fn positions(&self) -> &[Connect4] {
        &self.positions
    }

    /// The key of every position, in build order.
    pub fn keys(&self) -> Vec<u64> {
        self.positions
            .iter()
            .map(|s| book_key(s).expect("book positions are on narrow boards"))
            .collect()
    }

    /// Solves the positions `range` of the build order (consecutive positions share most of
    /// their proofs, so a builder solves runs of them) with `solver`: each key and score.
    /// `None` if the solver was interrupted (see [`Solver::set_interrupt`]).
    pub fn solve(
        &self,
        solver: &mut Solver,
        range: std::ops::Range<usize>,
    ) -> Option<Vec<(u64, i32)>> {
        let end = range.end.min(self.positions.len());
        self.positions[range.start.min(end)..end]
            .iter()
            .map(|state| {
                let key = book_key(state).expect("book positions are on narrow boards");
                Some((key, solver.solve_until(state, self.outcomes, None)?))
            })
            .collect()
    }

    /// The first line of the progress file: it tells a file of exact scores from one of
    /// outcomes, and one depth from another.
    pub fn progress_header(&self) -> String {
        if self.outcomes {
            format!("depth {} outcomes", self.depth)
        } else {
            format!("depth {}", self.depth)
        }
    }

    /// One line of the progress file, end of line included.
    pub fn progress_line(key: u64, score: i32) -> String {
        format!("{key:x} {score}\n")
    }

    /// The largest score a position of the book may have: 1 for outcomes, else the stones
    /// a side has.
    pub fn max_score(&self) -> i32 {
        if self.outcomes {
            1
        } else {
            (self.start.width() * self.start.height()) as i32 / 2
        }
    }

    /// The scores a progress file holds (`text`, as read). A last line cut short by an
    /// interruption (no end of line) is dropped (that position is solved again); a header of
    /// another book, or any other line that is not `key score` with a key of this book and a
    /// score in range, or a key given two scores, is an error whose message follows "the
    /// progress file … ".
    pub fn read_progress(&self, text: &str) -> Result<HashMap<u64, i32>, String> {
        let mut reader = ProgressReader::new(self);
        for (i, raw) in text.split_inclusive('\n').enumerate() {
            let ended = raw.ends_with('\n');
            reader.line(i + 1, raw.trim_end_matches(['\n', '\r']), ended)?;
        }
        Ok(reader.done)
    }

    /// The scores an earlier build proved, from its progress file at `path` (none if there
    /// is none), read as [`PROGRESS_FILE`] (see [`ply_core::files`]) a line at a time: what
    /// is kept is a score per position of the book, whatever the file's size. The error
    /// names the file.
    pub fn read_progress_file(&self, path: &Path) -> Result<HashMap<u64, i32>, String> {
        let Some(mut lines) = files::Lines::open_if_exists(path, PROGRESS_FILE, PROGRESS_LINE)
            .map_err(|e| e.to_string())?
        else {
            return Ok(HashMap::new());
        };
        let mut reader = ProgressReader::new(self);
        while let Some(line) = lines.next_line().map_err(|e| e.to_string())? {
            // Bytes that are not text cannot be a score: the line reads as malformed.
            let text = std::str::from_utf8(&line.bytes).unwrap_or("\u{fffd}");
            reader
                .line(line.number, text, line.ended)
                .map_err(|e| format!("the progress file {} {e}", shown(path)))?;
        }
        Ok(reader.done)
    }

    /// Writes the book of `scores` to `out`, whole or not at all (see [`ply_core::files`]):
    /// its size in bytes.
    pub fn write_book(&self, scores: &HashMap<u64, i32>, out: &Path) -> Result<usize, String> {
        let bytes = self
            .book(scores)
            .map_err(|key| format!("position {key:x} of the book was never solved"))?
            .to_bytes();
        files::write_atomically(out, BOOK_FILE.what, &bytes).map_err(|e| e.to_string())?;
        Ok(bytes.len())
    }

    /// The book of the scores in `scores` (by key), which must hold every position's: the
    /// key of the first one missing otherwise. Whatever order the scores were found in, the
    /// book is the same bytes.
    pub fn book(&self, scores: &HashMap<u64, i32>) -> Result<Book, u64> {
        let shape = Shape::new(
            self.start.width() as u32,
            self.start.height() as u32,
            self.start.k() as u32,
        );
        let values = self
            .keys()
            .into_iter()
            .map(|key| scores.get(&key).map(|&score| (key, score)).ok_or(key))
            .collect::<Result<Vec<_>, u64>>()?;
        Ok(if self.outcomes {
            Book::from_outcomes(&shape, self.depth, values)
        } else {
            Book::from_scores(&shape, self.depth, values)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distinct positions with n stones on 7x6 (OEIS A212693) count mirror images twice;
    /// the book keeps one of each pair, and symmetric positions are their own mirror.
    #[test]
    fn the_book_holds_each_position_or_its_mirror_once() {
        let start = Connect4::standard();
        for (depth, distinct) in [(0, 1), (1, 7), (2, 49), (3, 238), (4, 1120)] {
            let found = book_positions(&start, depth).unwrap();
            let symmetric = found
                .iter()
                .filter(|s| match s.board() {
                    Board::Narrow(p) => p.key() == p.mirrored_key(),
                    _ => false,
                })
                .count();
            assert_eq!(2 * found.len() - symmetric, distinct, "depth {depth}");
        }
        assert!(book_positions(&Connect4::new(9, 7, 4).unwrap(), 2).is_none());
    }

    /// Runs solved in any order by different solvers, and scores read back from a progress
    /// file, give the book one build in order gives, byte for byte.
    #[test]
    fn a_book_built_in_runs_anywhere_is_the_same_book() {
        let start = Connect4::new(5, 4, 4).unwrap();
        let build = BookBuild::new(&start, 3, false).unwrap();
        let n = build.positions().len();
        let mut one = Solver::with_table_bits(super::super::MIN_TABLE_BITS).unwrap();
        let whole: HashMap<u64, i32> = build.solve(&mut one, 0..n).unwrap().into_iter().collect();
        let straight = build.book(&whole).unwrap().to_bytes();

        let mut scores = HashMap::new();
        let mut text = build.progress_header() + "\n";
        for run in (0..n).step_by(7).collect::<Vec<_>>().into_iter().rev() {
            let mut fresh = Solver::with_table_bits(super::super::MIN_TABLE_BITS).unwrap();
            for (key, score) in build.solve(&mut fresh, run..run + 7).unwrap() {
                text.push_str(&BookBuild::progress_line(key, score));
                scores.insert(key, score);
            }
        }
        assert_eq!(build.book(&scores).unwrap().to_bytes(), straight);
        // Cut mid-line, as an interrupted build leaves it: the last line is dropped.
        text.push_str("7f");
        assert_eq!(build.read_progress(&text).unwrap(), whole);

        let first = build.keys()[0];
        scores.remove(&first);
        assert_eq!(build.book(&scores).unwrap_err(), first);
        let err = build.read_progress("depth 3 outcomes\n").unwrap_err();
        assert!(err.contains("another book"), "{err}");
        let err = build.read_progress("depth 3\nzz 1\n12 0\n").unwrap_err();
        assert!(err.contains("line 2") && err.contains("-10"), "{err}");
    }
}
