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
/// game ends, and a game that reaches the move limit is a draw. The CCERL rules
/// (`CCZ-121-Strict-LG-v2`, the rules of the Chinese Checkers engine rating list; see
/// [`crate::ccerl`]) are the classic moves for two players on the 121-hole star with goal
/// locking and their own end conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    FauHalma,
    Classic,
    Ccerl,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::FauHalma, RuleSet::Classic, RuleSet::Ccerl];

    /// The name users type.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::FauHalma => "fauhalma",
            RuleSet::Classic => "classic",
            RuleSet::Ccerl => "ccerl",
        }
    }

    /// The board the rule set is played on, when it is made for one (`None`: any board).
    pub fn fixed_board(self) -> Option<BoardKind> {
        match self {
            RuleSet::Ccerl => Some(BoardKind::Star121),
            RuleSet::FauHalma | RuleSet::Classic => None,
        }
    }

    /// The player count the rule set is made for (`None`: any the board seats).
    pub fn fixed_players(self) -> Option<usize> {
        match self {
            RuleSet::Ccerl => Some(2),
            RuleSet::FauHalma | RuleSet::Classic => None,
        }
    }

    /// The move limit unless the user sets one: the benchmark's 240 plies for CCERL, 1000
    /// (long enough for any real game, short enough to end cycling ones) for the others.
    pub fn default_max_plies(self) -> u32 {
        match self {
            RuleSet::Ccerl => crate::ccerl::MAX_PLIES,
            RuleSet::FauHalma | RuleSet::Classic => 1000,
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

/// A rule set name that is not `fauhalma`, `classic` or `ccerl`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown halma rule set {}: expected fauhalma, classic or ccerl", ply_core::quote(.0))]
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
    /// FAUhalma's rules, the classic ones or CCERL's (default: FAUhalma; see
    /// [`HalmaSettings::for_board`] for each board's own default).
    pub rules: RuleSet,
    /// The seat that moves first (default 0 = A; CCERL's rules always start with A).
    pub first_player: Player,
    /// A game still going after this many plies ends (default
    /// [`RuleSet::default_max_plies`]), so that cycling games terminate: FAUhalma ranks the
    /// players by pegs home, the classic and CCERL rules call it a draw.
    pub max_plies: u32,
    /// Whether a swap cell (a cell of the mover's home holding an opponent's peg) may also be
    /// an intermediate landing of a hop chain. The source says it may not (default `false`):
    /// such a cell counts as empty only for the destination. No effect under the classic
    /// rules, which have no swaps.
    pub swap_cells_mid_chain: bool,
}

impl Default for HalmaSettings {
    fn default() -> Self {
        HalmaSettings::for_rules(RuleSet::FauHalma)
    }
}

impl HalmaSettings {
    /// The defaults of a rule set (its own move limit).
    pub fn for_rules(rules: RuleSet) -> Self {
        HalmaSettings {
            rules,
            first_player: 0,
            max_plies: rules.default_max_plies(),
            swap_cells_mid_chain: false,
        }
    }

    /// The defaults, with the board's own rule set.
    pub fn for_board(board: BoardKind) -> Self {
        HalmaSettings::for_rules(RuleSet::default_for(board))
    }

    /// The CCERL rules with their defaults.
    pub fn ccerl() -> Self {
        HalmaSettings::for_rules(RuleSet::Ccerl)
    }

    /// Whether a move may end on an opponent's peg in the mover's home.
    pub fn swaps(&self) -> bool {
        self.rules == RuleSet::FauHalma
    }

    /// Whether a peg that has reached its home (its goal) must stay in it, even in the
    /// middle of a hop chain (CCERL's goal locking).
    pub fn goal_locking(&self) -> bool {
        self.rules == RuleSet::Ccerl
    }
}
