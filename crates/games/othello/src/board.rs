//! The Othello position: each colour's discs as one 64-bit word (the layout is drawn in
//! `geometry.rs`), the side to move and the hash.
//!
//! A player who cannot place a disc passes, and the pass is a move of its own ([`Move::PASS`]):
//! the searches assume two players who alternate, so a turn without a placement must still
//! be a ply. The game ends when neither player can place a disc.

use std::fmt;

use ply_core::hash::zobrist_keys;
use ply_core::{Described, Game, GameError, Player, Scores, Settings, ZobristHash};

use crate::geometry::{Geometry, MAX_SIDE, MIN_SIDE};

/// The first player, as in OpenSpiel and over the board: Black moves first.
pub const BLACK: Player = 0;

/// The second player.
pub const WHITE: Player = 1;

/// The most cells a board has.
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// One key per (colour, cell), `colour · 64 + cell`, then the key of White to move.
static KEYS: [u64; 2 * MAX_CELLS + 1] = zobrist_keys(0x07E1_1000_0000_0001);

/// XORed into the hash when White is to move.
const WHITE_TO_MOVE: usize = 2 * MAX_CELLS;

/// The `cell` of a pass: no cell of any board.
const PASS_CELL: u8 = u8::MAX;

/// A move: a disc placed on `cell` with the discs of the other colour it flips, so that
/// `undo` needs nothing but the move; or a pass ([`Move::PASS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: u8,
    pub flips: u64,
}

impl Move {
    /// The move of a player who cannot place a disc.
    pub const PASS: Move = Move {
        cell: PASS_CELL,
        flips: 0,
    };

    pub fn is_pass(self) -> bool {
        self.cell == PASS_CELL
    }
}

/// An Othello position. Black (player 0) moves first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Othello {
    size: u8,
    /// `discs[colour]`: the cells that colour's discs lie on.
    discs: [u64; 2],
    to_move: u8,
    hash: u64,
}

impl Default for Othello {
    fn default() -> Self {
        Self::new()
    }
}

impl Othello {
    /// The start of the default board, 8x8 (the descriptor's default).
    pub fn new() -> Self {
        Self::from_settings(&Settings::new()).expect("the default settings build")
    }

