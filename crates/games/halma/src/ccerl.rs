//! The CCERL rule set (`CCZ-121-Strict-LG-v2`, the rules of the Chinese Checkers engine
//! rating list CCERL-2P10-v2): its end conditions, and its notation (cell ids, COMPACT121
//! positions). The rules in words, with their sources: the crate's README, "The CCERL rule
//! set".
//!
//! The board is the 121-hole star for two players; its cell ids are this crate's cell
//! numbers on that board (0–120, row by row from player 0's start tip, left to right), so
//! player 0 (seat A) starts on 0–9 and must reach 111–120. What the rating list calls a
//! player's *home* is the start point here, and its *goal* is what this crate calls home.

use std::fmt;

use ply_core::{GameError, Player};

use crate::board::Halma;
use crate::geometry::{bit, cells_of, Board, Cell, CellSet};
use crate::movegen::HalmaMove;

/// The move limit of the rating list's games: the game is drawn when the ply count reaches
/// it (the count a position carries, not the plies played since it).
pub const MAX_PLIES: u32 = 240;

/// The occurrence of one position (same pegs, same player to move) that draws the game.
pub const REPETITIONS: usize = 3;

/// The cells and seats of the rule set.
const CELLS: usize = 121;
const PEGS: u32 = 10;

/// Why a CCERL game ended, in the order the conditions are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CcerlEnd {
    /// Both players have every peg in their goal: a draw.
    BothComplete,
    /// Player 0 completed, and player 1, to move with 9 pegs in its goal, could complete
    /// too: a draw (both had the same number of turns).
    EqualTurns,
    /// This player has every peg in its goal: it wins.
    Complete(Player),
    /// This player's goal is full, of its own pegs (at least one) and the opponent's
    /// blockers (at least one): it wins.
    AntiBlock(Player),
    /// The same position (pegs and player to move) a third time: a draw.
    Repetition,
    /// The ply count reached the move limit: a draw.
    MoveLimit,
    /// This player, to move, has no legal move: it loses.
    NoMove(Player),
}

impl CcerlEnd {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            CcerlEnd::Complete(p) | CcerlEnd::AntiBlock(p) => Some(p),
            CcerlEnd::NoMove(p) => Some(1 - p),
            CcerlEnd::BothComplete
            | CcerlEnd::EqualTurns
            | CcerlEnd::Repetition
            | CcerlEnd::MoveLimit => None,
        }
    }

    /// The reason as the rating list's referee names it.
    pub fn reason(self) -> &'static str {
        match self {
            CcerlEnd::BothComplete | CcerlEnd::EqualTurns => "equal_turn_goal_draw",
            CcerlEnd::Complete(_) => "all_pieces_in_goal",
            CcerlEnd::AntiBlock(_) => "anti_block_goal_full",
            CcerlEnd::Repetition => "repetition",
            CcerlEnd::MoveLimit => "max_ply",
            CcerlEnd::NoMove(_) => "no_legal_move",
        }
    }
}

impl fmt::Display for CcerlEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CcerlEnd::BothComplete => write!(f, "draw: both players have every peg in the goal"),
            CcerlEnd::EqualTurns => write!(
                f,
                "draw: player 1 could complete its goal on the reply (equal turns)"
            ),
            CcerlEnd::Complete(p) => write!(f, "player {p} has every peg in its goal"),
            CcerlEnd::AntiBlock(p) => write!(
                f,
                "player {p}'s goal is full of its pegs and the opponent's blockers (anti-block)"
            ),
            CcerlEnd::Repetition => write!(f, "draw by threefold repetition"),
            CcerlEnd::MoveLimit => write!(f, "draw: the move limit was reached"),
            CcerlEnd::NoMove(p) => write!(f, "player {p} has no legal move and loses"),
        }
    }
}

/// How many of `player`'s pegs stand in its goal.
pub fn in_goal(state: &Halma, player: Player) -> u32 {
    (state.pegs(player) & state.seat(player).home).count_ones()
}

/// How many opponent pegs stand in `player`'s goal.
pub fn blockers(state: &Halma, player: Player) -> u32 {
    (state.occupied() & state.seat(player).home & !state.pegs(player)).count_ones()
}

/// Whether `player` has a move that brings its last peg into its goal.
fn can_complete(state: &Halma, player: Player) -> bool {
    let goal = state.seat(player).home;
    in_goal(state, player) == PEGS - 1
        && cells_of(state.pegs(player) & !goal).any(|c| state.destinations(c) & goal != 0)
}

