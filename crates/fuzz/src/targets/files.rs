//! `ply_core::files`, the one way ply reads and writes a file: every kind of path (a regular
//! file, an empty one, a missing one, a folder, a FIFO, a socket, `/dev/null`, `/dev/zero`,
//! `/dev/full`, a 3 GiB sparse file, a name that is not UTF-8, a path in a missing folder,
//! and symbolic links to each) under every operation (read, read as text, read if present,
//! write whole, append, check a target) with random contents and caps.
//!
//! An input is `KIND OP CAP CAP CONTENTS…`: the first byte picks the path, the second the
//! operation, the next two the cap (0xffff means no cap at all, `u64::MAX`, or for the huge
//! file one byte less than its size),
//! and the rest is the regular file's contents and what is written. Each answer is checked
//! against what the path is:
//!
//! - a regular file is read exactly when it fits the cap, as text exactly when it is UTF-8
//!   (through a link too); it is written whole and appended to, but never through a link:
//!   every write, append or check of a link is refused, naming what it points to, and the
//!   link and its target stay as they were;
//! - anything else is refused before a byte is read or written, naming the path and what it
//!   is; a missing file is "does not exist" (or `None`, or created by a write);
//! - afterwards every special file is what it was, the folder holds no temporary file, and
//!   every error is one bounded line that quotes the path.
//!
//! Nothing here can hang: a FIFO that the module opened as a plain `open()` would stall the
//! run, which is the defect this target exists to catch.

use std::fs;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{symlink, FileTypeExt};
use std::path::{Path, PathBuf};

use ply_core::files::{self, FileError, Input};

use crate::checks::{check_message, shown};
use crate::runner::{Outcome, Target};

/// What a path is, as the checks expect the module to see it (links followed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Is {
    /// A regular file holding the input's contents (or nothing, or 3 GiB of zeros).
    Regular(Contents),
    Missing,
    /// Missing, and so is its folder: a write cannot create it.
    NoFolder,
    Special(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Contents {
    Input,
    Empty,
    Huge,
}

/// The size of the sparse file: past every cap a test picks.
const HUGE: u64 = 3 << 30;

/// The paths an input picks from, by the first byte.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Regular,
    Empty,
    Missing,
    Huge,
    NotUtf8Name,
    InMissingFolder,
    LinkToRegular,
    LinkToHuge,
    DanglingLink,
    Folder,
    Fifo,
    Socket,
    Device(&'static str),
    /// A link in the fixtures (by name) to one of the fixtures or devices (what it is).
    Link(&'static str, &'static str),
}

const KINDS: [Kind; 19] = [
    Kind::Regular,
    Kind::Empty,
    Kind::Missing,
    Kind::Huge,
    Kind::NotUtf8Name,
    Kind::InMissingFolder,
    Kind::LinkToRegular,
    Kind::LinkToHuge,
    Kind::DanglingLink,
    Kind::Folder,
    Kind::Fifo,
    Kind::Socket,
    Kind::Device("/dev/null"),
    Kind::Device("/dev/zero"),
    Kind::Device("/dev/full"),
    Kind::Link("link-to-folder", "a directory"),
    Kind::Link("link-to-fifo", "a FIFO (named pipe)"),
    Kind::Link("link-to-dev-zero", "a character device"),
    Kind::Link("link-to-link-to-dev-null", "a character device"),
];

const OPS: [&str; 6] = [
    "read",
    "read_text",
    "read_if_exists",
    "write",
    "append",
    "check",
];

/// Special files made once: a folder, a FIFO, a socket and links to them and to devices.
/// Nothing may change them; each input checks that.
struct Fixtures {
    dir: PathBuf,
    /// Keeps the socket's file a live socket.
    _socket: std::os::unix::net::UnixListener,
}

impl Fixtures {
    fn new(dir: PathBuf) -> Fixtures {
        fs::create_dir(dir.join("folder")).expect("a folder in the scratch folder");
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("fifo"))
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo in the scratch folder");
        let socket = std::os::unix::net::UnixListener::bind(dir.join("socket"))
            .expect("a socket in the scratch folder");
        for (name, target) in [
            ("link-to-folder", dir.join("folder")),
            ("link-to-fifo", dir.join("fifo")),
            ("link-to-dev-zero", PathBuf::from("/dev/zero")),
            ("link-to-dev-null", PathBuf::from("/dev/null")),
            ("link-to-link-to-dev-null", dir.join("link-to-dev-null")),
        ] {
            symlink(target, dir.join(name)).expect("a link in the scratch folder");
        }
        Fixtures {
            dir,
            _socket: socket,
        }
    }

    /// The fixtures' names and kinds, to compare before and after an input.
    fn listing(&self) -> Vec<(String, String)> {
        listing(&self.dir)
    }
}

