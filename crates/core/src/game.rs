//! The game-state trait: rules only, no search.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::error::GameError;
use crate::scores::Scores;

/// A seat at the table: 0 for the first player, 1 for the second, and so on.
pub type Player = usize;

/// Moves as [`Game::show_move`] writes them, joined into one line: by spaces, or by `; ` when
/// a move holds a space itself (halma's `1,-4 1,-2`).
pub fn show_moves<S: AsRef<str>>(moves: &[S]) -> String {
    let spaced = moves.iter().any(|m| m.as_ref().contains(' '));
    let texts: Vec<&str> = moves.iter().map(AsRef::as_ref).collect();
    texts.join(if spaced { "; " } else { " " })
}

/// A deterministic, perfect-information game state with N players.
///
/// The trait sits on the state itself. Settings (board size, walls, players, board shape) are
/// runtime values the state carries, so one type serves every variant of its game; a game's
/// constructor validates them and reports a [`GameError::Setting`].
///
/// Search uses the unchecked pair [`Game::play`] / [`Game::undo`] (make/unmake); everything
/// that takes moves from outside (a person, a protocol, a file) uses [`Game::try_play`], which
/// names the rule a bad move breaks and leaves the state as it was.
///
/// `Display` draws the board for a person.
pub trait Game: Clone + PartialEq + Debug + Display + Send + Sync + 'static {
    /// A move: small and `Copy`, so move lists never allocate per move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The game's name as the command line spells it (`"tictactoe"`, `"connect4"`, …).
    fn name(&self) -> &'static str;

    /// The variant in words, e.g. `"7x6, 4 in a row"`; empty where a game has only one.
    fn variant(&self) -> String {
        String::new()
    }

    /// How many players are seated.
    fn num_players(&self) -> usize;

    /// The player whose turn it is. Meaningless once the game is over.
    fn to_move(&self) -> Player;

    /// Clears `moves` and writes every legal move into it, in a deterministic order.
    /// Writes nothing at a terminal state; a non-terminal state always has a move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move known to be legal (from [`Game::legal_moves`]). Unchecked: the hot path.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// One score per player once the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<Scores>;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }

    /// Why `mv` may not be played here, or `Ok` if it may. Games override this to name the
    /// exact rule; the default only knows whether the move is in the legal list.
    fn check_move(&self, mv: Self::Move) -> Result<(), GameError> {
        if self.is_terminal() {
            return Err(GameError::GameOver);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(())
        } else {
            Err(GameError::illegal(
                self.format_move(mv),
                "not a legal move in this position",
            ))
        }
    }

    /// Plays `mv` if the rules allow it; otherwise returns the rule it breaks and changes
    /// nothing.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), GameError> {
        self.check_move(mv)?;
        self.play(mv);
        Ok(())
    }

    /// Writes a move in the game's notation: what game records and protocols carry.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Writes a move as a person reads it and types it (the terminal, the page): the
    /// notation, unless the game's notation is made for programs (halma's JSON lists of
    /// cells), in which case a form [`Game::parse_move`] reads as well. It may hold spaces;
    /// [`show_moves`] joins a list of them.
    fn show_move(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }

    /// Reads a move in the game's notation, in the context of this position (some notations
    /// name only a destination). Only syntax and board geometry are checked here; legality is
    /// [`Game::check_move`]'s job.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// Parses and plays a move, leaving the state unchanged on any error.
    fn play_notation(&mut self, text: &str) -> Result<Self::Move, GameError> {
        let mv = self.parse_move(text)?;
        self.try_play(mv)?;
        Ok(mv)
    }

    /// A one-line text form of the whole position (settings included where they are needed
    /// to read it back).
    fn to_text(&self) -> String;

    /// Reads a position written by [`Game::to_text`]; `self` supplies the settings the text
    /// does not carry.
    // `self` is the source of the settings, not the value converted: hence `from_` on a method.
    #[allow(clippy::wrong_self_convention)]
    fn from_text(&self, text: &str) -> Result<Self, GameError>;
}
