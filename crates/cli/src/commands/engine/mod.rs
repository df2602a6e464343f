//! `ply engine GAME`: the game's engine protocol on standard input and output, one
//! subcommand per game of the registry, speaking the protocols its descriptor lists (the
//! first unless `--protocol` names another). A game that speaks the text protocol needs no
//! code here; a protocol of one game's own is wired below to that game's module
//! (`commands/GAME/`).

pub mod text;

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches, Subcommand};
use ply_core::{Descriptor, Protocol};
use ply_registry::GameId;

use super::halma::HalmaEngineArgs;
use super::quoridor::qtp::QtpArgs;
use crate::variant::VariantArgs;
use text::TextEngineArgs;

/// `ply engine GAME [--protocol NAME] …`: the game and its engine's options.
#[derive(Debug)]
pub struct EngineCommand {
    pub game: GameId,
    pub engine: Engine,
}

/// A protocol and the options its engine reads.
#[derive(Debug)]
pub enum Engine {
    Text(TextEngineArgs),
    Qtp(QtpArgs),
    JsonLines(HalmaEngineArgs),
    Ccp(HalmaEngineArgs),
}

impl EngineCommand {
    /// The variant flags given, for a protocol that reads them.
    pub fn variant(&self) -> Option<&VariantArgs> {
        match &self.engine {
            Engine::Text(args) => Some(&args.variant),
            Engine::JsonLines(args) | Engine::Ccp(args) => Some(&args.variant),
            Engine::Qtp(_) => None,
        }
    }

    /// Speaks the protocol until its end (`quit` or the end of standard input).
    pub fn run(&self) -> anyhow::Result<()> {
        match &self.engine {
            Engine::Text(args) => text::run(self.game, args),
            Engine::Qtp(args) => super::quoridor::qtp::run(args),
            Engine::JsonLines(args) => super::halma::json_lines::run(args),
            Engine::Ccp(args) => super::halma::ccp::run(args),
        }
    }
}

/// The flags `protocol`'s engine reads, as a command holding them.
fn flags(protocol: Protocol) -> Command {
    let holder = Command::new("flags");
    match protocol {
        Protocol::Text => TextEngineArgs::augment_args(holder),
        Protocol::Qtp => QtpArgs::augment_args(holder),
        Protocol::JsonLines | Protocol::Ccp => HalmaEngineArgs::augment_args(holder),
    }
}

/// `protocol`'s options, read from the game's subcommand.
fn read(protocol: Protocol, matches: &ArgMatches) -> Result<Engine, clap::Error> {
    Ok(match protocol {
        Protocol::Text => Engine::Text(TextEngineArgs::from_arg_matches(matches)?),
        Protocol::Qtp => Engine::Qtp(QtpArgs::from_arg_matches(matches)?),
        Protocol::JsonLines => Engine::JsonLines(HalmaEngineArgs::from_arg_matches(matches)?),
        Protocol::Ccp => Engine::Ccp(HalmaEngineArgs::from_arg_matches(matches)?),
    })
}

