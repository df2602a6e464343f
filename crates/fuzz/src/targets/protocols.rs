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
