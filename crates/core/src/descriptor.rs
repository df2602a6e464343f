//! What a game tells every front end about itself, written once in the game's own folder.
//!
//! The command line, the engines, the arena, the web API and the page all read a game's
//! [`Descriptor`]: its name and summary, its variant parameters (the one place their
//! defaults and bounds are stated), its players, its move notation, what its evaluation's
//! numbers mean, and its level ladder. A game implements [`Described`] to build its start
//! position from the [`Settings`] a user gave.

use std::fmt;

use crate::analyst::{ExactAnalyst, Fallback};
use crate::error::GameError;
use crate::game::Game;
use crate::ladder::Rung;
use crate::quote::quote;

/// Everything a front end needs to know about a game without knowing the game.
#[derive(Debug)]
pub struct Descriptor {
    /// The name on the command line and in the API (`connect4`).
    pub name: &'static str,
    /// The name a person reads (`Connect Four`).
    pub title: &'static str,
    /// One line: what the game is (its goal is [`Descriptor::goal`]'s).
    pub summary: &'static str,
    /// One line: how the game is won (and drawn), as a person is told before the first
    /// move (`ply play`, the page).
    pub goal: &'static str,
    /// The variant parameters, in the order help lists them.
    pub params: &'static [Param],
    /// The seats, in turn order: as many as the variant with the most players has.
    pub seats: &'static [Seat],
    /// What a move looks like.
    pub notation: Notation,
    /// What the numbers of the game's evaluation mean.
    pub values: &'static str,
    /// The difficulty ladder, weakest first; its last rung is full strength and the default
    /// engine everywhere.
    pub ladder: &'static [Rung],
    /// The variant the ladder's ratings were measured on, as settings (the ones not listed
    /// at their defaults); other variants show the same levels unrated.
    pub rated_on: &'static [(&'static str, &'static str)],
    /// The text protocols `ply engine GAME` speaks, the default first (`--protocol NAME`
    /// chooses another). Never empty.
    pub protocols: &'static [Protocol],
}

/// One variant parameter.
#[derive(Debug)]
pub struct Param {
    /// The name: `--name` on the command line, `"name"` in the API.
    pub name: &'static str,
    /// What it sets, for help texts.
    pub help: &'static str,
    /// Its type and allowed values.
    pub kind: ParamKind,
    /// The value when it is not given: the one place it is stated, read by the game's
    /// constructor (`Descriptor::int_or_default`), help and the page.
    pub default: ParamDefault,
    /// The values a menu offers (the page's), as text; `""` stands for the default.
    pub menu: &'static [&'static str],
}

/// A parameter's type and allowed values.
#[derive(Debug, Clone, Copy)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int { min: usize, max: usize },
    /// One of a few names.
    Choice(&'static [&'static str]),
}

/// A parameter's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamDefault {
    /// A whole number, for a [`ParamKind::Int`] parameter.
    Int(usize),
    /// One of the names of a [`ParamKind::Choice`] parameter.
    Choice(&'static str),
    /// Worked out by the game's constructor from the other settings, as the text says for
    /// help (Quoridor's walls, from the board size and the players).
    Computed(&'static str),
}

impl ParamDefault {
    /// The default as a setting would give it; `None` for a computed one.
    pub fn value(self) -> Option<String> {
        match self {
            ParamDefault::Int(n) => Some(n.to_string()),
            ParamDefault::Choice(name) => Some(name.to_string()),
            ParamDefault::Computed(_) => None,
        }
    }
}

/// As help shows it: the value, or how it is computed.
impl fmt::Display for ParamDefault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamDefault::Int(n) => write!(f, "{n}"),
            ParamDefault::Choice(text) | ParamDefault::Computed(text) => f.write_str(text),
        }
    }
}

/// One seat at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// What the seat is called (`Red`, `X`, `Black`, `A`).
    pub name: &'static str,
    /// The colour the page draws it with (a CSS colour).
    pub colour: &'static str,
    /// How its pieces look on the terminal's board (`x` for Connect Four's Red), so a
    /// person is told which they are.
    pub mark: &'static str,
}

