//! The one list of games: every front end (command line, engines, arena, web API, Python,
//! fuzzing) finds the games here and learns about each from its [`Descriptor`], written in
//! the game's own folder. Adding a game is one line in the `games!` table below (and its
//! crate as a dependency in this crate's `Cargo.toml`): see docs/adding-a-game.md.

use std::fmt;
use std::str::FromStr;

pub use ply_core::{Described, Descriptor, Settings};
use ply_core::{Encode, ZobristHash};
use ply_search::spec::Catalog;
use ply_view::BoardView;

/// What every game provides, checked when the registry is built: a game missing one of
/// these traits fails `cargo build` with an error naming it ("the trait bound `G: Encode`
/// is not satisfied … required by a bound in `Registered`").
///
/// - [`Described`] (and through it `ply_core::Game`): the rules and the descriptor;
/// - [`ZobristHash`]: position hashing (transposition tables, repetition);
/// - [`Encode`]: observations and action numbers (the Python package, PettingZoo);
/// - [`BoardView`]: what the page draws (`ply serve`);
/// - an agent catalog, the one method here: the game's own, to which the registry adds the
///   agents every game gets from its `Encode` (`az` and `az-policy`, ply-learn).
pub trait Registered: Described + ZobristHash + Encode + BoardView {
    /// Every agent spec this game's engines accept (`ply list GAME` shows them).
    fn catalog() -> Catalog<Self>;
}

/// Writes [`GameId`], its list, the catalogs, the re-exports of the game crates (for the
/// expansion of [`with_game!`] in other crates) and the dispatch macro from one table, so a
/// game cannot be listed in one and forgotten in another.
macro_rules! games {
    ($d:tt; $($id:ident => $krate:ident :: $state:ident, $catalog:path;)*) => {
        $(pub use $krate;)*

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
                    let mut catalog = $catalog();
                    ply_learn::register(&mut catalog);
                    catalog
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

// One line a game: its `GameId` variant, its crate and state type, its catalog function.
// (`$` is passed in so the inner macro can have metavariables of its own.)
games! {
    $;
    Connect4 => ply_connect4::Connect4, ply_connect4::catalog;
    Quoridor => ply_quoridor::Quoridor, ply_quoridor::agents::catalog;
    Halma => ply_halma::Halma, ply_halma::catalog;
    Tictactoe => ply_tictactoe::TicTacToe, ply_tictactoe::catalog;
    Breakthrough => ply_breakthrough::Breakthrough, ply_breakthrough::catalog;
    Othello => ply_othello::Othello, ply_othello::catalog;
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

    /// Every game's name, in the registry's order: `connect4, quoridor, …`.
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
