//! The games on the command line: the registry's list (`ply_registry`), each game's start
//! position built from the variant flags, and its agent catalog.

pub use ply_registry::GameId as GameName;

/// Runs `$body` with `$state` bound to the start state of the named game (variant flags
/// applied, refused with `?` when the game does not accept them) and `$catalog` to its agent
/// catalog; the body is compiled once per game type.
macro_rules! with_game {
    ($game:expr, $variant:expr, |$state:ident, $catalog:ident| $body:expr) => {{
        let variant: &$crate::variant::VariantArgs = $variant;
        ply_registry::with_game!($game, |G| {
            let $state = <G as ply_core::Described>::from_settings(&variant.settings)?;
            let $catalog = <G as ply_registry::Registered>::catalog();
            $body
        })
    }};
}
pub(crate) use with_game;

/// The engine a person plays against when `--agent` is not given, and the engines' default:
/// the top rung of the game's ladder (full strength, the page's default level too).
pub fn default_agent(game: GameName) -> &'static str {
    game.default_agent()
}

/// The start position of `G` in the variant the flags ask for.
pub fn start<G: ply_core::Described>(variant: &crate::variant::VariantArgs) -> anyhow::Result<G> {
    Ok(G::from_settings(&variant.settings)?)
}
