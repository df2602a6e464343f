//! CCP, the protocol of the CCERL rating list: golden transcripts, errors that change
//! nothing, one `bestmove` for every `go`, and one process for many games.

use std::io::Write;
use std::sync::{Arc, Mutex};

use ply_core::Game;
use ply_halma::ccp::{CcpEngine, EngineOptions, Flow, Output};

/// A writer whose bytes the test can read while the engine still holds it.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

fn engine_with(agent: &str) -> (CcpEngine, Shared) {
    let shared = Shared::default();
    let out: Output = Arc::new(Mutex::new(Box::new(shared.clone())));
    let options = EngineOptions {
        agent: agent.to_string(),
        ..EngineOptions::default()
    };
    (CcpEngine::new(&options, out).unwrap(), shared)
}

/// Runs `lines` through a fresh engine (with the default agent) to the end of the input
/// and returns what it wrote, time-dependent figures masked.
fn transcript(lines: &str) -> String {
    let (mut engine, out) = engine_with(ply_halma::ccp::DEFAULT_AGENT);
    for line in lines.lines() {
        if engine.handle_line(line) == Flow::Quit {
            break;
        }
    }
    engine.finish();
    mask(&out.text())
}

/// `time 12 nps 3456` → `time T nps N`.
fn mask(text: &str) -> String {
    text.lines()
        .map(|line| {
            let mut words: Vec<&str> = line.split(' ').collect();
            for i in 0..words.len().saturating_sub(1) {
                match words[i] {
                    "time" => words[i + 1] = "T",
                    "nps" => words[i + 1] = "N",
                    _ => {}
                }
            }
            words.join(" ") + "\n"
        })
        .collect()
}

fn bestmoves(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

#[test]
fn handshake() {
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        transcript("ccp\nisready\nprotocol\nquit\nisready"),
        format!(
            "id name ply {version}\nid author the ply authors\nccpok\nreadyok\n\
             protocol ccp 1\n"
        )
    );
}

/// A fixed-depth search is deterministic: the whole answer is golden.
#[test]
fn golden_search_from_the_start() {
    let got = transcript("position startpos\ngo depth 2\nquit");
    assert_eq!(
        got, "info depth 2 nodes 60 time T nps N score cp 0 pv 3-16 115-104\nbestmove 3-16\n",
        "{got}"
    );
}

#[test]
fn position_cells_and_moves() {
    let v2 = "0000..0000.................0...........0.........................................\
              1............1................11111..111";
    let (mut engine, out) = engine_with("ccerl:depth=1");
    engine.handle_line(&format!("position cells {v2} player 0 ply 8"));
    assert_eq!(engine.position().ply(), 8);
    engine.handle_line(&format!(
        "position cells {v2} player 0 ply 8 moves 8-17 111-102"
    ));
    assert_eq!(engine.position().ply(), 10);
    assert_eq!(engine.position().owner(17), Some(0));
    engine.handle_line("position startpos moves 6-15");
    assert_eq!(engine.position().to_move(), 1);
    assert_eq!(out.text(), "", "nothing is answered to position");
}

/// Each refused line gets one `info string error:` line naming the problem, and the
/// position stays as it was.
#[test]
fn malformed_commands_change_nothing() {
    let (mut engine, out) = engine_with("ccerl:depth=1");
    engine.handle_line("position startpos moves 6-15");
    let before = engine.position().clone();
    let bad = [
        ("fly away", "unknown command 'fly'"),
        ("position cells 000 player 0 ply 0", "121, not 3"),
        ("position startpos moves 6-15 6-15", "illegal move '6-15'"),
        ("position startpos moves 6-60", "neither a step"),
        ("position startpos moves 114-105", "it is A's turn"),
        ("go movetime soon", "'soon'"),
        ("go depth 99", "from 0 to 64"),
        ("setoption name Hash value 64", "unknown option 'Hash'"),
        ("setoption name Threads value 2", "searches on one thread"),
        ("analyze topk 0", "from 1 to 256"),
        ("quit now", "takes no arguments"),
    ];
    for (line, needle) in bad {
        let before_text = out.text().len();
        assert_eq!(engine.handle_line(line), Flow::Continue, "{line}");
        let said = &out.text()[before_text..];
        assert!(
            said.starts_with("info string error: ") && said.contains(needle),
            "{line}: {said}"
        );
        assert_eq!(said.lines().count(), 1, "{line}: {said}");
        assert_eq!(engine.position(), &before, "{line}");
    }
    engine.handle_unreadable("input line 3 is not valid UTF-8 text");
    assert!(out
        .text()
        .ends_with("info string error: input line 3 is not valid UTF-8 text\n"));
}

