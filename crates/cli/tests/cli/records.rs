//! Game records and positions across commands: `ply play --save` writes a record, `--record`
//! and `--position` start from anywhere, `ply analyze` judges a record, and every bad file
//! or flag is refused by name.

use super::{ply, stderr, stdout, temp_dir};

#[test]
fn a_saved_game_reads_back_into_play_perft_bench_and_analyze() {
    let dir = temp_dir("records-round-trip");
    let file = dir.join("game.txt");
    let path = file.to_str().unwrap();
    // The person (X) plays badly; the perfect engine wins.
    let out = ply(&["play", "tictactoe", "--save", path], "a1\nb1\nc2\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let record = std::fs::read_to_string(&file).unwrap();
    for tag in [
        "[Game \"tictactoe\"]",
        "[X \"person\"]",
        "[O \"strongest",
        "[Result \"0-1\"]",
        "[Reason \"O wins\"]",
        "1. a1\n",
    ] {
        assert!(record.contains(tag), "{tag} in\n{record}");
    }
    // Loaded where it ended: the game is over, so play only reports it.
    let out = ply(&["play", "tictactoe", "--record", path], "");
    assert!(stdout(&out).contains("O wins"), "{}", stdout(&out));
    // Perft from a record's end: a finished game has no moves.
    let out = ply(
        &["perft", "tictactoe", "--record", path, "--depth", "1"],
        "",
    );
    assert!(stdout(&out).starts_with("1 0"), "{}", stdout(&out));
    // The analysis judges each of the person's moves: the full-depth search calls c2 (which
    // leaves O's diagonal open) a blunder that loses the game.
    let out = ply(&["analyze", "tictactoe", path], "");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let c2 = text.lines().find(|l| l.contains(" c2 ")).expect("move c2");
    assert!(c2.contains("blunder (now lost)"), "{text}");
    let out = ply(&["analyze", "tictactoe", path, "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["moves"][0]["move"], "a1");
    assert_eq!(json["summary"][0]["seat_name"], "X");
    assert!(json["summary"][0]["blunders"].as_u64().unwrap() >= 1);
}

#[test]
fn connect_four_analysis_marks_each_move_that_changed_the_solvers_outcome() {
    let dir = temp_dir("records-connect4");
    let file = dir.join("game.txt");
    // From a won position for Red (three in a row on the floor, Red to move): Red plays
    // elsewhere (win to loss: Yellow can now block nothing), Yellow finishes.
    std::fs::write(
        &file,
        "[Game \"connect4\"]\n[Position \"44335\"]\n\n1. 5\n2. 4\n3. 2\n4. 4\n5. 2\n",
    )
    .unwrap();
    let out = ply(
        &["analyze", "connect4", file.to_str().unwrap(), "--json"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["scale"], "exact");
    let moves = json["moves"].as_array().unwrap();
    for m in moves {
        let changed = m["outcome_before"] != m["outcome_after"];
        assert_eq!(m["verdict"] == "blunder", changed, "{m}");
    }
    assert_eq!(moves[3]["outcome_before"], "win");
    assert_eq!(moves[3]["outcome_after"], "loss");
}

#[test]
fn positions_and_records_that_break_a_rule_are_refused_by_name() {
    let dir = temp_dir("records-bad");
    let write = |name: &str, text: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let other_game = write("quoridor.txt", b"[Game \"quoridor\"]\n\n1. e8\n");
    let illegal = write("illegal.txt", b"[Game \"tictactoe\"]\n\n1. a1\n2. a1\n");
    let garbage = write("garbage.txt", b"\xff\xfe not text");
    let not_record = write("notes.txt", b"just some words\n");
    let settings = write(
        "settings.txt",
        b"[Game \"connect4\"]\n[Settings \"width=99\"]\n\n",
    );
    let missing = dir.join("missing.txt").to_str().unwrap().to_string();
    for (args, needle) in [
        (
            vec!["play", "tictactoe", "--record", &other_game],
            "a game of 'quoridor', not tictactoe",
        ),
        (
            vec!["play", "tictactoe", "--record", &illegal],
            "move 2 of the record ('a1')",
        ),
        (
            vec!["perft", "tictactoe", "--record", &garbage],
            "not UTF-8",
        ),
        // A device would be read forever: refused as not a regular file.
        (
            vec!["play", "tictactoe", "--record", "/dev/zero"],
            "not a regular file",
        ),
        (
            vec![
                "arena",
                "tictactoe",
                "--agents",
                "random;greedy",
                "--openings",
                "/dev/zero",
            ],
            "not a regular file",
        ),
        (
            vec!["analyze", "tictactoe", &not_record],
            "moves before any tag",
        ),
        (vec!["analyze", "connect4", &settings], "width"),
        (
            vec!["analyze", "tictactoe", &missing],
            "missing.txt' does not exist",
        ),
        (
            vec!["analyze", "tictactoe", &illegal, "--index", "3"],
            "--index 3",
        ),
        (
            vec!["play", "connect4", "--position", "4444444"],
            "--position",
        ),
        (
            vec![
                "play",
                "tictactoe",
                "--position",
                "x........",
                "--record",
                &illegal,
            ],
            "cannot be used with",
        ),
        (
            vec!["bench", "position", "tictactoe", "--position", "xxx.oo..."],
            "is over",
        ),
    ] {
        let out = ply(&args, "quit\n");
        assert!(!out.status.success(), "{args:?} should fail");
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let tic = write("tic.txt", b"[Game \"tictactoe\"]\n\n1. b2\n");
    for (flags, needle) in [
        (vec!["--inaccuracy", "1"], "together"),
        (
            vec!["--inaccuracy", "5", "--mistake", "2", "--blunder", "9"],
            "at most the next",
        ),
        (
            vec!["--inaccuracy", "NaN", "--mistake", "2", "--blunder", "9"],
            "at least 0",
        ),
        (vec!["--plot", "chart.gif"], ".svg or .png"),
    ] {
        let mut args = vec!["analyze", "tictactoe", tic.as_str()];
        args.extend(flags);
        let out = ply(&args, "");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_position_starts_play_and_bench_where_it_says() {
    let out = ply(
        &[
            "bench",
            "position",
            "connect4",
            "--position",
            "4453",
            "--agent",
            "alphabeta:depth=4",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("position ......./......./......./......./...o.../..oxx.. x"),
        "{text}"
    );
    assert!(text.contains("nodes/s"), "{text}");
    let out = ply(
        &[
            "play",
            "connect4",
            "--position",
            "4453",
            "--agent",
            "alphabeta:depth=2",
        ],
        "position\nquit\n",
    );
    assert!(stdout(&out).contains("..oxx.. x"), "{}", stdout(&out));
}

#[test]
fn the_text_engine_loads_a_record_and_arena_writes_and_reads_records() {
    let dir = temp_dir("records-engine");
    let file = dir.join("game.txt");
    let path = file.to_str().unwrap();
    std::fs::write(&file, "[Game \"connect4\"]\n\n1. 4\n2. 4\n3. 5\n").unwrap();
    let script = format!(
        "loadrecord {path}\nposition\nundo 1\nposition\nloadrecord {path}.missing\nposition\nquit\n"
    );
    let out = ply(&["engine", "connect4"], &script);
    let text = stdout(&out);
    assert!(
        text.contains("= ......./......./......./......./...o.../...xx.. o"),
        "{text}"
    );
    assert!(
        text.contains("= ......./......./......./......./...o.../...x... x"),
        "{text}"
    );
    assert!(text.contains(".missing' does not exist"), "{text}");
    // The refused load left the position as it was.
    assert_eq!(text.matches("...x... x").count(), 2, "{text}");

    // An arena run writes records.txt; its unfinished records serve as openings.
    let run = dir.join("run");
    let out = arena_tictactoe(&[
        "--games",
        "2",
        "--openings",
        "random:2",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let records = std::fs::read_to_string(run.join("records.txt")).unwrap();
    assert_eq!(
        records.matches("[Game \"tictactoe\"]").count(),
        2,
        "{records}"
    );
    assert!(records.contains("[Index \"2\"]"), "{records}");
    let out = ply(
        &[
            "analyze",
            "tictactoe",
            run.join("records.txt").to_str().unwrap(),
            "--index",
            "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "[Game \"tictactoe\"]\n\n1. b2\n2. a1\n\n[Game \"tictactoe\"]\n[Position \"x........\"]\n\n1. b2\n").unwrap();
    let out = arena_tictactoe(&[
        "--games",
        "4",
        "--openings",
        openings.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bad = dir.join("bad-openings.txt");
    std::fs::write(&bad, "[Game \"connect4\"]\n\n1. 4\n").unwrap();
    let out = arena_tictactoe(&["--openings", bad.to_str().unwrap()]);
    assert!(stderr(&out).contains("record 1"), "{}", stderr(&out));
}

/// `ply arena tictactoe --agents "random;greedy"` with `more` flags.
fn arena_tictactoe(more: &[&str]) -> std::process::Output {
    let mut args = vec!["arena", "tictactoe", "--agents", "random;greedy"];
    args.extend_from_slice(more);
    ply(&args, "")
}

/// One request to the server at `port` over a plain socket; the reply's body.
fn http(port: u16, method: &str, path: &str, body: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 2"), "{method} {path}: {head}");
    body.to_string()
}

/// The path end to end: a game played and saved with `ply play`, loaded into
/// `ply serve` from its record (its moves replayed, its record served back), and analysed.
#[test]
fn a_game_saved_by_play_loads_into_serve_and_is_analysed() {
    use std::io::BufRead;
    let dir = temp_dir("records-serve");
    let file = dir.join("game.txt");
    let path = file.to_str().unwrap();
    let out = ply(&["play", "tictactoe", "--save", path], "a1\nb1\nc2\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let record = std::fs::read_to_string(&file).unwrap();

    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port: u16 = first
        .rsplit(':')
        .next()
        .and_then(|p| p.trim().trim_end_matches('/').parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));
    let request = serde_json::json!({"game": "tictactoe", "record": record}).to_string();
    let created: serde_json::Value =
        serde_json::from_str(&http(port, "POST", "/api/games", &request)).unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(
        created["moves"],
        serde_json::json!(["a1", "b2", "b1", "c1", "c2", "a3"])
    );
    assert_eq!(created["over"], true);
    let served = http(port, "GET", &format!("/api/games/{id}/record"), "");
    assert!(served.contains("[Result \"0-1\"]"), "{served}");
    assert!(served.contains("6. a3"), "{served}");
    let analysis: serde_json::Value = serde_json::from_str(&http(
        port,
        "POST",
        &format!("/api/games/{id}/analysis"),
        "{}",
    ))
    .unwrap();
    assert_eq!(analysis["moves"][4]["verdict"], "blunder");
    let _ = server.kill();
    let _ = server.wait();

    let out = ply(&["analyze", "tictactoe", path, "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["moves"][4]["move"], "c2");
    assert_eq!(json["moves"][4]["verdict"], "blunder");
}
