//! The game registry: names on the command line, variant flags to start states, and each
//! game's agent catalog. Adding a game is one arm in [`with_game!`] and one `new_*` function.

use anyhow::bail;
use clap::ValueEnum;
use ply_tictactoe::TicTacToe;

use crate::variant::VariantArgs;

/// Every game `ply` plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Tic-tac-toe, 3x3.
    Tictactoe,
    /// Connect Four: --width --height --k.
    Connect4,
    /// Quoridor: --size --walls.
    Quoridor,
    /// FAUhalma / Chinese Checkers: --board star|rhombus|star121 --players N.
    Halma,
}

impl GameName {
    pub const ALL: [GameName; 4] = [
        GameName::Tictactoe,
        GameName::Connect4,
        GameName::Quoridor,
        GameName::Halma,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            GameName::Tictactoe => "tictactoe",
            GameName::Connect4 => "connect4",
            GameName::Quoridor => "quoridor",
            GameName::Halma => "halma",
        }
    }

    /// The variant flags this game reads, with their defaults, for `ply list`.
    pub fn variant_help(self) -> &'static str {
        match self {
            GameName::Tictactoe => "(no variants)",
            GameName::Connect4 => "--width 7 --height 6 --k 4",
            GameName::Quoridor => "--size 9 (odd, 3..25) --walls 10 (default floor(7n/4 - 23/4))",
            GameName::Halma => "--board star|rhombus|star121 (star) --players 2 (star: 2|3, rhombus: 2, star121: 2|3|4|6)",
        }
    }
}

/// Refuses flags that belong to other games, naming them, instead of ignoring them.
pub(crate) fn only_flags(
    game: GameName,
    variant: &VariantArgs,
    allowed: &[&str],
) -> anyhow::Result<()> {
    let given = [
        ("--width", variant.width.is_some()),
        ("--height", variant.height.is_some()),
        ("--k", variant.k.is_some()),
        ("--size", variant.size.is_some()),
        ("--walls", variant.walls.is_some()),
        ("--board", variant.board.is_some()),
        ("--players", variant.players.is_some()),
    ];
    let wrong: Vec<&str> = given
        .iter()
        .filter(|(flag, set)| *set && !allowed.contains(flag))
        .map(|(flag, _)| *flag)
        .collect();
    if !wrong.is_empty() {
        bail!(
            "{} does not take {}; its variant options are: {}",
            game.as_str(),
            wrong
                .iter()
                .map(|flag| ply_core::quote(flag))
                .collect::<Vec<_>>()
                .join(", "),
            game.variant_help()
        );
    }
    Ok(())
}

pub fn new_tictactoe(variant: &VariantArgs) -> anyhow::Result<TicTacToe> {
    only_flags(GameName::Tictactoe, variant, &[])?;
    Ok(TicTacToe::new())
}

pub fn new_quoridor(variant: &VariantArgs) -> anyhow::Result<ply_quoridor::Quoridor> {
    only_flags(GameName::Quoridor, variant, &["--size", "--walls"])?;
    let size = variant.size.unwrap_or(9);
    ply_quoridor::Quoridor::check_size(size)?;
    let walls = variant
        .walls
        .unwrap_or_else(|| ply_quoridor::Quoridor::default_walls(size));
    Ok(ply_quoridor::Quoridor::new(size, walls)?)
}

pub fn new_halma(variant: &VariantArgs) -> anyhow::Result<ply_halma::Halma> {
    only_flags(GameName::Halma, variant, &["--board", "--players"])?;
    let board: ply_halma::BoardKind = match &variant.board {
        Some(name) => name.parse()?,
        None => ply_halma::BoardKind::Star,
    };
    Ok(ply_halma::Halma::new(board, variant.players.unwrap_or(2))?)
}

/// Runs `$body` with `$state` bound to the start state of the named game (variant flags
/// applied) and `$catalog` to its agent catalog; the body is compiled once per game type.
macro_rules! with_game {
    ($game:expr, $variant:expr, |$state:ident, $catalog:ident| $body:expr) => {{
        use $crate::games::GameName;
        match $game {
            GameName::Tictactoe => {
                let $state = $crate::games::new_tictactoe($variant)?;
                let $catalog = ply_tictactoe::catalog();
                $body
            }
            GameName::Connect4 => {
                let $state = $crate::commands::solve::connect4_from($variant)?;
                let $catalog = ply_connect4::catalog();
                $body
            }
            GameName::Quoridor => {
                let $state = $crate::games::new_quoridor($variant)?;
                let $catalog = ply_quoridor::agents::catalog();
                $body
            }
            GameName::Halma => {
                let $state = $crate::games::new_halma($variant)?;
                let $catalog = ply_halma::catalog();
                $body
            }
        }
    }};
}
pub(crate) use with_game;

/// The engine a person plays against when `--agent` is not given, and the engines' default:
/// the top rung of the game's ladder (full strength, the page's default level too).
pub fn default_agent(game: GameName) -> &'static str {
    crate::levels::top_spec(game)
}
