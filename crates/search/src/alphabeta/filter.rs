//! The horizon move filter: a game-specific hook that may drop moves near the horizon.
//!
//! Seed 002's Quoridor engine searches a "pseudo-depth": at the last ply only pawn moves and
//! walls near the enemy pawn are tried. That is a filter that drops moves when the
//! remaining depth is 1. Dropping moves makes a search inexact by design; the search treats
//! such a subtree as depth-dependent when it fills its table.

use ply_core::Game;

/// Called at every interior node of an alpha-beta search, after the legal moves are
/// generated and before they are ordered.
pub trait HorizonFilter<G: Game>: Send + Sync {
    /// The name shown in the agent's spec.
    fn name(&self) -> &str;

    /// May remove moves from `moves` (the legal moves of `state`); `depth` is the remaining
    /// depth, 1 at the last ply. Leaving the list empty is treated as "keep them all".
    fn filter(&self, state: &G, depth: u32, moves: &mut Vec<G::Move>);
}
