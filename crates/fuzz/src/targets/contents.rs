//! Files whose syntax is right and whose size is hostile (issue 52): game records, an arena
//! run's `games.jsonl` read back by `--resume`, and a book build's `.progress` file, each
//! spelled by a recipe of repeated pieces so that a few bytes of input make a file of a
//! million moves, a game line of a megabyte or a million progress lines. Each is read by
//! the reader `ply` uses, under a memory cap ([`crate::memory`]):
//!
//! - nothing panics, and the reader never holds more than [`MEMORY_CAP`] beyond the file's
//!   own text, whatever the file says;
//! - what is accepted is within the readers' bounds (moves and tags of a record, games and
//!   moves of a run, one score per position of the book);
//! - a refusal is one bounded line, and leaves the file as it was.
//!
//! A recipe is text: a first line naming the kind (`record`, `resume`, `progress`), then
//! pieces, one a line, as `COUNT*TEXT` (`TEXT` repeated `COUNT` times) or `TEXT`; `\n`, `\t`
//! and `\\` in `TEXT` are an end of line, a tab and a backslash, and `$NAME` words stand for
//! pieces of a real file (a whole game line of a real run, the moves of one, a key of the
//! book). The file stops growing at [`MAX_CONTENT`].

use std::collections::HashSet;
use std::path::PathBuf;

use ply_arena::{OutputMode, RunFolder, Tournament, TournamentConfig};
use ply_connect4::solver::book_build::BookBuild;
use ply_connect4::Connect4;
use ply_core::record::{Record, MAX_RECORD_PLIES, MAX_RECORD_TAGS, MAX_TEXT_ITEMS};
use ply_search::spec::Catalog;
use ply_tictactoe::TicTacToe;

use crate::checks::{check_message, shown};
use crate::memory::measure;
use crate::runner::{Outcome, Target};
use crate::targets::arena::{played_run, scratch_folder};

/// The largest file a recipe makes: enough to pass every bound (a record of 100,000 moves
/// is 200 KB of `4 `, a game line of this run's 1000 plies some 300 KB) and still run
/// millions of inputs.
pub const MAX_CONTENT: usize = 1 << 20;

/// The most a reader may hold at once beyond the text it reads (the largest: a file of
/// records at [`MAX_TEXT_ITEMS`] moves and tags, some 90 MB). Allocations past four times
/// this end the run (see [`crate::memory`]).
pub const MEMORY_CAP: usize = 128 << 20;

/// The most times one piece is repeated.
const MAX_COUNT: u64 = 1 << 24;

pub struct Contents {
    dir: PathBuf,
    config: TournamentConfig,
    catalog: Catalog<TicTacToe>,
    /// The lines of a real run's `games.jsonl`.
    games: Vec<String>,
    build: BookBuild,
    keys: Vec<u64>,
}

impl Contents {
    pub fn new() -> Self {
        let dir = scratch_folder(&format!("ply-fuzz-contents-{}", std::process::id()));
        let (config, catalog) = played_run(&dir);
        let games = std::fs::read_to_string(dir.join("games.jsonl"))
            .expect("the games just written")
            .lines()
            .map(str::to_string)
            .collect();
        let board = Connect4::new(5, 4, 4).expect("a 5x4 board");
        let build = BookBuild::new(&board, 3, false).expect("a book of the 5x4 board");
        let keys = build.keys();
        Contents {
            dir,
            config,
            catalog,
            games,
            build,
            keys,
        }
    }

    /// The piece `$NAME` stands for, `n` choosing among several.
    fn named(&self, name: &str, n: usize) -> Option<String> {
        let game = &self.games[n % self.games.len()];
        let (head, rest) = game.split_once("\"moves\":[")?;
        let (moves, tail) = rest.split_once("],\"scores\"")?;
        let first_move = moves
            .split_inclusive('}')
            .next()
            .unwrap_or_default()
            .trim_start_matches(',');
        Some(match name {
            "GAME" => game.clone(),
            "HEAD" => format!("{head}\"moves\":["),
            "MOVE" => first_move.to_string(),
            "TAIL" => format!("],\"scores\"{tail}"),
            "KEY" => format!("{:x}", self.keys[n % self.keys.len()]),
            "HEADER" => self.build.progress_header(),
            _ => return None,
        })
    }

