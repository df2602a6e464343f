//! The one way `ply` opens a file it reads and writes a file it produces: every command, the
//! server and the Python package go through here.
//!
//! A path may name anything: a FIFO (whose `open` waits for a writer forever), `/dev/zero`
//! (which never ends), a directory, a device, a file of gigabytes, a symbolic link to any of
//! these. So:
//!
//! - **Reading** ([`read`], [`read_text`], [`read_if_exists`]) looks at what the path is
//!   before opening it (opening some devices has effects of its own), opens it without
//!   blocking (`O_NONBLOCK`, so a FIFO swapped in after the look cannot hang the open),
//!   checks the open handle again (`fstat`) and reads only from a regular file, at most the
//!   cap of its kind ([`Input`]), which the error states.
//! - **Writing** ([`write_atomically`]) writes a temporary file beside the target, syncs it
//!   and renames it over the target, but only when the target is a regular file or absent:
//!   a device, a directory or a FIFO is refused, never replaced, and so is a symbolic link,
//!   whatever it points to (a link planted in an output folder must not make ply overwrite
//!   a file elsewhere). Any write or sync error is an error (a full disk never reports
//!   success) and the temporary file is removed. [`check_target`] runs the same check
//!   early, before a long computation.
//! - **Appending** ([`open_append`]: logs such as a book build's progress) checks the target
//!   the same way and opens it without blocking and without following a link
//!   (`O_NOFOLLOW`), so a link swapped in after the check is refused too.
//!
//! Errors ([`FileError`]) name the path (quoted: it may hold anything) and the rule.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use crate::quote::quote_bytes;

/// A kind of file `ply` reads, and the most it reads of one. Each kind is declared once,
/// beside the code that reads it (a record file in [`crate::record`], a Connect Four book
/// in the command that reads books, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input {
    /// What the file is, as messages name it: "record", "opening book".
    pub what: &'static str,
    /// The most bytes read from one file of this kind.
    pub cap: u64,
}

impl Input {
    pub const fn new(what: &'static str, cap: u64) -> Self {
        Input { what, cap }
    }
}

/// A file the system writes about itself (`/proc/meminfo`, `/proc/cpuinfo`): some kilobytes.
pub const SYSTEM_INFO: Input = Input::new("system information file", 1 << 20);

/// A file that cannot be read or written as asked. Every variant names the path and the
/// rule; an I/O error's text is part of the message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileError {
    #[error("{} does not exist", shown(.path))]
    Missing { path: PathBuf },
    #[error(
        "{} is {kind}, not a regular file: ply reads a {what} only from a regular file",
        shown(.path)
    )]
    NotRegular {
        path: PathBuf,
        kind: String,
        what: &'static str,
    },
    #[error("{} is {}; ply reads at most {} for a {what}", shown(.path), size_of(.size), bytes(*.cap))]
    TooLarge {
        path: PathBuf,
        /// The size the file claims, or `None` when it claimed less than it held.
        size: Option<u64>,
        cap: u64,
        what: &'static str,
    },
    #[error("{} is not UTF-8 text (bad byte at offset {offset}): a {what} is text", shown(.path))]
    NotText {
        path: PathBuf,
        offset: usize,
        what: &'static str,
    },
    #[error("cannot read {}: {cause}", shown(.path))]
    Read { path: PathBuf, cause: String },
    #[error("line {line} of {} is longer than {}, the longest a line of a {what} may be", shown(.path), bytes(*.cap))]
    LongLine {
        path: PathBuf,
        line: usize,
        cap: u64,
        what: &'static str,
    },
    #[error("{} is {kind}: ply writes a {what} only to a regular file or a new one", shown(.path))]
    NotWritable {
        path: PathBuf,
        kind: String,
        what: &'static str,
    },
    #[error(
        "{} is a symbolic link to {to}: ply writes a {what} only to a regular file or a new \
         one, never through a link (the file it points to is left as it is)",
        shown(.path)
    )]
    Link {
        path: PathBuf,
        /// What the link points to, as messages name it ("a regular file").
        to: String,
        what: &'static str,
    },
    #[error("cannot write {}: {cause}", shown(.path))]
    Write { path: PathBuf, cause: String },
    /// A write that failed for want of room (a full disk, a quota, a file size limit): the
    /// same target may take it later.
    #[error("cannot write {}: {cause}", shown(.path))]
    Full { path: PathBuf, cause: String },
}

