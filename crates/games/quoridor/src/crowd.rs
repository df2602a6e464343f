//! Pawn moves among 3 or 4 pawns, and the pass of a player left without a move.
//!
//! As OpenSpiel's `quoridor` plays them: a pawn jumps a neighbouring pawn straight on only
//! onto a free cell (a second pawn behind blocks the jump, and gives no side-step); when a
//! wall or the edge is behind the neighbour, it may step to either side of it onto a free
//! cell. A player with no pawn move and no wall to place passes: the move names the
//! pawn's own square. Two pawns can never leave a player without a move, so the
//! two-player game has no pass.

use ply_core::{GameError, Player};

use crate::board::Quoridor;
use crate::geometry::{Direction, Move};
use crate::rules::PawnTargets;

impl Quoridor {
    /// [`Quoridor::pawn_targets`] with 3 or 4 pawns on the board.
    pub(crate) fn crowded_pawn_targets(&self, player: Player) -> PawnTargets {
        let mut targets = PawnTargets::default();
        let from = self.pawns[player];
        for dir in Direction::ALL {
            let Some(to) = self.can_step(from, dir) else {
                continue;
            };
            if self.pawn_on(to).is_none() {
                targets.push(to);
                continue;
            }
            match self.can_step(to, dir) {
                Some(beyond) => {
                    if self.pawn_on(beyond).is_none() {
                        targets.push(beyond);
                    }
                }
                None => {
                    for side in dir.perpendicular() {
                        if let Some(diag) = self.can_step(to, side) {
                            // Two neighbours can offer the same diagonal cell: list it once.
                            if self.pawn_on(diag).is_none() && !targets.contains(diag) {
                                targets.push(diag);
                            }
                        }
                    }
                }
            }
        }
        targets
    }

    /// The pass: the mover's pawn stays where it is.
    pub(crate) fn pass_move(&self) -> Move {
        let here = self.pawns[self.to_move];
        Move::Pawn {
            from: here,
            to: here,
        }
    }

    /// A pass is legal only when the mover has nothing else to play.
    pub(crate) fn check_pass(&self, mv: Move) -> Result<(), GameError> {
        let mut moves = Vec::new();
        self.pawn_moves(&mut moves);
        self.push_legal_walls(&mut moves);
        if moves.is_empty() {
            Ok(())
        } else {
            Err(GameError::illegal(
                crate::notation::format_move(self.size, mv),
                "a pawn stays on its square (a pass) only when its player has no other move",
            ))
        }
    }
}
