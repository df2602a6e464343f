//! Numbers and results in words, for a person: `1 move` and `3 moves`, `Yellow wins by
//! force in 12 moves`. The terminal and the page say them alike.

use crate::eval::Proven;
use crate::game::Player;

/// `n` and the noun, singular for one: `counted(1, "move", "moves")` is `1 move`.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A proven result in words, from the value `value` of the seat to move, `mover`, in a
/// game of `players` seats named by `seat`: `Yellow wins by force in 12 moves` (the
/// winner's moves, the winning one included) in a game of two, `Red wins by force in 7
/// plies` in a game of more, `Red wins by force` when the distance is not known. `None` for
/// an estimate.
pub fn proven_text(
    value: f64,
    mover: Player,
    players: usize,
    seat: impl Fn(Player) -> String,
) -> Option<String> {
    let proven = Proven::of(value)?;
    let two = players == 2;
    let (who, verb) = match (proven.mover_wins, two) {
        (true, _) => (seat(mover), "wins"),
        (false, true) => (seat((mover + 1) % 2), "wins"),
        (false, false) => (seat(mover), "loses"),
    };
    let distance = match (proven.plies, proven.winner_moves()) {
        (None, _) => String::new(),
        (Some(_), Some(moves)) if two => format!(" in {}", counted(moves, "move", "moves")),
        (Some(plies), _) => format!(" in {}", counted(plies, "ply", "plies")),
    };
    Some(format!("{who} {verb} by force{distance}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{WIN, WIN_UNKNOWN_DISTANCE};

    fn seat(p: Player) -> String {
        ["Red", "Yellow", "Green"][p].to_string()
    }

    #[test]
    fn counts_are_singular_for_one() {
        assert_eq!(counted(1u32, "move", "moves"), "1 move");
        assert_eq!(counted(0u32, "move", "moves"), "0 moves");
        assert_eq!(counted(2u64, "ply", "plies"), "2 plies");
    }

    #[test]
    fn proven_results_name_the_winner_and_the_winner_s_moves() {
        let win = |plies: i32| f64::from(WIN - plies);
        // The mover wins with its next move, or its third (five plies).
        assert_eq!(
            proven_text(win(1), 0, 2, seat).unwrap(),
            "Red wins by force in 1 move"
        );
        assert_eq!(
            proven_text(win(5), 1, 2, seat).unwrap(),
            "Yellow wins by force in 3 moves"
        );
        // The mover loses: the other seat wins, on its second move (four plies).
        assert_eq!(
            proven_text(-win(4), 0, 2, seat).unwrap(),
            "Yellow wins by force in 2 moves"
        );
        assert_eq!(
            proven_text(f64::from(-WIN_UNKNOWN_DISTANCE), 1, 2, seat).unwrap(),
            "Red wins by force"
        );
        assert_eq!(
            proven_text(-win(3), 2, 3, seat).unwrap(),
            "Green loses by force in 3 plies"
        );
        assert_eq!(proven_text(40.0, 0, 2, seat), None);
        assert_eq!(proven_text(0.5, 0, 2, seat), None);
    }
}