fn listing(dir: &Path) -> Vec<(String, String)> {
    let mut names: Vec<(String, String)> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| {
                    let kind = fs::symlink_metadata(entry.path())
                        .map(|m| format!("{:?}", m.file_type()))
                        .unwrap_or_default();
                    (entry.file_name().to_string_lossy().into_owned(), kind)
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

pub struct Files {
    /// Remade for every input: regular files, links to them, missing paths.
    work: PathBuf,
    fixtures: Fixtures,
    /// The fixtures as they were made.
    listing: Vec<(String, String)>,
}

impl Files {
    pub fn new() -> Self {
        let root = super::arena::scratch_folder(&format!("ply-fuzz-files-{}", std::process::id()));
        let work = root.join("work");
        let fixtures_dir = root.join("fixtures");
        fs::create_dir_all(&fixtures_dir).expect("the fixtures' folder");
        let fixtures = Fixtures::new(fixtures_dir);
        let listing = fixtures.listing();
        Files {
            work,
            fixtures,
            listing,
        }
    }

    /// Makes the path `kind` names (in the work folder, emptied first) and says what it is.
    fn prepare(&self, kind: Kind, contents: &[u8]) -> std::io::Result<(PathBuf, Is, bool)> {
        let _ = fs::remove_dir_all(&self.work);
        fs::create_dir(&self.work)?;
        let work = |name: &str| self.work.join(name);
        let fixture = |name: &str| self.fixtures.dir.join(name);
        let huge = |path: &Path| fs::File::create(path)?.set_len(HUGE);
        Ok(match kind {
            Kind::Regular => {
                fs::write(work("file"), contents)?;
                (work("file"), Is::Regular(Contents::Input), false)
            }
            Kind::Empty => {
                fs::write(work("empty"), b"")?;
                (work("empty"), Is::Regular(Contents::Empty), false)
            }
            Kind::Missing => (work("missing"), Is::Missing, false),
            Kind::Huge => {
                huge(&work("huge"))?;
                (work("huge"), Is::Regular(Contents::Huge), false)
            }
            Kind::NotUtf8Name => {
                let path = self
                    .work
                    .join(std::ffi::OsStr::from_bytes(b"\xff\x1b[31m\n.txt"));
                fs::write(&path, contents)?;
                (path, Is::Regular(Contents::Input), false)
            }
            Kind::InMissingFolder => (work("no folder/file"), Is::NoFolder, false),
            Kind::LinkToRegular => {
                fs::write(work("target"), contents)?;
                symlink(work("target"), work("link"))?;
                (work("link"), Is::Regular(Contents::Input), true)
            }
            Kind::LinkToHuge => {
                huge(&work("huge"))?;
                symlink(work("huge"), work("link"))?;
                (work("link"), Is::Regular(Contents::Huge), true)
            }
            Kind::DanglingLink => {
                symlink(work("nothing"), work("link"))?;
                (work("link"), Is::Missing, true)
            }
            Kind::Folder => (fixture("folder"), Is::Special("a directory"), false),
            Kind::Fifo => (fixture("fifo"), Is::Special("a FIFO (named pipe)"), false),
            Kind::Socket => (fixture("socket"), Is::Special("a socket"), false),
            Kind::Device(path) => (
                PathBuf::from(path),
                Is::Special("a character device"),
                false,
            ),
            Kind::Link(name, is) => (fixture(name), Is::Special(is), true),
        })
    }
}

impl Default for Files {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        if let Some(root) = self.fixtures.dir.parent() {
            let _ = fs::remove_dir_all(root);
        }
    }
}

/// The answer an operation gave, reduced to what the checks compare.
enum Answer {
    Bytes(Vec<u8>),
    Nothing,
    Done,
    Refused(FileError),
}

fn answer<T>(result: Result<T, FileError>, ok: impl FnOnce(T) -> Answer) -> Answer {
    match result {
        Ok(value) => ok(value),
        Err(e) => Answer::Refused(e),
    }
}

impl Target for Files {
    fn name(&self) -> &'static str {
        "files"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds = Vec::new();
        for kind in 0..KINDS.len() as u8 {
            for op in 0..OPS.len() as u8 {
                seeds.push(
                    [kind, op, 0, 8]
                        .iter()
                        .chain(b"12345678")
                        .copied()
                        .collect(),
                );
                seeds.push(
                    [kind, op, 0xff, 0xff]
                        .iter()
                        .chain(b"\xffnot text")
                        .copied()
                        .collect(),
                );
            }
        }
        seeds
    }

    fn dictionary(&self) -> Vec<&'static str> {
        vec!["\0", "\n", "\u{ff}", "\u{7fff}", "é", "\x7f"]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let [kind, op, high, low, contents @ ..] = input else {
            return Ok(Outcome::of("too short"));
        };
        let kind = KINDS[*kind as usize % KINDS.len()];
        let op = OPS[*op as usize % OPS.len()];
        let huge = matches!(kind, Kind::Huge | Kind::LinkToHuge);
        let cap = match u16::from_be_bytes([*high, *low]) {
            // Reading the huge file whole would take 3 GiB: one byte short of it instead.
            u16::MAX if huge => HUGE - 1,
            u16::MAX => u64::MAX,
            cap => u64::from(cap),
        };
        let put: Vec<u8> = contents.iter().rev().copied().collect();
        let (path, is, linked) = self
            .prepare(kind, contents)
            .map_err(|e| format!("cannot prepare {kind:?}: {e}"))?;
        let limit = Input::new("fuzzed file", cap);
        let result = match op {
            "read" => answer(files::read(&path, limit), Answer::Bytes),
            "read_text" => answer(files::read_text(&path, limit), |t| {
                Answer::Bytes(t.into_bytes())
            }),
            "read_if_exists" => answer(files::read_if_exists(&path, limit), |b| {
                b.map_or(Answer::Nothing, Answer::Bytes)
            }),
            "write" => answer(files::write_atomically(&path, "fuzzed file", &put), |()| {
                Answer::Done
            }),
            "append" => answer(
                files::open_append(&path, "fuzzed file"),
                |mut file| match file.write_all(&put) {
                    Ok(()) => Answer::Done,
                    Err(e) => Answer::Refused(FileError::Write {
                        path: path.clone(),
                        cause: e.to_string(),
                    }),
                },
            ),
            _ => answer(files::check_target(&path, "fuzzed file"), |()| Answer::Done),
        };
        let verdict = check(op, &path, is, linked, cap, contents, &put, &result)
            .map_err(|problem| format!("{op} on {kind:?}: {problem}"))?;
        if self.fixtures.listing() != self.listing {
            return Err(format!("{op} on {kind:?} changed the fixtures"));
        }
        for device in ["/dev/null", "/dev/zero", "/dev/full"] {
            if !fs::metadata(device).is_ok_and(|m| m.file_type().is_char_device()) {
                return Err(format!("{op} on {kind:?} replaced {device}"));
            }
        }
        if let Some((name, _)) = listing(&self.work)
            .into_iter()
            .find(|(name, _)| name.ends_with(".tmp"))
        {
            return Err(format!("{op} on {kind:?} left the temporary file {name:?}"));
        }
        Ok(Outcome::of(&format!("{op} {kind:?} {verdict}")))
    }
}