    /// The file a recipe's pieces spell, at most [`MAX_CONTENT`] bytes.
    fn spell<'a>(&self, pieces: impl Iterator<Item = &'a str>) -> String {
        let mut text = String::new();
        for (n, line) in pieces.enumerate() {
            let (count, piece) = match line.split_once('*') {
                Some((count, piece)) => match count.trim().parse::<u64>() {
                    Ok(count) => (count.min(MAX_COUNT), piece),
                    Err(_) => (1, line),
                },
                None => (1, line),
            };
            let piece = self.unescape(piece, n);
            if piece.is_empty() {
                continue;
            }
            let room = (MAX_CONTENT - text.len()) / piece.len();
            for _ in 0..(count as usize).min(room) {
                text.push_str(&piece);
            }
            if text.len() + piece.len() > MAX_CONTENT {
                break;
            }
        }
        text
    }

    /// `TEXT` with its escapes and `$NAME` words replaced.
    fn unescape(&self, text: &str, n: usize) -> String {
        let mut out = String::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(other) => out.push(other),
                    None => out.push('\\'),
                },
                '$' => {
                    let mut name = String::new();
                    while let Some(&c) = chars.peek().filter(|c| c.is_ascii_uppercase()) {
                        name.push(c);
                        chars.next();
                    }
                    match self.named(&name, n) {
                        Some(piece) => out.push_str(&piece),
                        None => {
                            out.push('$');
                            out.push_str(&name);
                        }
                    }
                }
                c => out.push(c),
            }
        }
        out
    }

    fn records(&self, text: &str) -> Result<Outcome, String> {
        let (all, held) = measure(4 * MEMORY_CAP, || Record::parse_all(text));
        within_cap(held)?;
        let (first, held) = measure(4 * MEMORY_CAP, || Record::parse(text));
        within_cap(held)?;
        match (&all, &first) {
            (Ok(records), Ok(record)) => {
                let items: usize = records
                    .iter()
                    .map(|r| 1 + r.tags.len() + r.moves.len())
                    .sum();
                for r in records {
                    if r.moves.len() > MAX_RECORD_PLIES || r.tags.len() > MAX_RECORD_TAGS {
                        return Err(format!(
                            "a record of {} moves and {} tags was read",
                            r.moves.len(),
                            r.tags.len()
                        ));
                    }
                }
                if items > MAX_TEXT_ITEMS + records.len() {
                    return Err(format!("{items} moves, tags and records were read"));
                }
                if records[0] != *record {
                    return Err("the first record read alone differs".into());
                }
                Ok(Outcome::of(&format!("records {}", records.len().min(3))))
            }
            (Ok(_), Err(e)) => Err(format!("read whole, but not its first record: {e}")),
            (Err(e), _) => {
                let message = e.to_string();
                check_message(&message)?;
                Ok(Outcome::of(&message))
            }
        }
    }

    fn resume(&self, text: &str) -> Result<Outcome, String> {
        let path = self.dir.join("games.jsonl");
        std::fs::write(&path, text).map_err(|e| format!("cannot write the input: {e}"))?;
        let start = TicTacToe::new();
        let tournament = Tournament::new(&start, &self.catalog, &self.config)
            .map_err(|e| format!("the tournament cannot be set up: {e}"))?;
        let (opened, held) = measure(4 * MEMORY_CAP, || {
            RunFolder::open(&self.dir, OutputMode::Resume, &tournament)
        });
        within_cap(held)?;
        match opened {
            Ok(folder) => {
                let previous = folder.previous();
                if previous.len() > tournament.planned_games() {
                    return Err(format!("{} games kept of a run of 8", previous.len()));
                }
                for game in previous {
                    if game.moves.len() > self.config.max_plies {
                        return Err(format!("a game of {} moves was kept", game.moves.len()));
                    }
                }
                Ok(Outcome::of(&format!("resumed {}", previous.len().min(2))))
            }
            Err(e) => {
                let message = e.to_string();
                check_message(&message)?;
                let now = std::fs::read(&path).map_err(|e| format!("the file is gone: {e}"))?;
                if now != text.as_bytes() {
                    return Err(format!("refusing the file changed it: {}", shown(&message)));
                }
                Ok(Outcome::of(&message))
            }
        }
    }

    fn progress(&self, text: &str) -> Result<Outcome, String> {
        let path = self.dir.join("book.progress");
        std::fs::write(&path, text).map_err(|e| format!("cannot write the input: {e}"))?;
        let (read, held) = measure(4 * MEMORY_CAP, || self.build.read_progress_file(&path));
        within_cap(held)?;
        match read {
            Ok(scores) => {
                let keys: HashSet<u64> = self.keys.iter().copied().collect();
                if scores.keys().any(|key| !keys.contains(key)) {
                    return Err("a score of a position not in the book was kept".into());
                }
                let max = self.build.max_score();
                if scores.values().any(|score| score.abs() > max) {
                    return Err("a score out of range was kept".into());
                }
                Ok(Outcome::of(&format!("scores {}", scores.len().min(3))))
            }
            Err(message) => {
                check_message(&message)?;
                Ok(Outcome::of(&message))
            }
        }
    }
}

