//! The 3x3 board as two 9-bit masks.
//!
//! Bit layout (bit i = cell i), rows from the top, as the board is drawn:
//!
//! ```text
//!   0 | 1 | 2        row 3 (top)
//!   3 | 4 | 5        row 2
//!   6 | 7 | 8        row 1 (bottom)
//! ```

use std::fmt;

use ply_core::hash::zobrist_keys;
use ply_core::{Game, GameError, Player, Scores, ZobristHash};

/// A cell index 0..9 (see the layout above).
pub type Cell = u8;

/// The eight winning lines as masks.
pub(crate) const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// One key per (player, cell).
static KEYS: [u64; 18] = zobrist_keys(0x71C7_AC70_E000_0001);

/// A tic-tac-toe position. X (player 0) moves first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// `marks[p]`: the cells player p has marked.
    marks: [u16; 2],
    hash: u64,
}

impl Default for TicTacToe {
    fn default() -> Self {
        Self::new()
    }
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> Self {
        TicTacToe {
            marks: [0, 0],
            hash: 0,
        }
    }

    /// The cells marked by `player`.
    pub fn marks(&self, player: Player) -> u16 {
        self.marks[player]
    }

    /// Number of moves played so far.
    pub fn moves_played(&self) -> u32 {
        (self.marks[0] | self.marks[1]).count_ones()
    }

    fn has_line(mask: u16) -> bool {
        // A line is complete when none of its cells is missing from `mask`.
        LINES.iter().any(|&line| line & !mask == 0)
    }

    /// The owner of a cell, if any.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        let bit = 1u16 << cell;
        (0..2).find(|&p| self.marks[p] & bit != 0)
    }

    /// Builds a position from the moves' cells, checking each.
    pub fn from_cells(cells: &[Cell]) -> Result<Self, GameError> {
        let mut state = TicTacToe::new();
        for &cell in cells {
            if cell >= 9 {
                return Err(GameError::parse(cell.to_string(), "cells are 0 to 8"));
            }
            state.try_play(cell)?;
        }
        Ok(state)
    }
}

impl Game for TicTacToe {
    type Move = Cell;

    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Player {
        (self.moves_played() & 1) as Player
    }

    fn legal_moves(&self, moves: &mut Vec<Cell>) {
        moves.clear();
        if self.is_terminal() {
            return;
        }
        let mut empty = !(self.marks[0] | self.marks[1]) & FULL;
        while empty != 0 {
            moves.push(empty.trailing_zeros() as Cell);
            empty &= empty - 1;
        }
    }

    fn play(&mut self, cell: Cell) {
        let p = self.to_move();
        self.marks[p] |= 1 << cell;
        self.hash ^= KEYS[p * 9 + cell as usize];
    }

    fn undo(&mut self, cell: Cell) {
        let p = 1 - self.to_move();
        self.marks[p] &= !(1 << cell);
        self.hash ^= KEYS[p * 9 + cell as usize];
    }

    fn outcome(&self) -> Option<Scores> {
        if Self::has_line(self.marks[0]) {
            Some(Scores::win(0))
        } else if Self::has_line(self.marks[1]) {
            Some(Scores::win(1))
        } else if self.marks[0] | self.marks[1] == FULL {
            Some(Scores::draw())
        } else {
            None
        }
    }

    fn check_move(&self, cell: Cell) -> Result<(), GameError> {
        if self.is_terminal() {
            return Err(GameError::GameOver);
        }
        if cell >= 9 {
            return Err(GameError::illegal(
                cell.to_string(),
                "the board has cells 0 to 8",
            ));
        }
        if let Some(owner) = self.owner(cell) {
            return Err(GameError::illegal(
                self.format_move(cell),
                format!("the cell is already marked {}", ["X", "O"][owner]),
            ));
        }
        Ok(())
    }

    fn format_move(&self, cell: Cell) -> String {
        crate::notation::format_cell(cell)
    }

    fn parse_move(&self, text: &str) -> Result<Cell, GameError> {
        crate::notation::parse_cell(text)
    }

    /// Nine characters, top row first: `x`, `o` or `.`.
    fn to_text(&self) -> String {
        (0..9)
            .map(|c| match self.owner(c) {
                Some(0) => 'x',
                Some(_) => 'o',
                None => '.',
            })
            .collect()
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        let text = text.trim();
        if text.chars().count() != 9 {
            return Err(GameError::position(text, "expected 9 cells of x, o or ."));
        }
        let mut marks = [0u16; 2];
        for (i, ch) in text.chars().enumerate() {
            match ch.to_ascii_lowercase() {
                'x' => marks[0] |= 1 << i,
                'o' => marks[1] |= 1 << i,
                '.' | '-' | '_' => {}
                other => {
                    return Err(GameError::position(
                        text,
                        format!("'{other}' is not x, o or ."),
                    ))
                }
            }
        }
        let (x, o) = (marks[0].count_ones(), marks[1].count_ones());
        if x != o && x != o + 1 {
            return Err(GameError::position(
                text,
                "X moves first, so X has as many marks as O or one more",
            ));
        }
        if Self::has_line(marks[0]) && Self::has_line(marks[1]) {
            return Err(GameError::position(text, "both players cannot have a line"));
        }
        let mut state = TicTacToe { marks, hash: 0 };
        state.hash = state.zobrist_from_scratch();
        Ok(state)
    }
}

impl ZobristHash for TicTacToe {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for p in 0..2 {
            for cell in 0..9 {
                if self.marks[p] & (1 << cell) != 0 {
                    hash ^= KEYS[p * 9 + cell];
                }
            }
        }
        hash
    }
}

impl fmt::Display for TicTacToe {
    /// ```text
    ///  3  x | . | o
    ///    ---+---+---
    ///  2  . | x | .
    ///    ---+---+---
    ///  1  . | . | o
    ///     a   b   c
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            write!(f, " {}  ", 3 - row)?;
            for col in 0..3 {
                let mark = match self.owner((row * 3 + col) as Cell) {
                    Some(0) => 'X',
                    Some(_) => 'O',
                    None => '.',
                };
                write!(f, "{mark}")?;
                if col < 2 {
                    write!(f, " | ")?;
                }
            }
            writeln!(f)?;
            if row < 2 {
                writeln!(f, "    ---+---+---")?;
            }
        }
        write!(f, "    a   b   c")
    }
}
