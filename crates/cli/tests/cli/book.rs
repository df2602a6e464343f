//! `ply solve connect4-book` builds a book, resumes an interrupted build, and `ply solve
//! connect4 --book` reads it (or refuses a broken one by name).

use super::{ply, stderr, stdout, temp_dir};

const BOARD: [&str; 4] = ["--width", "5", "--height", "4"];

fn build(out: &str) -> std::process::Output {
    build_with(out, &[])
}

fn build_with(out: &str, extra: &[&str]) -> std::process::Output {
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
    args.extend(extra);
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
    // Two jobs solve the same positions (in another order) into the same book.
    let jobs = dir.join("jobs.book");
    let out = build_with(jobs.to_str().unwrap(), &["--jobs", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&jobs).unwrap(), fresh_bytes);
    let out = build_with(jobs.to_str().unwrap(), &["--jobs", "0"]);
    assert!(!out.status.success() && stderr(&out).contains("--jobs"));

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

/// `--outcomes` builds a layer of weak results; `--book` twice merges it with an exact
/// layer, and the scores, strong and weak, are those without a book.
#[test]
fn an_outcome_layer_builds_and_merges_with_an_exact_one() {
    let dir = temp_dir("book-outcomes");
    let exact = dir.join("exact.book");
    let outcomes = dir.join("outcomes.book");
    assert!(build(exact.to_str().unwrap()).status.success());
    let out = ply(
        &[
            "solve",
            "connect4-book",
            "--depth",
            "6",
            "--outcomes",
            "--out",
            outcomes.to_str().unwrap(),
            "--quiet",
            "--table-bits",
            "22",
            "--width",
            "5",
            "--height",
            "4",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(&outcomes).unwrap().starts_with(b"PLYC4BO1"));

    let positions = "\n3\n33\n3342\n334215\n2211344\n22113\n";
    for weak in [false, true] {
        let mut args = vec!["solve", "connect4"];
        args.extend(BOARD);
        if weak {
            args.push("--weak");
        }
        let plain = ply(&args, positions);
        args.extend(["--book", exact.to_str().unwrap()]);
        args.extend(["--book", outcomes.to_str().unwrap()]);
        let booked = ply(&args, positions);
        assert!(booked.status.success(), "{}", stderr(&booked));
        assert_eq!(stdout(&booked), stdout(&plain), "weak {weak}");
        assert_eq!(stdout(&plain).lines().count(), 7);
    }
    // The same layer twice, and a build whose progress file holds the other kind.
    let mut args = vec!["solve", "connect4", "3"];
    args.extend(BOARD);
    args.extend(["--book", exact.to_str().unwrap()]);
    args.extend(["--book", exact.to_str().unwrap()]);
    let out = ply(&args, "");
    assert!(
        !out.status.success() && stderr(&out).contains("two layers of depth 4"),
        "{}",
        stderr(&out)
    );
    std::fs::write(dir.join("kind.book.progress"), "depth 4\n").unwrap();
    let out = build_with(dir.join("kind.book").to_str().unwrap(), &["--outcomes"]);
    assert!(
        !out.status.success() && stderr(&out).contains("another book"),
        "{}",
        stderr(&out)
    );
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
        (dir.join("missing").to_str().unwrap(), "does not exist"),
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
    // A score no position can have (two lines garbled into one), before the last line.
    let garbled = dir.join("garbled.book");
    std::fs::write(
        dir.join("garbled.book.progress"),
        "depth 4\n12 09414000\n13 0\n",
    )
    .unwrap();
    let out = build(garbled.to_str().unwrap());
    assert!(
        !out.status.success() && stderr(&out).contains("line 2") && stderr(&out).contains("-10"),
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

/// On 7x6, `ply solve connect4` reads the bundled book unless told not to: the empty board's
/// column scores (those Pascal Pons' online solver shows: -2 -1 0 1 0 -1 -2) come at once.
#[test]
fn the_bundled_book_answers_the_first_moves() {
    let out = ply(&["solve", "connect4", "--analyze", "--stats", ""], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim_end(), " -2 -1 0 1 0 -1 -2");
    let nodes: u64 = stderr(&out)
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a node count: {}", stderr(&out)));
    assert!(nodes < 1_000_000, "{nodes} nodes with the book");
    // `--no-book` and `--book` together are refused; `--no-book` alone searches (a late
    // position, so the test stays quick).
    let out = ply(&["solve", "connect4", "--no-book", "--book", "x", "4"], "");
    assert!(!out.status.success() && stderr(&out).contains("--no-book"));
    let late = "2252576253462244111563365343671351441";
    let out = ply(&["solve", "connect4", "--no-book", late], "");
    assert_eq!(stdout(&out).trim(), format!("{late} -1"));
}

/// `ply bench connect4-perfect` plays and checks a few positions, and names bad settings.
#[test]
fn the_perfect_benchmark_checks_every_move() {
    let out = ply(
        &[
            "bench",
            "connect4-perfect",
            "--positions",
            "4",
            "--plies",
            "5",
            "--agent",
            "perfect:time=200ms,table=22",
            "--table-bits",
            "22",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("kept outcome 4 of 4"),
        "{}",
        stdout(&out)
    );
    for (flag, value, says) in [
        ("--plies", "42", "at most 41"),
        ("--positions", "0", "1..=1000000"),
        ("--agent", "perfect:time=-1s", "perfect:time=-1s"),
        ("--max-time", "soon", "soon"),
    ] {
        let out = ply(&["bench", "connect4-perfect", flag, value], "");
        assert!(!out.status.success(), "{flag} {value}");
        assert!(
            stderr(&out).contains(says),
            "{flag} {value}: {}",
            stderr(&out)
        );
    }
}

/// A second build into the same book while the first is running would interleave lines in
/// the progress file (seen when a build was restarted before the old one had exited): the
/// build that holds the file goes on, a second is refused and writes nothing.
#[test]
fn a_second_build_of_the_same_book_is_refused() {
    let dir = temp_dir("book-locked");
    let out_path = dir.join("held.book");
    let progress = dir.join("held.book.progress");
    std::fs::write(&progress, "depth 4\n").unwrap();
    let held = std::fs::OpenOptions::new()
        .append(true)
        .open(&progress)
        .unwrap();
    held.lock().unwrap();
    let out = build(out_path.to_str().unwrap());
    assert!(
        !out.status.success() && stderr(&out).contains("another build"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&progress).unwrap(), "depth 4\n");
    assert!(!out_path.exists());
    held.unlock().unwrap();
    let out = build(out_path.to_str().unwrap());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out_path.exists() && !progress.exists());
}
