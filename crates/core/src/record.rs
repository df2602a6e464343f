//! Game records: one format for every game, written by `ply play`, `ply arena` and
//! `ply serve`, and read back by all of them and by `ply analyze`.
//!
//! A record is a header of tags in the style of chess's PGN, then the moves, one ply a line
//! (docs/rules.md, "Game records"):
//!
//! ```text
//! [Game "connect4"]
//! [Variant "7x6, 4 in a row"]
//! [Settings "width=7 height=6"]
//! [Red "person"]
//! [Yellow "perfect"]
//! [Date "2026-11-27T01:02:03Z"]
//! [Result "0-1"]
//! [Reason "Yellow has four in a row"]
//!
//! 1. 4 {value=0 time=0.000s}
//! 2. 4 {value=2 time=0.512s}
//! 0-1
//! ```
//!
//! - Tag values are between double quotes, `\"` and `\\` escaped; a tag line is one line.
//! - `Game` names the game, `Settings` its variant parameters as `name=value` words (the
//!   defaults are left out), `Position` the start position in the game's text form when the
//!   game did not start from the variant's start. Each seat's tag, named as the game names
//!   the seat, says who played it. `Result` is one score per seat joined by `-` (`1-0`,
//!   `1/2-1/2`, `2-1/2-1/2`), or `*` for a game not finished.
//! - A move is the game's notation (never holding a space), optionally after its ply number
//!   (`12.`) and before a `{…}` comment, where `value=V` is the mover's engine value and
//!   `time=Ts` the time it took. A final result token is allowed and ignored (the tag
//!   rules). Lines starting with `#` are comments.
//! - A file may hold several records, one after another.

use std::fmt;
use std::time::Duration;

use thiserror::Error;

use crate::descriptor::{Described, Settings};
use crate::error::GameError;
use crate::files::{self, FileError};
use crate::game::Game;
use crate::quote::{quote, tame};
use crate::scores::Scores;

/// The tags every writer fills in, in the order they are written.
pub const GAME: &str = "Game";
pub const VARIANT: &str = "Variant";
pub const SETTINGS: &str = "Settings";
pub const POSITION: &str = "Position";
pub const DATE: &str = "Date";
pub const RESULT: &str = "Result";
pub const REASON: &str = "Reason";

/// The longest record text a reader takes (64 MiB): a record of a few thousand plies is a
/// few hundred kilobytes, so this only stops a runaway input.
pub const MAX_RECORD_BYTES: usize = 64 << 20;

/// A game record file as [`read_file`] reads it.
pub const RECORD_FILE: files::Input = files::Input::new("record file", MAX_RECORD_BYTES as u64);

/// The most moves one record may hold. A text under [`MAX_RECORD_BYTES`] can spell tens of
/// millions of moves (`4 4 4 …`), each taking some ninety bytes once read, so the count is
/// bounded, not only the bytes: at least the longest game `ply arena --max-plies` allows.
pub const MAX_RECORD_PLIES: usize = 100_000;

/// The most tags one record may hold (a record written by ply has about ten).
pub const MAX_RECORD_TAGS: usize = 100;

/// The most moves and tags a text of several records (an arena's `records.txt`, a file of
/// openings) may hold in all: some hundred megabytes once read.
pub const MAX_TEXT_ITEMS: usize = 1_000_000;

/// One game as written down.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    /// The tags, in the order written.
    pub tags: Vec<(String, String)>,
    /// The plies, in the order played.
    pub moves: Vec<RecordedMove>,
}

/// One ply of a record.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedMove {
    /// The move in the game's notation.
    pub text: String,
    /// The mover's engine value of the position, in the engine's own scale.
    pub value: Option<f64>,
    /// The time the mover took.
    pub time: Option<Duration>,
}

impl RecordedMove {
    pub fn new(text: impl Into<String>) -> Self {
        RecordedMove {
            text: text.into(),
            value: None,
            time: None,
        }
    }
}

