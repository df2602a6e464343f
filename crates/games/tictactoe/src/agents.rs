//! The m,n,k-game's agent catalog: the generic searches with the line-count evaluator and
//! the centre-first ordering; `near`, alpha-beta that searches only the cells near the marks
//! on big boards (Gomoku); and `strongest`: perfect play by a full-depth alpha-beta on boards
//! small enough to search to the end, a timed `near` search on the others.

use std::sync::Arc;
use std::time::Duration;

use ply_core::{Agent, Decision, SearchLimits};
use ply_search::spec::{tt_bytes, tt_megabytes, Catalog, KeyInfo, Params, SpecError, TT_KEY};
use ply_search::AlphaBeta;

use crate::{CenterCornerOrdering, LineCount, NearMarks, TicTacToe};

/// Boards up to this many cells are searched to the end (3x3 and 4x4 in well under a second;
/// 4x4 has 16 plies).
const SOLVED_CELLS: usize = 16;

/// The spec `strongest` plays on boards searched to the end.
const SMALL: &str = "alphabeta:depth=16";

/// The spec `strongest` plays on larger boards (Gomoku).
const LARGE: &str = "near:time=1s";

/// `near`'s default budget, when no depth or time is given: 4 plies.
const NEAR_DEPTH: u32 = 4;

const NEAR_KEYS: &[KeyInfo] = &[
    KeyInfo::new(
        "depth",
        "auto",
        "plies to search; auto: the default budget, or unbounded when time is set",
    ),
    KeyInfo::new("time", "none", "time per move, e.g. 750ms or 2s"),
    KeyInfo::new(
        "radius",
        "2",
        "on boards of more than 49 cells, search only cells this close to a mark (1 to 3)",
    ),
    TT_KEY,
];

/// Builds `near`: alpha-beta with the line count, the centre-first ordering and the
/// [`NearMarks`] filter.
fn build_near(params: &Params) -> Result<Box<dyn Agent<TicTacToe>>, SpecError> {
    let radius = params.u32("radius")?;
    if !(1..=3).contains(&radius) {
        return Err(params.bad_value("radius", "1, 2 or 3 cells"));
    }
    let mut agent = AlphaBeta::new(Arc::new(LineCount))
        .ordering(Arc::new(CenterCornerOrdering))
        .filter(Arc::new(NearMarks {
            radius: radius as usize,
        }))
        .named(format!("near:radius={radius}"));
    let time: Option<Duration> = params.opt_duration("time")?;
    match (params.opt_u32("depth")?, time) {
        (Some(0), _) => return Err(params.bad_value("depth", "at least 1 ply")),
        (Some(depth), _) => agent = agent.depth(depth),
        (None, None) => agent = agent.depth(NEAR_DEPTH),
        (None, Some(_)) => {}
    }
    if let Some(time) = time {
        agent = agent.time(time);
    }
    let megabytes = tt_megabytes(params)?;
    Ok(if megabytes == 0 {
        Box::new(agent)
    } else {
        Box::new(agent.table(megabytes as usize))
    })
}

/// `strongest`: one agent per board size, chosen when asked for a move (an agent is built
/// before it sees the board).
struct BySize {
    small: Box<dyn Agent<TicTacToe>>,
    large: Box<dyn Agent<TicTacToe>>,
}

impl Agent<TicTacToe> for BySize {
    fn name(&self) -> String {
        format!("strongest ({SMALL} up to {SOLVED_CELLS} cells, else {LARGE})")
    }

    fn select(
        &mut self,
        state: &TicTacToe,
        limits: &SearchLimits,
    ) -> Option<Decision<crate::Cell>> {
        if state.cells() <= SOLVED_CELLS {
            self.small.select(state, limits)
        } else {
            self.large.select(state, limits)
        }
    }

    fn new_game(&mut self) {
        self.small.new_game();
        self.large.new_game();
    }

    fn value_scale(&self, state: &TicTacToe) -> ply_core::ValueScale {
        if state.cells() <= SOLVED_CELLS {
            self.small.value_scale(state)
        } else {
            self.large.value_scale(state)
        }
    }
}

/// Every agent `ply` can build for the m,n,k-game.
pub fn catalog() -> Catalog<TicTacToe> {
    let mut catalog = Catalog::generic(Arc::new(LineCount));
    catalog.add_ordering(Arc::new(CenterCornerOrdering));
    catalog.add_catalog_agent(
        "near",
        "alpha-beta (line count, centre-first ordering, table) that searches only the cells \
         near the marks on boards of more than 49 cells (Gomoku); every cell on smaller ones",
        NEAR_KEYS,
        |_catalog, params, _rng_seed| build_near(params),
    );
    catalog.set_table_memory("near", tt_bytes);
    catalog.set_default_budget("near", &format!("depth={NEAR_DEPTH}"));
    const KEYS: &[KeyInfo] = &[];
    catalog.add_catalog_agent(
        "strongest",
        "perfect play on boards of up to 16 cells (alpha-beta to the end); near for 1 s a \
         move on larger ones",
        KEYS,
        |catalog, _params, rng_seed| {
            Ok(Box::new(BySize {
                small: catalog.build(SMALL, rng_seed)?,
                large: catalog.build(LARGE, rng_seed)?,
            }) as Box<dyn Agent<TicTacToe>>)
        },
    );
    // Both of its agents are built, so both tables are taken.
    let strongest_bytes = [SMALL, LARGE]
        .iter()
        .map(|spec| {
            catalog
                .table_bytes(spec)
                .expect("strongest's specs are valid")
        })
        .sum::<u64>();
    catalog.set_table_memory("strongest", move |_| Ok(strongest_bytes));
    catalog
}
