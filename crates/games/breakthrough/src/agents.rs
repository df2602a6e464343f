//! Breakthrough's agent catalog: the generic searches with this crate's evaluators
//! (`safety`, the default, and `material`) and its move ordering (`captures`), and
//! `strongest`, the default engine.

use std::sync::Arc;

use ply_search::spec::Catalog;

use crate::{Breakthrough, CapturesFirst, Material, Safety};

/// Every agent `ply` can build for Breakthrough.
pub fn catalog() -> Catalog<Breakthrough> {
    let mut catalog = Catalog::generic(Arc::new(Safety));
    catalog.add_evaluator(Arc::new(Material));
    catalog.add_ordering(Arc::new(CapturesFirst));
    catalog.add_preset(
        "strongest",
        "iterative-deepening alpha-beta with the safety evaluator, captures first and a \
         64 MB table, 1 s a move",
        "alphabeta:time=1s,order=captures,tt=64",
    );
    catalog
}
