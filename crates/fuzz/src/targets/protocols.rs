//! The line protocols: QTP (Quoridor), the text engines (`ply engine GAME` of every game that
//! speaks it), the halma JSON engine and `ply play`. Each input is up to eight lines sent to
//! one engine that lives across inputs (reset every few hundred), so that sequences of
//! commands are tried, not only single lines.

use ply_cli::commands::engine::{Reply, TextEngine};
use ply_core::Game;
use ply_quoridor::qtp::{QtpEngine, TimeBudget};
use serde_json::Value;

use crate::checks::{check_error, check_message, shown, text};
use crate::runner::{seeds_of, Outcome, Target};

/// Lines of one input: at most this many are sent.
const MAX_LINES: usize = 8;

fn lines(input: &[u8]) -> impl Iterator<Item = String> + '_ {
    input.split(|&b| b == b'\n').take(MAX_LINES).map(text)
}

/// QTP answers errors with the fixed words of its specification (crates/games/quoridor/README.md, "QTP"),
/// which cannot quote the input; these are all of them.
const QTP_ERRORS: &[&str] = &[
    "unknown command",
    "syntax error",
    "illegal move",
    "unacceptable size",
    "cannot undo",
    "game is over",
];

/// ply's own QTP commands, whose refusals say what is wrong in words of their own.
const QTP_EXTENSIONS: &[&str] = &["setposition", "loadrecord"];

pub struct Qtp {
    engine: QtpEngine,
}

impl Qtp {
    pub fn new() -> Self {
        Qtp {
            engine: Self::fresh(),
        }
    }

    fn fresh() -> QtpEngine {
        let agent = ply_quoridor::agents::catalog()
            .build("random", 1)
            .expect("the random agent builds");
        QtpEngine::with_agent(agent, TimeBudget::default())
    }
}

impl Default for Qtp {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Qtp {
    fn name(&self) -> &str {
        "qtp"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        seeds_of(&[
            "name\nknown_command playwall\nlist_commands",
            "boardsize 5\nwalls 2\nplaymove black c2\nplaymove white c4\ngenmove black",
            "playmove white e8\nplaymove black e2\nplaywall white e3 h\nplaywall black e7 v\nundo 2",
            "boardsize 25\nwalls 1000\ngenmove white\ngenmove black\nwinner",
            "boardsize 3\nwalls 0\nplaymove black b2\nplaymove black b3\nwinner\nshowboard",
            "known_command genmove\nknown_command fly\nclear_board\nquit",
            "playwall black a9 h\nplaywall white h2 v\nplaymove b i9\nundo 99",
            "boardsize 26\nboardsize -1\nwalls -1\nwalls 18446744073709551616",
            "genmove w\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\nundo 3",
        ])
    }

    fn dictionary(&self) -> Vec<&str> {
        let mut words = ply_quoridor::qtp::COMMANDS.to_vec();
        words.extend([
            "black", "white", "b", "w", "e2", "e8", "a1", "i9", "h", "v", "\n", "e3 h",
        ]);
        words
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let mut signature = String::new();
        for line in lines(input) {
            let before = self.engine.state().to_text();
            let Some(reply) = self.engine.handle_line(&line) else {
                continue;
            };
            let body = reply
                .strip_suffix("\n\n")
                .ok_or_else(|| format!("{line:?}: the reply does not end with an empty line"))?;
            if let Some(error) = body.strip_prefix("? ") {
                // ply's extensions explain themselves; seed 002's commands keep QTP's words.
                // The engine drops every carriage return before it reads the command.
                let command = line
                    .replace('\r', "")
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                if QTP_EXTENSIONS.contains(&command.as_str()) && error != "syntax error" {
                    check_message(error)?;
                } else if !QTP_ERRORS.contains(&error) && !error.starts_with("engine error: ") {
                    return Err(format!("{line:?}: an unspecified error {}", shown(error)));
                }
                if self.engine.state().to_text() != before {
                    return Err(format!("{line:?} was refused but changed the position"));
                }
                signature.push_str(error);
            } else if body.starts_with('=') {
                signature.push_str(line.split_whitespace().next().unwrap_or(""));
            } else {
                return Err(format!(
                    "{line:?}: a reply {} is neither = nor ?",
                    shown(body)
                ));
            }
            if self.engine.has_quit() {
                self.reset();
            }
        }
        Ok(Outcome::of(&signature))
    }