/// The end condition that holds in `state` (its pegs, the player to move, its ply count and
/// its history), checking them in the rule set's order; `None` if the game goes on.
pub(crate) fn end_of(state: &Halma) -> Option<CcerlEnd> {
    use ply_core::Game;
    let complete = |p| in_goal(state, p) == PEGS;
    match (complete(0), complete(1)) {
        (true, true) => return Some(CcerlEnd::BothComplete),
        (true, false) if state.to_move() == 1 && can_complete(state, 1) => {
            return Some(CcerlEnd::EqualTurns)
        }
        (true, false) => return Some(CcerlEnd::Complete(0)),
        (false, true) => return Some(CcerlEnd::Complete(1)),
        (false, false) => {}
    }
    for p in 0..2 {
        let (own, blocking) = (in_goal(state, p), blockers(state, p));
        if own > 0 && blocking > 0 && own + blocking == PEGS {
            return Some(CcerlEnd::AntiBlock(p));
        }
    }
    if state.occurrences() >= REPETITIONS {
        return Some(CcerlEnd::Repetition);
    }
    if state.ply() >= state.settings().max_plies {
        return Some(CcerlEnd::MoveLimit);
    }
    let mover = state.to_move();
    (!state.has_any_move(mover)).then_some(CcerlEnd::NoMove(mover))
}

/// The word a position text ends with when the game was drawn by repetition (the one fact
/// of the history that the pegs, the player and the ply do not say).
const REPETITION_MARK: &str = "repetition";

/// The position as COMPACT121 (one character per cell id: `.` empty, `0`, `1`), the player
/// to move and the ply: `cells 0000000000.…1111111111 player 0 ply 0`, the words CCP's
/// `position` command takes.
pub fn position_text(state: &Halma) -> String {
    use ply_core::Game;
    let cells: String = (0..CELLS as Cell)
        .map(|c| match state.owner(c) {
            Some(p) => char::from(b'0' + p as u8),
            None => '.',
        })
        .collect();
    let mut text = format!(
        "cells {cells} player {} ply {}",
        state.to_move(),
        state.ply()
    );
    if state.ccerl_end() == Some(CcerlEnd::Repetition) {
        text.push(' ');
        text.push_str(REPETITION_MARK);
    }
    text
}

/// Reads `cells C121 player P [ply N]` (and the mark `repetition` that
/// [`position_text`] may add) with `like`'s settings. Every problem is an error naming it.
pub fn parse_position(like: &Halma, text: &str) -> Result<Halma, GameError> {
    let fail = |reason: String| GameError::position(text.trim(), reason);
    let mut words = text.split_whitespace();
    let mut cells = None;
    let mut player = None;
    let mut ply = None;
    let mut repeated = false;
    while let Some(word) = words.next() {
        let mut value = |name: &str| {
            words
                .next()
                .ok_or_else(|| fail(format!("'{name}' needs a value")))
        };
        match word {
            "cells" if cells.is_none() => cells = Some(value("cells")?),
            "player" if player.is_none() => player = Some(value("player")?),
            "ply" if ply.is_none() => ply = Some(value("ply")?),
            REPETITION_MARK if !repeated => repeated = true,
            "cells" | "player" | "ply" | REPETITION_MARK => {
                return Err(fail(format!("'{word}' is given twice")))
            }
            other => {
                return Err(fail(format!(
                    "unexpected word {}: a position is cells C121 player P ply N",
                    ply_core::quote(other)
                )))
            }
        }
    }
    let cells = cells.ok_or_else(|| fail("the cells are missing (cells C121)".into()))?;
    let pegs = parse_cells(cells).map_err(&fail)?;
    let to_move = match player {
        Some("0") => 0,
        Some("1") => 1,
        Some(other) => {
            return Err(fail(format!(
                "player {} is neither 0 nor 1",
                ply_core::quote(other)
            )))
        }
        None => return Err(fail("the player to move is missing (player 0|1)".into())),
    };
    let ply = match ply {
        None => 0,
        Some(n) => n.parse::<u32>().map_err(|_| {
            fail(format!(
                "ply {} is not a count of plies (0 to {})",
                ply_core::quote(n),
                u32::MAX
            ))
        })?,
    };
    let state = Halma::from_parts(like.layout(), *like.settings(), &pegs, to_move, ply);
    Ok(if repeated && !ply_core::Game::is_terminal(&state) {
        state.drawn_by_repetition()
    } else {
        state
    })
}

