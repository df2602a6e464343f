//! `ply solve connect4-book` builds a book, resumes an interrupted build, and `ply solve
//! connect4 --book` reads it (or refuses a broken one by name).

use super::{ply, stderr, stdout, temp_dir};

const BOARD: [&str; 4] = ["--width", "5", "--height", "4"];

fn build(out: &str) -> std::process::Output {
    let mut args = vec![
        "solve",
        "connect4-book",
        "--depth",
        "4",
        "--out",
        out,
        "--quiet",
    ];
    args.extend(["--table-bits", "22"]);
    args.extend(BOARD);
    ply(&args, "")
}

#[test]
fn a_book_builds_resumes_and_gives_the_same_scores() {
    let dir = temp_dir("book-build");
    let fresh = dir.join("fresh.book");
    let out = build(fresh.to_str().unwrap());
    assert!(out.status.success(), "{}", stderr(&out));
    let fresh_bytes = std::fs::read(&fresh).unwrap();
    assert!(fresh_bytes.starts_with(b"PLYC4BK1"));
    assert!(!dir.join("fresh.book.progress").exists());

    // An interrupted build: a progress file with some scores and a line cut mid-write.
    let resumed = dir.join("resumed.book");
    let progress = dir.join("resumed.book.progress");
    let book = ply_connect4::solver::Book::from_bytes(&fresh_bytes).unwrap();
    let mut text = String::from("depth 4\n");
    for (key, score) in book.scores().take(5) {
        text.push_str(&format!("{key:x} {score}\n"));
    }
    text.push_str("3a0");
    std::fs::write(&progress, text).unwrap();
    let out = build(resumed.to_str().unwrap());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&resumed).unwrap(), fresh_bytes);

    // Scores with the book are those without it.
    let positions = "\n3\n33\n3342\n334215\n22113\n";
    let mut args = vec!["solve", "connect4"];
    args.extend(BOARD);
    let plain = ply(&args, positions);
    args.extend(["--book", fresh.to_str().unwrap()]);
    let booked = ply(&args, positions);
    assert!(
        plain.status.success() && booked.status.success(),
        "{}",
        stderr(&booked)
    );
    assert_eq!(stdout(&booked), stdout(&plain));
    assert_eq!(stdout(&plain).lines().count(), 6);
}

#[test]
fn broken_books_and_progress_files_are_refused_by_name() {
    let dir = temp_dir("book-broken");
    let garbage = dir.join("garbage.book");
    std::fs::write(&garbage, b"not a book").unwrap();
    let small = dir.join("small.book");
    assert!(build(small.to_str().unwrap()).status.success());
    for (book, says) in [
        (garbage.to_str().unwrap(), "not a ply Connect Four book"),
        ("/dev/null", "not a regular file"),
        (dir.join("missing").to_str().unwrap(), "cannot read it"),
    ] {
        let out = ply(&["solve", "connect4", "--book", book, "4"], "");
        assert!(!out.status.success());
        assert!(stderr(&out).contains(says), "{book}: {}", stderr(&out));
        assert!(stderr(&out).contains("--book"), "{}", stderr(&out));
    }
    // A 5x4 book on the 7x6 board.
    let out = ply(
        &["solve", "connect4", "--book", small.to_str().unwrap(), "4"],
        "",
    );
    assert!(
        stderr(&out).contains("5x4") && stderr(&out).contains("7x6"),
        "{}",
        stderr(&out)
    );

    // A progress file of another depth, or with a bad line before the last, stops the build.
    let other = dir.join("other.book");
    std::fs::write(dir.join("other.book.progress"), "depth 3\n").unwrap();
    let out = build(other.to_str().unwrap());
    assert!(
        !out.status.success() && stderr(&out).contains("another book"),
        "{}",
        stderr(&out)
    );
    let bad = dir.join("bad.book");
    std::fs::write(dir.join("bad.book.progress"), "depth 4\nzz 1\n12 0\n").unwrap();
    let out = build(bad.to_str().unwrap());
    assert!(
        !out.status.success() && stderr(&out).contains("line 2"),
        "{}",
        stderr(&out)
    );
    // Depths beyond the board, and boards too large for a book key.
    let out = ply(
        &["solve", "connect4-book", "--depth", "13", "--out", "x.book"],
        "",
    );
    assert!(
        !out.status.success() && stderr(&out).contains("13"),
        "{}",
        stderr(&out)
    );
    let out = ply(
        &[
            "solve",
            "connect4-book",
            "--width",
            "9",
            "--height",
            "7",
            "--out",
            "x.book",
        ],
        "",
    );
    assert!(
        !out.status.success() && stderr(&out).contains("56 bits"),
        "{}",
        stderr(&out)
    );
}