/// How moves are written.
#[derive(Debug, Clone, Copy)]
pub struct Notation {
    /// What a move looks like, in a sentence.
    pub summary: &'static str,
    /// A legal first move of the standard variant.
    pub example: &'static str,
    /// How to write a move, for a person at the board (`help` in `ply play`): a few
    /// sentences with examples, each line at most about 90 characters.
    pub help: &'static str,
}

/// A protocol of `ply engine GAME` (each game's README describes its own; docs/rules.md
/// the shared text protocol).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// QTP's style: a command per line, `= result` or `? error`, then an empty line.
    Text,
    /// QTP itself (Quoridor).
    Qtp,
    /// One JSON position per line in, one JSON move per line out (halma).
    JsonLines,
    /// CCP, the Chinese Checkers Protocol of the CCERL rating list (halma's ccerl rules).
    Ccp,
}

impl Protocol {
    /// The name a person reads.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Text => "text (QTP style)",
            Protocol::Qtp => "QTP",
            Protocol::JsonLines => "JSON lines",
            Protocol::Ccp => "CCP",
        }
    }

    /// The name `--protocol` takes.
    pub fn key(self) -> &'static str {
        match self {
            Protocol::Text => "text",
            Protocol::Qtp => "qtp",
            Protocol::JsonLines => "json",
            Protocol::Ccp => "ccp",
        }
    }
}

/// A game that can describe itself and start from a user's settings.
pub trait Described: Game + Sized {
    /// The game's descriptor.
    const DESCRIPTOR: &'static Descriptor;

    /// One step of advantage in the values of the game's tree searches (a step of path in
    /// Quoridor): `ply analyze` calls a move that loses one an inaccuracy, two a mistake,
    /// four a blunder, unless told otherwise.
    const VALUE_UNIT: f64 = 1.0;

    /// The game's exact analyst, if it has one: `ply analyze` judges with it when given no
    /// agent, `ply serve`'s solver view uses it in every variant, and its Analyse button in
    /// every variant but those [`Described::quick_fallback`] leaves to a search.
    const EXACT_ANALYST: Option<ExactAnalyst> = None;

    /// Where time is short (a server analysing a whole game in seconds), the search that
    /// judges a game of this position's variant in place of the exact analyst, when that
    /// analyst does not answer every position of it within about a second; `None` where it
    /// does, or where the game has no exact analyst (its full-strength engine judges).
    fn quick_fallback(&self) -> Option<Fallback> {
        None
    }

    /// The start position of the variant `settings` ask for, each missing parameter at its
    /// default. Settings the game does not have are refused (see
    /// [`Descriptor::check_names`]); so are values out of their range.
    fn from_settings(settings: &Settings) -> Result<Self, GameError>;
}

/// Variant settings as a user gave them: parameter names and their text, in the order given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    values: Vec<(String, String)>,
}

impl Settings {
    pub fn new() -> Self {
        Settings::default()
    }

    /// Sets `name` (a later value replaces an earlier one).
    pub fn set(&mut self, name: impl Into<String>, value: impl ToString) {
        let name = name.into();
        let value = value.to_string();
        match self.values.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.values.push((name, value)),
        }
    }

    /// `self` with `name` set.
    pub fn with(mut self, name: impl Into<String>, value: impl ToString) -> Self {
        self.set(name, value);
        self
    }

    /// The text given for `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The settings, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

impl Descriptor {
    /// The protocol `ply engine GAME` speaks unless told otherwise.
    pub fn protocol(&self) -> Protocol {
        self.protocols[0]
    }

    /// The protocol `--protocol` names (any case), or an error listing the game's.
    pub fn protocol_named(&self, key: &str) -> Result<Protocol, String> {
        self.protocols
            .iter()
            .copied()
            .find(|p| p.key().eq_ignore_ascii_case(key.trim()))
            .ok_or_else(|| {
                let keys: Vec<&str> = self.protocols.iter().map(|p| p.key()).collect();
                format!(
                    "{} speaks no protocol {}: it speaks {}",
                    self.name,
                    quote(key),
                    keys.join(", ")
                )
            })
    }

