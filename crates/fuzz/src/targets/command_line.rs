//! The command line: every subcommand's flags read by clap (never run), the variant flags
//! turned into a game, and `ply play`'s session driven by the lines after the arguments.

use std::io::Cursor;

use clap::{CommandFactory, FromArgMatches, Parser};
use ply_cli::commands::play::{session, PlayArgs};
use ply_cli::games::GameName;
use ply_cli::variant::VariantArgs;
use ply_cli::{Cli, Command, EngineCommand};

use crate::checks::{check_error, check_message, text};
use crate::runner::{seeds_of, Outcome, Target};

/// The game of a parsed command line and its variant flags, if it names one.
fn game_of(command: &Command) -> Option<(GameName, &VariantArgs)> {
    match command {
        Command::Play(args) => Some((args.game, &args.variant)),
        Command::Perft(args) => Some((args.game, &args.variant)),
        Command::Engine(EngineCommand::Tictactoe(args)) => {
            Some((GameName::Tictactoe, &args.variant))
        }
        Command::Engine(EngineCommand::Connect4(args)) => Some((GameName::Connect4, &args.variant)),
        _ => None,
    }
}

/// Builds the start position the flags describe; the error, if any, as text.
fn build(game: GameName, variant: &VariantArgs) -> Result<String, String> {
    ply_registry::with_game!(game, |G| {
        <G as ply_core::Described>::from_settings(&variant.settings)
            .map(|_| "built".to_string())
            .map_err(|e| e.to_string())
    })
}

/// The words of the first line, as a shell would pass them (no quoting).
fn argv(line: &str) -> Vec<String> {
    std::iter::once("ply".to_string())
        .chain(line.split_whitespace().map(str::to_string))
        .collect()
}

/// The parser is built once: clap builds its command tree on every `parse`, which would cost
/// more than the parsing it tests.
pub struct Flags {
    parser: clap::Command,
}

impl Flags {
    pub fn new() -> Self {
        Flags {
            parser: Cli::command(),
        }
    }
}

impl Default for Flags {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Flags {
    fn name(&self) -> &str {
        "flags"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        seeds_of(&[
            "play connect4 --width 9 --height 7 --k 5",
            "play quoridor --size 5 --walls 3",
            "play halma --board star121 --players 6",
            "perft connect4 --depth 3 --width 36 --height 6",
            "engine connect4 --width 4 --height 18446744073709551615",
            "engine tictactoe --time 1e20s --seed 1",
            "perft quoridor --size 26 --depth 2",
            "play quoridor --size 1844674407370955161",
            "arena tictactoe --agents random;greedy --games 10 --time-per-move 10ms",
            "solve connect4 --table-bits 24 --threads 2 4453",
            "bench connect4-solver --set Test_L3_R1 --limit 5",
            "serve --port 0 --game-ttl 1m --max-search-mb 64",
            "play halma --players 3 --width 7",
        ])
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "play",
            "perft",
            "engine",
            "solve",
            "arena",
            "bench",
            "serve",
            "levels",
            "list",
            "tictactoe",
            "connect4",
            "quoridor",
            "halma",
            "--width",
            "--height",
            "--k",
            "--size",
            "--walls",
            "--board",
            "--players",
            "star",
            "rhombus",
            "star121",
            "--depth",
            "--time",
            "--agent",
            "--level",
            "--seat",
            "--games",
            "--seed",
            "ms",
            "s",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let line = text(input).lines().next().unwrap_or("").to_string();
        let parsed = self
            .parser
            .try_get_matches_from_mut(argv(&line))
            .and_then(|matches| Cli::from_arg_matches(&matches));
        let cli = match parsed {
            Ok(cli) => cli,
            // clap's own message (with usage) is several lines by design; it must not panic.
            Err(e) => return Ok(Outcome::of(&format!("clap {:?}", e.kind()))),
        };
        let Some((game, variant)) = game_of(&cli.command) else {
            return Ok(Outcome::of("parsed"));
        };
        match build(game, variant) {
            Ok(done) => Ok(Outcome::of(&done)),
            Err(message) => {
                // A number is named as read (`--height 0844` is height '844'): naming the
                // setting of a flag given (`bad setting width x height = …`) names the input.
                let setting = message
                    .strip_prefix("bad setting ")
                    .and_then(|rest| rest.split(" = ").next())
                    .unwrap_or("");
                let names_a_flag = line
                    .split_whitespace()
                    .filter_map(|word| word.strip_prefix("--"))
                    // `--width=x` is the flag `width` with the value `x`.
                    .map(|word| word.split('=').next().unwrap_or(word))
                    .any(|flag| !flag.is_empty() && setting.split(' ').any(|w| w == flag));
                // `--board=` gives an empty value, which a message names as ''.
                let names_an_empty_value = message.contains("''")
                    && line
                        .split_whitespace()
                        .any(|word| word.starts_with("--") && word.ends_with('='));
                if !names_a_flag && !names_an_empty_value {
                    check_error(&message, &line)?;
                }
                Ok(Outcome::of(&message))
            }
        }
    }
}

/// `ply play`: the first line holds the arguments, the others are what the person types.
/// The engine is always `random` (agent specs have their own target; a strong engine would
/// only make each input slower).
pub struct Play {
    parser: clap::Command,
}

impl Play {
    pub fn new() -> Self {
        Play {
            parser: PlayOnly::command(),
        }
    }
}

impl Default for Play {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Parser)]
struct PlayOnly {
    #[command(flatten)]
    args: PlayArgs,
}

