//! The variant flags: one `--NAME` per parameter any game's descriptor declares
//! (`--width`, `--size`, `--board`…), collected as [`Settings`] for the game to read. The
//! game refuses a setting it does not have, naming it; and once the game is named on the
//! command line, help shows that game's flags only (see [`for_game`]).

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use ply_core::{ParamKind, Settings};
use ply_registry::GameId;

/// The help heading of the variant flags.
const HEADING: &str = "Variant";

/// The variant settings given on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantArgs {
    pub settings: Settings,
}

impl VariantArgs {
    /// `self` with `name` set, for tests and callers that build variants in code.
    pub fn with(self, name: &str, value: impl ToString) -> Self {
        VariantArgs {
            settings: self.settings.with(name, value),
        }
    }
}

/// Every parameter name of every game, once each, in the order the games list them.
fn all_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for game in GameId::ALL {
        for param in game.descriptor().params {
            if !names.contains(&param.name) {
                names.push(param.name);
            }
        }
    }
    names
}

/// The help of `--name` for the games in `games`: `connect4: number of columns, 1 to 36
/// (default 7)`, one game after another.
fn help_for(name: &str, games: &[GameId]) -> String {
    games
        .iter()
        .filter_map(|game| {
            let param = game.descriptor().param(name)?;
            let text = format!(
                "{}, {} (default {})",
                param.help,
                param.allowed(),
                param.default
            );
            Some(if games.len() == 1 {
                text
            } else {
                format!("{}: {text}", game.name())
            })
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn value_name(name: &str) -> &'static str {
    let choice = GameId::ALL.iter().any(|game| {
        game.descriptor()
            .param(name)
            .is_some_and(|p| matches!(p.kind, ParamKind::Choice(_)))
    });
    if choice {
        "NAME"
    } else {
        "N"
    }
}

impl Args for VariantArgs {
    fn augment_args(mut cmd: Command) -> Command {
        for name in all_names() {
            cmd = cmd.arg(
                Arg::new(name)
                    .long(name)
                    .value_name(value_name(name))
                    .help(help_for(name, GameId::ALL))
                    .help_heading(HEADING),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for VariantArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut variant = VariantArgs::default();
        variant.update_from_arg_matches(matches)?;
        Ok(variant)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for name in all_names() {
            if let Ok(Some(value)) = matches.try_get_one::<String>(name) {
                self.settings.set(name, value);
            }
        }
        Ok(())
    }
}

/// `cmd` with its variant flags narrowed to `game`'s: the other games' flags are hidden
/// (still read, so the game refuses them by name) and the help of each is the game's own.
/// Applied to every subcommand.
pub fn for_game(cmd: Command, game: GameId) -> Command {
    let mut cmd = cmd;
    for name in all_names() {
        if cmd.get_arguments().any(|arg| arg.get_id() == name) {
            let own = game.descriptor().param(name).is_some();
            cmd = cmd.mut_arg(name, |arg| {
                if own {
                    arg.help(help_for(name, &[game]))
                } else {
                    arg.hide(true)
                }
            });
        }
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, |sub| for_game(sub, game));
    }
    cmd
}

/// The game named in `argv` (the first argument that is a game's name, or names one of the
/// game's own subcommands, as `connect4-book` does), whose flags help should show.
pub fn game_in(argv: &[String]) -> Option<GameId> {
    argv.iter().find_map(|arg| {
        GameId::from_name(arg).or_else(|| GameId::from_name(arg.split_once('-')?.0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        variant: VariantArgs,
    }

    #[test]
    fn every_games_flags_are_read_into_settings() {
        let probe = Probe::parse_from(["probe", "--width", "9", "--board", "star121"]);
        assert_eq!(probe.variant.settings.get("width"), Some("9"));
        assert_eq!(probe.variant.settings.get("board"), Some("star121"));
        assert_eq!(probe.variant.settings.get("size"), None);
    }

    #[test]
    fn the_game_is_named_by_its_name_or_its_own_subcommand() {
        let words = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            game_in(&words("solve connect4 4453")),
            Some(GameId::Connect4)
        );
        assert_eq!(
            game_in(&words("solve connect4-book --help")),
            Some(GameId::Connect4)
        );
        assert_eq!(
            game_in(&words("list --width 9 quoridor")),
            Some(GameId::Quoridor)
        );
        assert_eq!(game_in(&words("bench --help")), None);
        assert_eq!(game_in(&words("-")), None);
    }

    #[test]
    fn help_for_a_game_shows_its_flags_only() {
        let help = for_game(<Probe as clap::CommandFactory>::command(), GameId::Quoridor)
            .render_help()
            .to_string();
        assert!(
            help.contains("--size") && help.contains("--walls"),
            "{help}"
        );
        assert!(
            !help.contains("--width") && !help.contains("--board"),
            "{help}"
        );
        let all = <Probe as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        assert!(all.contains("--width") && all.contains("--board"), "{all}");
    }
}

#[cfg(test)]
mod collisions {
    use clap::CommandFactory;
    use ply_registry::GameId;

    /// Every long flag of `command` and its subcommands that is not a variant flag.
    fn own_flags(command: &clap::Command, found: &mut Vec<(String, String)>) {
        for arg in command.get_arguments() {
            let variant = arg.get_help_heading() == Some(super::HEADING);
            if let (false, Some(long)) = (variant, arg.get_long()) {
                found.push((command.get_name().to_string(), long.to_string()));
            }
        }
        for sub in command.get_subcommands() {
            own_flags(sub, found);
        }
    }

    /// A game's variant parameter named like a subcommand's own flag would take that flag's
    /// value (`--max-plies` of `ply arena` was once read as a halma setting).
    #[test]
    fn no_variant_parameter_shares_a_name_with_a_subcommands_flag() {
        let mut flags = Vec::new();
        own_flags(&crate::Cli::command(), &mut flags);
        for game in GameId::ALL {
            for param in game.descriptor().params {
                let clash: Vec<&String> = flags
                    .iter()
                    .filter(|(_, long)| long == param.name)
                    .map(|(command, _)| command)
                    .collect();
                assert!(
                    clash.is_empty(),
                    "{}'s --{} is also a flag of {clash:?}",
                    game.name(),
                    param.name
                );
            }
        }
    }
}