/// Why a text is not a record, or a record not a game this program can replay.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    /// The text breaks the format.
    #[error("record line {line}: {}", tame(.reason))]
    Syntax { line: usize, reason: String },
    /// The text holds no record at all.
    #[error("no game record found: a record starts with tags such as [Game \"connect4\"]")]
    Empty,
    /// The record is of another game than the one asked for.
    #[error("the record is a game of {}, not {expected}", quote(.found))]
    WrongGame { found: String, expected: String },
    /// A tag needed to replay the game is missing.
    #[error("the record has no [{0} \"…\"] tag")]
    MissingTag(&'static str),
    /// The settings or the start position cannot be read.
    #[error("the record's {tag} tag: {error}")]
    Start { tag: &'static str, error: GameError },
    /// The file cannot be read (missing, not a regular file, too large, not UTF-8).
    #[error(transparent)]
    File(#[from] FileError),
    /// The text of a file is not records, or holds more than their bounds.
    #[error("{}: {error}", files::shown(.path))]
    InFile {
        path: std::path::PathBuf,
        error: Box<RecordError>,
    },
    /// A move of the record cannot be played.
    #[error("move {number} of the record ({}): {error}", quote(.text))]
    Move {
        number: usize,
        text: String,
        error: GameError,
    },
}

impl Record {
    /// An empty record of `start`'s game, its tags filled in from the settings the game was
    /// built with: `Position` only when `start` is not the variant's start.
    pub fn for_game<G: Described>(start: &G, settings: &Settings) -> Record {
        let mut record = Record::default();
        record.set_tag(GAME, start.name());
        let variant = start.variant();
        if !variant.is_empty() {
            record.set_tag(VARIANT, variant);
        }
        record.set_tag(SETTINGS, settings_to_words(settings));
        if G::from_settings(settings).ok().as_ref() != Some(start) {
            record.set_tag(POSITION, start.to_text());
        }
        record
    }

    /// The value of tag `name` (tag names compare without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing an earlier value in its place. Line breaks in the value
    /// become spaces: a tag is one line.
    pub fn set_tag(&mut self, name: &str, value: impl AsRef<str>) {
        let value: String = value
            .as_ref()
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Names who sat in each seat (tags named after the game's seats, in seat order).
    pub fn set_seats<G: Described>(&mut self, players: &[String]) {
        for (seat, who) in G::DESCRIPTOR.seats.iter().zip(players) {
            self.set_tag(seat.name, who);
        }
    }

    /// Who sat in `seat`, as the record names them.
    pub fn seat<G: Described>(&self, seat: usize) -> Option<&str> {
        G::DESCRIPTOR.seats.get(seat).and_then(|s| self.tag(s.name))
    }

    /// Writes the result and why the game ended (`None`: not finished, `*`); an empty
    /// reason removes an earlier one (a record read back and played on).
    pub fn set_result(&mut self, scores: Option<&Scores>, reason: &str) {
        let result = scores.map_or_else(|| "*".to_string(), format_scores);
        self.set_tag(RESULT, result);
        if reason.is_empty() {
            self.tags
                .retain(|(name, _)| !name.eq_ignore_ascii_case(REASON));
        } else {
            self.set_tag(REASON, reason);
        }
    }

    /// The scores of the `Result` tag; `None` for `*` or no tag.
    pub fn scores(&self) -> Option<Vec<f64>> {
        parse_scores(self.tag(RESULT)?)
    }

    /// Reads every record in `text`, within the bounds of [`MAX_RECORD_PLIES`],
    /// [`MAX_RECORD_TAGS`] and [`MAX_TEXT_ITEMS`]: a text past them is refused as soon as
    /// the bound is passed, before it is read further.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        check_length(text.len())?;
        parse_records(text.lines(), usize::MAX)
    }

    /// [`Record::parse_all`] for a text already split into lines (a file read a line at a
    /// time), so that it need not be joined again.
    pub fn parse_lines<'a>(
        lines: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Record>, RecordError> {
        parse_records(lines, usize::MAX)
    }

    /// Reads a text that holds exactly one record (the first, if it holds several: the
    /// rest is not read).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        check_length(text.len())?;
        Ok(parse_records(text.lines(), 1)?.swap_remove(0))
    }

    /// Replays the record as a game of `G`: the settings, the start position and every move
    /// checked against the rules.
    pub fn replay<G: Described>(&self) -> Result<Replay<G>, RecordError> {
        self.check_game(G::DESCRIPTOR.name)?;
        let settings = settings_from_words(self.tag(SETTINGS).unwrap_or("")).map_err(|error| {
            RecordError::Start {
                tag: SETTINGS,
                error,
            }
        })?;
        let base = G::from_settings(&settings).map_err(|error| RecordError::Start {
            tag: SETTINGS,
            error,
        })?;
        let mut replay = self.replay_on(&base)?;
        replay.settings = settings;
        Ok(replay)
    }

    /// Replays the record on the variant whose start is `base`, for a caller that has chosen
    /// the variant already (an engine, a tournament): the `Settings` tag is not read, but
    /// the `Position` and every move must fit `base`'s variant.
    pub fn replay_on<G: Game>(&self, base: &G) -> Result<Replay<G>, RecordError> {
        self.check_game(base.name())?;
        let start = match self.tag(POSITION) {
            Some(position) => base
                .from_text(position)
                .map_err(|error| RecordError::Start {
                    tag: POSITION,
                    error,
                })?,
            None => base.clone(),
        };
        let mut end = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, recorded) in self.moves.iter().enumerate() {
            let mv = end
                .play_notation(&recorded.text)
                .map_err(|error| RecordError::Move {
                    number: i + 1,
                    text: recorded.text.clone(),
                    error,
                })?;
            moves.push(mv);
        }
        Ok(Replay {
            settings: Settings::new(),
            start,
            moves,
            end,
        })
    }

    /// Refuses a record of another game than `name`.
    fn check_game(&self, name: &str) -> Result<(), RecordError> {
        let game = self.tag(GAME).ok_or(RecordError::MissingTag(GAME))?;
        if game == name {
            Ok(())
        } else {
            Err(RecordError::WrongGame {
                found: game.to_string(),
                expected: name.to_string(),
            })
        }
    }
}

/// Every record in the file at `path`, read as [`RECORD_FILE`] (see [`crate::files`]): a
/// path that is missing or not a regular file, a file larger than [`MAX_RECORD_BYTES`] or
/// not UTF-8 is refused, naming the path (quoted: it may be anything a protocol peer sent),
/// and so is a text that is not records or holds more than their bounds (see
/// [`Record::parse_all`]).
pub fn read_file(path: &std::path::Path) -> Result<Vec<Record>, RecordError> {
    in_file(
        path,
        Record::parse_all(&files::read_text(path, RECORD_FILE)?),
    )
}

/// The first record in the file at `path`, read as [`read_file`] reads it; the records after
/// it are not read.
pub fn read_first(path: &std::path::Path) -> Result<Record, RecordError> {
    in_file(path, Record::parse(&files::read_text(path, RECORD_FILE)?))
}

/// Names the file in an error about its text.
fn in_file<T>(path: &std::path::Path, read: Result<T, RecordError>) -> Result<T, RecordError> {
    read.map_err(|error| match error {
        RecordError::File(_) => error,
        error => RecordError::InFile {
            path: path.to_path_buf(),
            error: Box::new(error),
        },
    })
}

/// Refuses a text longer than [`MAX_RECORD_BYTES`].
fn check_length(bytes: usize) -> Result<(), RecordError> {
    if bytes > MAX_RECORD_BYTES {
        return Err(RecordError::Syntax {
            line: 1,
            reason: format!(
                "the text is {bytes} bytes, more than the {MAX_RECORD_BYTES} a record may take"
            ),
        });
    }
    Ok(())
}

/// Reads at most `wanted` records from `lines` (see [`Record::parse_all`]).
fn parse_records<'a>(
    lines: impl IntoIterator<Item = &'a str>,
    wanted: usize,
) -> Result<Vec<Record>, RecordError> {
    let mut records = Vec::new();
    let mut current: Option<Record> = None;
    let mut items = 0usize;
    for (index, raw) in lines.into_iter().enumerate() {
        let line_no = index + 1;
        let syntax = |reason: String| RecordError::Syntax {
            line: line_no,
            reason,
        };
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // A tag is `[` and a name; a line that starts `[[` is a halma move.
        let is_tag = line.starts_with('[')
            && line[1..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        if is_tag {
            let (name, value) = parse_tag(line).map_err(syntax)?;
            // A tag after moves starts the next record.
            if current.as_ref().is_some_and(|r| !r.moves.is_empty()) {
                records.extend(current.take());
                if records.len() >= wanted {
                    return Ok(records);
                }
            }
            let record = current.get_or_insert_with(Record::default);
            if record.tag(&name).is_some() {
                return Err(syntax(format!("the tag {} appears twice", quote(&name))));
            }
            if record.tags.len() >= MAX_RECORD_TAGS {
                return Err(syntax(format!(
                    "record {} has more than {MAX_RECORD_TAGS} tags, the most one record may hold",
                    records.len() + 1
                )));
            }
            items = count_item(items).map_err(syntax)?;
            record.tags.push((name, value));
            continue;
        }
        let Some(record) = current.as_mut() else {
            return Err(syntax(
                "moves before any tag: a record starts with [Game \"…\"]".into(),
            ));
        };
        let number = records.len() + 1;
        parse_moves(line, &mut record.moves, |moves| {
            if moves.len() >= MAX_RECORD_PLIES {
                return Err(format!(
                    "record {number} has more than {MAX_RECORD_PLIES} moves, the most one \
                     record may hold"
                ));
            }
            items = count_item(items)?;
            Ok(())
        })
        .map_err(syntax)?;
    }
    records.extend(current);
    if records.is_empty() {
        return Err(RecordError::Empty);
    }
    Ok(records)
}

/// One more move or tag in a text: an error past [`MAX_TEXT_ITEMS`].
fn count_item(items: usize) -> Result<usize, String> {
    if items >= MAX_TEXT_ITEMS {
        return Err(format!(
            "the text holds more than {MAX_TEXT_ITEMS} moves and tags, the most ply reads \
             from one text"
        ));
    }
    Ok(items + 1)
}

/// A record replayed: where it started, its moves and where it ended.
#[derive(Debug, Clone)]
pub struct Replay<G: Game> {
    pub settings: Settings,
    pub start: G,
    pub moves: Vec<G::Move>,
    pub end: G,
}

impl<G: Game> Replay<G> {
    /// The position before each move, then the final one (`moves.len() + 1` positions).
    pub fn positions(&self) -> Vec<G> {
        let mut state = self.start.clone();
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(state.clone());
        for &mv in &self.moves {
            state.play(mv);
            positions.push(state.clone());
        }
        positions
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        writeln!(f)?;
        for (i, mv) in self.moves.iter().enumerate() {
            write!(f, "{}. {}", i + 1, mv.text)?;
            let mut notes = Vec::new();
            if let Some(value) = mv.value {
                notes.push(format!("value={}", format_value(value)));
            }
            if let Some(time) = mv.time {
                notes.push(format!("time={:.3}s", time.as_secs_f64()));
            }
            if !notes.is_empty() {
                write!(f, " {{{}}}", notes.join(" "))?;
            }
            writeln!(f)?;
        }
        // The closing result token, as in PGN; a Result tag that is not a result is left in
        // its tag only (a token that is not a result would read back as a move).
        match self.tag(RESULT) {
            Some(result) if is_result(result) => writeln!(f, "{result}"),
            Some(_) => Ok(()),
            None => writeln!(f, "*"),
        }
    }
}

/// A value as short as it reads back exactly: `12`, `0.625`, `-3.5`.
fn format_value(value: f64) -> String {
    format!("{value}")
}

/// `time` as a record's `Date` tag writes it: UTC, RFC 3339, to the second
/// (`2026-11-27T01:02:03Z`).
pub fn date_tag(time: std::time::SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

/// Settings as `name=value` words, in the order given.
pub fn settings_to_words(settings: &Settings) -> String {
    settings
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `name=value` words back into settings (the game checks names and values).
pub fn settings_from_words(words: &str) -> Result<Settings, GameError> {
    let mut settings = Settings::new();
    for word in words.split_whitespace() {
        let (name, value) = word.split_once('=').ok_or_else(|| {
            GameError::setting(word, "", "settings are written as name=value words")
        })?;
        settings.set(name, value);
    }
    Ok(settings)
}

/// One score per seat joined by `-`: `1-0`, `1/2-1/2`, `2-1/2-1/2`.
pub fn format_scores(scores: &Scores) -> String {
    scores
        .as_slice()
        .iter()
        .map(|&v| {
            if v.fract() == 0.0 {
                format!("{}", v as i64)
            } else if (v * 2.0).fract() == 0.0 {
                format!("{}/2", (v * 2.0) as i64)
            } else {
                format_value(v)
            }
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The scores of a result written by [`format_scores`]; `None` for `*` or anything else.
pub fn parse_scores(text: &str) -> Option<Vec<f64>> {
    let text = text.trim();
    if !text.contains('-') {
        return None;
    }
    text.split('-')
        .map(|part| match part.split_once('/') {
            Some((n, d)) => {
                let (n, d): (f64, f64) = (n.parse().ok()?, d.parse().ok()?);
                (d != 0.0).then(|| n / d)
            }
            None => part.parse().ok(),
        })
        .map(|v| v.filter(|v: &f64| v.is_finite() && *v >= 0.0))
        .collect()
}

/// `[Name "value"]` → (name, value).
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("{} is not a tag: [Name \"value\"]", quote(line)))?;
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("{} is not a tag: [Name \"value\"]", quote(line)))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "the tag name {} is not letters, digits and _",
            quote(name)
        ));
    }
    let quoted = rest.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag {name} is not between double quotes"))?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped @ ('\\' | '"')) => value.push(escaped),
                _ => {
                    return Err(format!(
                        "the value of tag {name} has a \\ that is not \\\\ or \\\""
                    ))
                }
            },
            '"' => {
                return Err(format!(
                    "the value of tag {name} has a \" that is not escaped as \\\""
                ))
            }
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// Reads the moves of one line into `moves`: numbers, moves, comments, a result. `room`
/// is asked before each move is added, and refuses one past the bounds.
fn parse_moves(
    line: &str,
    moves: &mut Vec<RecordedMove>,
    mut room: impl FnMut(&[RecordedMove]) -> Result<(), String>,
) -> Result<(), String> {
    let mut rest = line;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(());
        }
        if let Some(after) = rest.strip_prefix('{') {
            let (comment, tail) = after
                .split_once('}')
                .ok_or_else(|| "a comment { … } is not closed on its line".to_string())?;
            let last = moves
                .last_mut()
                .ok_or_else(|| "a comment { … } before any move".to_string())?;
            read_comment(comment, last)?;
            rest = tail;
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        rest = tail;
        if is_move_number(token) || is_result(token) {
            continue;
        }
        room(moves)?;
        moves.push(RecordedMove::new(token));
    }
}

