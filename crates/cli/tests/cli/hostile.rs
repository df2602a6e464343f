//! Files and processes as a hostile user hands them over (issue 39, rows 4 to 10 and 20): a
//! FIFO, `/dev/zero` or a huge file where a file is read, a device where one is written,
//! arguments that are not UTF-8, a standard output closed early. Each is refused with an
//! error naming the path and the rule, changes no file and never hangs.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{symlink, FileTypeExt};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::{stderr, stdout, temp_dir};

/// How long a command may run before the test calls it hung and kills it. Only a guard, so
/// that a hang (the defect looked for) fails the test instead of stalling the suite; it is
/// generous and asserts no speed.
const HANG_GUARD: Duration = Duration::from_secs(600);

/// SIGPIPE's number, the signal a write to a closed pipe raises.
const SIGPIPE: i32 = 13;

fn ply_command<S: AsRef<OsStr>>(args: &[S]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command.args(args);
    command
}

/// Runs `command` with `input` on standard input (standard output and error captured unless
/// the command set them), killing it past [`HANG_GUARD`].
fn finish(mut command: Command, input: &[u8]) -> Output {
    let mut child = command.stdin(Stdio::piped()).spawn().expect("ply starts");
    let written = std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), input);
    // A command that fails on its arguments exits before reading its input.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let pid = child.id();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output()));
    match receiver.recv_timeout(HANG_GUARD) {
        Ok(output) => output.expect("ply finishes"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("{command:?} still runs after {HANG_GUARD:?}: it hangs");
        }
    }
}

/// `ply ARGS` with `input`, output captured, guarded against hangs.
fn ply<S: AsRef<OsStr>>(args: &[S], input: &str) -> Output {
    let mut command = ply_command(args);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    finish(command, input.as_bytes())
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {path:?}");
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// Every name in `dir` with its kind and size, sorted: what a refused command must leave
/// as it was.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut entries: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let meta = std::fs::symlink_metadata(entry.path()).unwrap();
            let kind = match std::fs::read_link(entry.path()) {
                Ok(target) => format!("link to {}", target.display()),
                Err(_) => format!("{:?} of {} bytes", meta.file_type(), meta.len()),
            };
            (entry.file_name().to_string_lossy().into_owned(), kind)
        })
        .collect();
    entries.sort();
    entries
}

fn refused(out: &Output, says: &str) {
    assert!(!out.status.success(), "accepted: {}", stdout(out));
    assert!(
        stderr(out).contains(says),
        "{says:?} not in: {}",
        stderr(out)
    );
    assert!(!stderr(out).contains("panicked"), "{}", stderr(out));
}

fn fifo_message(path: &Path) -> String {
    format!(
        "'{}' is a FIFO (named pipe), not a regular file",
        path.display()
    )
}