impl Target for Play {
    fn name(&self) -> &str {
        "play"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        seeds_of(&[
            "tictactoe\nb2\nundo\nhint\nmoves\na1\nc3\nquit",
            "connect4 --first engine\n4\n4\n4\nundo\n4\nhelp",
            "quoridor --size 5\ne2\nc3h\nhint\nundo\nmoves",
            "halma --board star --players 3 --seat 2\nhint\nmoves\nundo",
            "halma --board rhombus\n3,-6 3,-4\nhint\n[[1,-4],[1,-3]]",
            "halma --board star121 --players 6 --seat 5\nhint\nhint\nundo\nundo",
            "connect4 --width 4 --height 4 --k 3\n1\n2\n3\n4\n1\n2\n3\n4\n1\n2",
        ])
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "\n",
            "undo",
            "hint",
            "moves",
            "help",
            "new",
            "quit",
            "--first",
            "engine",
            "human",
            "--seat",
            "--players",
            "--board",
            "--size",
            "--walls",
            "--position",
            "4453",
            "e2",
            "b2",
            "4",
            "3,-6",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let whole = text(input);
        let (first, rest) = whole.split_once('\n').unwrap_or((whole.as_str(), ""));
        let words = std::iter::once("play").chain(first.split_whitespace());
        let parsed = self
            .parser
            .try_get_matches_from_mut(words)
            .and_then(|matches| PlayOnly::from_arg_matches(&matches));
        let Ok(parsed) = parsed else {
            return Ok(Outcome::of("clap"));
        };
        let mut args = parsed.args;
        args.agent = Some("random".to_string());
        args.level = None;
        // The fuzzer reads and writes no files: --position is fuzzed, --record and --save not.
        args.save = None;
        args.start.record = None;
        let mut person = Cursor::new(rest.as_bytes().to_vec());
        let mut screen = Vec::new();
        let result = ply_registry::with_game!(args.game, |G| {
            ply_cli::start::resolve::<G>(&args.start, &args.variant).and_then(|s| {
                session(
                    s,
                    &<G as ply_registry::Registered>::catalog(),
                    &args,
                    &mut person,
                    &mut screen,
                )
            })
        });
        match result {
            Ok(()) => Ok(Outcome::of(&format!("played {}", screen.len().min(1)))),
            Err(e) => {
                let message = format!("{e:#}");
                check_message(&message)?;
                Ok(Outcome::of(&message))
            }
        }
    }
}
