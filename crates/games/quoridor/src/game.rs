//! `Game` and `ZobristHash` for [`Quoridor`]: move generation, make/unmake, text forms.

use ply_core::{Game, GameError, Player, Scores, ZobristHash};

use crate::board::{Quoridor, BLACK, WHITE};
use crate::geometry::{Move, Orientation};
use crate::notation::{self, MoveText};
use crate::seats::SEAT_KEYS;

impl Game for Quoridor {
    type Move = Move;

    fn name(&self) -> &'static str {
        "quoridor"
    }

    fn variant(&self) -> String {
        let players = if self.players == 2 {
            String::new()
        } else {
            format!(", {} players", self.players)
        };
        format!(
            "{n}x{n}, {w} wall{s} each{players}",
            n = self.size,
            w = self.walls_per_player,
            s = if self.walls_per_player == 1 { "" } else { "s" }
        )
    }

    fn num_players(&self) -> usize {
        self.players
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// Pawn moves first (up, down, left, right, jumps where they fall), then horizontal
    /// walls, then vertical ones, each row by row from the bottom, column by column.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        // With two pawns a pawn always has a move (a pawn boxed in with the other one would
        // have no path); three or four can box one in, and its player then passes.
        self.pawn_moves(moves);
        if self.winner().is_none() {
            self.push_legal_walls(moves);
            if moves.is_empty() {
                moves.push(self.pass_move());
            }
        }
    }

    fn play(&mut self, mv: Move) {
        let player = self.to_move;
        match mv {
            Move::Pawn { to, .. } => self.move_pawn(player, to),
            Move::Wall(wall) => {
                self.put_wall(wall);
                self.change_walls_left(player, self.walls_left[player] - 1);
            }
        }
        self.pass_turn();
    }

    fn undo(&mut self, mv: Move) {
        self.take_turn_back();
        let player = self.to_move;
        match mv {
            Move::Pawn { from, .. } => self.move_pawn(player, from),
            Move::Wall(wall) => {
                self.remove_wall(wall);
                self.change_walls_left(player, self.walls_left[player] + 1);
            }
        }
    }

    fn outcome(&self) -> Option<Scores> {
        let winner = self.winner()?;
        if self.players == 2 {
            return Some(Scores::win(winner));
        }
        // The first pawn home wins; the race ends there, so the others share last place.
        let mut scores = Scores::new(self.players);
        scores.set(winner, 1.0);
        Some(scores)
    }

    fn check_move(&self, mv: Move) -> Result<(), GameError> {
        self.check(mv)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self.size, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        Ok(match notation::parse_move_text(text, self.size)? {
            MoveText::PawnTo(to) => Move::Pawn {
                from: self.pawns[self.to_move],
                to,
            },
            MoveText::Wall(wall) => Move::Wall(wall),
        })
    }

    /// `size=9 walls=10 turn=black black=e9,10 white=e1,10 h=e3,c5 v=b4`: pawns with their
    /// walls in hand, then the walls on the board by their QTP cells. With 3 or 4 players
    /// `red=` and `green=` follow `white=` in the same form.
    fn to_text(&self) -> String {
        let list = |o: Orientation| {
            self.walls()
                .into_iter()
                .filter(|w| w.orientation == o)
                .map(|w| {
                    let mut s = notation::format_wall(w);
                    s.pop();
                    s
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let side_seats: String = (2..self.players)
            .map(|p| {
                format!(
                    " {}={},{}",
                    SEAT_KEYS[p],
                    notation::format_square(self.pawns[p]),
                    self.walls_left[p]
                )
            })
            .collect();
        format!(
            "size={} walls={} turn={} black={},{} white={},{}{} h={} v={}",
            self.size,
            self.walls_per_player,
            SEAT_KEYS[self.to_move],
            notation::format_square(self.pawns[BLACK]),
            self.walls_left[BLACK],
            notation::format_square(self.pawns[WHITE]),
            self.walls_left[WHITE],
            side_seats,
            list(Orientation::Horizontal),
            list(Orientation::Vertical),
        )
    }

    fn from_text(&self, text: &str) -> Result<Self, GameError> {
        crate::text::read_position(text)
    }
}

impl ZobristHash for Quoridor {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}
