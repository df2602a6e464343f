//! The Quoridor position: pawns, walls as row bitsets, and the incremental Zobrist hash.
//!
//! Walls are kept twice: as the slots they occupy (`horizontal[r]` / `vertical[r]`, bit c =
//! slot (c, r), see `geometry.rs`) for the overlap and crossing tests, and as the steps they
//! leave open ([`Passages`]) for moves and path searches. `play` and `undo` keep both in step.

use ply_core::hash::{splitmix64, zobrist_keys};
use ply_core::{GameError, Player};

use crate::geometry::{Orientation, Square, Wall, MAX_SIZE, MAX_SLOTS};
use crate::goal_paths::distance_to_goal;
use crate::paths::{row_mask, Passages};
use crate::seats::{goal_of, next_seat, previous_seat, start_square, Goal, MAX_PLAYERS};

/// Black: moves first, starts on the top row and races to row 1.
pub const BLACK: Player = 0;
/// White: starts on row 1 and races to the top row.
pub const WHITE: Player = 1;

const PAWN_KEYS_LEN: usize = 2 * MAX_SIZE * MAX_SIZE;
const WALL_KEYS_LEN: usize = 2 * MAX_SLOTS * MAX_SLOTS;
/// Pawn keys (player, cell), then wall keys (orientation, slot), then the side to move.
static KEYS: [u64; PAWN_KEYS_LEN + WALL_KEYS_LEN + 1] = zobrist_keys(0x0051_0E1D_0002_0004);
const WALLS_LEFT_SEED: u64 = 0x3A11_5E57_0000_0000;

/// The keys of red's and green's pawns, then their turn keys: a table of their own, so the
/// two-player keys (and every two-player hash) stay what they were.
static SIDE_SEAT_KEYS: [u64; PAWN_KEYS_LEN + 2] = zobrist_keys(0x0051_0E1D_0004_0003);

fn pawn_key(player: Player, sq: Square) -> u64 {
    let cell = sq.row as usize * MAX_SIZE + sq.col as usize;
    if player < 2 {
        KEYS[player * MAX_SIZE * MAX_SIZE + cell]
    } else {
        SIDE_SEAT_KEYS[(player - 2) * MAX_SIZE * MAX_SIZE + cell]
    }
}

fn wall_key(wall: Wall) -> u64 {
    let o = wall.orientation as usize;
    KEYS[PAWN_KEYS_LEN
        + o * MAX_SLOTS * MAX_SLOTS
        + wall.slot.row as usize * MAX_SLOTS
        + wall.slot.col as usize]
}

fn side_key() -> u64 {
    KEYS[PAWN_KEYS_LEN + WALL_KEYS_LEN]
}

/// What the hash holds for `player` having the move: nothing for black and the side key for
/// white, as in the two-player game.
fn turn_key(player: Player) -> u64 {
    match player {
        0 => 0,
        1 => side_key(),
        _ => SIDE_SEAT_KEYS[PAWN_KEYS_LEN + player - 2],
    }
}

/// Walls in hand may be any number, so their keys are mixed on the fly, not tabled.
fn walls_left_key(player: Player, left: u32) -> u64 {
    splitmix64(WALLS_LEFT_SEED ^ ((player as u64) << 40) ^ left as u64).1
}

/// A Quoridor position of any odd size from 3 to 25, any number of walls, 2 to 4 players.
///
/// Pawns and walls in hand are arrays of four whatever the player count, so the two-player
/// game keeps its layout and hot paths; seats beyond `players` hold fixed dummy values.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Quoridor {
    pub(crate) size: usize,
    pub(crate) players: usize,
    pub(crate) walls_per_player: u32,
    pub(crate) to_move: Player,
    pub(crate) pawns: [Square; MAX_PLAYERS],
    pub(crate) walls_left: [u32; MAX_PLAYERS],
    pub(crate) horizontal: [u32; MAX_SLOTS],
    pub(crate) vertical: [u32; MAX_SLOTS],
    pub(crate) passages: Passages,
    pub(crate) hash: u64,
}

impl Quoridor {
    /// The two-player start position of an `size` x `size` board with `walls` walls per
    /// player, black to move. Sizes are odd, 3 to 25.
    pub fn new(size: usize, walls: u32) -> Result<Quoridor, GameError> {
        Self::with_players(size, walls, 2)
    }