/// The referee's way: one process, many games, each position sent whole and answered with
/// a legal move; every `go` gets exactly one `bestmove`, even with no time at all.
#[test]
fn one_bestmove_per_go_across_games() {
    let (mut engine, out) = engine_with(ply_halma::ccp::DEFAULT_AGENT);
    let positions = [
        "position startpos",
        "position cells 0000..0000.................0...........0...........\
         ..............................1............1................11111..111 player 0 ply 8",
        "position startpos moves 6-15",
    ];
    let mut asked = 0;
    for go in [
        "go nodes 300",
        "go movetime 0",
        "go movetime 30",
        "go depth 1",
    ] {
        for position in positions {
            engine.handle_line(position);
            let state = engine.position().clone();
            engine.handle_line(go);
            asked += 1;
            // The next command waits for this search (or cancels it, unanswered): so that
            // its answer can be checked against its position, wait for it here.
            engine.handle_line("stop");
            engine.handle_line("isready");
            let text = out.text();
            let all = bestmoves(&text);
            let last = all.last().unwrap();
            let mut check = state.clone();
            check
                .play_notation(last)
                .unwrap_or_else(|e| panic!("{go} {position}: {last}: {e}"));
        }
    }
    engine.handle_line("quit");
    assert_eq!(bestmoves(&out.text()).len(), asked, "{}", out.text());
}

#[test]
fn stop_answers_an_infinite_search() {
    let (mut engine, out) = engine_with(ply_halma::ccp::DEFAULT_AGENT);
    engine.handle_line("position startpos");
    engine.handle_line("go infinite");
    engine.handle_line("isready");
    engine.handle_line("stop");
    engine.handle_line("stop");
    engine.handle_line("quit");
    let text = out.text();
    assert_eq!(bestmoves(&text).len(), 1, "{text}");
    assert!(text.contains("readyok"));
}

/// `go infinite` runs until `stop`, not to a default depth. (A depth-6 search of the start
/// takes a tenth of a second; on a slow machine the check below proves less, never fails.)
#[test]
fn an_infinite_search_waits_for_stop() {
    let (mut engine, out) = engine_with(ply_halma::ccp::DEFAULT_AGENT);
    engine.handle_line("position startpos");
    engine.handle_line("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(bestmoves(&out.text()).len(), 0, "{}", out.text());
    engine.handle_line("stop");
    engine.handle_line("quit");
    assert_eq!(bestmoves(&out.text()).len(), 1, "{}", out.text());
}

/// The end of the input lets the running search answer.
#[test]
fn the_end_of_the_input_waits_for_the_answer() {
    let got = transcript("position startpos moves 6-15\ngo depth 1");
    assert_eq!(bestmoves(&got).len(), 1, "{got}");
}

#[test]
fn a_finished_game_answers_0000() {
    let cells = format!("{}{}{}", "1".repeat(10), ".".repeat(101), "0".repeat(10));
    let got = transcript(&format!(
        "position cells {cells} player 1 ply 99\ngo movetime 50"
    ));
    assert_eq!(
        got,
        "info string the game is over: draw: both players have every peg in the goal\n\
         bestmove 0000\n"
    );
}

#[test]
fn analyze_lists_the_best_moves() {
    let got = transcript("position startpos\nanalyze topk 3");
    let json = got.strip_prefix("analysis ").expect(&got);
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let moves = value["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let shares: f64 = moves.iter().map(|m| m["policy"].as_f64().unwrap()).sum();
    assert!(shares > 0.0 && shares <= 1.0001, "{got}");
    let v = value["value"].as_f64().unwrap();
    assert!((-1.0..=1.0).contains(&v));
    let start = ply_halma::Halma::with_settings(
        ply_halma::BoardKind::Star121,
        2,
        ply_halma::HalmaSettings::ccerl(),
    )
    .unwrap();
    for m in moves {
        let text = m["move"].as_str().unwrap();
        assert!(start.clone().play_notation(text).is_ok(), "{text}");
    }
}

/// Issue 52, row 9: a position at the CCERL move limit (ply 240) or past it is the end of
/// the game, drawn, and is answered as every other ending is, not searched.
#[test]
fn row_9_a_position_at_or_past_the_move_limit_is_the_end_of_the_game() {
    let cells = format!("{}{}{}", "0".repeat(10), ".".repeat(101), "1".repeat(10));
    for ply in [240, 250] {
        let got = transcript(&format!(
            "position cells {cells} player 0 ply {ply}\ngo depth 1"
        ));
        assert!(
            got.contains("info string the game is over: draw: the move limit was reached"),
            "{got}"
        );
        assert_eq!(bestmoves(&got), ["0000"], "{got}");
    }
    // One ply before the limit is still a game to play.
    let got = transcript(&format!(
        "position cells {cells} player 0 ply 239\ngo depth 1"
    ));
    assert_ne!(bestmoves(&got), ["0000"], "{got}");
}
