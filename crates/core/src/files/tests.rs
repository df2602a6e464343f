use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};

use super::*;

const SMALL: Input = Input::new("test file", 16);

/// An empty folder of its own for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-files-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn fifo(path: &Path) {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
}

/// Every name in `dir`, sorted: what a refused write must leave unchanged.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_regular_file_is_read_up_to_its_cap() {
    let dir = folder("regular");
    let path = dir.join("f");
    fs::write(&path, b"0123456789abcdef").unwrap();
    assert_eq!(read(&path, SMALL).unwrap(), b"0123456789abcdef");
    assert_eq!(read_text(&path, SMALL).unwrap(), "0123456789abcdef");
    fs::write(&path, b"0123456789abcdefg").unwrap();
    let error = read(&path, SMALL).unwrap_err();
    assert!(matches!(error, FileError::TooLarge { size: Some(17), .. }));
    assert_eq!(
        error.to_string(),
        format!(
            "{} is 17 bytes; ply reads at most 16 bytes for a test file",
            shown(&path)
        )
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_is_named_and_may_be_allowed() {
    let path = folder("missing").join("nothing here");
    let error = read(&path, SMALL).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("{} does not exist", shown(&path))
    );
    assert_eq!(read_if_exists(&path, SMALL).unwrap(), None);
    assert_eq!(read_text_if_exists(&path, SMALL).unwrap(), None);
    fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn what_is_not_a_regular_file_is_refused_before_reading() {
    let dir = folder("kinds");
    let pipe = dir.join("pipe");
    fifo(&pipe);
    let linked_pipe = dir.join("linked pipe");
    symlink(&pipe, &linked_pipe).unwrap();
    let linked_zero = dir.join("zero");
    symlink("/dev/zero", &linked_zero).unwrap();
    for (path, kind) in [
        (dir.as_path(), "a directory"),
        (pipe.as_path(), "a FIFO (named pipe)"),
        (
            linked_pipe.as_path(),
            "a symbolic link to a FIFO (named pipe)",
        ),
        (Path::new("/dev/zero"), "a character device"),
        (
            linked_zero.as_path(),
            "a symbolic link to a character device",
        ),
    ] {
        // A FIFO with no writer would block a plain open() forever: this returns at once.
        let error = read(path, SMALL).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{} is {kind}, not a regular file: ply reads a test file only from a regular file",
                shown(path)
            )
        );
        assert!(read_if_exists(path, SMALL).is_err(), "{path:?}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_sparse_file_is_refused_by_its_size_without_reading_it() {
    let dir = folder("huge");
    let path = dir.join("huge");
    File::create(&path).unwrap().set_len(3 << 30).unwrap();
    let error = read(&path, Input::new("record", 64 << 20)).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{} is 3 GiB; ply reads at most 64 MiB for a record",
            shown(&path)
        )
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_longer_than_its_size_says_is_cut_at_the_cap() {
    // /proc files claim a size of 0 and hold more.
    let error = read(Path::new("/proc/self/status"), Input::new("status", 8)).unwrap_err();
    assert!(
        matches!(error, FileError::TooLarge { size: None, .. }),
        "{error}"
    );
    assert!(error
        .to_string()
        .contains("is longer than its size says; ply reads at most 8 bytes"));
}

#[test]
fn text_that_is_not_utf8_is_refused_with_its_offset() {
    let dir = folder("text");
    let path = dir.join("bad \u{7f}\n");
    fs::write(&path, b"ab\xffcd").unwrap();
    assert_eq!(
        read_text(&path, SMALL).unwrap_err().to_string(),
        format!(
            "{} is not UTF-8 text (bad byte at offset 2): a test file is text",
            shown(&path)
        )
    );
    assert!(shown(&path).ends_with(r"bad \u{7f}\n'"), "{}", shown(&path));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_path_that_is_not_utf8_is_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let path = Path::new(std::ffi::OsStr::from_bytes(b"/nowhere/\xff.txt"));
    assert_eq!(
        read(path, SMALL).unwrap_err().to_string(),
        r"'/nowhere/\xff.txt' does not exist"
    );
    assert_eq!(
        write_atomically(path, "record", b"x")
            .unwrap_err()
            .to_string(),
        r"cannot write '/nowhere/\xff.txt': No such file or directory (os error 2)"
    );
}

#[test]
fn a_write_replaces_a_regular_file_whole_and_keeps_its_mode() {
    let dir = folder("write");
    let path = dir.join("out.txt");
    write_atomically(&path, "record", b"first").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"first");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    write_atomically(&path, "record", b"second").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"second");
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(names(&dir), ["out.txt"], "no temporary file is left");
    fs::remove_dir_all(&dir).unwrap();
}