/// Checks `result` of `op` on `path` (which is `is`), and names the outcome.
#[allow(clippy::too_many_arguments)]
fn check(
    op: &str,
    path: &Path,
    is: Is,
    linked: bool,
    cap: u64,
    contents: &[u8],
    put: &[u8],
    result: &Answer,
) -> Result<&'static str, String> {
    if let Answer::Refused(error) = result {
        let message = error.to_string();
        check_message(&message)?;
        if !message.contains(&files::shown(path)) {
            return Err(format!(
                "the error does not quote its path: {}",
                shown(&message)
            ));
        }
    }
    let writing = matches!(op, "write" | "append" | "check");
    if writing && linked {
        return check_linked_output(path, is, contents, result);
    }
    match (is, result) {
        (Is::Special(kind), Answer::Refused(error)) => {
            let expected = if linked {
                format!("a symbolic link to {kind}")
            } else {
                kind.to_string()
            };
            let right = match error {
                FileError::NotRegular { kind, .. } if !writing => *kind == expected,
                FileError::NotWritable { kind, .. } if writing => *kind == expected,
                _ => false,
            };
            if right {
                Ok("refused as special")
            } else {
                Err(format!(
                    "expected {expected} to be named: {}",
                    shown(&error.to_string())
                ))
            }
        }
        (Is::Special(_), _) => Err("a special file was not refused".into()),
        (Is::Missing | Is::NoFolder, Answer::Refused(FileError::Missing { .. }))
            if matches!(op, "read" | "read_text") =>
        {
            Ok("missing")
        }
        (Is::Missing | Is::NoFolder, Answer::Nothing) if op == "read_if_exists" => {
            Ok("missing, none")
        }
        (Is::NoFolder, Answer::Done) if op == "check" => Ok("checked"),
        (Is::NoFolder, Answer::Refused(FileError::Write { .. })) if writing => Ok("no folder"),
        (Is::Missing, Answer::Done) if writing => {
            if op != "check" && read_back(path)? != put {
                return Err("the new file does not hold what was written".into());
            }
            Ok("created")
        }
        (Is::Regular(what), answer) => {
            let (size, held) = match what {
                Contents::Input => (contents.len() as u64, Some(contents)),
                Contents::Empty => (0, Some(&b""[..])),
                Contents::Huge => (HUGE, None),
            };
            check_regular(op, path, size, held, cap, put, answer)
        }
        _ => Err("an answer that does not fit the path".into()),
    }
}