/// `12.` or `12...`.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// `*`, or scores joined by `-`.
fn is_result(token: &str) -> bool {
    token == "*" || (token.contains('-') && parse_scores(token).is_some())
}

/// `value=V time=Ts`; other words are kept out (a comment may say anything else).
fn read_comment(comment: &str, mv: &mut RecordedMove) -> Result<(), String> {
    for word in comment.split_whitespace() {
        if let Some(v) = word.strip_prefix("value=") {
            let value: f64 = v
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("value={} is not a number", quote(v)))?;
            mv.value = Some(value);
        } else if let Some(t) = word.strip_prefix("time=") {
            let seconds: f64 = t
                .strip_suffix('s')
                .and_then(|s| s.parse().ok())
                .filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .ok_or_else(|| format!("time={} is not seconds such as 0.25s", quote(t)))?;
            mv.time = Some(Duration::from_secs_f64(seconds));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[Game \"toy\"]\n[Settings \"size=5\"]\n[Note \"say \\\"hi\\\" \\\\o/\"]\n\
                        [Result \"1/2-1/2\"]\n\n1. a {value=-3 time=0.250s}\n2. b\n3. c {a remark}\n1/2-1/2\n";

    #[test]
    fn a_record_reads_back_what_it_writes() {
        let record = Record::parse(TEXT).unwrap();
        assert_eq!(record.tag("game"), Some("toy"));
        assert_eq!(record.tag("Note"), Some("say \"hi\" \\o/"));
        assert_eq!(record.moves.len(), 3);
        assert_eq!(record.moves[0].value, Some(-3.0));
        assert_eq!(record.moves[0].time, Some(Duration::from_millis(250)));
        assert_eq!(record.moves[2], RecordedMove::new("c"));
        assert_eq!(record.scores(), Some(vec![0.5, 0.5]));
        let again = Record::parse(&record.to_string()).unwrap();
        assert_eq!(again, record);
    }

    #[test]
    fn a_line_that_starts_with_two_brackets_is_a_halma_move_not_a_tag() {
        let record = Record::parse("[Game \"halma\"]\n[[3,-6],[3,-4]]\n").unwrap();
        assert_eq!(record.moves, vec![RecordedMove::new("[[3,-6],[3,-4]]")]);
    }

    #[test]
    fn several_records_in_one_text_are_read_in_order() {
        let two = format!("{TEXT}\n[Game \"toy\"]\n\n1. z\n");
        let records = Record::parse_all(&two).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[1].moves, vec![RecordedMove::new("z")]);
    }

    #[test]
    fn broken_records_are_refused_with_the_line_and_the_rule() {
        for (text, needle) in [
            ("", "no game record"),
            ("a b c", "line 1: moves before any tag"),
            ("[Game toy]", "not between double quotes"),
            ("[Game \"a\"b\"]", "not escaped"),
            ("[Game \"a\"]\n[game \"b\"]", "appears twice"),
            ("[Game \"a\"]\n1. x {value=abc}", "line 2: value='abc'"),
            ("[Game \"a\"]\n1. x {time=-1s}", "time='-1s'"),
            ("[Game \"a\"]\n1. x {open", "not closed"),
            ("[Game \"a\"]\n{early}", "before any move"),
            ("[G-a \"x\"]", "not letters"),
            ("[Game \"a\"] x", "not a tag"),
        ] {
            let err = Record::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }

    /// Issue 52, row 2: a text under the byte cap can spell tens of millions of moves; the
    /// count is bounded per record, and moves and tags in all, as they are read.
    #[test]
    fn row_2_records_are_bounded_by_their_moves_and_tags_not_only_their_bytes() {
        let moves = |n: usize| format!("[Game \"connect4\"]\n{}\n", "4 ".repeat(n));
        assert_eq!(
            Record::parse(&moves(MAX_RECORD_PLIES)).unwrap().moves.len(),
            MAX_RECORD_PLIES
        );
        let err = Record::parse(&moves(MAX_RECORD_PLIES + 1)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "record line 2: record 1 has more than {MAX_RECORD_PLIES} moves, the most one \
                 record may hold"
            )
        );
        let tags: String = (0..=MAX_RECORD_TAGS)
            .map(|i| format!("[T{i} \"\"]\n"))
            .collect();
        let err = Record::parse(&tags).unwrap_err().to_string();
        assert!(err.contains("has more than 100 tags"), "{err}");
        // Many short records: each within its bounds, too many moves in all.
        let many = moves(MAX_RECORD_PLIES / 2).repeat(2 * MAX_TEXT_ITEMS / MAX_RECORD_PLIES + 1);
        let err = Record::parse_all(&many).unwrap_err().to_string();
        assert!(err.contains("more than 1000000 moves and tags"), "{err}");
        // Reading the first record stops there: the rest is not read, nor counted.
        assert_eq!(
            Record::parse(&many).unwrap().moves.len(),
            MAX_RECORD_PLIES / 2
        );
    }

    #[test]
    fn results_write_each_seat_and_read_back() {
        assert_eq!(format_scores(&Scores::win(1)), "0-1");
        assert_eq!(format_scores(&Scores::draw()), "1/2-1/2");
        assert_eq!(
            format_scores(&Scores::from_slice(&[2.0, 0.5, 0.5])),
            "2-1/2-1/2"
        );
        assert_eq!(parse_scores("2-1/2-1/2"), Some(vec![2.0, 0.5, 0.5]));
        for bad in ["*", "1", "1-x", "1/0-1", "a-b", "-1-0"] {
            assert_eq!(parse_scores(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates_are_utc_to_the_second() {
        use std::time::{Duration, UNIX_EPOCH};
        let at = |secs| date_tag(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        // 2024 is a leap year: 29 February exists.
        assert_eq!(at(1_709_164_800), "2024-02-29T00:00:00Z");
        assert_eq!(at(1_795_741_323), "2026-11-27T01:02:03Z");
    }

    #[test]
    fn settings_words_round_trip() {
        let settings = Settings::new().with("width", 8).with("k", 5);
        let words = settings_to_words(&settings);
        assert_eq!(words, "width=8 k=5");
        assert_eq!(settings_from_words(&words).unwrap(), settings);
        assert!(settings_from_words("width").is_err());
    }
}