impl FileError {
    /// The path the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::Missing { path }
            | FileError::NotRegular { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::NotText { path, .. }
            | FileError::Read { path, .. }
            | FileError::LongLine { path, .. }
            | FileError::NotWritable { path, .. }
            | FileError::Link { path, .. }
            | FileError::Write { path, .. }
            | FileError::Full { path, .. } => path,
        }
    }

    fn read(path: &Path, cause: std::io::Error) -> Self {
        FileError::Read {
            path: path.to_path_buf(),
            cause: cause.to_string(),
        }
    }

    /// Whether the write failed for want of room, not because of what the target is: a
    /// later write to the same target may succeed.
    pub fn is_full(&self) -> bool {
        matches!(self, FileError::Full { .. })
    }

    fn write(path: &Path, cause: std::io::Error) -> Self {
        use std::io::ErrorKind;
        let (path, full) = (path.to_path_buf(), cause.kind());
        let cause = cause.to_string();
        match full {
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge => {
                FileError::Full { path, cause }
            }
            _ => FileError::Write { path, cause },
        }
    }
}

/// `path` as messages show it: quoted, bytes that are not UTF-8 as `\xNN`.
pub fn shown(path: &Path) -> String {
    quote_bytes(path.as_os_str().as_encoded_bytes())
}

/// A size as messages show it: bytes, KiB, MiB or GiB, one decimal where it is not whole.
pub fn bytes(n: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if n >= size {
            return if n.is_multiple_of(size) {
                format!("{} {unit}", n / size)
            } else {
                format!("{:.1} {unit}", n as f64 / size as f64)
            };
        }
    }
    format!("{n} bytes")
}

fn size_of(size: &Option<u64>) -> String {
    match size {
        Some(n) => bytes(*n),
        None => "longer than its size says".to_string(),
    }
}

/// The bytes of the regular file at `path`, at most `input.cap` of them.
pub fn read(path: &Path, input: Input) -> Result<Vec<u8>, FileError> {
    let (file, meta) = open_regular(path, input)?;
    read_capped(file, &meta, path, input)
}

/// Like [`read`], for a file that may be absent (`None`): a log or a table a run starts.
pub fn read_if_exists(path: &Path, input: Input) -> Result<Option<Vec<u8>>, FileError> {
    match read(path, input) {
        Err(FileError::Missing { .. }) => Ok(None),
        other => other.map(Some),
    }
}

/// The text of the regular file at `path`: [`read`], refusing what is not UTF-8.
pub fn read_text(path: &Path, input: Input) -> Result<String, FileError> {
    text(path, input, read(path, input)?)
}

/// Like [`read_text`], for a file that may be absent (`None`).
pub fn read_text_if_exists(path: &Path, input: Input) -> Result<Option<String>, FileError> {
    read_if_exists(path, input)?
        .map(|bytes| text(path, input, bytes))
        .transpose()
}

fn text(path: &Path, input: Input, bytes: Vec<u8>) -> Result<String, FileError> {
    String::from_utf8(bytes).map_err(|e| FileError::NotText {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
        what: input.what,
    })
}

/// What a file that is not regular is, as messages name it.
fn kind_of(meta: &Metadata) -> String {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory".to_string();
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)".to_string();
        }
        if kind.is_char_device() {
            return "a character device".to_string();
        }
        if kind.is_block_device() {
            return "a block device".to_string();
        }
        if kind.is_socket() {
            return "a socket".to_string();
        }
    }
    "a special file".to_string()
}

/// What a path is, links followed.
enum Found {
    Nothing,
    Regular,
    /// Anything else, as messages name it ("a symbolic link to a FIFO (named pipe)").
    Special(String),
}

/// What `path` is, looked at without opening it (opening some devices has effects).
fn look(path: &Path) -> std::io::Result<Found> {
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(e),
    };
    if meta.is_file() {
        return Ok(Found::Regular);
    }
    let kind = kind_of(&meta);
    let linked = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    Ok(Found::Special(if linked {
        format!("a symbolic link to {kind}")
    } else {
        kind
    }))
}

/// Whether an open follows a symbolic link at the path's end: reading does, appending not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    Follow,
    Refuse,
}