    /// The start position for `players` players (2, 3 or 4; see `seats.rs` for where they
    /// sit), each with `walls` walls, black to move.
    pub fn with_players(size: usize, walls: u32, players: usize) -> Result<Quoridor, GameError> {
        Self::check_size(size)?;
        Self::check_players(players)?;
        let mut pawns = [Square::new(0, 0); MAX_PLAYERS];
        let mut walls_left = [0; MAX_PLAYERS];
        for seat in 0..players {
            pawns[seat] = start_square(seat, size);
            walls_left[seat] = walls;
        }
        let mut state = Quoridor {
            size,
            players,
            walls_per_player: walls,
            to_move: BLACK,
            pawns,
            walls_left,
            horizontal: [0; MAX_SLOTS],
            vertical: [0; MAX_SLOTS],
            passages: Passages::open(size),
            hash: 0,
        };
        state.hash = state.compute_hash();
        Ok(state)
    }

    /// The standard 9x9 game with 10 walls each.
    pub fn standard() -> Quoridor {
        Self::new(9, 10).expect("9x9 is a valid size")
    }

    /// Whether `size` is a board size the rules support, with the rule if not.
    pub fn check_size(size: usize) -> Result<(), GameError> {
        if (3..=MAX_SIZE).contains(&size) && size % 2 == 1 {
            Ok(())
        } else {
            Err(GameError::setting(
                "size",
                size,
                "Quoridor boards have an odd size from 3 to 25",
            ))
        }
    }

    /// Whether `players` is a player count the rules support, with the rule if not.
    pub fn check_players(players: usize) -> Result<(), GameError> {
        if (2..=MAX_PLAYERS).contains(&players) {
            Ok(())
        } else {
            Err(GameError::setting(
                "players",
                players,
                "Quoridor is played by 2, 3 or 4 players",
            ))
        }
    }

    /// The default walls each of `players` players holds: the two-player default's total
    /// shared out evenly, rounded down (on 9x9: 10, 6, 5), as the board game gives 5 each
    /// to four players of the 20 walls two players share.
    pub fn default_walls_for(size: usize, players: usize) -> u32 {
        let total = Self::default_walls(size).saturating_mul(2);
        total / players.clamp(2, MAX_PLAYERS) as u32
    }