    /// The settings of the variant the ladder was rated on.
    pub fn rated_settings(&self) -> Settings {
        let mut settings = Settings::new();
        for (name, value) in self.rated_on {
            settings.set(*name, value);
        }
        settings
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The parameters' names, for messages: `width, height, k` or `none`.
    pub fn param_names(&self) -> String {
        if self.params.is_empty() {
            "none".into()
        } else {
            self.params
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", ")
        }
    }

    /// Refuses a setting this game does not have, naming it and the game's parameters.
    pub fn check_names(&self, settings: &Settings) -> Result<(), GameError> {
        match settings.iter().find(|(name, _)| self.param(name).is_none()) {
            Some((name, value)) => Err(GameError::setting(
                name,
                value,
                format!(
                    "{} has no setting {} (its settings: {})",
                    self.name,
                    quote(name),
                    self.param_names()
                ),
            )),
            None => Ok(()),
        }
    }

    /// The whole number given for the integer parameter `name`, checked against its range;
    /// `None` when it was not given.
    ///
    /// # Panics
    /// If the game has no integer parameter `name` (a bug in the game, not an input).
    pub fn int(&self, settings: &Settings, name: &str) -> Result<Option<usize>, GameError> {
        let Some(param) = self.param(name) else {
            panic!("{} has no parameter {name}", self.name)
        };
        let ParamKind::Int { min, max } = param.kind else {
            panic!("{}'s parameter {name} is not a number", self.name)
        };
        let Some(text) = settings.get(name) else {
            return Ok(None);
        };
        let range = || format!("{} is a whole number from {min} to {max}", param.name);
        let value: usize = text
            .trim()
            .parse()
            .map_err(|_| GameError::setting(name, text, range()))?;
        if !(min..=max).contains(&value) {
            return Err(GameError::setting(name, text.trim(), range()));
        }
        Ok(Some(value))
    }

    /// The whole number given for the integer parameter `name`, checked against its range,
    /// or else its default.
    ///
    /// # Panics
    /// If the game has no integer parameter `name` with a number as its default.
    pub fn int_or_default(&self, settings: &Settings, name: &str) -> Result<usize, GameError> {
        Ok(match self.int(settings, name)? {
            Some(value) => value,
            None => self.default_int(name),
        })
    }

    /// The default of the integer parameter `name`.
    ///
    /// # Panics
    /// If the game has no parameter `name` with a number as its default.
    pub fn default_int(&self, name: &str) -> usize {
        match self.param(name).map(|p| p.default) {
            Some(ParamDefault::Int(value)) => value,
            other => panic!(
                "{}'s parameter {name} has no number as its default: {other:?}",
                self.name
            ),
        }
    }

    /// The name given for the choice parameter `name`, checked against its choices; `None`
    /// when it was not given.
    ///
    /// # Panics
    /// If the game has no choice parameter `name`.
    pub fn choice(
        &self,
        settings: &Settings,
        name: &str,
    ) -> Result<Option<&'static str>, GameError> {
        let Some(param) = self.param(name) else {
            panic!("{} has no parameter {name}", self.name)
        };
        let ParamKind::Choice(choices) = param.kind else {
            panic!("{}'s parameter {name} is not a choice", self.name)
        };
        let Some(text) = settings.get(name) else {
            return Ok(None);
        };
        let wanted = text.trim().to_ascii_lowercase();
        match choices.iter().find(|c| **c == wanted) {
            Some(choice) => Ok(Some(choice)),
            None => Err(GameError::setting(
                name,
                text,
                format!("{} is one of {}", param.name, choices.join(", ")),
            )),
        }
    }

    /// The name given for the choice parameter `name`, checked against its choices, or else
    /// its default.
    ///
    /// # Panics
    /// If the game has no choice parameter `name` with a name as its default.
    pub fn choice_or_default(
        &self,
        settings: &Settings,
        name: &str,
    ) -> Result<&'static str, GameError> {
        Ok(match self.choice(settings, name)? {
            Some(value) => value,
            None => match self.param(name).map(|p| p.default) {
                Some(ParamDefault::Choice(value)) => value,
                other => panic!(
                    "{}'s parameter {name} has no name as its default: {other:?}",
                    self.name
                ),
            },
        })
    }

    /// The settings that give every parameter with a value as its default that value (a
    /// computed default is left out): they build the same position as no settings at all.
    pub fn default_settings(&self) -> Settings {
        let mut settings = Settings::new();
        for param in self.params {
            if let Some(value) = param.default.value() {
                settings.set(param.name, value);
            }
        }
        settings
    }

    /// The seat names of a game of `players` players.
    pub fn seat_names(&self, players: usize) -> Vec<&'static str> {
        self.seats.iter().take(players).map(|s| s.name).collect()
    }
}

