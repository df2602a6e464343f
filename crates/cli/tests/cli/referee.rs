//! Drives `ply` through pipes as a Quoridor referee does: `ply -seed N` and an unknown
//! argument on the command line, one command at a time, each reply read up to its empty
//! line, a whole game of engine against itself, then end of input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
        .args(["-seed", "42", "-referee-flag", "-move-time", "0.05"])
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
    let start = Instant::now();
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
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(ask("showboard").starts_with("= \n"));
    assert_eq!(ask("playwall black A1 vertical"), "? illegal move\n");
    drop(child.stdin.take()); // end of input: the engine must exit cleanly
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
}
