//! Othello's agent catalog: the generic searches with this crate's evaluators (`combined`,
//! the default, `mobility` and `corners`) and its move ordering (`squares`), and
//! `strongest`, the default engine.

use std::sync::Arc;

use ply_search::spec::Catalog;

use crate::{Combined, Corners, Mobility, Othello, SquareOrder};

/// Every agent `ply` can build for Othello.
pub fn catalog() -> Catalog<Othello> {
    let mut catalog = Catalog::generic(Arc::new(Combined));
    catalog.add_evaluator(Arc::new(Mobility));
    catalog.add_evaluator(Arc::new(Corners));
    catalog.add_ordering(Arc::new(SquareOrder));
    catalog.add_preset(
        "strongest",
        "iterative-deepening alpha-beta with the combined evaluator (corners and mobility), \
         corners first and a 64 MB table, 1 s a move; it plays the last plies out exactly",
        "alphabeta:time=1s,order=squares,tt=64",
    );
    catalog
}