/// Opens `path` with `options` without blocking and without making a terminal the
/// controlling one, then clears `O_NONBLOCK` so that reads and writes behave as usual.
fn open_nonblocking(path: &Path, options: &mut OpenOptions, links: Links) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        let mut flags = OFlags::NONBLOCK | OFlags::NOCTTY;
        if links == Links::Refuse {
            flags |= OFlags::NOFOLLOW;
        }
        options.custom_flags(flags.bits() as i32);
        let file = options.open(path)?;
        let flags = rustix::fs::fcntl_getfl(&file)?;
        rustix::fs::fcntl_setfl(&file, flags - OFlags::NONBLOCK)?;
        Ok(file)
    }
    #[cfg(not(unix))]
    {
        let _ = links;
        options.open(path)
    }
}

/// Opens the regular file at `path` for reading, refusing anything else before reading a
/// byte, and a regular file that claims more than `input.cap` bytes.
fn open_regular(path: &Path, input: Input) -> Result<(File, Metadata), FileError> {
    let not_regular = |kind: String| FileError::NotRegular {
        path: path.to_path_buf(),
        kind,
        what: input.what,
    };
    match look(path).map_err(|e| FileError::read(path, e))? {
        Found::Nothing => {
            return Err(FileError::Missing {
                path: path.to_path_buf(),
            })
        }
        Found::Special(kind) => return Err(not_regular(kind)),
        Found::Regular => {}
    }
    let file =
        open_nonblocking(path, OpenOptions::new().read(true), Links::Follow).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                FileError::Missing {
                    path: path.to_path_buf(),
                }
            } else {
                FileError::read(path, e)
            }
        })?;
    // The path may have changed since it was looked at: the open handle is what counts.
    let meta = file.metadata().map_err(|e| FileError::read(path, e))?;
    if !meta.is_file() {
        return Err(not_regular(kind_of(&meta)));
    }
    if meta.len() > input.cap {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: Some(meta.len()),
            cap: input.cap,
            what: input.what,
        });
    }
    Ok((file, meta))
}

/// Reads `file` to its end, refusing it once it holds more than `input.cap` bytes (a file
/// may grow, or claim a size it does not have, as `/proc` files do).
fn read_capped(
    file: File,
    meta: &Metadata,
    path: &Path,
    input: Input,
) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(input.cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::read(path, e))?;
    if bytes.len() as u64 > input.cap {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: None,
            cap: input.cap,
            what: input.what,
        });
    }
    Ok(bytes)
}

/// A regular file read a line at a time (a log of one record a line: an arena run's games,
/// a book build's progress), so that what is kept of it is what its lines say, never the
/// whole text: each line at most a cap of its own, the whole file at most its kind's cap.
pub struct Lines {
    reader: std::io::BufReader<std::io::Take<File>>,
    path: PathBuf,
    input: Input,
    max_line: u64,
    number: usize,
    read: u64,
}

/// One line of a [`Lines`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// From 1.
    pub number: usize,
    /// The line without its end of line.
    pub bytes: Vec<u8>,
    /// Whether an end of line closed it (the last line of a file cut short has none).
    pub ended: bool,
    /// Where the line starts in the file.
    pub offset: u64,
}

impl Lines {
    /// The regular file at `path`, opened as [`read`] opens it; each line at most
    /// `max_line` bytes (its end of line not counted).
    pub fn open(path: &Path, input: Input, max_line: u64) -> Result<Lines, FileError> {
        let (file, _) = open_regular(path, input)?;
        Ok(Lines {
            reader: std::io::BufReader::new(file.take(input.cap.saturating_add(1))),
            path: path.to_path_buf(),
            input,
            max_line,
            number: 0,
            read: 0,
        })
    }

    /// Like [`Lines::open`], for a file that may be absent (`None`).
    pub fn open_if_exists(
        path: &Path,
        input: Input,
        max_line: u64,
    ) -> Result<Option<Lines>, FileError> {
        match Lines::open(path, input, max_line) {
            Err(FileError::Missing { .. }) => Ok(None),
            other => other.map(Some),
        }
    }

    /// The next line, `None` at the end; an error for a line longer than its cap or a file
    /// longer than its kind's (the file may grow while it is read).
    pub fn next_line(&mut self) -> Result<Option<Line>, FileError> {
        use std::io::BufRead;
        let mut bytes = Vec::new();
        let room = self.max_line.saturating_add(2);
        let n = (&mut self.reader)
            .take(room)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| FileError::read(&self.path, e))?;
        if n == 0 {
            return Ok(None);
        }
        let offset = self.read;
        self.read += n as u64;
        self.number += 1;
        if self.read > self.input.cap {
            return Err(FileError::TooLarge {
                path: self.path.clone(),
                size: None,
                cap: self.input.cap,
                what: self.input.what,
            });
        }
        let ended = bytes.last() == Some(&b'\n');
        if ended {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        if bytes.len() as u64 > self.max_line {
            return Err(FileError::LongLine {
                path: self.path.clone(),
                line: self.number,
                cap: self.max_line,
                what: self.input.what,
            });
        }
        Ok(Some(Line {
            number: self.number,
            bytes,
            ended,
            offset,
        }))
    }
}