/// The game's protocols for a person: `QTP`, or `JSON lines (default), CCP (--protocol
/// ccp)`.
pub fn protocols(about: &Descriptor) -> String {
    if let [only] = about.protocols {
        return only.name().to_string();
    }
    about
        .protocols
        .iter()
        .enumerate()
        .map(|(i, p)| match i {
            0 => format!("{} (default)", p.name()),
            _ => format!("{} (--protocol {})", p.name(), p.key()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The subcommand of `game`: `--protocol`, then the flags of each of its protocols (a flag
/// two protocols share, such as `--agent`, once: the first protocol's).
fn game_command(game: GameId) -> Command {
    let about: &'static Descriptor = game.descriptor();
    let mut keys: Vec<String> = about
        .protocols
        .iter()
        .map(|p| p.key().to_string())
        .collect();
    keys[0].push_str(" (the default)");
    let mut command = Command::new(about.name)
        .about(format!("{}: {}.", about.title, protocols(about)))
        .arg(
            Arg::new("protocol")
                .long("protocol")
                .value_name("NAME")
                .help(format!(
                    "The protocol: {} (`ply list {}` names them)",
                    keys.join(", "),
                    about.name
                ))
                .value_parser(move |key: &str| about.protocol_named(key)),
        );
    for &protocol in about.protocols {
        for arg in flags(protocol).get_arguments() {
            if !command.get_arguments().any(|a| a.get_id() == arg.get_id()) {
                command = command.arg(arg.clone());
            }
        }
    }
    command
}

impl FromArgMatches for EngineCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let missing = || clap::Error::new(clap::error::ErrorKind::MissingSubcommand);
        let (name, matches) = matches.subcommand().ok_or_else(missing)?;
        let game = GameId::from_name(name).ok_or_else(missing)?;
        let protocol = matches
            .get_one::<Protocol>("protocol")
            .copied()
            .unwrap_or_else(|| game.descriptor().protocol());
        Ok(EngineCommand {
            game,
            engine: read(protocol, matches)?,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for EngineCommand {
    fn augment_subcommands(command: Command) -> Command {
        GameId::ALL
            .iter()
            .fold(command, |command, &game| {
                command.subcommand(game_command(game))
            })
            .subcommand_required(true)
            .subcommand_value_name("GAME")
    }

    fn augment_subcommands_for_update(command: Command) -> Command {
        Self::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        GameId::from_name(name).is_some()
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::{Cli, Command as Sub};

    fn parse(words: &[&str]) -> Result<EngineCommand, clap::Error> {
        let argv = ["ply", "engine"].iter().chain(words);
        match Cli::try_parse_from(argv)?.command {
            Sub::Engine(engine) => Ok(engine),
            other => panic!("{other:?}"),
        }
    }

    /// Every registered game has `ply engine GAME`, and each protocol its descriptor lists
    /// is read with that protocol's options (so two protocols of one game that share a flag
    /// must read it alike, or this fails).
    #[test]
    fn every_game_speaks_each_of_its_protocols() {
        for &game in GameId::ALL {
            let about = game.descriptor();
            let command = parse(&[about.name]).unwrap_or_else(|e| panic!("{}: {e}", about.name));
            assert_eq!(command.game, game);
            assert_eq!(
                protocol_of(&command.engine),
                about.protocol(),
                "{}",
                about.name
            );
            for protocol in about.protocols {
                let command = parse(&[about.name, "--protocol", protocol.key()])
                    .unwrap_or_else(|e| panic!("{} {}: {e}", about.name, protocol.key()));
                assert_eq!(protocol_of(&command.engine), *protocol);
            }
        }
    }

    fn protocol_of(engine: &Engine) -> Protocol {
        match engine {
            Engine::Text(_) => Protocol::Text,
            Engine::Qtp(_) => Protocol::Qtp,
            Engine::JsonLines(_) => Protocol::JsonLines,
            Engine::Ccp(_) => Protocol::Ccp,
        }
    }

    /// A protocol of one game's own runs that game's engine, so no other game may list it.
    #[test]
    fn a_games_own_protocol_is_listed_by_that_game_only() {
        for &game in GameId::ALL {
            for protocol in game.descriptor().protocols {
                let owner = match protocol {
                    Protocol::Text => continue,
                    Protocol::Qtp => GameId::Quoridor,
                    Protocol::JsonLines | Protocol::Ccp => GameId::Halma,
                };
                assert_eq!(game, owner, "{} lists {}", game.name(), protocol.key());
            }
        }
    }

    #[test]
    fn a_protocol_the_game_does_not_speak_is_refused_naming_its_protocols() {
        let err = parse(&["halma", "--protocol", "uci"])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no protocol 'uci': it speaks json, ccp"),
            "{err}"
        );
        assert!(parse(&["halma", "--protocol", "CCP"]).is_ok());
        let err = parse(&["connect4", "--protocol", "qtp"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("connect4 speaks no protocol 'qtp'"), "{err}");
        assert!(parse(&["chess"]).is_err());
        assert!(parse(&[]).is_err());
    }
}
