//! Who judges a game's moves: `ply analyze`, and `ply serve`'s Analyse button and solver
//! view.
//!
//! A game says it once, in its [`Described`](crate::Described) implementation: its exact
//! analyst if it has one ([`Described::EXACT_ANALYST`](crate::Described::EXACT_ANALYST)),
//! and, for a variant whose positions that analyst does not all answer quickly, the search
//! that stands in where time is short ([`Described::quick_fallback`](crate::Described::quick_fallback)).
//! Front ends only read the answer.

/// An agent whose value is a position's exact score and that scores every move
/// (`Agent::move_values`), such as Connect Four's solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactAnalyst {
    /// Its agent spec for one user (`ply analyze`).
    pub spec: &'static str,
    /// The same agent with the tables a server can keep for many games at once (`ply
    /// serve`'s analysis and solver view).
    pub served: &'static str,
}

/// A search that judges in place of the exact analyst where time is short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    /// Its agent spec (any time limit is the caller's).
    pub spec: &'static str,
    /// Why the exact analyst does not judge here: a sentence for the user.
    pub why: String,
}
