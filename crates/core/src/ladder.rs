//! A game's difficulty ladder: levels from a random mover up to full strength, each an agent
//! spec of the game's catalog. Every front end offers the same ladder: `ply play --level N`
//! and `ply levels GAME` number its rungs, the web API and the page name them by [`Rung::id`].

/// One level of a ladder.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rung {
    /// A short name for programs: the web API's `level` (`alphabeta-4`, `strongest`).
    pub id: &'static str,
    /// What a person reads (`alpha-beta, 4 plies`).
    pub name: &'static str,
    /// The agent spec of the game's catalog.
    pub spec: &'static str,
    /// Whether `ply levels GAME --measure` rates it. The full-strength rung is not rated: its
    /// long move time would make a round robin take hours, and a mover that never finishes
    /// a game (random in halma) tells nothing.
    pub measured: bool,
    /// (Elo above the ladder's anchor, 95 % half-width), measured on the game's rated
    /// variant (see its ladder's comment).
    pub rating: Option<(f64, f64)>,
}

/// A rung; `const` so each game writes its ladder as a table.
pub const fn rung(
    id: &'static str,
    name: &'static str,
    spec: &'static str,
    measured: bool,
    rating: Option<(f64, f64)>,
) -> Rung {
    Rung {
        id,
        name,
        spec,
        measured,
        rating,
    }
}
