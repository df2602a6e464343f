//! The `ply` binary driven the way a person or a program uses it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ply(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write input");
    child.wait_with_output().expect("ply finishes")
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
    assert!(stderr(&out).contains("leaves/s"), "speed goes to stderr");
}

#[test]
fn variant_flags_of_another_game_are_refused() {
    let out = ply(&["perft", "tictactoe", "--depth", "1", "--walls", "3"], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("tictactoe does not take --walls"),
        "{}",
        stderr(&out)
    );
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
    assert_eq!(replies[5], "? cannot undo");
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
