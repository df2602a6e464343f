//! Connect Four as every front end sees it (see `ply_core::descriptor`).

use ply_core::Settings;
use ply_core::{
    Described, Descriptor, ExactAnalyst, Fallback, GameError, Notation, Param, ParamDefault,
    ParamKind, Protocol, Seat,
};

use crate::board::{Connect4, MAX_HEIGHT, MAX_K, MAX_WIDTH};
use crate::solver::Book;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "connect4",
    title: "Connect Four",
    summary: "Drop stones into the columns of an upright board (7x6 by default).",
    goal: "Be the first to line up k of your stones (4 by default) across, upright or \
           diagonally; a full board without such a line is a draw.",
    params: &[
        Param {
            name: "width",
            help: "number of columns",
            kind: ParamKind::Int {
                min: 1,
                max: MAX_WIDTH,
            },
            default: ParamDefault::Int(7),
            menu: &["4", "5", "6", "7", "8", "9", "10"],
        },
        Param {
            name: "height",
            help: "number of rows (width·(height+1) at most 256)",
            kind: ParamKind::Int {
                min: 1,
                max: MAX_HEIGHT,
            },
            default: ParamDefault::Int(6),
            menu: &["4", "5", "6", "7", "8"],
        },
        Param {
            name: "k",
            help: "stones in a row needed to win (at most the longer side)",
            kind: ParamKind::Int { min: 3, max: MAX_K },
            default: ParamDefault::Int(4),
            menu: &["3", "4", "5"],
        },
    ],
    seats: &[
        Seat {
            name: "Red",
            colour: "#d1495b",
            mark: "x",
        },
        Seat {
            name: "Yellow",
            colour: "#edae49",
            mark: "o",
        },
    ],
    notation: Notation {
        summary: "a column: 1-9, then 0 for the tenth, then a-z; a game is the string of its \
                  columns, as 4453",
        example: "4",
        help: "A move is the column to drop a stone into, counted from the left as the labels \
               under the board show: 1 to 9, then 0 for the tenth and a to z from the \
               eleventh on. The stone falls to the lowest empty cell of that column.",
    },
    values: "tree searches: the threat evaluation in stone-window units, ±(1000000 − plies) \
             for a proven result; perfect: the same for its proven results (±990000 for a \
             win whose distance it did not prove, 0 a draw; the alpha-beta fallback's value \
             when unproven); MCTS: the mean reward, 0 to 1",
    ladder: crate::ladder::LADDER,
    rated_on: &[],
    protocols: &[Protocol::Text],
};

/// Boards of at most this many cells, with at most [`QUICK_K`] in a row, the solver
/// answers every position of within about a second with no book; so does 7x6 with four in
/// a row, whose early positions the bundled opening book answers. Measured 2026-11-29 on the
/// 2-core development machine at load 12, the empty board's column scores with a 32 MiB
/// table (`ply solve connect4 --analyze --table-bits 22 --width W --height H ""`, the
/// process included): 0.9 s for 6x5 and 7x4, 10 s for 8x4, 7x5 and 6x6; five in a row is
/// slower (5x6: 7.8 s, 6x5: 59 s).
pub const QUICK_CELLS: usize = 30;
/// See [`QUICK_CELLS`].
pub const QUICK_K: usize = 4;

impl Described for Connect4 {
    const DESCRIPTOR: &'static Descriptor = &DESCRIPTOR;
    /// a threat on an unfavourable row (the threats evaluation).
    const VALUE_UNIT: f64 = 30.0;
    /// Analysis is exact: the solver scores every position.
    const EXACT_ANALYST: Option<ExactAnalyst> = Some(ExactAnalyst {
        spec: "solver",
        // A server keeps one per search slot between requests: 32 MiB each.
        served: "solver:table=22",
    });

    /// Boards the solver does not answer every position of within about a second (see
    /// [`QUICK_CELLS`]) are judged by alpha-beta where time is short.
    fn quick_fallback(&self) -> Option<Fallback> {
        let (width, height, k) = (self.width(), self.height(), self.k());
        let booked = Book::bundled().is_for(width, height, k);
        let small = width * height <= QUICK_CELLS && k <= QUICK_K;
        (!booked && !small).then(|| Fallback {
            spec: "alphabeta",
            why: format!(
                "the exact solver answers every position within about a second only on 7x6 \
                 with 4 in a row (its opening book) and on boards of at most {QUICK_CELLS} \
                 cells with at most {QUICK_K} in a row"
            ),
        })
    }

    fn from_settings(settings: &Settings) -> Result<Connect4, GameError> {
        DESCRIPTOR.check_names(settings)?;
        Connect4::from_options(
            DESCRIPTOR.int(settings, "width")?,
            DESCRIPTOR.int(settings, "height")?,
            DESCRIPTOR.int(settings, "k")?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a search stands in for the solver on a board of `width`, `height` and `k`.
    fn falls_back(width: usize, height: usize, k: usize) -> bool {
        Connect4::new(width, height, k)
            .unwrap()
            .quick_fallback()
            .is_some()
    }

    #[test]
    fn the_solver_judges_the_books_board_and_small_boards() {
        assert!(!falls_back(7, 6, 4), "the bundled book's board");
        assert!(!falls_back(6, 5, 4) && !falls_back(7, 4, 3) && !falls_back(4, 4, 4));
        for (width, height, k) in [(8, 7, 4), (9, 7, 4), (8, 4, 4), (7, 6, 5), (7, 6, 3)] {
            assert!(
                falls_back(width, height, k),
                "{width}x{height}, {k} in a row"
            );
        }
        assert!(falls_back(5, 6, 5), "five in a row takes longer");
        let why = Connect4::new(8, 7, 4).unwrap().quick_fallback().unwrap();
        assert_eq!(why.spec, "alphabeta");
        assert!(why.why.contains("30 cells"), "{}", why.why);
    }
}