impl Default for Contents {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Contents {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn within_cap(held: usize) -> Result<(), String> {
    if held > MEMORY_CAP {
        return Err(format!(
            "the reader held {} MiB at once, over the cap of {} MiB",
            held >> 20,
            MEMORY_CAP >> 20
        ));
    }
    Ok(())
}

impl Target for Contents {
    fn name(&self) -> &str {
        "contents"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "record\n[Game \"connect4\"]\\n\n1. 4 {value=1 time=0.5s}\\n2. 4\\n\n",
            "record\n[Game \"connect4\"]\\n\n200000*4 \n",
            "record\n120*[T$KEY \"v\"]\\n\n",
            "record\n20000*[Game \"connect4\"]\\n4 4\\n\n",
            "record\n[Game \"quoridor\"]\\n\n99999*e2 \n2*e8 \n",
            "resume\n$GAME\\n\n",
            "resume\n8*$GAME\\n\n",
            "resume\n$HEAD\n20000*$MOVE,\n$MOVE$TAIL\\n\n",
            "resume\n$GAME\\n\n$HEAD\n900*$MOVE,\n$MOVE\n",
            "progress\n$HEADER\\n\n$KEY 1\\n\n",
            "progress\n$HEADER\\n\n250000*0 0\\n\n",
            "progress\n$HEADER\\n\n$KEY 1\\n\n$KEY -1\\n\n",
            "progress\n$HEADER\\n\n100*$KEY 0\\n\n40*9\n",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "\n",
            "*",
            "\\n",
            "1000*",
            "100000*",
            "1000000*",
            "16000000*",
            "record\n",
            "resume\n",
            "progress\n",
            "[Game \"connect4\"]\\n",
            "[Game \"tictactoe\"]\\n",
            "[Position \"44\"]\\n",
            "[Result \"1-0\"]\\n",
            "4 ",
            "12. ",
            "b2 ",
            "{value=3 time=0.1s}",
            "1-0",
            "# a comment\\n",
            "$GAME",
            "$HEAD",
            "$MOVE",
            "$MOVE,",
            "$TAIL",
            "$KEY",
            "$HEADER",
            " 1\\n",
            " -1\\n",
            " 0\\n",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let recipe = String::from_utf8_lossy(input);
        let mut lines = recipe.split('\n');
        let kind = lines.next().unwrap_or_default().trim().to_string();
        let text = self.spell(lines);
        match kind.as_str() {
            "resume" => self.resume(&text),
            "progress" => self.progress(&text),
            _ => self.records(&text),
        }
    }
}