/// The checks for a write, an append or a check of the link `path` to what `is`: refused,
/// naming what it points to, the link still a link and a regular file it points to as it
/// was (`contents`, or the huge file's size).
fn check_linked_output(
    path: &Path,
    is: Is,
    contents: &[u8],
    result: &Answer,
) -> Result<&'static str, String> {
    let Answer::Refused(FileError::Link { to, .. }) = result else {
        return Err("an output that is a symbolic link was not refused as one".into());
    };
    let expected = match is {
        Is::Regular(_) => "a regular file",
        Is::Missing | Is::NoFolder => "nothing (a dangling link)",
        Is::Special(kind) => kind,
    };
    if to != expected {
        return Err(format!("the link's target named as {to}, not {expected}"));
    }
    if !fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err("the link is gone".into());
    }
    let kept = match is {
        Is::Regular(Contents::Input) => read_back(path)? == contents,
        Is::Regular(Contents::Empty) => read_back(path)?.is_empty(),
        Is::Regular(Contents::Huge) => fs::metadata(path).is_ok_and(|m| m.len() == HUGE),
        Is::Missing | Is::NoFolder => fs::metadata(path).is_err(),
        Is::Special(_) => true,
    };
    if kept {
        Ok("link refused")
    } else {
        Err("the file the link points to changed".into())
    }
}

/// The checks for a regular file of `size` bytes holding `held` (unless huge), at `path`
/// or at the end of the link `path`.
#[allow(clippy::too_many_arguments)]
fn check_regular(
    op: &str,
    path: &Path,
    size: u64,
    held: Option<&[u8]>,
    cap: u64,
    put: &[u8],
    answer: &Answer,
) -> Result<&'static str, String> {
    match (op, answer) {
        ("read" | "read_text" | "read_if_exists", Answer::Refused(FileError::TooLarge { .. })) => {
            if size > cap {
                Ok("too large")
            } else {
                Err(format!("{size} bytes refused as more than {cap}"))
            }
        }
        ("read_text", Answer::Refused(FileError::NotText { offset, .. })) => {
            let valid = held.map(|b| std::str::from_utf8(b).map_err(|e| e.valid_up_to()));
            if valid == Some(Err(*offset)) {
                Ok("not text")
            } else {
                Err(format!("refused as not text at {offset}: {valid:?}"))
            }
        }
        ("read" | "read_text" | "read_if_exists", Answer::Bytes(bytes)) => {
            if size > cap {
                return Err(format!("{size} bytes read with a cap of {cap}"));
            }
            if Some(bytes.as_slice()) != held {
                return Err("the bytes read are not the file's".into());
            }
            Ok("read")
        }
        ("write", Answer::Done) => {
            if read_back(path)? != put {
                return Err("the file does not hold what was written".into());
            }
            Ok("written")
        }
        ("append", Answer::Done) => {
            let appended = match held {
                Some(before) => read_back(path)? == [before, put].concat(),
                // Huge: only its size can be checked.
                None => fs::metadata(path).is_ok_and(|m| m.len() == size + put.len() as u64),
            };
            if !appended {
                return Err("the file is not its contents then what was appended".into());
            }
            Ok("appended")
        }
        ("check", Answer::Done) => Ok("checked"),
        (_, Answer::Refused(error)) => Err(format!(
            "a regular file refused: {}",
            shown(&error.to_string())
        )),
        _ => Err("an answer that does not fit the operation".into()),
    }
}

/// What the file at `path` holds now (read with std: the module is what is under test).
fn read_back(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read the file back: {e}"))
}
