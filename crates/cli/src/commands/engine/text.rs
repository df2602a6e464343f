//! The text protocol, in QTP's style, of every game that declares `Protocol::Text`
//! (tic-tac-toe, Connect Four): `ply engine GAME`, with no code of the game's own.
//!
//! Every reply is `= result` or `? message`, then one empty line, flushed at once.
//! Commands: name, version, protocol, known_command C, list_commands, quit, clear_board,
//! play MOVE, genmove, undo \[n\], winner, showboard, position, setposition TEXT,
//! loadrecord FILE, legal_moves.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use clap::Args;
use ply_core::{Agent, Game, SearchLimits};
use ply_registry::GameId;

use crate::format::{self, player_label};
use crate::games::with_game;
use crate::lines::{quote, LineReader};
use crate::timed;
use crate::variant::VariantArgs;

/// Options of the text engine.
#[derive(Args, Debug)]
pub struct TextEngineArgs {
    /// The engine's agent spec (see `ply list`). A spec that sets no limit plays its agent's
    /// default budget (`ply list GAME` shows it).
    #[arg(long)]
    pub agent: Option<String>,
    /// Time per generated move, e.g. 1s: the agent's search budget per move (it replaces a
    /// preset's own time; a time= written in --agent wins, and ply says so).
    #[arg(long, value_parser = format::parse_duration)]
    pub time: Option<Duration>,
    /// Seed for the engine's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Speaks the text protocol for `game` on standard input and output.
pub fn run(game: GameId, args: &TextEngineArgs) -> anyhow::Result<()> {
    with_game!(game, &args.variant, |state, catalog| {
        let spec = args
            .agent
            .clone()
            .unwrap_or_else(|| game.default_agent().to_string());
        let (agent, limit) = timed::build_timed(
            "engine",
            &catalog,
            &spec,
            args.time,
            "--time",
            args.rng_seed,
        )?;
        let mut engine = TextEngine::new(state, agent, limit);
        engine.run(io::stdin().lock(), io::stdout().lock())?;
        Ok(())
    })
}

pub const COMMANDS: &[&str] = &[
    "name",
    "version",
    "protocol",
    "known_command",
    "list_commands",
    "quit",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "winner",
    "showboard",
    "position",
    "setposition",
    "loadrecord",
    "legal_moves",
];

/// The protocol state: the start position, the current one and its history.
pub struct TextEngine<G: Game> {
    start: G,
    state: G,
    history: Vec<G::Move>,
    agent: Box<dyn Agent<G>>,
    limits: SearchLimits,
}

/// What a handled line asks of the loop.
pub enum Reply {
    /// Send this text (already `= …` or `? …`, without the empty line).
    Send(String),
    /// Nothing to send (blank or comment line).
    Silent,
    /// Send and stop.
    Quit(String),
}

impl<G: Game> TextEngine<G> {
    pub fn new(start: G, agent: Box<dyn Agent<G>>, move_time: Option<Duration>) -> Self {
        TextEngine {
            state: start.clone(),
            start,
            history: Vec::new(),
            agent,
            limits: SearchLimits {
                time: move_time,
                ..SearchLimits::default()
            },
        }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.state
    }

