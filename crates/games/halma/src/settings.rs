//! The rule sets and the points of the rules that sources leave open, as settings with their
//! defaults (crates/games/halma/README.md, "Rule sets and settings").

use std::fmt;
use std::str::FromStr;

use ply_core::Player;

use crate::geometry::BoardKind;

/// Which rules a game follows.
///
/// FAUhalma (seed 003) lets a move end on a home cell of the mover that holds an opponent's
/// peg (the pegs swap), drops out a player without a legal move, and plays on after the first
/// finisher for the places. The classic rules, as Chinese Checkers is usually played and as
/// OpenSpiel's `chinese_checkers` plays it, have none of that: a move ends on an empty cell,
/// a player without a legal move passes, the first player with every peg home wins and the
/// game ends, and a game that reaches the move limit is a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    FauHalma,
    Classic,
}

impl RuleSet {
    pub const ALL: [RuleSet; 2] = [RuleSet::FauHalma, RuleSet::Classic];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::FauHalma => "fauhalma",
            RuleSet::Classic => "classic",
        }
    }

    /// The rules a board is played with unless the user chooses: FAUhalma's own boards (the
    /// 73-hole star and the rhombus) keep FAUhalma's rules; the 121-hole star is the board
    /// of Chinese Checkers and gets its rules.
    pub fn default_for(board: BoardKind) -> RuleSet {
        match board {
            BoardKind::Star | BoardKind::Rhombus => RuleSet::FauHalma,
            BoardKind::Star121 => RuleSet::Classic,
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule set name that is neither `fauhalma` nor `classic`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown halma rule set {}: expected fauhalma or classic", ply_core::quote(.0))]
pub struct UnknownRuleSet(pub String);

impl FromStr for RuleSet {
    type Err = UnknownRuleSet;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownRuleSet(text.to_string()))
    }
}

/// The rule set and the rule settings that the sources leave open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HalmaSettings {
    /// FAUhalma's rules or the classic ones (default: FAUhalma; see
    /// [`HalmaSettings::for_board`] for each board's own default).
    pub rules: RuleSet,
    /// The seat that moves first (default 0 = A).
    pub first_player: Player,
    /// A game still going after this many plies ends (default 1000), so that cycling games
    /// terminate: FAUhalma ranks the players by pegs home, the classic rules call it a draw.
    pub max_plies: u32,
    /// Whether a swap cell (a cell of the mover's home holding an opponent's peg) may also be
    /// an intermediate landing of a hop chain. The source says it may not (default `false`):
    /// such a cell counts as empty only for the destination. No effect under the classic
    /// rules, which have no swaps.
    pub swap_cells_mid_chain: bool,
}

impl Default for HalmaSettings {
    fn default() -> Self {
        HalmaSettings {
            rules: RuleSet::FauHalma,
            first_player: 0,
            max_plies: 1000,
            swap_cells_mid_chain: false,
        }
    }
}

impl HalmaSettings {
    /// The defaults, with the board's own rule set.
    pub fn for_board(board: BoardKind) -> Self {
        HalmaSettings {
            rules: RuleSet::default_for(board),
            ..HalmaSettings::default()
        }
    }

    /// Whether a move may end on an opponent's peg in the mover's home.
    pub fn swaps(&self) -> bool {
        self.rules == RuleSet::FauHalma
    }
}
