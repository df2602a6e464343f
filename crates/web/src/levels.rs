//! The levels the page offers, weakest first: each game's ladder as its crate writes it down
//! (the same rungs `ply play --level N` numbers), named by their short ids. Each spec is built
//! by the game's catalog, so a level is exactly what `ply play --agent SPEC` would play.

use ply_core::Rung;

/// One level: the name the page and the API use and the agent spec behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    pub spec: &'static str,
}

fn ladder(game: &str) -> &'static [Rung] {
    ply_registry::GameId::from_name(game).map_or(&[], |g| g.descriptor().ladder)
}

/// The level table of a game, weakest first; empty for a game the server does not know.
pub fn levels(game: &str) -> Vec<Level> {
    ladder(game)
        .iter()
        .map(|rung| Level {
            name: rung.id,
            spec: rung.spec,
        })
        .collect()
}

/// The level the page selects first: the last, full strength.
pub fn default_level(game: &str) -> Option<Level> {
    levels(game).last().copied()
}