    fn reset(&mut self) {
        self.engine = Self::fresh();
    }
}

/// `ply engine GAME` for a game that speaks the text protocol.
pub struct TextProtocol<G: Game> {
    name: String,
    start: G,
    catalog: ply_search::spec::Catalog<G>,
    engine: TextEngine<G>,
    seeds: Vec<String>,
    /// Words of the game's notation, beside the protocol's commands.
    words: Vec<String>,
}

impl<G: Game + ply_core::ZobristHash> TextProtocol<G> {
    pub fn new(
        name: String,
        start: G,
        catalog: ply_search::spec::Catalog<G>,
        seeds: Vec<String>,
        words: Vec<String>,
    ) -> Self {
        let engine = Self::fresh(&start, &catalog);
        TextProtocol {
            name,
            start,
            catalog,
            engine,
            seeds,
            words,
        }
    }

    fn fresh(start: &G, catalog: &ply_search::spec::Catalog<G>) -> TextEngine<G> {
        let agent = catalog.build("random", 1).expect("the random agent builds");
        TextEngine::new(start.clone(), agent, None)
    }
}

impl<G: Game + ply_core::ZobristHash> Target for TextProtocol<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        self.seeds.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    fn dictionary(&self) -> Vec<&str> {
        let mut words = ply_cli::commands::engine::COMMANDS.to_vec();
        words.extend(self.words.iter().map(String::as_str));
        words.push("\n");
        words
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let mut signature = String::new();
        for line in lines(input) {
            let before = (self.engine.position().to_text(), self.engine.moves_played());
            let reply = match self.engine.handle(&line) {
                Reply::Silent => continue,
                Reply::Quit(_) => {
                    self.reset();
                    continue;
                }
                Reply::Send(reply) => reply,
            };
            if let Some(error) = reply.strip_prefix("? ") {
                check_message(error)?;
                let command = line.split_whitespace().next().unwrap_or("").to_lowercase();
                // The message names the command, an argument, or the move the argument was
                // read as (`play 2` in tic-tac-toe is refused as `illegal move 'b3'`).
                if !error.to_lowercase().contains(&command) && !error.contains("illegal move '") {
                    check_error(error, &line)?;
                }
                let after = (self.engine.position().to_text(), self.engine.moves_played());
                if after != before {
                    return Err(format!("{line:?} was refused but changed the engine"));
                }
                signature.push_str(error);
            } else if reply.starts_with('=') {
                if reply.contains("\n\n") {
                    return Err(format!("{line:?}: the reply holds an empty line"));
                }
                signature.push_str(line.split_whitespace().next().unwrap_or(""));
            } else {
                return Err(format!(
                    "{line:?}: a reply {} is neither = nor ?",
                    shown(&reply)
                ));
            }
        }
        Ok(Outcome::of(&signature))
    }

    fn reset(&mut self) {
        self.engine = Self::fresh(&self.start, &self.catalog);
    }
}

/// `ply engine halma`: one JSON position per line, one move or `{"error": …}` per line.
pub struct HalmaJson {
    engine: ply_halma::engine::Engine,
}

impl HalmaJson {
    pub fn new() -> Self {
        let options = ply_halma::engine::EngineOptions {
            agent: "random".to_string(),
            ..Default::default()
        };
        HalmaJson {
            engine: ply_halma::engine::Engine::new(&options).expect("the default engine builds"),
        }
    }
}

impl Default for HalmaJson {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for HalmaJson {
    fn name(&self) -> &str {
        "halma-json"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let start =
            ply_halma::Halma::new(ply_halma::BoardKind::Star, 2).expect("2 players on the star");
        let mut seeds: Vec<Vec<u8>> = crate::targets::moves::sample_positions(&start, 2, 13)
            .iter()
            .map(|p| p.to_text().into_bytes())
            .collect();
        seeds.push(
            br#"{"A": [[3,-6],[3,-5],[2,-5],[3,-4],[2,-4],[1,-4]], "B": [[-3,6],[-3,5],[-2,5],[-3,4],[-2,4],[-1,4]], "turn": "B"}"#
                .to_vec(),
        );
        seeds
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "{",
            "}",
            "[",
            "]",
            "\"",
            ":",
            ",",
            "\"turn\"",
            "\"A\"",
            "\"B\"",
            "\"C\"",
            "\"board\"",
            "\"pegs\"",
            "\"finished\"",
            "\"ply\"",
            "null",
            "true",
            "false",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let mut signature = String::new();
        for line in lines(input) {
            let Some(answer) = self.engine.handle_line(&line) else {
                continue;
            };
            if answer.contains('\n') {
                return Err(format!(
                    "{line:?}: the answer {} is not one line",
                    shown(&answer)
                ));
            }
            if answer.starts_with('{') {
                let value: Value = serde_json::from_str(&answer)
                    .map_err(|e| format!("{line:?}: the answer is not JSON ({e})"))?;
                let message = value["error"]
                    .as_str()
                    .ok_or_else(|| format!("{line:?}: {} has no error text", shown(&answer)))?;
                check_message(message)?;
                signature.push_str(message);
            } else {
                signature.push_str("move");
            }
        }
        Ok(Outcome::of(&signature))
    }
}

/// A writer whose bytes the target reads back after each line.
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()));
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// `ply engine halma --protocol ccp`: every reply is a CCP line, a refused line gets one
/// `info string error:` line and changes nothing, and every `go` gets exactly one legal
/// `bestmove` (the target waits for it after each line).
pub struct Ccp {
    engine: ply_halma::ccp::CcpEngine,
    out: Captured,
}