/// Refuses to write a `what` at `path` unless `path` is a regular file or absent: a device,
/// a directory, a FIFO or a symbolic link (to anything, or to nothing) is refused. Call it
/// before a long computation whose result goes to `path`; [`write_atomically`] checks again.
pub fn check_target(path: &Path, what: &'static str) -> Result<(), FileError> {
    let linked = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if linked {
        let to = match fs::metadata(path) {
            Ok(meta) if meta.is_file() => "a regular file".to_string(),
            Ok(meta) => kind_of(&meta),
            Err(_) => "nothing (a dangling link)".to_string(),
        };
        return Err(FileError::Link {
            path: path.to_path_buf(),
            to,
            what,
        });
    }
    match look(path).map_err(|e| FileError::write(path, e))? {
        Found::Special(kind) => Err(FileError::NotWritable {
            path: path.to_path_buf(),
            kind,
            what,
        }),
        Found::Nothing | Found::Regular => Ok(()),
    }
}

/// Writes `contents` as the `what` at `path`, whole or not at all: into a new temporary
/// file beside it, synced, then renamed over it. `path` must be a regular file (whose
/// permissions the new one keeps) or absent; a symbolic link is refused (see
/// [`check_target`]), and one swapped in during the write is replaced, not followed (a
/// rename replaces the name, never the file a link points to). On any error `path` is as
/// it was and the temporary file is gone.
pub fn write_atomically(path: &Path, what: &'static str, contents: &[u8]) -> Result<(), FileError> {
    check_target(path, what)?;
    let temporary = Temporary::create(path)?;
    let written = (&temporary.file)
        .write_all(contents)
        .and_then(|()| temporary.file.sync_all());
    if let Err(e) = written {
        return Err(FileError::write(path, e));
    }
    if let Ok(old) = fs::symlink_metadata(path) {
        // Best effort: a file we cannot set the mode of is still written.
        let _ = temporary.file.set_permissions(old.permissions());
    }
    // The target may have been swapped for a device or a link while we wrote.
    check_target(path, what)?;
    temporary
        .rename_over(path)
        .map_err(|e| FileError::write(path, e))
}

/// A temporary file beside a target, removed when dropped unless renamed into place.
struct Temporary {
    path: PathBuf,
    file: File,
    renamed: bool,
}

impl Temporary {
    /// A new file `.NAME.PID-N.tmp` beside `target` (NAME cut to 100 characters, so that
    /// the whole stays a valid name), created exclusively: never an existing file or a link
    /// someone left there.
    fn create(target: &Path) -> Result<Temporary, FileError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name: String = target
            .file_name()
            .map(|n| n.to_string_lossy().chars().take(100).collect())
            .unwrap_or_default();
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = target.with_file_name(format!(".{name}.{}-{unique}.tmp", std::process::id()));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| FileError::write(target, e))?;
        Ok(Temporary {
            path,
            file,
            renamed: false,
        })
    }

    fn rename_over(mut self, target: &Path) -> std::io::Result<()> {
        fs::rename(&self.path, target)?;
        self.renamed = true;
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Opens the `what` at `path` for appending, creating it if absent: a log written line by
/// line (a book build's progress, a tournament's games). Refuses, before opening it, a
/// target that is not a regular file or is a symbolic link, and opens without blocking and
/// without following a link (a dangling link is never followed to create its target).
pub fn open_append(path: &Path, what: &'static str) -> Result<File, FileError> {
    check_target(path, what)?;
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    let file = open_nonblocking(path, &mut options, Links::Refuse).map_err(|e| {
        // ELOOP: a link was swapped in after the check.
        if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            check_target(path, what)
                .err()
                .unwrap_or_else(|| FileError::write(path, e))
        } else {
            FileError::write(path, e)
        }
    })?;
    let meta = file.metadata().map_err(|e| FileError::write(path, e))?;
    if !meta.is_file() {
        return Err(FileError::NotWritable {
            path: path.to_path_buf(),
            kind: kind_of(&meta),
            what,
        });
    }
    Ok(file)
}

#[cfg(all(test, unix))]
mod tests;
