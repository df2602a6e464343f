//! The board drawing used by `Display` and QTP's `showboard`.
//!
//! ```text
//!       A   B   C
//!      +---+---+---+
//!    3 |   # B |   | 3    black walls: 1
//!      +---#---+---+
//!    2 |   #   |   | 2
//!      +=======+---+
//!    1 |   | W |   | 1    white walls: 1
//!      +---+---+---+
//!       A   B   C
//! ```
//! (walls `A2 h` and `A3 v` on 3x3.) `===` is a horizontal wall, `#` a vertical one; `B` and `W` are the pawns.
//!
//! With 3 or 4 players red's (`R`) walls in hand are written beside the line under the top
//! row and green's (`G`) beside the line over the bottom row.

use std::fmt;

use crate::board::{Quoridor, BLACK, WHITE};
use crate::geometry::{Orientation, Square, Wall};
use crate::notation::column_letter;
use crate::seats::{GREEN, RED};

impl Quoridor {
    fn wall_at(&self, c: usize, r: usize, orientation: Orientation) -> bool {
        c + 1 < self.size
            && r + 1 < self.size
            && self.has_wall(Wall {
                slot: Square::new(c as u8, r as u8),
                orientation,
            })
    }

    /// The separator line above row `r` (between rows r and r+1; `r = size - 1` is the top
    /// edge, and `None` the bottom edge).
    fn separator(&self, below: Option<usize>) -> String {
        let mut line = String::from("     +");
        for c in 0..self.size {
            let blocked =
                below.is_some_and(|r| r + 1 < self.size && self.passages.up[r] >> c & 1 == 0);
            line.push_str(if blocked { "===" } else { "---" });
            if c + 1 < self.size {
                let centre = match below {
                    Some(r) if self.wall_at(c, r, Orientation::Horizontal) => '=',
                    Some(r) if self.wall_at(c, r, Orientation::Vertical) => '#',
                    _ => '+',
                };
                line.push(centre);
            }
        }
        line.push('+');
        line
    }

    fn letters(&self) -> String {
        let mut line = String::from("      ");
        for c in 0..self.size {
            line.push(column_letter(c).to_ascii_uppercase());
            if c + 1 < self.size {
                line.push_str("   ");
            }
        }
        line
    }
}

impl fmt::Display for Quoridor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.letters())?;
        writeln!(f, "{}", self.separator(None))?;
        for r in (0..self.size).rev() {
            let mut line = format!("  {:>2} |", r + 1);
            for c in 0..self.size {
                let sq = Square::new(c as u8, r as u8);
                let pawn = match self.pawn_on(sq) {
                    Some(p) => ['B', 'W', 'R', 'G'][p],
                    None => ' ',
                };
                let open = c + 1 == self.size || self.passages.right[r] >> c & 1 == 1;
                line.push(' ');
                line.push(pawn);
                line.push(' ');
                line.push(if open { '|' } else { '#' });
            }
            line.push_str(&format!(" {}", r + 1));
            if r + 1 == self.size {
                line.push_str(&format!("    black walls: {}", self.walls_left[BLACK]));
            } else if r == 0 {
                line.push_str(&format!("    white walls: {}", self.walls_left[WHITE]));
            }
            writeln!(f, "{line}")?;
            let below = if r == 0 { None } else { Some(r - 1) };
            let mut separator = self.separator(below);
            if self.players > RED && r + 1 == self.size {
                separator.push_str(&format!("      red walls: {}", self.walls_left[RED]));
            } else if self.players > GREEN && r == 1 {
                separator.push_str(&format!("      green walls: {}", self.walls_left[GREEN]));
            }
            writeln!(f, "{separator}")?;
        }
        write!(f, "{}", self.letters())
    }
}