/// Issue 52, row 16: a link where ply writes (planted in an output folder, or left there)
/// would make ply overwrite, append to or create the file it points to, anywhere. Every
/// kind of write refuses it, and the file it points to (or the nothing a dangling link
/// points to) is left as it is.
#[test]
fn row_16_an_output_that_is_a_symbolic_link_is_refused_and_its_target_kept() {
    let dir = folder("write-link");
    let real = dir.join("real.txt");
    fs::write(&real, b"old").unwrap();
    let link = dir.join("link.txt");
    symlink(&real, &link).unwrap();
    let dangling = dir.join("dangling.txt");
    symlink(dir.join("created.txt"), &dangling).unwrap();
    let before = names(&dir);
    for (path, to) in [
        (&link, "a regular file"),
        (&dangling, "nothing (a dangling link)"),
    ] {
        let expected = format!(
            "{} is a symbolic link to {to}: ply writes a record only to a regular file or a \
             new one, never through a link (the file it points to is left as it is)",
            shown(path)
        );
        let written = write_atomically(path, "record", b"new").map(|_| ());
        assert_eq!(written.unwrap_err().to_string(), expected);
        assert_eq!(
            check_target(path, "record").unwrap_err().to_string(),
            expected
        );
        let appended = open_append(path, "record").map(|_| ());
        assert_eq!(appended.unwrap_err().to_string(), expected);
    }
    assert_eq!(fs::read(&real).unwrap(), b"old");
    assert_eq!(names(&dir), before, "no file created, no link replaced");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_device_a_directory_or_a_fifo_is_never_replaced() {
    let dir = folder("targets");
    let pipe = dir.join("pipe");
    fifo(&pipe);
    let sub = dir.join("sub");
    fs::create_dir(&sub).unwrap();
    let linked_null = dir.join("null");
    symlink("/dev/null", &linked_null).unwrap();
    let before = names(&dir);
    for (path, kind) in [
        (Path::new("/dev/null"), "a character device"),
        (Path::new("/dev/full"), "a character device"),
        (
            linked_null.as_path(),
            "a symbolic link to a character device",
        ),
        (sub.as_path(), "a directory"),
        (pipe.as_path(), "a FIFO (named pipe)"),
    ] {
        let rule = if kind.starts_with("a symbolic link") {
            ", never through a link (the file it points to is left as it is)"
        } else {
            ""
        };
        let expected = format!(
            "{} is {kind}: ply writes a record only to a regular file or a new one{rule}",
            shown(path)
        );
        assert_eq!(
            check_target(path, "record").unwrap_err().to_string(),
            expected
        );
        assert_eq!(
            write_atomically(path, "record", b"x")
                .unwrap_err()
                .to_string(),
            expected
        );
        let opened = open_append(path, "record").map(|_| ());
        assert_eq!(opened.unwrap_err().to_string(), expected);
    }
    for device in ["/dev/null", "/dev/full"] {
        assert!(
            fs::metadata(device).unwrap().file_type().is_char_device(),
            "{device}"
        );
    }
    assert!(fs::metadata(&pipe).unwrap().file_type().is_fifo());
    assert_eq!(names(&dir), before, "nothing written beside the targets");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_append_creates_or_extends_a_regular_file() {
    let dir = folder("append");
    let path = dir.join("log");
    writeln!(open_append(&path, "log").unwrap(), "one").unwrap();
    writeln!(open_append(&path, "log").unwrap(), "two").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "one\ntwo\n");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sizes_are_shown_in_binary_units() {
    assert_eq!(bytes(0), "0 bytes");
    assert_eq!(bytes(1023), "1023 bytes");
    assert_eq!(bytes(1024), "1 KiB");
    assert_eq!(bytes(1536), "1.5 KiB");
    assert_eq!(bytes(64 << 20), "64 MiB");
    assert_eq!(bytes(2_100_000_000), "2.0 GiB");
}

#[test]
fn a_target_with_the_longest_name_allowed_is_written() {
    let dir = folder("long-name");
    let path = dir.join("n".repeat(255));
    write_atomically(&path, "record", b"whole").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"whole");
    assert_eq!(names(&dir).len(), 1, "no temporary file is left");
    fs::remove_dir_all(&dir).unwrap();
}
