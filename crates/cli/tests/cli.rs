//! The `ply` binary driven the way a person or a program uses it.

// A test binary per crate: the referee test is a module, not a target of its own.
#[path = "cli/analyze.rs"]
mod analyze;
#[path = "cli/book.rs"]
mod book;
#[path = "cli/bounded.rs"]
mod bounded;
#[path = "cli/budget.rs"]
mod budget;
#[path = "cli/hostile.rs"]
mod hostile;
#[path = "cli/records.rs"]
mod records;
#[path = "cli/referee.rs"]
mod referee;
#[path = "cli/refusals.rs"]
mod refusals;
#[path = "cli/terminal.rs"]
mod terminal;
#[path = "cli/train.rs"]
mod train;
#[path = "cli/tune.rs"]
mod tune;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ply(args: &[&str], input: &str) -> Output {
    ply_bytes(args, input.as_bytes())
}

/// Runs `ply` with raw bytes on standard input (which need not be UTF-8).
fn ply_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    // A command that fails on its arguments exits before reading its input: the write then
    // meets a closed pipe, which is not the test's failure (its output and status are).
    let written = child.stdin.take().expect("stdin").write_all(input);
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing the input: {e}"
        );
    }
    child.wait_with_output().expect("ply finishes")
}

/// An empty folder of its own for one test (`ply-NAME-PID` in the system's temporary
/// folder), removed with everything in it when the test ends.
fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("ply-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// A test's folder, used as its path and removed when dropped.
struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_tictactoe_prints_the_published_counts() {
    let out = ply(&["perft", "tictactoe", "--depth", "9"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let expected = "1 9\n2 72\n3 504\n4 3024\n5 15120\n6 54720\n7 148176\n8 200448\n9 127872\n";
    assert_eq!(stdout(&out), expected);
    // The counts added up are every node to depth 9, not leaves (issue 40).
    assert!(
        stderr(&out).contains("perft tictactoe: 549945 nodes over depths 1 to 9 in "),
        "the total and the speed go to stderr: {}",
        stderr(&out)
    );
}

#[test]
fn variant_flags_of_another_game_are_refused() {
    let out = ply(&["perft", "tictactoe", "--depth", "1", "--walls", "3"], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("tictactoe has no setting 'walls' (its settings: width, height, k)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn help_for_a_game_offers_only_its_own_variant_flags() {
    let out = ply(&["engine", "tictactoe", "--help"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let help = stdout(&out);
    for own in ["--width", "--height", "--k"] {
        assert!(help.contains(own), "{help}");
    }
    for other in ["--size", "--walls", "--board", "--players"] {
        assert!(!help.contains(other), "{help}");
    }
    let out = ply(&["play", "quoridor", "--help"], "");
    let help = stdout(&out);
    assert!(
        help.contains("--walls") && !help.contains("--width"),
        "{help}"
    );
    // Before a game is named, every game's flags are offered, each saying whose it is.
    let help = stdout(&ply(&["play", "--help"], ""));
    assert!(help.contains("connect4: number of columns"), "{help}");
}

#[test]
fn play_tictactoe_handles_bad_input_undo_hint_and_finishes() {
    // The person plays X; the engine (perfect at depth 9) answers. Bad input, an occupied
    // cell, undo and hint must all keep the game going.
    let script = "zz\nb2\nb2\nundo\nhint\nmoves\nb2\na1\nc1\na3\nc3\nquit\n";
    let out = ply(&["play", "tictactoe"], script);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("cannot read move 'zz'"), "{text}");
    assert!(text.contains("already marked"), "{text}");
    assert!(text.contains("hint: "), "{text}");
    assert!(text.contains("legal moves:"), "{text}");
    assert!(
        !text.contains("you win"),
        "a perfect engine never loses:\n{text}"
    );
}

#[test]
fn play_against_itself_never_loses_from_engine_first() {
    let out = ply(
        &["play", "tictactoe", "--first", "engine"],
        "b2\na1\nc3\nc1\na3\nb1\nb3\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&out).contains("you win"), "{}", stdout(&out));
}

#[test]
fn bad_agent_spec_lists_what_is_accepted() {
    let out = ply(
        &["play", "tictactoe", "--agent", "alphabeat:depth=3"],
        "quit\n",
    );
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("alphabeat"), "{err}");
    assert!(
        err.contains("alphabeta"),
        "the accepted names are listed: {err}"
    );
}

#[test]
fn text_engine_protocol_transcript() {
    let input = "name\nplay b2\nplay b2\nplay z9\ngenmove\nundo 3\nundo 2\nwinner\nknown_command genmove\nknown_command fly\nfly\n\n# comment\nquit\nname\n";
    let out = ply(&["engine", "tictactoe"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let replies: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(replies[0], "= ply");
    assert_eq!(replies[1], "=");
    assert!(
        replies[2].starts_with("? illegal move: illegal move 'b2'"),
        "{}",
        replies[2]
    );
    assert!(
        replies[3].starts_with("? illegal move: cannot read move 'z9'"),
        "{}",
        replies[3]
    );
    assert!(
        replies[4].starts_with("= "),
        "genmove answers a move: {}",
        replies[4]
    );
    assert!(
        replies[5].starts_with("? cannot undo 3 move(s): 2 played"),
        "{}",
        replies[5]
    );
    assert_eq!(replies[6], "=");
    assert_eq!(replies[7], "= false");
    assert_eq!(replies[8], "= true");
    assert_eq!(replies[9], "= false");
    assert!(replies[10].starts_with("? unknown command 'fly'"));
    assert_eq!(replies[11], "=");
    assert_eq!(replies.len(), 13, "nothing after quit: {text:?}");
}

#[test]
fn list_names_games_and_agents() {
    let out = ply(&["list"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for name in [
        "tictactoe",
        "connect4",
        "quoridor",
        "halma",
        "alphabeta",
        "mcts",
        "minimax",
    ] {
        assert!(text.contains(name), "{name} missing from:\n{text}");
    }
}

/// The move a `hint: MOVE   (…, pv MOVE …)` line or a `X plays MOVE   (…)` line names, and its
/// principal variation (empty when none is printed): moves joined by spaces, or by `; ` when
/// they hold spaces (halma's `1,-4 1,-3`).
fn move_and_pv<'a>(text: &'a str, marker: &str) -> (&'a str, Vec<&'a str>) {
    let line = text
        .lines()
        .find_map(|l| l.split_once(marker).map(|(_, rest)| rest))
        .unwrap_or_else(|| panic!("no '{marker}' line in:\n{text}"));
    let (mv, about) = line
        .split_once("   (")
        .expect("a description follows the move");
    let pv = match about.split_once(", pv ") {
        Some((_, pv)) => {
            let pv = pv.trim_end_matches(')');
            if mv.contains(' ') {
                pv.split("; ").collect()
            } else {
                pv.split(' ').collect()
            }
        }
        None => Vec::new(),
    };
    (mv, pv)
}

fn hint_in(args: &[&str]) {
    let out = ply(args, "hint\nquit\n");
    let text = stdout(&out);
    assert!(out.status.success(), "{args:?}: {}\n{text}", stderr(&out));
    let (mv, pv) = move_and_pv(&text, "hint: ");
    assert!(!mv.is_empty(), "{text}");
    if !pv.is_empty() {
        assert_eq!(pv[0], mv, "the PV starts with the hinted move: {text}");
    }
}

#[test]
fn play_halma_hint_works_for_two_three_and_six_players() {
    hint_in(&["play", "halma", "--agent", "alphabeta:depth=2"]);
    hint_in(&["play", "halma"]);
    hint_in(&[
        "play",
        "halma",
        "--board",
        "star",
        "--players",
        "3",
        "--agent",
        "paranoid:depth=2",
    ]);
    hint_in(&[
        "play",
        "halma",
        "--board",
        "star121",
        "--players",
        "6",
        "--agent",
        "maxn:depth=2",
    ]);
}

#[test]
fn play_quoridor_hint_prints_its_principal_variation() {
    let out = ply(
        &["play", "quoridor", "--agent", "alphabeta:depth=3"],
        "hint\nquit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let (mv, pv) = move_and_pv(&text, "hint: ");
    assert_eq!(pv.len(), 3, "a depth-3 search has a 3-move PV: {text}");
    assert_eq!(pv[0], mv, "{text}");
}

#[test]
fn play_describes_the_engine_move_from_the_position_it_was_chosen_in() {
    let out = ply(
        &[
            "play",
            "quoridor",
            "--first",
            "engine",
            "--agent",
            "alphabeta:depth=3",
        ],
        "quit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let (mv, pv) = move_and_pv(&text, "Black plays ");
    assert_eq!(pv.len(), 3, "{text}");
    assert_eq!(pv[0], mv, "{text}");
}

/// Splits a text-engine transcript into its replies (each ends with an empty line).
fn replies(text: &str) -> Vec<&str> {
    text.split_terminator("\n\n").collect()
}

/// Every game that speaks the text protocol (the registry's), as `ply engine GAME` runs it.
#[test]
fn text_engines_answer_invalid_utf8_and_read_on() {
    let text_games: Vec<&str> = ply_registry::GameId::ALL
        .iter()
        .filter(|g| g.descriptor().protocols.contains(&ply_core::Protocol::Text))
        .map(|g| g.name())
        .collect();
    assert!(!text_games.is_empty());
    for game in text_games {
        let out = ply_bytes(&["engine", game], b"\xff\xfe\nname\r\nplay \xc3\nversion\n");
        let text = stdout(&out);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let replies = replies(&text);
        assert_eq!(replies.len(), 4, "{game}: {text:?}");
        assert!(
            replies[0].starts_with("? input line 1 is not valid UTF-8"),
            "{game}: {}",
            replies[0]
        );
        assert!(replies[0].contains(r"'\xff\xfe'"), "{}", replies[0]);
        assert_eq!(replies[1], "= ply");
        assert!(
            replies[2].starts_with("? input line 3 is not valid UTF-8"),
            "{}",
            replies[2]
        );
        assert!(replies[3].starts_with("= "), "{}", replies[3]);
    }
}

#[test]
fn text_engine_refuses_an_over_long_line_and_reads_on() {
    let mut input = vec![b'a'; 200_000];
    input.extend_from_slice(b"\nname\n");
    let out = ply_bytes(&["engine", "tictactoe"], &input);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let replies = replies(&text);
    assert_eq!(replies.len(), 2, "{text:?}");
    assert!(
        replies[0].starts_with("? input line 1 is 200000 bytes long, over the limit of 65536"),
        "{}",
        replies[0]
    );
    assert!(replies[0].len() < 300, "only a short start is quoted");
    assert_eq!(replies[1], "= ply");
}

#[test]
fn text_engine_quotes_unknown_commands_escaped_and_short() {
    let mut input = b"fl\x1b[2Jy\n".to_vec();
    input.extend_from_slice(&[b'z'; 1000]);
    input.extend_from_slice(b"\nname\n");
    let out = ply_bytes(&["engine", "tictactoe"], &input);
    let text = stdout(&out);
    let replies = replies(&text);
    assert_eq!(replies.len(), 3, "{text:?}");
    assert!(
        replies[0].starts_with(r"? unknown command 'fl\u{1b}[2jy'"),
        "{}",
        replies[0]
    );
    assert!(replies[1].len() < 200, "{}", replies[1]);
    assert_eq!(replies[2], "= ply");
}

#[test]
fn halma_engine_answers_invalid_utf8_with_a_json_error_and_reads_on() {
    let out = ply_bytes(
        &["engine", "halma", "--agent", "greedy"],
        b"\xff\n{\"turn\": \"A\"\xc0}\nnot json\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "one answer a line: {text}");
    for (i, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let error = value["error"].as_str().expect("an error object");
        if i < 2 {
            assert!(
                error.contains(&format!("input line {} is not valid UTF-8", i + 1)),
                "{error}"
            );
        }
    }
}

#[test]
fn play_answers_invalid_utf8_and_goes_on() {
    let out = ply_bytes(&["play", "tictactoe"], b"\xff\r\nmoves\nquit\n");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains(r"input line 1 is not valid UTF-8 text (byte 0xff at offset 0): '\xff'"),
        "{text}"
    );
    assert!(text.contains("9 legal moves"), "{text}");
}

#[test]
fn perft_stops_once_every_line_has_ended() {
    let out = ply(&["perft", "tictactoe", "--depth", "64"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.ends_with("9 127872\n10 0\n"),
        "one zero line, then stop: {text}"
    );
    assert!(stderr(&out).contains("every line has ended by depth 10"));
}

#[test]
fn perft_depth_is_bounded() {
    for depth in ["0", "65", "1000000"] {
        let out = ply(&["perft", "tictactoe", "--depth", depth], "");
        assert!(!out.status.success(), "--depth {depth} is refused");
        let err = stderr(&out);
        assert!(err.contains(depth) && err.contains("1..=64"), "{err}");
    }
}

#[test]
fn bad_moves_and_positions_are_quoted_short_and_escaped() {
    let long = "q".repeat(5000);
    let input = format!("play \u{7}{long}\nsetposition {long}\nname\n");
    let out = ply(&["engine", "tictactoe"], &input);
    let text = stdout(&out);
    let replies = replies(&text);
    assert_eq!(replies.len(), 3, "{text:?}");
    assert!(
        replies[0].starts_with(r"? illegal move: cannot read move '\u{7}qqq"),
        "{}",
        replies[0]
    );
    assert!(replies[0].len() < 300, "{}", replies[0]);
    assert!(
        replies[1].starts_with("? cannot read position 'qqq"),
        "{}",
        replies[1]
    );
    assert!(replies[1].len() < 300, "{}", replies[1]);
    assert_eq!(replies[2], "= ply");

    let out = ply(&["play", "tictactoe"], &format!("{long}\nquit\n"));
    // The error is broken into lines between words.
    let text = stdout(&out).replace('\n', " ");
    assert!(text.contains("cannot read move 'qqq"), "{text}");
    assert!(!text.contains(&"q".repeat(100)), "{text}");
}

#[test]
fn perft_from_a_bad_position_names_the_flag_and_quotes_it_short() {
    let position = format!("\u{1b}{}", "x".repeat(5000));
    let out = ply(&["perft", "tictactoe", "--position", &position], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.starts_with(r"ply: --position: cannot read position '\u{1b}xxx"),
        "{err}"
    );
    assert!(err.len() < 300, "{err}");
}

#[test]
fn perft_from_a_finished_position_prints_one_zero_line() {
    let out = ply(
        &[
            "perft",
            "tictactoe",
            "--position",
            "xxxoo....",
            "--depth",
            "5",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1 0\n");
}

/// `ply levels` and the web page offer the same ladder: the rungs each game's crate writes
/// down, the page naming them by id.
#[test]
fn levels_prints_every_rung_of_the_games_ladder_with_its_id() {
    for (game, ladder) in [
        ("tictactoe", ply_tictactoe::ladder::LADDER),
        ("connect4", ply_connect4::ladder::LADDER),
        ("quoridor", ply_quoridor::ladder::LADDER),
        ("halma", ply_halma::ladder::LADDER),
    ] {
        let out = ply(&["levels", game], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let rows: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(rows.len(), ladder.len(), "{text}");
        for (i, (row, rung)) in rows.iter().zip(ladder).enumerate() {
            let words: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(words[0], (i + 1).to_string(), "{row}");
            assert_eq!(words[1], rung.id, "{row}");
            assert!(row.contains(rung.spec), "{row}");
        }
        let web: Vec<&str> = ply_web::levels(game).iter().map(|l| l.name).collect();
        let ids: Vec<&str> = ladder.iter().map(|r| r.id).collect();
        assert_eq!(web, ids, "{game}: the page offers the same levels");
        assert_eq!(
            ply_web::default_level(game).map(|l| l.name),
            Some("strongest")
        );
    }
}

/// On the classic rules a swap is no move: the engine never answers one, and perft counts
/// OpenSpiel's figures; a rule set that does not exist is named.
#[test]
fn halma_rule_sets_reach_perft_and_the_engine() {
    let out = ply(
        &[
            "perft", "halma", "--board", "star121", "--rules", "classic", "--depth", "3",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1 14\n2 196\n3 4760\n");
    assert!(stderr(&out).contains("classic rules"), "{}", stderr(&out));

    let bad = ply(
        &["perft", "halma", "--rules", "sternhalma", "--depth", "1"],
        "",
    );
    assert!(!bad.status.success());
    let message = stderr(&bad);
    assert!(
        message.contains("'sternhalma'") && message.contains("auto, fauhalma, classic"),
        "{message}"
    );

    // A's peg beside B's peg in A's home: FAUhalma's only good move is the swap; with the
    // classic rules the engine must find another.
    let position = r#"{"A": [[-1,3],[1,2],[0,3],[3,-6],[3,-5],[2,-5]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#;
    for rules in ["fauhalma", "classic"] {
        let out = ply(
            &["engine", "halma", "--rules", rules, "--agent", "random"],
            &format!("{position}\n"),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let answer = stdout(&out);
        assert!(answer.starts_with("[["), "{rules}: {answer}");
        if rules == "classic" {
            assert!(
                !answer.trim_end().ends_with("[-1,4]]"),
                "a swap under classic: {answer}"
            );
        }
    }
}

/// `--time` is the agent's budget; a `time=` in the spec wins, and ply says so.
#[test]
fn a_time_flag_that_the_spec_overrides_is_reported() {
    let position = r#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]]}"#;
    let out = ply(
        &[
            "engine",
            "halma",
            "--agent",
            "champion:time=20ms",
            "--time",
            "1s",
        ],
        &format!("{position}\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let note = stderr(&out);
    assert!(
        note.contains("--time 1000ms is not used") && note.contains("champion:time=20ms"),
        "{note}"
    );
    let quiet = ply(
        &["engine", "halma", "--time", "30ms"],
        &format!("{position}\n"),
    );
    assert!(
        quiet.status.success() && stderr(&quiet).is_empty(),
        "{}",
        stderr(&quiet)
    );
}

/// The CCERL rules: `--rules ccerl` alone picks the 121-hole star, perft counts the oracle's
/// figures, `ply play` hints in cell ids, an impossible combination is refused naming the
/// rule, and `ply engine halma --protocol ccp` speaks CCP.
#[test]
fn halma_ccerl_rules_reach_perft_play_and_ccp() {
    let out = ply(&["perft", "halma", "--rules", "ccerl", "--depth", "3"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1 14\n2 196\n3 4760\n");

    hint_in(&[
        "play",
        "halma",
        "--rules",
        "ccerl",
        "--agent",
        "ccerl:depth=2",
    ]);
    let out = ply(
        &["play", "halma", "--rules", "ccerl"],
        "8-17\nposition\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("cells 00000000.0"),
        "{}",
        stdout(&out)
    );

    for (args, says) in [
        (&["--board", "star"][..], "star121 board by 2 players"),
        (&["--players", "3"][..], "star121 board by 2 players"),
        (&["--first-seat", "b"][..], "seat A"),
    ] {
        let mut all = vec!["perft", "halma", "--rules", "ccerl"];
        all.extend_from_slice(args);
        let out = ply(&all, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }

    let out = ply(
        &[
            "engine",
            "halma",
            "--protocol",
            "ccp",
            "--agent",
            "ccerl:depth=1",
        ],
        "ccp\nisready\nposition startpos moves 8-17\ngo movetime 50\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("id name ply "), "{text}");
    assert!(
        lines.contains(&"ccpok") && lines.contains(&"readyok"),
        "{text}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove 1"), "{text}");

    for (args, says) in [
        (
            &["--protocol", "uci"][..],
            "no protocol 'uci': it speaks json, ccp",
        ),
        (
            &["--protocol", "ccp", "--rules", "classic"][..],
            "plays the ccerl rules",
        ),
        (
            &["--protocol", "ccp", "--time", "1s"][..],
            "each go command gives the time",
        ),
    ] {
        let mut all = vec!["engine", "halma"];
        all.extend_from_slice(args);
        let out = ply(&all, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}
