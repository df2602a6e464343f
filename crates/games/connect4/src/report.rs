//! The text the `solve` command prints: one `position score` line per position, or the
//! score of every column with `--analyze`.

use ply_core::GameError;

use crate::board::Connect4;
use crate::notation::ColumnBase;
use crate::solver::Solver;

/// What to print for each position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Only the sign of the score.
    pub weak: bool,
    /// Every column's score instead of the position's.
    pub analyze: bool,
    /// How the digits of the move strings count columns.
    pub base: ColumnBase,
}

/// Solves the position `moves` (played from `start`) and formats the output line:
/// `moves score`, or with `analyze` `moves s1 s2 … sW` where a full column prints `full`.
/// A line that cannot be played (a non-digit, a full column, a move after the game was won)
/// is an error naming the move and the rule.
pub fn solve_line(
    solver: &mut Solver,
    start: &Connect4,
    moves: &str,
    options: SolveOptions,
) -> Result<String, GameError> {
    let moves = moves.trim();
    let state = start.after_in(moves, options.base)?;
    if options.analyze {
        let scores = solver.analyze(&state, options.weak);
        let columns: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(col, score)| match score {
                Some(s) => s.to_string(),
                None if state.can_play(col) => "over".to_string(),
                None => "full".to_string(),
            })
            .collect();
        Ok(format!("{moves} {}", columns.join(" ")))
    } else {
        Ok(format!("{moves} {}", solver.solve(&state, options.weak)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::MIN_TABLE_BITS;

    #[test]
    fn lines_follow_the_test_set_convention() {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
        let start = Connect4::standard();
        let line = "2252576253462244111563365343671351441";
        let out = solve_line(&mut solver, &start, line, SolveOptions::default()).unwrap();
        assert_eq!(out, format!("{line} -1"));
        let weak = SolveOptions {
            weak: true,
            ..SolveOptions::default()
        };
        let out = solve_line(
            &mut solver,
            &start,
            "7422341735647741166133573473242566",
            weak,
        );
        assert_eq!(out.unwrap(), "7422341735647741166133573473242566 1");
    }

    #[test]
    fn analysis_marks_full_columns() {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
        let start = Connect4::standard();
        let analyze = SolveOptions {
            analyze: true,
            ..SolveOptions::default()
        };
        let out = solve_line(
            &mut solver,
            &start,
            "2252576253462244111563365343671351441",
            analyze,
        )
        .unwrap();
        let fields: Vec<&str> = out.split(' ').skip(1).collect();
        assert_eq!(fields.len(), 7);
        // Columns 2 and 5 hold six stones each in this position.
        assert_eq!(fields[1], "full");
        let best = fields
            .iter()
            .filter_map(|f| f.parse::<i32>().ok())
            .max()
            .unwrap();
        assert_eq!(best, -1, "the position's score is its best column's");
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let mut solver = Solver::with_table_bits(MIN_TABLE_BITS).unwrap();
        let start = Connect4::standard();
        let opts = SolveOptions::default();
        let err = solve_line(&mut solver, &start, "44a", opts).unwrap_err();
        assert!(err.to_string().contains("'a'"), "{err}");
        let err = solve_line(&mut solver, &start, "4444444", opts).unwrap_err();
        assert!(err.to_string().contains("full"), "{err}");
        let err = solve_line(&mut solver, &start, "45454541", opts).unwrap_err();
        assert!(err.to_string().contains("already won"), "{err}");
    }
}
