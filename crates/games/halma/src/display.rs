//! The hex board drawn for a person, each row labelled with its y and the x range it holds
//! (under the ccerl rules, whose moves are cell ids, also the ids of its cells, which run
//! left to right).
//!
//! Cell (x, y) is printed at column `2x + y`, so the six neighbours of a cell sit left,
//! right and diagonally above and below it, as on the real board:
//!
//! ```text
//!    y                                  x
//!    6 |             .                | -3..-3
//!    5 |            . .               | -3..-2
//!    ...
//! ```

use std::fmt;

use ply_core::Game;

use crate::board::{Halma, LETTERS};
use crate::geometry::Cell;
use crate::settings::RuleSet;

impl fmt::Display for Halma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let cells: Vec<(i8, i8)> = (0..board.len() as Cell).map(|c| board.coords(c)).collect();
        let min_col = cells.iter().map(|&(x, y)| 2 * x + y).min().unwrap_or(0);
        let max_col = cells.iter().map(|&(x, y)| 2 * x + y).max().unwrap_or(0);
        let width = (max_col - min_col + 1) as usize;
        let top = cells.iter().map(|&(_, y)| y).max().unwrap_or(0);
        writeln!(f, "   y  {:width$}  x", "")?;
        for y in (-top..=top).rev() {
            let mut line = vec![' '; width];
            let mut xs = Vec::new();
            // The row's first and last cell ids (cells are enumerated in id order).
            let mut ids: Option<(usize, usize)> = None;
            for (cell, &(x, cy)) in cells.iter().enumerate() {
                if cy != y {
                    continue;
                }
                xs.push(x);
                ids = Some((ids.map_or(cell, |(first, _)| first), cell));
                let mark = match self.owner(cell as Cell) {
                    Some(p) => LETTERS[p],
                    None => '.',
                };
                line[(2 * x + y - min_col) as usize] = mark;
            }
            let row: String = line.into_iter().collect();
            let (lo, hi) = (xs.iter().min(), xs.iter().max());
            let id_range = match ids {
                Some((a, b)) if self.settings().rules == RuleSet::Ccerl && a == b => {
                    format!("  id {a}")
                }
                Some((a, b)) if self.settings().rules == RuleSet::Ccerl => format!("  ids {a}-{b}"),
                _ => String::new(),
            };
            match (lo, hi) {
                (Some(lo), Some(hi)) => writeln!(f, "{y:>4} | {row} | {lo}..{hi}{id_range}")?,
                _ => writeln!(f, "{y:>4} | {row} |")?,
            }
        }
        let status = if self.is_terminal() {
            let scores = self
                .outcome()
                .map(|s| s.as_slice().to_vec())
                .unwrap_or_default();
            let shown: Vec<String> = scores
                .iter()
                .enumerate()
                .map(|(p, s)| format!("{}={s}", LETTERS[p]))
                .collect();
            format!("game over after {} plies: {}", self.ply(), shown.join(" "))
        } else {
            format!("{} to move, ply {}", LETTERS[self.to_move()], self.ply())
        };
        let homes: Vec<String> = (0..self.num_players())
            .map(|p| format!("{}: {} home", LETTERS[p], self.pegs_home(p)))
            .collect();
        write!(f, "{status} ({})", homes.join(", "))
    }
}
