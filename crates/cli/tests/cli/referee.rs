//! Drives `ply` through pipes as a Quoridor referee does: `ply -seed N` on the command line,
//! one command at a time, each reply read up to its empty line, a whole game of engine
//! against itself, then end of input. A mistyped option is refused before the first game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn reply(reader: &mut impl BufRead) -> String {
    let mut text = String::new();
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "engine closed its output"
        );
        if line == "\n" {
            return text;
        }
        text.push_str(&line);
    }
}

#[test]
fn a_referee_plays_a_game_through_pipes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["-seed", "42", "-move-time", "0.05"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut input = child.stdin.as_ref().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |command: &str| {
        writeln!(input, "{command}").unwrap();
        input.flush().unwrap();
        reply(&mut output)
    };
    assert_eq!(ask("name"), "= ply-quoridor\n");
    assert_eq!(ask("boardsize 5"), "= \n");
    assert_eq!(ask("clear_board"), "= \n");
    assert_eq!(ask("walls 3"), "= \n");
    let mut winner = String::new();
    for ply in 0..200 {
        let colour = ["black", "white"][ply % 2];
        let mv = ask(&format!("genmove {colour}"));
        assert!(mv.starts_with("= ") && mv.len() > 3, "genmove gave {mv:?}");
        winner = ask("winner");
        if winner != "= false\n" {
            break;
        }
    }
    assert!(winner.starts_with("= true "), "{winner}");
    assert!(ask("showboard").starts_with("= \n"));
    assert_eq!(ask("playwall black A1 vertical"), "? illegal move\n");
    drop(child.stdin.take()); // end of input: the engine must exit cleanly
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
}

/// `ply -seed 1 -move-tim 0.1` ignored the typo and played on the default budget (issue 39,
/// row 15): an option the engine does not know is refused on standard error, with a failing
/// status, before a command is read; a time of 0 and a negative one name the same rule.
#[test]
fn the_referee_form_refuses_what_it_does_not_know_before_the_first_game() {
    for (args, says) in [
        (
            &["-seed", "1", "-move-tim", "0.1"][..],
            "'-move-tim' is not an option",
        ),
        (
            &["-seed", "1", "-referee-flag"][..],
            "'-referee-flag' is not an option",
        ),
        (&["-seed", "1", "stray"][..], "'stray' is not an option"),
        (
            &["-seed", "1", "-move-time", "-5"][..],
            "'-5': the time is negative",
        ),
        (
            &["-seed", "1", "-move-time", "0"][..],
            "'0': the time is zero",
        ),
    ] {
        // A referee's first command is waiting on standard input: it must not be answered.
        let out = super::ply(args, "name\n");
        let err = super::stderr(&out);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            out.stdout.is_empty(),
            "{args:?} answered: {}",
            super::stdout(&out)
        );
        assert!(
            err.starts_with("ply: ") && err.contains(says),
            "{args:?}: {err}"
        );
        if args.contains(&"-move-time") {
            assert!(err.contains("more than 0 and at most 31536000"), "{err}");
        }
    }
}