    /// How many moves `undo` can take back.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// The reply to one line. A refused command changes nothing, and its message names the
    /// command or the argument it refuses.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim_end_matches('\r').trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply::Silent;
        }
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or_default().to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let ok = |s: String| Reply::Send(format!("= {s}").trim_end().to_string());
        let fail = |s: String| Reply::Send(format!("? {s}"));
        match command.as_str() {
            "name" => ok("ply".into()),
            "version" => ok(env!("CARGO_PKG_VERSION").into()),
            "protocol" => ok("ply-text 1".into()),
            "known_command" => ok(rest
                .first()
                .is_some_and(|c| COMMANDS.contains(&c.to_ascii_lowercase().as_str()))
                .to_string()),
            "list_commands" => ok(COMMANDS.join("\n")),
            "quit" => Reply::Quit("=".into()),
            "clear_board" => {
                self.state = self.start.clone();
                self.history.clear();
                self.agent.new_game();
                ok(String::new())
            }
            "play" if rest.is_empty() => fail("syntax error: play needs a move (play MOVE)".into()),
            "play" => match self.state.play_notation(&rest.join(" ")) {
                Ok(mv) => {
                    self.history.push(mv);
                    ok(String::new())
                }
                Err(e) => fail(format!("illegal move: {}", e)),
            },
            "genmove" => {
                if self.state.is_terminal() {
                    return fail("genmove: the game is over".into());
                }
                match self.agent.select(&self.state, &self.limits) {
                    Some(d) => {
                        let text = self.state.format_move(d.mv);
                        match self.state.try_play(d.mv) {
                            Ok(()) => {
                                self.history.push(d.mv);
                                ok(text)
                            }
                            Err(e) => fail(format!("engine error: {e}")),
                        }
                    }
                    None => fail("genmove: the agent found no move".into()),
                }
            }
            "undo" => {
                let n = match rest.first().map(|n| n.parse::<usize>()) {
                    None => 1,
                    Some(Ok(n)) => n,
                    Some(Err(_)) => {
                        return fail(format!(
                            "syntax error: undo takes a number of moves, not {}",
                            quote(rest[0])
                        ))
                    }
                };
                if n > self.history.len() {
                    return fail(format!(
                        "cannot undo {n} move(s): {} played",
                        self.history.len()
                    ));
                }
                for _ in 0..n {
                    let mv = self.history.pop().expect("checked length");
                    self.state.undo(mv);
                }
                ok(String::new())
            }
            "winner" => ok(match self.state.outcome() {
                None => "false".into(),
                Some(s) => {
                    let best = (0..s.players())
                        .map(|p| s.get(p))
                        .fold(f64::NEG_INFINITY, f64::max);
                    let winners: Vec<usize> =
                        (0..s.players()).filter(|&p| s.get(p) == best).collect();
                    if winners.len() > 1 {
                        "true draw".into()
                    } else {
                        format!("true {}", player_label(self.state.name(), winners[0]))
                    }
                }
            }),
            "showboard" => ok(format!("\n{}", self.state)),
            "position" => ok(self.state.to_text()),
            "setposition" if rest.is_empty() => {
                fail("syntax error: setposition needs a position text".into())
            }
            "setposition" => match self.start.from_text(&rest.join(" ")) {
                Ok(s) => {
                    self.state = s;
                    self.history.clear();
                    ok(String::new())
                }
                Err(e) => fail(e.to_string()),
            },
            "loadrecord" if rest.is_empty() => {
                fail("syntax error: loadrecord needs the path of a record file".into())
            }
            "loadrecord" => match self.load_record(&rest.join(" ")) {
                Ok(()) => ok(String::new()),
                Err(e) => fail(format!("{e:#}")),
            },
            "legal_moves" => {
                let mut moves = Vec::new();
                self.state.legal_moves(&mut moves);
                let list: Vec<String> = moves.iter().map(|&m| self.state.format_move(m)).collect();
                ok(list.join(" "))
            }
            _ => fail(format!(
                "unknown command {} (list_commands lists them)",
                quote(&command)
            )),
        }
    }

    /// Plays the game record in the file at `path` (its first record) from its start: the
    /// position where it ends becomes the current one, and `undo` takes its moves back.
    /// Nothing changes if the file or the record is refused.
    fn load_record(&mut self, path: &str) -> anyhow::Result<()> {
        let record = crate::start::read_first(std::path::Path::new(path))?;
        let replay = record.replay_on(&self.start)?;
        self.state = replay.end;
        self.history = replay.moves;
        Ok(())
    }

    /// Serves the protocol until `quit` or the end of the input. A line that is not UTF-8 or
    /// is too long gets `? message` and the engine reads on.
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, mut output: W) -> io::Result<()> {
        let mut lines = LineReader::new(input);
        while let Some(line) = lines.next_line()? {
            let reply = match line {
                Ok(line) => self.handle(&line),
                Err(bad) => Reply::Send(format!("? {bad}")),
            };
            match reply {
                Reply::Silent => continue,
                Reply::Send(text) => {
                    write!(output, "{text}\n\n")?;
                    output.flush()?;
                }
                Reply::Quit(text) => {
                    write!(output, "{text}\n\n")?;
                    output.flush()?;
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}