    /// The start on a `size` x `size` board: White on the two centre cells of the diagonal
    /// from the top-left (d4 and e5 on 8x8), Black on the other two (e4 and d5). The side
    /// is even, from [`MIN_SIDE`] to [`MAX_SIDE`] (one 64-bit word a colour).
    pub fn with_size(size: usize) -> Result<Self, GameError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&size) || !size.is_multiple_of(2) {
            return Err(GameError::setting(
                "size",
                size,
                format!(
                    "the board's side is even, {MIN_SIDE} to {MAX_SIDE}, so that the four first \
                     discs sit in its centre"
                ),
            ));
        }
        let (low, high) = (size / 2 - 1, size / 2);
        let bit = |column: usize, row: usize| 1u64 << (row * size + column);
        Ok(Self::with_discs_unchecked(
            size,
            [
                bit(high, low) | bit(low, high),
                bit(low, low) | bit(high, high),
            ],
            BLACK,
        ))
    }

    fn with_discs_unchecked(size: usize, discs: [u64; 2], to_move: Player) -> Self {
        let mut state = Othello {
            size: size as u8,
            discs,
            to_move: to_move as u8,
            hash: 0,
        };
        state.hash = state.zobrist_from_scratch();
        state
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    pub fn cells(&self) -> usize {
        self.size() * self.size()
    }

    pub(crate) fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.size())
    }

    /// The cells `colour`'s discs lie on, one bit each (see the layout in `geometry.rs`).
    pub fn discs(&self, colour: Player) -> u64 {
        self.discs[colour]
    }

    /// The colour of the disc on `cell`, if any.
    pub fn owner(&self, cell: usize) -> Option<Player> {
        [BLACK, WHITE]
            .into_iter()
            .find(|&colour| self.discs[colour] >> cell & 1 != 0)
    }

    /// The cell in column `column` (0 = `a`) and row `row` (1 = the top).
    pub fn cell(&self, column: usize, row: usize) -> usize {
        (row - 1) * self.size() + column
    }

    /// Column (0 = `a`) and row (1 = the top) of `cell`.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        (cell % self.size(), cell / self.size() + 1)
    }

    /// The empty cells where `colour` may place a disc, one bit each.
    #[inline]
    pub fn placements(&self, colour: Player) -> u64 {
        self.geometry()
            .placements(self.discs[colour], self.discs[1 - colour])
    }

    /// The discs a disc of the side to move placed on `cell` would flip (none where it may
    /// not be placed).
    pub fn flips(&self, cell: usize) -> u64 {
        let side = self.to_move();
        if self.owner(cell).is_some() {
            return 0;
        }
        self.geometry()
            .flips(self.discs[side], self.discs[1 - side], cell)
    }

    /// The placement of the side to move on `cell`, with its flips (none if the cell is not
    /// a placement: [`Game::check_move`] says why).
    pub fn placement(&self, cell: usize) -> Move {
        Move {
            cell: cell as u8,
            flips: self.flips(cell),
        }
    }

    /// The colour with more discs once the game is over; `None` for a draw or a game that
    /// goes on.
    pub fn winner(&self) -> Option<Player> {
        self.outcome().and_then(|_| self.leader())
    }

    /// The colour with more discs now, `None` when they have as many.
    fn leader(&self) -> Option<Player> {
        let [black, white] = self.discs.map(u64::count_ones);
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(BLACK),
            std::cmp::Ordering::Less => Some(WHITE),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The name of `colour`, for messages.
    pub fn side_name(colour: Player) -> &'static str {
        crate::descriptor::DESCRIPTOR.seats[colour].name
    }

    /// The hash change of flipping the disc on `cell` from one colour to the other.
    #[inline]
    fn flip_key(cell: usize) -> u64 {
        KEYS[BLACK * MAX_CELLS + cell] ^ KEYS[WHITE * MAX_CELLS + cell]
    }

    /// Makes or takes back `colour`'s placement `mv` (not a pass): the disc on its cell
    /// comes or goes, and its flips change colour; the hash with them.
    #[inline]
    fn toggle(&mut self, colour: Player, mv: Move) {
        let cell = mv.cell as usize;
        self.discs[colour] ^= 1 << cell | mv.flips;
        self.discs[1 - colour] ^= mv.flips;
        let mut hash = KEYS[colour * MAX_CELLS + cell];
        let mut flips = mv.flips;
        while flips != 0 {
            hash ^= Self::flip_key(flips.trailing_zeros() as usize);
            flips &= flips - 1;
        }
        self.hash ^= hash;
    }

    /// Why `mv` is not a move of the side to move, in words; `None` if it is one. The game
    /// is not over.
    fn broken_rule(&self, mv: Move) -> Option<String> {
        let side = self.to_move();
        let name = Self::side_name(side);
        let placements = self.placements(side);
        if mv.is_pass() {
            return (placements != 0).then(|| {
                let cells: Vec<String> = bits(placements)
                    .map(|cell| crate::notation::format_cell(self, cell))
                    .collect();
                format!(
                    "{name} can place a disc ({}): a player passes only when it cannot",
                    cells.join(" ")
                )
            });
        }
        let cell = mv.cell as usize;
        let at = crate::notation::format_cell(self, cell);
        if placements == 0 {
            return Some(format!(
                "{name} cannot place a disc anywhere, so {name} must pass"
            ));
        }
        if let Some(owner) = self.owner(cell) {
            return Some(format!(
                "{at} is taken by a {} disc",
                Self::side_name(owner)
            ));
        }
        let flips = self.flips(cell);
        if flips == 0 {
            return Some(format!(
                "a disc on {at} would flip no {} disc: a disc is placed to close a line of the \
                 other colour's discs with one of its own",
                Self::side_name(1 - side)
            ));
        }
        (mv.flips != flips).then(|| {
            format!(
                "the discs it says it flips ({:#x}) are not the ones a disc on {at} flips \
                 ({flips:#x})",
                mv.flips
            )
        })
    }

    /// The position with these discs and `to_move` to move, on this board, if the rules can
    /// reach it: no cell of both colours, and the four centre cells taken (discs are never
    /// removed, and those four start the game). The reason otherwise.
    pub(crate) fn with_discs(&self, discs: [u64; 2], to_move: Player) -> Result<Self, String> {
        if discs[BLACK] & discs[WHITE] != 0 {
            return Err("a cell holds discs of both colours".into());
        }
        let start = Self::with_size(self.size()).expect("the board's own size");
        let centre = start.discs[BLACK] | start.discs[WHITE];
        let missing = centre & !(discs[BLACK] | discs[WHITE]);
        if missing != 0 {
            let cells: Vec<String> = bits(missing)
                .map(|cell| crate::notation::format_cell(self, cell))
                .collect();
            return Err(format!(
                "{} empty: the four centre cells hold discs from the start, and a disc is never \
                 taken off",
                cells.join(" and ")
            ));
        }
        Ok(Self::with_discs_unchecked(self.size(), discs, to_move))
    }
}

/// The cells of `bits`, lowest first.
pub(crate) fn bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let cell = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            cell
        })
    })
}

