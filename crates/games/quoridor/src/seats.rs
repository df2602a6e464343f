//! Who sits where with 2, 3 or 4 players: start squares, goal sides and the order of turns.
//!
//! The layout is OpenSpiel's `quoridor` with `players=4` (its player ids are these seat
//! numbers): black starts in the middle of the top row and races to row 1, white the
//! reverse; red starts in the middle of column A and races to the last column, green the
//! reverse. Turns go round the board: black, red, white, green (0, 2, 1, 3), so the seat
//! numbers of the two-player game stay as they were. Three players are the first three
//! seats, in the same order (black, red, white), as OpenSpiel plays `players=3`.

use ply_core::Player;

use crate::geometry::Square;

/// The most pawns on a board.
pub const MAX_PLAYERS: usize = 4;
/// Red: starts in the middle of column A, races to the last column; moves second.
pub const RED: Player = 2;
/// Green: starts in the middle of the last column, races to column A; moves fourth.
pub const GREEN: Player = 3;

/// Seat names as the position text and the board drawing spell them.
pub const SEAT_KEYS: [&str; MAX_PLAYERS] = ["black", "white", "red", "green"];

/// The next seat to move with 3 or 4 players (black, red, white, green round the board).
const NEXT: [[Player; MAX_PLAYERS]; 2] = [[2, 0, 1, 0], [2, 3, 1, 0]];
/// The seat that moved before, with 3 or 4 players.
const PREVIOUS: [[Player; MAX_PLAYERS]; 2] = [[1, 2, 0, 0], [3, 2, 0, 1]];

/// The seat that moves after `seat` with `players` players.
pub fn next_seat(seat: Player, players: usize) -> Player {
    if players == 2 {
        seat ^ 1
    } else {
        NEXT[players - 3][seat]
    }
}

/// The seat that moved before `seat` with `players` players.
pub fn previous_seat(seat: Player, players: usize) -> Player {
    if players == 2 {
        seat ^ 1
    } else {
        PREVIOUS[players - 3][seat]
    }
}

/// The side of the board a pawn races to: a row or a column (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    Row(usize),
    Column(usize),
}

impl Goal {
    /// Whether `sq` lies on the goal side.
    pub fn contains(self, sq: Square) -> bool {
        match self {
            Goal::Row(r) => sq.row as usize == r,
            Goal::Column(c) => sq.col as usize == c,
        }
    }

    /// Steps from `sq` to the goal side on an empty board.
    pub fn straight_distance(self, sq: Square) -> u32 {
        match self {
            Goal::Row(r) => (sq.row as i32 - r as i32).unsigned_abs(),
            Goal::Column(c) => (sq.col as i32 - c as i32).unsigned_abs(),
        }
    }
}

/// Where `seat`'s pawn starts on a `size` board: the middle of its side.
pub fn start_square(seat: Player, size: usize) -> Square {
    let (centre, last) = ((size / 2) as u8, (size - 1) as u8);
    match seat {
        0 => Square::new(centre, last),
        1 => Square::new(centre, 0),
        2 => Square::new(0, centre),
        _ => Square::new(last, centre),
    }
}

/// The side `seat` races to on a `size` board: the side opposite its start.
pub fn goal_of(seat: Player, size: usize) -> Goal {
    match seat {
        0 => Goal::Row(0),
        1 => Goal::Row(size - 1),
        2 => Goal::Column(size - 1),
        _ => Goal::Column(0),
    }
}

/// The seats in the order they move, starting with black.
pub fn turn_order(players: usize) -> impl Iterator<Item = Player> {
    let mut seat = 0;
    (0..players).map(move |_| {
        let current = seat;
        seat = next_seat(seat, players);
        current
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_go_round_the_board_and_back() {
        assert_eq!(turn_order(2).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(turn_order(3).collect::<Vec<_>>(), [0, 2, 1]);
        assert_eq!(turn_order(4).collect::<Vec<_>>(), [0, 2, 1, 3]);
        for players in 2..=4 {
            for seat in 0..players {
                assert_eq!(previous_seat(next_seat(seat, players), players), seat);
            }
        }
    }
}