impl Ccp {
    pub fn new() -> Self {
        let (engine, out) = Self::fresh();
        Ccp { engine, out }
    }

    fn fresh() -> (ply_halma::ccp::CcpEngine, Captured) {
        let out = Captured::default();
        let options = ply_halma::ccp::EngineOptions {
            agent: "random".to_string(),
            ..Default::default()
        };
        let shared: ply_halma::ccp::Output =
            std::sync::Arc::new(std::sync::Mutex::new(Box::new(out.clone())));
        let engine =
            ply_halma::ccp::CcpEngine::new(&options, shared).expect("the random engine builds");
        (engine, out)
    }
}

impl Default for Ccp {
    fn default() -> Self {
        Self::new()
    }
}

/// The lines a CCP engine may write, by their first word.
const CCP_REPLIES: &[&str] = &[
    "id", "option", "ccpok", "readyok", "protocol", "info", "bestmove", "analysis",
];

impl Target for Ccp {
    fn name(&self) -> &'static str {
        "ccp"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        seeds_of(&[
            "ccp\nisready\nposition startpos\ngo movetime 5",
            "position startpos moves 6-15 114-105 15-6\ngo depth 2\nanalyze topk 3",
            "position cells 0000..0000.................0...........0.........................................1............1................11111..111 player 0 ply 8\ngo nodes 50",
            "go wtime 1000 btime 1000 winc 10 binc 10\nstop\nsetoption name Threads value 2",
            "position cells 1111111111.....................................................................................................0000000000 player 1 ply 99\ngo",
            "go infinite\nisready\nstop\nquit",
        ])
    }

    fn dictionary(&self) -> Vec<&'static str> {
        let mut words = ply_halma::ccp::command::COMMANDS.to_vec();
        words.extend([
            "startpos",
            "cells",
            "player",
            "ply",
            "moves",
            "movetime",
            "nodes",
            "depth",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "infinite",
            "name",
            "value",
            "Threads",
            "topk",
            "0",
            "1",
            "8-17",
            "6-15",
            "0000000000",
            "..........",
            "\n",
        ]);
        words
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let mut signature = String::new();
        for line in lines(input) {
            let before = self.engine.position().clone();
            let flow = self.engine.handle_line(&line);
            self.engine.finish();
            let written = self.out.take();
            let command = line.split_ascii_whitespace().next().unwrap_or("");
            let mut answered = 0;
            for reply in written.lines() {
                let first = reply.split(' ').next().unwrap_or("");
                if !CCP_REPLIES.contains(&first) {
                    return Err(format!("{line:?}: a reply {} is not CCP", shown(reply)));
                }
                if let Some(error) = reply.strip_prefix("info string error: ") {
                    check_message(error)?;
                    if self.engine.position() != &before {
                        return Err(format!("{line:?} was refused but changed the position"));
                    }
                    signature.push_str(error);
                } else if let Some(mv) = reply.strip_prefix("bestmove ") {
                    answered += 1;
                    let legal = before.clone().play_notation(mv).is_ok();
                    let none_left = mv == "0000" && before.is_terminal();
                    if !(legal || none_left) {
                        return Err(format!("{line:?}: bestmove {mv} is not legal"));
                    }
                } else {
                    signature.push_str(first);
                }
            }
            let went = command.eq_ignore_ascii_case("go") && !written.contains("error:");
            if answered != usize::from(went) {
                return Err(format!("{line:?}: {answered} bestmove lines: {written:?}"));
            }
            if flow == ply_halma::ccp::Flow::Quit {
                self.reset();
            }
        }
        Ok(Outcome::of(&signature))
    }

    fn reset(&mut self) {
        (self.engine, self.out) = Self::fresh();
    }
}
