//! The one list of games: every front end (command line, engines, arena, web API, fuzzing)
//! finds the games here and learns about each from its [`Descriptor`], written in the
//! game's own folder. Adding a game is a line in [`games!`] (its crate provides the
//! descriptor, `Described` and an agent catalog).

use std::fmt;
use std::str::FromStr;

pub use ply_core::{Described, Descriptor, Settings};
use ply_search::spec::Catalog;

// The game crates, for the expansion of [`with_game!`] in other crates.
pub use ply_connect4;
pub use ply_halma;
pub use ply_quoridor;
pub use ply_tictactoe;

/// A game with an agent catalog: what a front end needs to build engines for it.
pub trait Registered: Described {
    /// Every agent spec this game's engines accept (`ply list GAME` shows them).
    fn catalog() -> Catalog<Self>;
}

/// Writes [`GameId`], its list, the catalogs and the dispatch macro from one table, so a game cannot be
/// listed in one and forgotten in another.
macro_rules! games {
    ($d:tt; $($id:ident => $krate:ident :: $state:ident, $catalog:path;)*) => {
        /// Every game `ply` plays.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($id,)*
        }

        impl GameId {
            /// Every game, in the order lists show them.
            pub const ALL: &'static [GameId] = &[$(GameId::$id,)*];

            /// The game's descriptor.
            pub fn descriptor(self) -> &'static Descriptor {
                match self {
                    $(GameId::$id => <$krate::$state as Described>::DESCRIPTOR,)*
                }
            }
        }

        $(
            impl Registered for $krate::$state {
                fn catalog() -> Catalog<Self> {
                    $catalog()
                }
            }
        )*

        /// Runs `$body` with the type name `$G` bound to the state type of the game `$game`
        /// (a [`GameId`]); the body is compiled once per game.
        ///
        /// ```
        /// use ply_registry::{with_game, GameId, Registered, Settings, Described};
        /// let names: Vec<String> = GameId::ALL
        ///     .iter()
        ///     .map(|&game| with_game!(game, |G| G::catalog().entries().len().to_string()))
        ///     .collect();
        /// assert_eq!(names.len(), GameId::ALL.len());
        /// ```
        #[macro_export]
        macro_rules! with_game {
            ($d game:expr, |$d G:ident| $d body:expr) => {
                match $d game {
                    $($crate::GameId::$id => {
                        #[allow(non_camel_case_types, dead_code)]
                        type $d G = $crate::$krate::$state;
                        $d body
                    })*
                }
            };
        }
    };
}

// `$` is passed in so the inner macro can have metavariables of its own.
games! {
    $;
    Connect4 => ply_connect4::Connect4, ply_connect4::catalog;
    Quoridor => ply_quoridor::Quoridor, ply_quoridor::agents::catalog;
    Halma => ply_halma::Halma, ply_halma::catalog;
    Tictactoe => ply_tictactoe::TicTacToe, ply_tictactoe::catalog;
}

impl GameId {
    /// The name on the command line and in the API.
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// The game called `name` (exactly, as [`GameId::name`] writes it).
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.iter().copied().find(|g| g.name() == name)
    }

    /// Every game's name: `tictactoe, connect4, quoridor, halma`.
    pub fn names() -> String {
        GameId::ALL
            .iter()
            .map(|g| g.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The agent spec of the game's full-strength engine: the top of its ladder, the
    /// default of `ply play`, the engines and the page.
    pub fn default_agent(self) -> &'static str {
        self.descriptor()
            .ladder
            .last()
            .map_or("random", |rung| rung.spec)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not in the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game {}: the games are {}",
            ply_core::quote(&self.0),
            GameId::names()
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<GameId, UnknownGame> {
        GameId::from_name(name).ok_or_else(|| UnknownGame(name.to_string()))
    }
}

#[cfg(feature = "clap")]
impl clap::ValueEnum for GameId {
    fn value_variants<'a>() -> &'a [Self] {
        GameId::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.descriptor().summary))
    }
}
