//! Typed errors for everything a caller can get wrong about a game.

use thiserror::Error;

use crate::quote::{quote, tame};

/// What went wrong when a person or a program handed a game something it cannot take.
///
/// Every variant names the input and the rule it breaks, so a message can be shown as it is:
/// inputs are shown through [`quote`] and reasons through [`tame`], so the message is one
/// printable line of bounded length whatever the input was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The text is not a move in this game's notation.
    #[error("cannot read move {}: {}", quote(.input), tame(.reason))]
    Parse { input: String, reason: String },
    /// The move is well formed but the rules forbid it here.
    #[error("illegal move {}: {}", quote(.mv), tame(.rule))]
    Illegal { mv: String, rule: String },
    /// The game is over; no move may be played.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// A setting (board size, players, …) outside what the game supports.
    #[error("bad setting {} = {}: {}", tame(.setting), quote(.value), tame(.rule))]
    Setting {
        setting: String,
        value: String,
        rule: String,
    },
    /// A serialised position that cannot be read back.
    #[error("cannot read position {}: {}", quote(.input), tame(.reason))]
    Position { input: String, reason: String },
}

impl GameError {
    pub fn parse(input: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::Parse {
            input: input.into(),
            reason: reason.into(),
        }
    }

    pub fn illegal(mv: impl Into<String>, rule: impl Into<String>) -> Self {
        GameError::Illegal {
            mv: mv.into(),
            rule: rule.into(),
        }
    }

    pub fn setting(
        setting: impl Into<String>,
        value: impl ToString,
        rule: impl Into<String>,
    ) -> Self {
        GameError::Setting {
            setting: setting.into(),
            value: value.to_string(),
            rule: rule.into(),
        }
    }

    pub fn position(input: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::Position {
            input: input.into(),
            reason: reason.into(),
        }
    }
}