impl Seat {
    /// The seat's name, and its mark when the board draws it otherwise: `Red (x)`, `X`.
    pub fn label(&self) -> String {
        if self.mark == self.name {
            self.name.to_string()
        } else {
            format!("{} ({})", self.name, self.mark)
        }
    }
}

impl Param {
    /// The allowed values, for help: `3 to 25` or `star | rhombus | star121`.
    pub fn allowed(&self) -> String {
        match self.kind {
            ParamKind::Int { min, max } => format!("{min} to {max}"),
            ParamKind::Choice(choices) => choices.join(" | "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: &[Param] = &[
        Param {
            name: "size",
            help: "board size",
            kind: ParamKind::Int { min: 3, max: 25 },
            default: ParamDefault::Int(9),
            menu: &[],
        },
        Param {
            name: "board",
            help: "board shape",
            kind: ParamKind::Choice(&["star", "rhombus"]),
            default: ParamDefault::Choice("star"),
            menu: &["star", "rhombus"],
        },
    ];

    const TOY: Descriptor = Descriptor {
        name: "toy",
        title: "Toy",
        summary: "a test",
        goal: "to test",
        params: PARAMS,
        seats: &[],
        notation: Notation {
            summary: "",
            example: "",
            help: "",
        },
        values: "",
        ladder: &[],
        rated_on: &[],
        protocols: &[Protocol::Text],
    };

    #[test]
    fn numbers_are_read_and_checked_against_their_range() {
        let settings = Settings::new().with("size", "7");
        assert_eq!(TOY.int(&settings, "size").unwrap(), Some(7));
        assert_eq!(TOY.int(&Settings::new(), "size").unwrap(), None);
        for bad in ["2", "26", "-1", "x", "18446744073709551616", ""] {
            let err = TOY
                .int(&Settings::new().with("size", bad), "size")
                .unwrap_err();
            let text = err.to_string();
            assert!(text.contains("3 to 25"), "{text}");
            assert!(text.contains("size"), "{text}");
        }
    }

    #[test]
    fn choices_and_unknown_names_are_refused_by_name() {
        let settings = Settings::new().with("board", "Rhombus");
        assert_eq!(TOY.choice(&settings, "board").unwrap(), Some("rhombus"));
        let err = TOY
            .choice(&Settings::new().with("board", "hex"), "board")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'hex'") && err.contains("star, rhombus"),
            "{err}"
        );
        let err = TOY
            .check_names(&Settings::new().with("walls", "3"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'walls'") && err.contains("size, board"),
            "{err}"
        );
    }

    #[test]
    fn a_missing_setting_is_its_default() {
        assert_eq!(TOY.int_or_default(&Settings::new(), "size").unwrap(), 9);
        let settings = Settings::new().with("size", "7").with("board", "rhombus");
        assert_eq!(TOY.int_or_default(&settings, "size").unwrap(), 7);
        assert_eq!(
            TOY.choice_or_default(&settings, "board").unwrap(),
            "rhombus"
        );
        assert_eq!(
            TOY.choice_or_default(&Settings::new(), "board").unwrap(),
            "star"
        );
        let defaults = TOY.default_settings();
        assert_eq!(defaults.get("size"), Some("9"));
        assert_eq!(defaults.get("board"), Some("star"));
        assert_eq!(ParamDefault::Computed("size − 1").value(), None);
        assert_eq!(ParamDefault::Computed("size − 1").to_string(), "size − 1");
    }

    #[test]
    fn a_later_setting_replaces_an_earlier_one() {
        let settings = Settings::new().with("size", 5).with("size", 7);
        assert_eq!(settings.iter().count(), 1);
        assert_eq!(settings.get("size"), Some("7"));
    }
}