    /// The referee's default wall count: floor(7/4·n − 23/4), at least 0 (10 on 9x9).
    pub fn default_walls(size: usize) -> u32 {
        // Saturating: a size far outside 3..=25 is refused by `new`, not by an overflow here.
        let walls = size.saturating_mul(7).saturating_sub(23) / 4;
        u32::try_from(walls).unwrap_or(u32::MAX)
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// How many pawns race: 2, 3 or 4.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The walls each player started with.
    pub fn walls_per_player(&self) -> u32 {
        self.walls_per_player
    }

    pub fn pawn(&self, player: Player) -> Square {
        self.pawns[player]
    }

    pub fn walls_left(&self, player: Player) -> u32 {
        self.walls_left[player]
    }

    /// The open steps between cells.
    pub fn passages(&self) -> &Passages {
        &self.passages
    }

    /// The row `player` races to: row 1 (index 0) for black, row n for white. Only black
    /// and white race to a row; for red and green see [`Quoridor::goal`].
    pub fn goal_row(&self, player: Player) -> usize {
        if player == BLACK {
            0
        } else {
            self.size - 1
        }
    }

    /// The side `player` races to, row or column.
    pub fn goal(&self, player: Player) -> Goal {
        goal_of(player, self.size)
    }

    /// Steps `player`'s pawn needs to reach its goal side (pawns ignored), `None` if cut off.
    pub fn distance_to_goal(&self, player: Player) -> Option<u32> {
        if player < 2 {
            self.passages
                .distance_to_row(self.pawns[player], self.goal_row(player))
        } else {
            distance_to_goal(&self.passages, self.pawns[player], self.goal(player))
        }
    }

    /// The seat standing on `sq`, if any.
    pub fn pawn_on(&self, sq: Square) -> Option<Player> {
        (0..self.players).find(|&p| self.pawns[p] == sq)
    }

    /// Gives the turn to `player` (the protocol lets a colour move twice in a row), one of
    /// the seated players.
    pub fn set_to_move(&mut self, player: Player) {
        if player != self.to_move && player < self.players {
            self.hash ^= turn_key(self.to_move) ^ turn_key(player);
            self.to_move = player;
        }
    }

    /// Each player's walls in hand become `walls` (the protocol's `walls` command).
    pub fn set_walls_left(&mut self, walls: u32) {
        for p in 0..self.players {
            self.hash ^= walls_left_key(p, self.walls_left[p]) ^ walls_left_key(p, walls);
            self.walls_left[p] = walls;
        }
    }

    /// Whether a wall of either orientation sits on the slot.
    pub fn has_wall(&self, wall: Wall) -> bool {
        let bits = match wall.orientation {
            Orientation::Horizontal => &self.horizontal,
            Orientation::Vertical => &self.vertical,
        };
        bits[wall.slot.row as usize] >> wall.slot.col & 1 == 1
    }

    /// Every wall on the board, horizontal ones first, in slot order.
    pub fn walls(&self) -> Vec<Wall> {
        let mut walls = Vec::new();
        for (orientation, bits) in [
            (Orientation::Horizontal, &self.horizontal),
            (Orientation::Vertical, &self.vertical),
        ] {
            for (r, row_bits) in bits.iter().enumerate().take(self.size - 1) {
                for c in 0..self.size - 1 {
                    if row_bits >> c & 1 == 1 {
                        walls.push(Wall {
                            slot: Square::new(c as u8, r as u8),
                            orientation,
                        });
                    }
                }
            }
        }
        walls
    }

    /// Slots of row `r` where a horizontal wall fits: not on, next to (same orientation) or
    /// across another wall.
    pub(crate) fn free_horizontal(&self, r: usize) -> u32 {
        let h = self.horizontal[r];
        row_mask(self.size - 1) & !(h | h << 1 | h >> 1 | self.vertical[r])
    }

    /// Slots of row `r` where a vertical wall fits.
    pub(crate) fn free_vertical(&self, r: usize) -> u32 {
        let mut taken = self.vertical[r] | self.horizontal[r];
        if r > 0 {
            taken |= self.vertical[r - 1];
        }
        if r + 2 < self.size {
            taken |= self.vertical[r + 1];
        }
        row_mask(self.size - 1) & !taken
    }

    /// Puts a wall's bits on the board (no legality check; walls in hand untouched).
    pub(crate) fn put_wall(&mut self, wall: Wall) {
        let (c, r) = (wall.slot.col as usize, wall.slot.row as usize);
        match wall.orientation {
            Orientation::Horizontal => {
                self.horizontal[r] |= 1 << c;
                self.passages.up[r] &= !(0b11 << c);
            }
            Orientation::Vertical => {
                self.vertical[r] |= 1 << c;
                self.passages.right[r] &= !(1 << c);
                self.passages.right[r + 1] &= !(1 << c);
            }
        }
        self.hash ^= wall_key(wall);
    }

    /// Takes a wall's bits off the board, reopening the steps no other wall blocks.
    pub(crate) fn remove_wall(&mut self, wall: Wall) {
        let (c, r) = (wall.slot.col as usize, wall.slot.row as usize);
        match wall.orientation {
            Orientation::Horizontal => {
                self.horizontal[r] &= !(1 << c);
                let h = self.horizontal[r];
                self.passages.up[r] = row_mask(self.size) & !(h | h << 1);
            }
            Orientation::Vertical => {
                self.vertical[r] &= !(1 << c);
                for row in [r, r + 1] {
                    let mut v = if row < self.size - 1 {
                        self.vertical[row]
                    } else {
                        0
                    };
                    if row > 0 {
                        v |= self.vertical[row - 1];
                    }
                    self.passages.right[row] = row_mask(self.size) >> 1 & !v;
                }
            }
        }
        self.hash ^= wall_key(wall);
    }

    pub(crate) fn move_pawn(&mut self, player: Player, to: Square) {
        self.hash ^= pawn_key(player, self.pawns[player]) ^ pawn_key(player, to);
        self.pawns[player] = to;
    }

    pub(crate) fn change_walls_left(&mut self, player: Player, left: u32) {
        self.hash ^= walls_left_key(player, self.walls_left[player]) ^ walls_left_key(player, left);
        self.walls_left[player] = left;
    }

    pub(crate) fn pass_turn(&mut self) {
        if self.players == 2 {
            self.to_move ^= 1;
            self.hash ^= side_key();
        } else {
            let next = next_seat(self.to_move, self.players);
            self.hash ^= turn_key(self.to_move) ^ turn_key(next);
            self.to_move = next;
        }
    }

    /// Gives the turn back to the seat that moved last (for `undo`).
    pub(crate) fn take_turn_back(&mut self) {
        if self.players == 2 {
            self.pass_turn();
        } else {
            let previous = previous_seat(self.to_move, self.players);
            self.hash ^= turn_key(self.to_move) ^ turn_key(previous);
            self.to_move = previous;
        }
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for p in 0..self.players {
            hash ^= pawn_key(p, self.pawns[p]) ^ walls_left_key(p, self.walls_left[p]);
        }
        for wall in self.walls() {
            hash ^= wall_key(wall);
        }
        hash ^ turn_key(self.to_move)
    }
}