impl Game for Othello {
    type Move = Move;

    fn name(&self) -> &'static str {
        "othello"
    }

    /// Empty on the default 8x8 board; `6x6` or `4x4` otherwise.
    fn variant(&self) -> String {
        if self.size() == Othello::new().size() {
            String::new()
        } else {
            format!("{0}x{0}", self.size())
        }
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Player {
        self.to_move as Player
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let side = self.to_move();
        let (own, theirs) = (self.discs[side], self.discs[1 - side]);
        let geometry = self.geometry();
        let placements = geometry.placements(own, theirs);
        if placements != 0 {
            moves.extend(bits(placements).map(|cell| Move {
                cell: cell as u8,
                flips: geometry.flips(own, theirs, cell),
            }));
        } else if geometry.placements(theirs, own) != 0 {
            moves.push(Move::PASS);
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        if !mv.is_pass() {
            self.toggle(self.to_move(), mv);
        }
        self.to_move ^= 1;
        self.hash ^= KEYS[WHITE_TO_MOVE];
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        self.to_move ^= 1;
        self.hash ^= KEYS[WHITE_TO_MOVE];
        if !mv.is_pass() {
            self.toggle(self.to_move(), mv);
        }
    }

    fn outcome(&self) -> Option<Scores> {
        self.is_terminal().then(|| match self.leader() {
            Some(colour) => Scores::win(colour),
            None => Scores::draw(),
        })
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.placements(BLACK) == 0 && self.placements(WHITE) == 0
    }

    fn check_move(&self, mv: Move) -> Result<(), GameError> {
        if self.is_terminal() {
            return Err(GameError::GameOver);
        }
        let cells = self.cells();
        if !mv.is_pass() && mv.cell as usize >= cells {
            return Err(GameError::illegal(
                format!("a disc on cell {}", mv.cell),
                format!("the board has cells 0 to {}", cells - 1),
            ));
        }
        match self.broken_rule(mv) {
            None => Ok(()),
            Some(rule) => Err(GameError::illegal(self.format_move(mv), rule)),
        }
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        crate::notation::parse_move(self, text)
    }

    /// The board as Othello programs exchange it (Edax's and the GGS's one-line form): a
    /// character a cell, row 1 first and left to right, `X` Black, `O` White, `-` empty,
    /// then a space and the side to move, `X` or `O`. The 8x8 start is
    /// `---------------------------OX------XO--------------------------- X`.
    fn to_text(&self) -> String {
        let mut text: String = (0..self.cells())
            .map(|cell| cell_char(self.owner(cell)))
            .collect();
        text.push(' ');
        text.push(cell_char(Some(self.to_move())));
        text
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        crate::notation::read_position(self, text)
    }
}

/// A cell's character in the position text and on the drawn board: `X`, `O` or `-`.
pub(crate) fn cell_char(owner: Option<Player>) -> char {
    match owner {
        Some(BLACK) => 'X',
        Some(_) => 'O',
        None => '-',
    }
}

impl ZobristHash for Othello {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move() == WHITE {
            KEYS[WHITE_TO_MOVE]
        } else {
            0
        };
        for colour in [BLACK, WHITE] {
            for cell in bits(self.discs[colour]) {
                hash ^= KEYS[colour * MAX_CELLS + cell];
            }
        }
        hash
    }
}

impl fmt::Display for Othello {
    /// The board with row 1 at the top, as the notation counts; `*` marks where the side to
    /// move may place a disc; then the discs of each colour:
    ///
    /// ```text
    ///     a b c d
    ///  1  - * - -
    ///  2  * O X -
    ///  3  - X O *
    ///  4  - - * -
    /// Black (X) 2, White (O) 2
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = (0..self.size())
            .map(|column| crate::notation::column_letter(column).to_string())
            .collect();
        writeln!(f, "    {}", letters.join(" "))?;
        let open = if self.is_terminal() {
            0
        } else {
            self.placements(self.to_move())
        };
        for row in 1..=self.size() {
            let cells: Vec<String> = (0..self.size())
                .map(|column| {
                    let cell = self.cell(column, row);
                    if open >> cell & 1 != 0 {
                        "*".to_string()
                    } else {
                        cell_char(self.owner(cell)).to_string()
                    }
                })
                .collect();
            writeln!(f, "{row:>2}  {}", cells.join(" "))?;
        }
        let count = |colour: Player| {
            format!(
                "{} ({}) {}",
                Self::side_name(colour),
                cell_char(Some(colour)),
                self.discs[colour].count_ones()
            )
        };
        write!(f, "{}, {}", count(BLACK), count(WHITE))
    }
}
