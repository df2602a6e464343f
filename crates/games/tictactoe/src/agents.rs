//! Tic-tac-toe's agent catalog: the generic searches with the line-count evaluator and the
//! centre-corner ordering, and `strongest`, a full-depth alpha-beta (perfect play).

use std::sync::Arc;

use ply_search::spec::Catalog;

use crate::{CenterCornerOrdering, LineCount, TicTacToe};

/// Every agent `ply` can build for tic-tac-toe.
pub fn catalog() -> Catalog<TicTacToe> {
    let mut catalog = Catalog::generic(Arc::new(LineCount));
    catalog.add_ordering(Arc::new(CenterCornerOrdering));
    catalog.add_preset(
        "strongest",
        "perfect play: alpha-beta to the end of the game",
        "alphabeta:depth=9",
    );
    catalog
}