/// The two players' pegs of a COMPACT121 string.
fn parse_cells(cells: &str) -> Result<[CellSet; 2], String> {
    let count = cells.chars().count();
    if count != CELLS {
        return Err(format!(
            "COMPACT121 has one character per cell: {CELLS}, not {count}"
        ));
    }
    let mut pegs = [0 as CellSet; 2];
    for (id, c) in cells.chars().enumerate() {
        match c {
            '.' => {}
            '0' => pegs[0] |= bit(id as Cell),
            '1' => pegs[1] |= bit(id as Cell),
            other => {
                return Err(format!(
                    "cell {id} is '{}': COMPACT121 uses '.', '0' and '1'",
                    other.escape_default()
                ))
            }
        }
    }
    for (p, set) in pegs.iter().enumerate() {
        if set.count_ones() != PEGS {
            return Err(format!(
                "player {p} has {} pegs; each player has {PEGS}",
                set.count_ones()
            ));
        }
    }
    Ok(pegs)
}

/// A move as the cell ids it visits, `from-landing-…-to` (a step is `from-to`; a chain is
/// the shortest one).
pub fn format_move(state: &Halma, mv: HalmaMove) -> String {
    let path = state.move_path(mv).unwrap_or_else(|| vec![mv.from, mv.to]);
    format_path(&path)
}

/// Cell ids joined by `-`.
pub fn format_path(path: &[Cell]) -> String {
    path.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join("-")
}

/// Whether `text` is written in cell ids (`12-34`, `4-15-28`): only digits and dashes,
/// where coordinates always have a comma.
pub fn is_id_notation(text: &str) -> bool {
    let text = text.trim();
    text.bytes().any(|b| b.is_ascii_digit())
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'-')
}

/// Reads a move written in cell ids: two ids a step apart, or a chain of straight hops
/// (only its two ends make the move). Legality is `check_move`'s job.
pub fn parse_move(board: &Board, text: &str) -> Result<HalmaMove, GameError> {
    let trimmed = text.trim();
    let mut cells = Vec::new();
    for part in trimmed.split('-') {
        let id = part
            .parse::<usize>()
            .ok()
            .filter(|&id| id < board.len())
            .ok_or_else(|| {
                GameError::parse(
                    text,
                    format!(
                        "{} is not a cell id (0 to {})",
                        ply_core::quote(part),
                        board.len() - 1
                    ),
                )
            })?;
        cells.push(id as Cell);
    }
    if cells.len() < 2 {
        return Err(GameError::parse(
            text,
            "a move names at least two cell ids: the peg and its destination (e.g. 8-17)",
        ));
    }
    crate::notation::check_path(board, &cells, |c| c.to_string())
        .map_err(|reason| GameError::parse(text, reason))?;
    Ok(HalmaMove::new(cells[0], cells[cells.len() - 1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardKind;
    use crate::layout::Layout;
    use crate::settings::HalmaSettings;
    use ply_core::Game;

    /// A player without a legal move loses. Ten pegs a side leave no room to wall one in,
    /// so the position has one peg of player 1 on the tip of a side point, its two
    /// neighbours and the two cells behind them held by player 0.
    #[test]
    fn a_player_without_a_move_loses() {
        let board = BoardKind::Star121.board();
        let tip = board.cell_at(8, -4).unwrap();
        let mut walls: CellSet = 0;
        for &(over, landing) in board.jumps(tip) {
            if landing != crate::geometry::NO_CELL {
                walls |= bit(over) | bit(landing);
            }
        }
        let layout = Layout::get(BoardKind::Star121, 2);
        let state = Halma::from_parts(layout, HalmaSettings::ccerl(), &[walls, bit(tip)], 1, 50);
        assert!(!state.has_any_move(1));
        assert_eq!(state.ccerl_end(), Some(CcerlEnd::NoMove(1)));
        assert_eq!(state.outcome().unwrap().as_slice(), &[1.0, 0.0]);
        let free = Halma::from_parts(layout, HalmaSettings::ccerl(), &[walls, bit(tip)], 0, 50);
        assert_eq!(free.ccerl_end(), None, "player 0 can move");
    }
}