#[test]
fn a_fifo_named_as_any_input_file_is_refused_at_once() {
    let dir = temp_dir("hostile-fifo");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let f = text(&fifo);
    for args in [
        vec!["play", "tictactoe", "--record", f],
        vec!["analyze", "connect4", f],
        vec![
            "arena",
            "tictactoe",
            "--agents",
            "random;greedy",
            "--openings",
            f,
        ],
        vec!["solve", "connect4", "--book", f, "4"],
        vec!["tune", "quoridor", f],
        vec!["perft", "connect4", "--record", f, "--depth", "1"],
        vec!["bench", "position", "connect4", "--record", f],
        vec!["bench", "connect4-solver", "--set", f],
    ] {
        let out = ply(&args, "");
        refused(&out, &fifo_message(&fifo));
        assert!(!stderr(&out).contains("no such file"), "{}", stderr(&out));
    }
    let out = ply(&["engine", "quoridor"], &format!("loadrecord {f}\nquit\n"));
    assert!(
        stdout(&out).contains(&format!("? {}", fifo_message(&fifo))),
        "{}",
        stdout(&out)
    );
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_folder_or_a_huge_file_named_as_an_input_is_refused_by_what_it_is() {
    let dir = temp_dir("hostile-huge");
    let huge = dir.join("huge");
    // Sparse: three gigabytes that take no room on the disk.
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    for (args, says) in [
        (
            vec!["bench", "connect4-solver", "--set", text(&huge)],
            "is 3 GiB; ply reads at most 64 MiB for a test set file",
        ),
        (
            vec!["play", "tictactoe", "--record", text(&huge)],
            "is 3 GiB; ply reads at most 64 MiB for a record file",
        ),
        (
            vec!["bench", "connect4-solver", "--set", text(&dir)],
            "is a directory, not a regular file: ply reads a test set file only from a \
             regular file",
        ),
    ] {
        refused(&ply(&args, ""), says);
    }
}

/// A two-game tournament into `folder`, named by `flag` (`--out` or `--resume`).
fn arena(flag: &str, folder: &Path) -> Output {
    let args = [
        "arena",
        "tictactoe",
        "--agents",
        "random;greedy",
        "--games",
        "2",
    ];
    ply(&[&args[..], &[flag, text(folder)]].concat(), "")
}

#[test]
fn arena_resume_refuses_a_game_log_linked_to_dev_zero_and_a_missing_folder() {
    let dir = temp_dir("hostile-resume");
    let run = dir.join("run");
    let out = arena("--out", &run);
    assert!(out.status.success(), "{}", stderr(&out));
    let games = run.join("games.jsonl");
    std::fs::remove_file(&games).unwrap();
    symlink("/dev/zero", &games).unwrap();
    let before = snapshot(&run);
    refused(
        &arena("--resume", &run),
        "games.jsonl' is a symbolic link to a character device, not a regular file",
    );
    assert_eq!(snapshot(&run), before);

    let missing = dir.join("missing");
    refused(
        &arena("--resume", &missing),
        &format!(
            "--resume '{}': does not exist, so there is no run to resume",
            missing.display()
        ),
    );
    assert!(!missing.exists());
}

#[test]
fn an_arena_log_linked_to_a_device_is_not_written_to() {
    let dir = temp_dir("hostile-arena-out");
    let out_dir = dir.join("run");
    std::fs::create_dir(&out_dir).unwrap();
    symlink("/dev/null", out_dir.join("games.jsonl")).unwrap();
    let before = snapshot(&out_dir);
    refused(
        &arena("--out", &out_dir),
        "games.jsonl' is a symbolic link to a character device: ply writes a tournament file \
         only to a regular file or a new one",
    );
    assert_eq!(
        snapshot(&out_dir),
        before,
        "nothing written into the folder"
    );
}

#[test]
fn a_book_build_refuses_a_progress_file_linked_to_dev_zero() {
    let dir = temp_dir("hostile-progress");
    let book = dir.join("b.book");
    let progress = dir.join("b.book.progress");
    symlink("/dev/zero", &progress).unwrap();
    let before = snapshot(&dir);
    let out = ply(
        &[
            "solve",
            "connect4-book",
            "--depth",
            "2",
            "--quiet",
            "--out",
            text(&book),
        ],
        "",
    );
    refused(
        &out,
        &format!(
            "'{}' is a symbolic link to a character device: ply writes a book build's progress \
             file only to a regular file or a new one",
            progress.display()
        ),
    );
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_device_named_as_an_output_is_refused_and_left_as_it_was() {
    let dir = temp_dir("hostile-devices");
    let linked_null = dir.join("null.txt");
    symlink("/dev/null", &linked_null).unwrap();
    let record = dir.join("game.txt");
    std::fs::write(&record, "[Game \"tictactoe\"]\n\n1. a1\n").unwrap();
    let before = snapshot(&dir);
    for (args, input, says) in [
        (
            vec![
                "solve",
                "connect4-book",
                "--depth",
                "2",
                "--out",
                "/dev/full",
            ],
            "",
            "--out: '/dev/full' is a character device: ply writes a Connect Four book only to \
             a regular file or a new one",
        ),
        (
            vec!["play", "tictactoe", "--save", "/dev/null"],
            "quit\n",
            "'/dev/null' is a character device: ply writes a record file only to a regular \
             file or a new one",
        ),
        (
            vec!["play", "tictactoe", "--save", text(&linked_null)],
            "quit\n",
            "null.txt' is a symbolic link to a character device",
        ),
        (
            vec!["analyze", "tictactoe", text(&record), "--plot", "/dev/null"],
            "",
            "--plot: '/dev/null' is a character device: ply writes a chart only to a regular \
             file or a new one",
        ),
        (
            vec!["play", "tictactoe", "--save", text(&dir)],
            "quit\n",
            "is a directory: ply writes a record file only to a regular file or a new one",
        ),
    ] {
        refused(&ply(&args, input), says);
    }
    for device in ["/dev/null", "/dev/full"] {
        let meta = std::fs::metadata(device).unwrap();
        assert!(meta.file_type().is_char_device(), "{device} was replaced");
    }
    assert!(!Path::new("/dev/full.progress").exists());
    assert_eq!(snapshot(&dir), before);
}

fn os(bytes: &[u8]) -> OsString {
    OsStr::from_bytes(bytes).to_os_string()
}

#[test]
fn arguments_that_are_not_utf8_are_named_and_paths_that_are_work() {
    let out = ply(&[os(b"list"), os(b"\xff")], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("invalid value"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));

    let out = ply(
        &[
            os(b"play"),
            os(b"tictactoe"),
            os(b"--position"),
            os(b"\xff"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            r"'\xff' is not UTF-8 text: only a FILE argument may hold bytes that are not UTF-8"
        ),
        "{}",
        stderr(&out)
    );

    let out = ply(&[os(b"-seed"), os(b"\xff")], "");
    refused(
        &out,
        r"'\xff' is not UTF-8 text: the referee form's options are text",
    );

    // A file name that is not UTF-8 is a file name like any other.
    let dir = temp_dir("hostile-argv");
    let mut saved = dir.as_os_str().to_os_string();
    saved.push(os(b"/\xfe.txt"));
    let out = ply(
        &[os(b"play"), os(b"tictactoe"), os(b"--save"), saved.clone()],
        "b2\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = ply(
        &[
            os(b"perft"),
            os(b"tictactoe"),
            os(b"--depth"),
            os(b"1"),
            os(b"--record"),
            saved,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("1 7\n"), "{}", stdout(&out));

    let mut nowhere = dir.as_os_str().to_os_string();
    nowhere.push(os(b"/no folder/\xff.txt"));
    let out = ply(
        &[os(b"play"), os(b"tictactoe"), os(b"--save"), nowhere],
        "quit\n",
    );
    refused(&out, r"/no folder/\xff.txt': No such file or directory");
}

#[test]
fn a_closed_standard_output_ends_the_program_quietly() {
    for args in [
        vec!["perft", "connect4", "--depth", "9"],
        vec!["list", "quoridor"],
    ] {
        // The reader is gone before ply writes a byte, as `| head` is after its lines.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut command = ply_command(&args);
        command.stdout(writer).stderr(Stdio::piped());
        let out = finish(command, b"");
        assert_eq!(
            out.status.signal(),
            Some(SIGPIPE),
            "{args:?}: {:?}",
            out.status
        );
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}
