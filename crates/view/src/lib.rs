//! The game-specific half of what the browser page shows: each game implements
//! [`BoardView`] in its own folder (`src/view.rs`), next to its rules, so a new game needs no
//! code in the web crate. The web crate wraps the view in the fields every game shares
//! (players, turn, result, legal moves).
//!
//! A board of square cells needs no drawing code at all: the view sends a [`grid::Grid`] and
//! the page's generic grid renderer draws it and turns clicks into moves. Any other board
//! comes with its game's drawing file ([`BoardView::SCRIPT`]).

pub mod analysis;
pub mod grid;

use ply_core::Described;
use serde_json::Value;

/// The drawing data of a position, as JSON for the page.
pub trait BoardView: Described {
    /// How the page names each seat: the descriptor's seat names (`X`/`O`, `Black`/`White`,
    /// `A`/`B`/`C` …).
    fn player_names(&self) -> Vec<String> {
        Self::DESCRIPTOR
            .seat_names(self.num_players())
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// The game's drawing file for the page, or `None` for a board the page draws itself
    /// (a [`grid::Grid`]): a JavaScript module, kept in the game's folder as `src/view.js`
    /// and given here with `include_str!("view.js")`, whose `draw(view, page)` returns the
    /// board's SVG element (see `crates/web/assets/app.js`, `loadDrawings`). The web server
    /// serves it at `/games/NAME.js` for every registered game that has one, so a new game
    /// adds its drawing without touching a list in the web crate.
    const SCRIPT: Option<&'static str> = None;

    /// The drawing data: cells, pawns, walls, pegs; `kind` is `grid` for a
    /// [`grid::Grid`] (drawn by the page), else the game's own (drawn by [`Self::SCRIPT`]),
    /// and an optional `status` string is shown after the turn (Quoridor: the walls left).
    fn board_json(&self) -> Value;

    /// One JSON entry per legal move. The default is the move's notation; games whose page
    /// needs more add it: a grid's cells ([`grid::place_move`], [`grid::step_move`]),
    /// halma's hop paths.
    fn legal_move_json(&self, mv: Self::Move) -> Value {
        Value::String(self.format_move(mv))
    }

    /// The moves played so far as a record in the game's notation, without a header.
    fn record_body(&self, moves: &[String]) -> String {
        moves.join("\n")
    }
}
